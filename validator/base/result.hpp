#pragma once
// Result<T>: what a fallible edge operation (loading an input or a palette, writing an image, a
// safe directory write, an output check, parsing a quantity) returns, a value or the Problem that
// stopped it. The Problem carries the exit code it means and a message that names the thing
// involved, so a caller can show it, wrap it with more context, or throw it as a gafcheck::Error.
// An edge whose failure carries more than that (how large the file was that could not be read)
// names its own failure type: Result<T, Failure>. (std::expected is C++23, and g++ 12, Debian
// bookworm's, does not have it.)
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "validator/base/errors.hpp"
#include "validator/base/exit_code.hpp"

namespace gafcheck {

struct Problem {
  ExitCode code;
  std::string message;
};

template <typename T, typename Failure = Problem>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Failure failure) : state_(std::in_place_index<1>, std::move(failure)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // Only when ok().
  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // Only when !ok().
  const Failure& problem() const { return std::get<1>(state_); }

 private:
  std::variant<T, Failure> state_;
};

// An operation that gives nothing back but may fail.
template <typename Failure>
class [[nodiscard]] Result<void, Failure> {
 public:
  Result() = default;
  Result(Failure failure) : problem_(std::move(failure)) {}

  bool ok() const { return !problem_; }
  explicit operator bool() const { return ok(); }
  const Failure& problem() const { return *problem_; }

 private:
  std::optional<Failure> problem_;
};

// Throws the problem as the gafcheck::Error of its exit code (UsageError, InternalError, or the
// base), so main prints it as it prints every error of that code.
[[noreturn]] inline void throw_problem(const Problem& problem) {
  switch (problem.code) {
    case ExitCode::usage: throw UsageError(problem.message);
    case ExitCode::internal: throw InternalError(problem.message);
    default: throw Error(problem.code, problem.message);
  }
}

// The value, or the problem thrown (throw_problem).
template <typename T>
T value_or_throw(Result<T> result) {
  if (!result) throw_problem(result.problem());
  return std::move(result).value();
}

// Throws the problem (throw_problem) of an operation that failed; nothing when it succeeded.
inline void throw_if_failed(const Result<void>& result) {
  if (!result) throw_problem(result.problem());
}

}  // namespace gafcheck
