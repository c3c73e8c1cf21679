#pragma once
#include "validator/core/byte_view.hpp"

namespace gafcheck::tsf {

// True when the bytes read as [Section] text: after an optional UTF-8 byte order mark,
// whitespace and comments, the first thing is a '[' section header, and the first 4 KiB hold no
// NUL byte. Looks at no more than the first 64 KiB. TDF, FBI and GUI files pass this too.
bool looks_like_section_text(ByteView bytes);

// Section text with a [FrameN] section in its first 64 KiB: a TSF by content alone.
bool looks_like_tsf(ByteView bytes);

}  // namespace gafcheck::tsf
