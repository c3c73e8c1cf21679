#pragma once
// The inline style and script of gafcheck diff's HTML page (diff_page.hpp). Each changed frame is
// a figure with three views, as image diff views on code forges show them: side by side (old,
// new and the difference), swipe (old left of a slider, new right of it: moving it reveals one
// over the other) and onion skin (new over old at the slider's opacity). The swipe and onion images
// take their data from the side-by-side ones when the page loads, so each picture is in the page
// once.
#include <string_view>

namespace gafcheck::compare {

inline constexpr std::string_view diff_page_style = R"(<style>
body{font:14px/1.4 sans-serif;margin:1em 2em;color:#111;background:#fff}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
.file{border-top:2px solid #888;margin-top:1.5em}.file h2{font-size:1.1em;word-break:break-all}
.verdict-different{color:#b00}.verdict-re-encoded{color:#a60}.verdict-same{color:#070}
.change{display:inline-block;padding:0 .4em;border-radius:3px;background:#eee}
.c-changed,.c-removed,.c-deleted{background:#fdd}.c-added,.c-inserted{background:#dfd}
.c-re-encoded,.c-moved,.c-copied,.c-renamed{background:#fed}
.note{color:#666;font-size:12px}.drawn{font-weight:bold}
figure.compare{margin:1em 0;padding:.5em;border:1px solid #ccc}
figure.compare figcaption{margin-bottom:.4em}
.views button{margin-right:.3em}.views button.on{font-weight:bold}
.view{display:none;gap:1em;flex-wrap:wrap}
figure[data-view=two-up] .two-up,figure[data-view=swipe] .swipe,figure[data-view=onion] .onion{display:flex}
.two-up figure{margin:0}.swipe,.onion{flex-direction:column;align-items:flex-start}
.compare img{image-rendering:pixelated;max-width:none}
.stage{position:relative;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px;border:1px solid #999}
.stage img{display:block}.overlay{position:absolute;top:0;left:0}
.swipe-top{overflow:hidden;width:50%;height:100%;border-right:1px solid #f0f}
.findings li{margin:.2em 0}.gained{color:#b00}.lost{color:#070}
</style>)";

inline constexpr std::string_view diff_page_script = R"(<script>
document.querySelectorAll('figure.compare').forEach(function(f){
  var src={old:f.querySelector('img.old').src,new:f.querySelector('img.new').src};
  f.querySelectorAll('img[data-side]').forEach(function(i){i.src=src[i.dataset.side];});
  f.querySelectorAll('.views button').forEach(function(b){
    b.addEventListener('click',function(){
      f.dataset.view=b.dataset.view;
      f.querySelectorAll('.views button').forEach(function(o){o.classList.toggle('on',o===b);});});});
  var swipe=f.querySelector('.swipe-top'),onion=f.querySelector('.onion .overlay');
  f.querySelector('.swipe input').addEventListener('input',function(e){swipe.style.width=e.target.value+'%';});
  f.querySelector('.onion input').addEventListener('input',function(e){onion.style.opacity=e.target.value/100;});
});
</script>)";

}  // namespace gafcheck::compare
