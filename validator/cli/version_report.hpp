#pragma once
// gafcheck --version: what a bug report needs to know about this binary.
#include <string>

namespace gafcheck::cli {

// "gafcheck VERSION" on the first line, then the catalogue's SHA-256, the build type, the
// sanitizers, the compiler, and each library linked: the version compiled against and, where the
// library can say, the version running.
std::string version_report();

}  // namespace gafcheck::cli
