#pragma once
// The inputs of gafcheck render: files, and archive members named as reports name them,
// "mod.ufo!anims/x.gaf" (nested: "outer.ufo!inner.hpi!anims/x.gaf"). A path that exists as a
// file is that file, even with a '!' in its name; otherwise the longest existing regular file
// before a '!' is the archive. Members are matched like extract matches them (ASCII case folded,
// '\' as '/').
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/check/check_options.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/input_name.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck::cli {

// The file on disk an argument reads (before the sandbox: a stat, no byte parsed).
std::string disk_path_of(const std::string& argument);

struct LoadedInput {
  InputName name;                    // display: the argument as given
  std::optional<InputFile> file;     // a file on disk
  std::vector<std::uint8_t> member;  // or an archive member's bytes
  std::string error;                 // why it could not be read
  bool unreadable = false;           // error is about reading (exit 3)

  ByteView view() const { return file ? file->view() : ByteView(member.data(), member.size()); }
};

LoadedInput load_input(const std::string& argument, const CheckOptions& options);

// The same for a file already read (`disk` names it): the file itself when `member` is empty,
// else that member of it ("anims/x.gaf", or "inner.hpi!anims/x.gaf").
LoadedInput load_opened_input(InputFile file, const std::string& disk, const std::string& member,
                              const CheckOptions& options);

}  // namespace gafcheck::cli
