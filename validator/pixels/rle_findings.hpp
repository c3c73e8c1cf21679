#pragma once
// Turns the RLE walker's issues for one frame into findings: one per (frame, rule) naming the
// first affected row and how many rows are affected, so 10,000 bad rows stay readable; with
// all_rows (--all-rows) one finding per affected row and rule.
#include <array>
#include <memory>
#include <string>

#include "validator/core/walk_context.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::pixels {

class RleFindingCollector : public RleIssueSink {
 public:
  // refine_retail: set each finding's retail impact from its bytes (off while a retail override
  // is active, e.g. behind a negative entry count the game loads nothing).
  RleFindingCollector(WalkContext& context, const std::string& frame_path, bool all_rows,
                      bool refine_retail)
      : context_(context),
        frame_path_(frame_path),
        all_rows_(all_rows),
        refine_retail_(refine_retail) {}

  void on_issue(const RowIssue& issue) override;
  // Emits the aggregated findings (nothing more with all_rows).
  void finish();

 private:
  struct PerKind {
    bool seen = false;
    RowIssue first;
    std::uint64_t rows = 0;
    Retail worst = Retail::none;
  };

  void emit(const RowIssue& issue, Retail retail, std::uint64_t rows);

  WalkContext& context_;
  const std::string& frame_path_;  // outlives the collector (the index's)
  bool all_rows_;
  bool refine_retail_;
  // Allocated at the first issue: most frames have none, and a census walks every frame.
  std::unique_ptr<std::array<PerKind, rle_issue_kind_count>> kinds_;
};

}  // namespace gafcheck::pixels
