#include "tests/support/input_changes.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <utility>

#include "validator/input/input_file.hpp"

namespace gafcheck::testing {
namespace {

struct Plan {
  InputChange change = InputChange::truncate;
  std::string target_name;
};

// A function-local static, so the test-hooks binary can install a plan from a static initializer.
Plan& plan() {
  static Plan the_plan;
  return the_plan;
}

[[noreturn]] void fail(const char* what, const std::filesystem::path& path) {
  std::perror((std::string("input change hook: ") + what + " " + path.string()).c_str());
  std::abort();
}

void write_all(int fd, std::string_view bytes, const std::filesystem::path& path) {
  if (::write(fd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size()))
    fail("cannot write", path);
}

void apply(InputChange change, const std::filesystem::path& path) {
  switch (change) {
    case InputChange::truncate:
      if (::truncate(path.c_str(), 0) != 0) fail("cannot truncate", path);
      return;
    case InputChange::grow: {
      const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
      if (fd < 0) fail("cannot open", path);
      write_all(fd, std::string(4096, 'U'), path);
      ::close(fd);
      return;
    }
    case InputChange::replace: {
      const std::filesystem::path other = path.string() + ".replacement";
      const int fd = ::open(other.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd < 0) fail("cannot create", other);
      write_all(fd, replacement_bytes(), other);
      ::close(fd);
      if (::rename(other.c_str(), path.c_str()) != 0) fail("cannot rename over", path);
      return;
    }
    case InputChange::unlink:
      if (::unlink(path.c_str()) != 0) fail("cannot unlink", path);
      return;
    case InputChange::rewrite: {
      const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) fail("cannot open", path);
      write_all(fd, "X", path);
      ::close(fd);
      return;
    }
  }
}

void change_if_targeted(const std::filesystem::path& path) {
  const Plan& current = plan();
  if (current.target_name.empty() || path.filename() == current.target_name)
    apply(current.change, path);
}

}  // namespace

std::optional<InputChange> input_change_named(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, InputChange>, 5> names = {{
      {"truncate-after-open", InputChange::truncate},
      {"grow-after-open", InputChange::grow},
      {"replace-after-open", InputChange::replace},
      {"unlink-after-open", InputChange::unlink},
      {"rewrite-after-open", InputChange::rewrite},
  }};
  for (const auto& [known, change] : names)
    if (known == name) return change;
  return std::nullopt;
}

void change_inputs_after_open(InputChange change, const std::string& target_name) {
  plan() = Plan{change, target_name};
  input_hooks::after_open = change_if_targeted;
}

void stop_changing_inputs() {
  input_hooks::after_open = nullptr;
}

std::string_view replacement_bytes() {
  return "not the file that was opened";
}

}  // namespace gafcheck::testing
