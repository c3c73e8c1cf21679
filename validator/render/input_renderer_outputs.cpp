#include "validator/render/input_renderer.hpp"

#include <array>
#include <cstring>
#include <functional>
#include <iostream>

#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/gaf/entry_names.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/gif_writer.hpp"
#include "validator/render/output_names.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/render/sprite_sheet.hpp"
#include "validator/render/ta3d_pixels.hpp"
#include "validator/render/truecolor_rows.hpp"

namespace gafcheck {
namespace {

using nlohmann::json;

}  // namespace

void InputRenderer::list(json record, bool reached_budget, std::string text) {
  if (text.empty()) text = record.dump();
  // The record of the image that reached an output budget is its reason: listed, uncharged.
  if (!reached_budget && !charge_index(text.size() + 4)) return list_budget_reason(record);
  images_.add_text(std::move(text), 1);
  last_listed_ = std::move(record);
}

bool InputRenderer::charge_index(std::uint64_t bytes) {
  if (!output_full_.empty()) return false;
  const std::uint64_t total = saturating_add(output_bytes_, bytes);
  if (total > settings_.max_output_bytes) {
    output_full_ = output_bytes_reason(total);
    return false;
  }
  output_bytes_ = total;
  return true;
}

std::string InputRenderer::output_bytes_reason(std::uint64_t bytes) const {
  return "budget.exceeded: output_bytes (" + std::to_string(bytes) +
         " bytes of images and index.json would pass --max-output-bytes " +
         std::to_string(settings_.max_output_bytes) +
         " for this input); the images after it are left out";
}

void InputRenderer::list_budget_reason(const json& record) {
  json reason = {{"file", record.value("file", json())},
                 {"entry", record.value("entry", json())},
                 {"frame", record.value("frame", json())},
                 {"policy", record.value("policy", json())},
                 {"reason", output_full_}};
  messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": " << output_full_ << '\n';
  last_listed_ = reason;
  images_.add_text(reason.dump(), 1);
  ++tally_.not_written;
}

void InputRenderer::write(json record, const std::string& policy, const std::string& path,
                          std::uint32_t width, std::uint32_t height, std::int64_t x_offset,
                          std::int64_t y_offset, const render::ImageRows& rows,
                          const std::function<void(json&)>& finish) {
  // Past an output budget (its reason listed once), images are left out before they are encoded.
  if (!room()) return;
  record["policy"] = policy;
  record["width"] = width;
  record["height"] = height;
  record["x_offset"] = x_offset;
  record["y_offset"] = y_offset;
  const Result<std::vector<std::uint8_t>> png = render::encode_image(width, height, rows);
  Result<void> written;
  std::string listed;  // the record as listed once the image is written (without finish's part)
  if (!png) {
    written = Problem{ExitCode::internal, "PNG encoding failed: " + png.problem().message};
  } else {
    record["png"] = path;
    listed = record.dump();
    // Its index.json record at most: the one above and what finish adds (two counts).
    written = write_file(path, *png, listed.size() + 4 + (finish ? 96 : 0));
    if (!written) record.erase("png");
  }
  const bool reached_budget = note_written(record, "png", path, written);
  // Listed as dumped above unless it changed: not written, or counts added.
  if (!written || finish) listed.clear();
  if (finish) finish(record);
  list(std::move(record), reached_budget, std::move(listed));
}

bool InputRenderer::note_written(json& record, const char* kind, const std::string& path,
                                 const Result<void>& written) {
  if (written) {
    record[kind] = path;
    ++tally_.written;
    return false;
  }
  const std::string& refused = written.problem().message;
  messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": " << path
            << " not written: " << refused << '\n';
  record["reason"] = sanitize_text("not written: " + refused);
  ++tally_.not_written;
  return refused == output_full_;
}

Result<void> InputRenderer::write_file(const std::string& path, std::span<const std::uint8_t> bytes,
                                       std::uint64_t index_bytes) {
  if (!output_full_.empty()) return Problem{ExitCode::findings, output_full_};
  const std::size_t slash = path.rfind('/');
  const bool new_folder = slash != std::string::npos &&
                          (!entry_folder_ || path.compare(0, slash, entry_folder_path_) != 0 ||
                           entry_folder_path_.size() != slash);
  // A new entry folder is one more file, and the input's folder with the first one (-o with
  // several inputs).
  const std::uint64_t folders =
      new_folder ? 1 + std::uint64_t{!prefix_.empty() && !input_folder_} : 0;
  const std::uint64_t files = saturating_add(output_files_, 1 + folders);
  const std::uint64_t written = saturating_add(output_bytes_, bytes.size());
  if (files > settings_.max_output_files ||
      saturating_add(written, index_bytes) > settings_.max_output_bytes) {
    output_full_ = files > settings_.max_output_files
                       ? "budget.exceeded: output_files (" + std::to_string(files) +
                             " files and folders would pass --max-output-files " +
                             std::to_string(settings_.max_output_files) +
                             " for this input); the images after it are left out"
                       : output_bytes_reason(saturating_add(written, index_bytes));
    return Problem{ExitCode::findings, output_full_};
  }
  output_files_ = files;
  output_bytes_ = written;
  if (slash == std::string::npos) return directory_.write(path, bytes, settings_.force);
  const std::string folder = path.substr(0, slash);
  if (!entry_folder_ || folder != entry_folder_path_) {
    entry_folder_.reset();
    const SafeDirectory* below = &directory_;
    std::string_view rest = folder;
    if (!prefix_.empty() && folder.starts_with(prefix_)) {
      if (!input_folder_) {
        auto opened = directory_.open_below(prefix_.substr(0, prefix_.size() - 1));
        if (!opened) return opened.problem();
        input_folder_.emplace(std::move(opened).value());
      }
      below = &*input_folder_;
      rest.remove_prefix(prefix_.size());
    }
    auto opened = below->open_below(rest);
    if (!opened) return opened.problem();
    entry_folder_.emplace(std::move(opened).value());
    entry_folder_path_ = folder;
  }
  return entry_folder_->write(path.substr(slash + 1), bytes, settings_.force);
}

std::optional<std::string> InputRenderer::gap_reason(const char* policy) const {
  const SheetGap& gap = sheet_gap(policy);
  if (gap.frames == 0) return std::nullopt;
  return std::to_string(gap.frames) +
         " of its frames, drawn before, could not be held for it, so it would lack them (" +
         gap.first + ")";
}

void InputRenderer::write_sheet(const json& base, const std::string& folder, const char* policy,
                                const SheetFrames& frames) {
  if (closed()) return (void)room();
  json record = base;
  record["frame"] = nullptr;
  record["sheet"] = true;
  if (const auto gap = gap_reason(policy)) return not_drawn(record, policy, *gap);
  const render::SpriteSheet sheet(frames, settings_.origins);
  if (sheet.empty()) return not_drawn(record, policy, "no frame of the entry is drawn");
  const std::uint64_t pixels = saturating_mul(sheet.width(), sheet.height());
  if (sheet.width() > UINT32_MAX / 4 || !renderer_->charge_pixels(pixels))
    return not_drawn(record, policy,
                     "budget.exceeded: pixels (a " + std::to_string(sheet.width()) + "x" +
                         std::to_string(sheet.height()) + " sheet is past --max-pixels " +
                         std::to_string(settings_.limits[BudgetKind::pixels]) + ")");
  record["cell_width"] = sheet.cell_width();
  record["frames"] = frames.size();
  write(record, policy, folder + "/sheet." + policy + ".png",
        static_cast<std::uint32_t>(sheet.width()), static_cast<std::uint32_t>(sheet.height()),
        sheet.anchor_x(), sheet.anchor_y(), sheet.rows(settings_.palette));
}

void InputRenderer::list_sheets_not_drawn(const json& base) {
  const std::string reason =
      "a truecolor TAF is drawn frame by frame only: sheets (--sheet) and animations (--animate) "
      "are built from palette frames";
  for (const auto& [asked, kind] :
       {std::pair{settings_.sheet, "sheet"}, {settings_.animate, "animation"}}) {
    if (!asked) continue;
    json record = base;
    record["frame"] = nullptr;
    record[kind] = true;
    if (settings_.retail) not_drawn(record, "retail", reason);
    if (settings_.strict) not_drawn(record, "strict", reason);
  }
}

void InputRenderer::write_animation(const json& base, const std::string& folder, const char* policy,
                                    const SheetFrames& frames, bool loop) {
  if (closed()) return (void)room();
  json record = base;
  record["frame"] = nullptr;
  record["animation"] = true;
  if (const auto gap = gap_reason(policy)) return not_drawn(record, policy, *gap);
  const render::SpriteSheet geometry(frames, false);
  const std::uint64_t pixels = render::gif_pixels(frames);
  if (!geometry.empty() && !renderer_->charge_pixels(pixels))
    return not_drawn(record, policy,
                     "budget.exceeded: pixels (" + std::to_string(frames.size()) + " frames of " +
                         std::to_string(geometry.cell_width()) + "x" +
                         std::to_string(geometry.cell_height()) + " are past --max-pixels " +
                         std::to_string(settings_.limits[BudgetKind::pixels]) + ")");
  const Result<render::GifImage> drawn =
      render::encode_gif(frames, kept_durations_, settings_.palette, loop, pixels);
  if (!drawn) return not_drawn(record, policy, drawn.problem().message);
  const render::GifImage& gif = *drawn;
  const std::string path = folder + "/anim." + policy + ".gif";
  record["policy"] = policy;
  record["width"] = gif.width;
  record["height"] = gif.height;
  record["x_offset"] = gif.anchor_x;
  record["y_offset"] = gif.anchor_y;
  record["frames"] = frames.size();
  record["delays_cs"] = gif.delays;
  record["loop"] = loop;
  const std::size_t listed = record.dump().size() + 7 + json(path).dump().size();
  const bool reached_budget =
      note_written(record, "gif", path, write_file(path, gif.bytes, listed + 4));
  list(std::move(record), reached_budget);
}

}  // namespace gafcheck
