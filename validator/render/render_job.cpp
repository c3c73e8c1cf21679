#include "validator/render/render_job.hpp"

#include <nlohmann/json.hpp>

namespace gafcheck {

void ImageIndex::add_text(std::string_view record, std::uint64_t images) {
  text_ += text_.empty() ? "\n  " : ",\n  ";
  text_ += record;
  records_ += images;
}

void ImageIndex::append(ImageIndex&& later) {
  if (!later.text_.empty()) {
    // Moved, not copied, when nothing is listed yet.
    if (text_.empty())
      text_ = std::move(later.text_);
    else
      text_.append(",").append(later.text_);  // each record starts "\n  "
  }
  records_ += later.records_;
  left_out_ += later.left_out_;
}

std::string ImageIndex::text(const std::string& palette, const std::string& chosen_by,
                             const std::string& note) const {
  nlohmann::json head = {{"palette", palette}, {"palette_chosen_by", chosen_by}};
  if (!note.empty()) head["palette_note"] = note;
  head["images_left_out"] = left_out_;
  std::string text = head.dump();
  text.pop_back();  // the closing brace: the images follow
  return text + ",\n \"images\": [" + text_ + (text_.empty() ? "]}\n" : "\n ]}\n");
}

}  // namespace gafcheck
