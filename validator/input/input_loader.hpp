#pragma once
// The inputs of gafcheck render: files, and archive members named as reports name them,
// "mod.ufo!anims/x.gaf" (nested: "outer.ufo!inner.hpi!anims/x.gaf"). A path that exists as a
// file is that file, even with a '!' in its name; otherwise the longest existing regular file
// before a '!' is the archive. Members are matched like extract matches them (ASCII case folded,
// '\' as '/').
//
// A member is decoded with its damage: one whose chunks fail their checksum or stream, or that
// decodes to another length than the directory gives (or one inside a nested archive that does),
// is loaded with the rule ids check reports for it in damage_rules. Each caller decides what a
// damaged member means to it; none may use its bytes as if they were what was packed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/core/check_options.hpp"
#include "validator/core/input_name.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck {

// The file on disk an argument reads (before the sandbox: a stat, no byte parsed).
std::string disk_path_of(const std::string& argument);

struct LoadedInput {
  InputName name;                    // display: the argument as given
  std::optional<InputFile> file;     // a file on disk
  std::vector<std::uint8_t> member;  // or an archive member's bytes
  std::string error;                 // why it could not be read
  bool unreadable = false;           // error is about reading (exit 3)
  // A member that does not decode exactly: the rule ids (hpi.chunk-checksum...) and what check
  // says about them (damage, never empty then); member holds the bytes as a reader decodes them.
  std::vector<std::string> damage_rules;
  std::string damage;
  // Every member on the member's path under case folding, in the archive's order, when it is not
  // alone there (empty when it is). Of several, the one spelled as asked is taken; with none
  // spelled so, none is (error).
  std::vector<std::string> folded_twins;

  bool damaged() const { return !damage.empty(); }

  ByteView view() const { return file ? file->view() : ByteView(member.data(), member.size()); }
};

LoadedInput load_input(const std::string& argument, const CheckOptions& options);

// "N members on 'FOLDED' under case folding ('A', 'B')" for LoadedInput::folded_twins.
std::string folded_twins_text(const std::vector<std::string>& twins);

// The same for a file already read (`disk` names it): the file itself when `member` is empty,
// else that member of it ("anims/x.gaf", or "inner.hpi!anims/x.gaf").
LoadedInput load_opened_input(InputFile file, const std::string& disk, const std::string& member,
                              const CheckOptions& options);

}  // namespace gafcheck
