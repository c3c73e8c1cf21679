#pragma once
// The writer signatures of rules/writers.yaml (embedded at build time): which facts each tool's
// output shows, with the source of each. `gafcheck identify` matches files against them; the HPI
// slack check takes the packer trailers from them.
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck {

enum class Confidence { possible, likely, certain };
std::string_view confidence_name(Confidence confidence);

struct WriterFact {
  std::string fact;                 // e.g. "hpi.trailer"
  std::vector<std::string> any_of;  // values that match
  bool decisive = false;            // needed for `certain`
  bool common = false;  // shared by retail files and most writers: it can contradict a row, never
                        // support one (it does not count as a match)
  bool supports_only = false;  // a value outside any_of does not contradict the row: it only
                               // fails to support it (evidence the row's tool could have lost)
  std::string source;          // where the fact was verified (or that it was not)
};

struct WriterSignature {
  std::string id, tool, versions;
  std::string format;  // a format name (format_name): which files the row applies to
  Confidence ceiling = Confidence::certain;
  std::vector<WriterFact> facts;
};

class WriterCatalog {
 public:
  static WriterCatalog parse(std::string_view yaml_text);
  const std::vector<WriterSignature>& writers() const { return writers_; }
  // Every value of every hpi.trailer fact, longest first.
  const std::vector<std::string>& packer_trailers() const { return trailers_; }

 private:
  std::vector<WriterSignature> writers_;
  std::vector<std::string> trailers_;
};

const WriterCatalog& embedded_writer_catalog();

}  // namespace gafcheck
