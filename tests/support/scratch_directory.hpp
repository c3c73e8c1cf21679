#pragma once
// A directory of the test's own under the system's temp directory, emptied and created afresh:
// named after the process and the running test, so parallel runs and tests never share one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace gafcheck::testing {

inline std::filesystem::path fresh_test_directory(std::string_view prefix) {
  const std::filesystem::path directory =
      std::filesystem::temp_directory_path() /
      ("gafcheck-" + std::string(prefix) + "-" + std::to_string(::getpid()) + "-" +
       ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  return directory;
}

}  // namespace gafcheck::testing
