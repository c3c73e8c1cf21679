#pragma once
// The gallery section of the HTML page: a tile per entry (gallery_tiles.hpp) with its picture as
// a data: URI, the entry's name, the file's path, format and sha256, and the rules of the file's
// findings; a text box filters the tiles by any of these (a few lines of inline script: without
// it every tile shows). The page shows at most a budget of tiles in all (gallery_budget), the
// first in the order groups are written, and says how many of how many entries it shows.
#include <cstdint>
#include <string>
#include <string_view>

#include "validator/result/file_report.hpp"

namespace gafcheck {

// A file's tiles, each marked for PageGallery to keep or drop, and the count of its entries.
std::string gallery_tiles_html(const FileReport& report);

// What the page's gallery holds: tiles kept while the budget lasts, entries counted in all.
class PageGallery {
 public:
  explicit PageGallery(std::uint64_t budget) : left_(budget) {}
  // Takes the gallery marks out of a group's text and keeps their tiles while the budget lasts
  // (and while `picture_room` bytes last; what it keeps is subtracted). Returns the rest of the
  // text.
  std::string take(std::string_view text, std::uint64_t& picture_room);
  // The gallery section (empty when no file had an entry to show).
  std::string html(std::string_view option) const;
  std::uint64_t shown() const { return shown_; }
  std::uint64_t entries() const { return entries_; }

 private:
  std::uint64_t left_;
  std::uint64_t shown_ = 0, entries_ = 0, unavailable_ = 0, cut_for_heap_ = 0;
  std::string tiles_;
};

// The gallery's filter: hides the tiles whose text does not hold the box's (case-insensitive).
inline constexpr std::string_view gallery_script = R"(
var galleryFilter=document.getElementById('gallery-filter');
if(galleryFilter)galleryFilter.addEventListener('input',function(){
  var q=galleryFilter.value.toLowerCase();
  document.querySelectorAll('#gallery .tile').forEach(function(t){
    t.classList.toggle('hidden',q!==''&&t.dataset.search.indexOf(q)<0);});
});
)";

}  // namespace gafcheck
