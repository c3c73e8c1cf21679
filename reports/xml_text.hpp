#pragma once
// Text for an XML 1.0 document. XML 1.0 cannot carry most C0 control characters at all, not even
// as character references (&#1; is ill-formed), nor U+FFFE/U+FFFF or unpaired surrogates; the
// report's text never holds them (input names pass escape_bytes, messages sanitize_text: such a
// byte is already the four characters \xNN), and anything that still would be (a bug) is written
// the same way here, so the document stays well-formed whatever an input's names held.
#include <string>
#include <string_view>

namespace gafcheck {

// Element content: & < > escaped, TAB and LF kept, every other forbidden character as \xNN.
std::string xml_content(std::string_view text);
// Attribute values (double-quoted): also " escaped and TAB, LF, CR as character references (a
// parser would otherwise turn them into spaces).
std::string xml_attribute(std::string_view text);

}  // namespace gafcheck
