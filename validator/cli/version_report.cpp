#include "validator/cli/version_report.hpp"
#include "validator/core/catalog_digest.hpp"

#include <gif_lib.h>
#include <libdeflate.h>
#include <openssl/crypto.h>
#include <png.h>
#include <seccomp.h>
#include <zlib.h>

#include <boost/version.hpp>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/yaml_report.hpp"
#include "validator/rules/catalog.hpp"

// From validator/cli/meson.build: what only the build system knows.
#ifndef GAFCHECK_BUILD_TYPE
#define GAFCHECK_BUILD_TYPE "unknown"
#endif
#ifndef GAFCHECK_SANITIZERS
#define GAFCHECK_SANITIZERS "unknown"
#endif
#ifndef GAFCHECK_YAML_CPP_VERSION
#define GAFCHECK_YAML_CPP_VERSION "unknown"
#endif

// jemalloc, when the binary links it (validator/cli/meson.build); null otherwise.
extern "C" int mallctl(const char* name, void* old_value, std::size_t* old_length, void* new_value,
                       std::size_t new_length) __attribute__((weak));

namespace gafcheck::cli {
namespace {

std::string number(long value) {
  return std::to_string(value);
}

std::string library_line(const std::string& name, const std::string& built,
                         const std::string& running = {}) {
  std::string line = "  " + name;
  line.resize(17, ' ');
  line += built;
  if (!running.empty() && running != built) line += " (running " + running + ")";
  return line + '\n';
}

std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "g++ " __VERSION__;
#else
  return "unknown";
#endif
}

std::string jemalloc_version() {
  if (!mallctl) return {};
  const char* version = nullptr;
  std::size_t length = sizeof version;
  if (mallctl("version", &version, &length, nullptr, 0) != 0 || !version) return {};
  return version;
}

}  // namespace

std::string version_report() {
  std::ostringstream out;
  out << "gafcheck " << tool_version() << '\n'
      << "catalogue sha256: " << embedded_catalog_sha256() << '\n'
      << "build type: " << GAFCHECK_BUILD_TYPE << '\n'
      << "sanitizers: " << GAFCHECK_SANITIZERS << '\n'
      << "compiler: " << compiler() << '\n'
      << "libraries (compiled against, and running when the library tells):\n";
  out << library_line("boost", number(BOOST_VERSION / 100000) + '.' +
                                   number(BOOST_VERSION / 100 % 1000) + '.' +
                                   number(BOOST_VERSION % 100));
  out << library_line("yaml-cpp", GAFCHECK_YAML_CPP_VERSION);
  out << library_line("nlohmann-json", number(NLOHMANN_JSON_VERSION_MAJOR) + '.' +
                                           number(NLOHMANN_JSON_VERSION_MINOR) + '.' +
                                           number(NLOHMANN_JSON_VERSION_PATCH));
  out << library_line("zlib", ZLIB_VERSION, zlibVersion());
  out << library_line("libdeflate", LIBDEFLATE_VERSION_STRING);
  out << library_line("libpng", PNG_LIBPNG_VER_STRING, png_get_libpng_ver(nullptr));
  out << library_line(
      "giflib", number(GIFLIB_MAJOR) + '.' + number(GIFLIB_MINOR) + '.' + number(GIFLIB_RELEASE));
  const scmp_version* seccomp = seccomp_version();
  out << library_line(
      "libseccomp",
      number(SCMP_VER_MAJOR) + '.' + number(SCMP_VER_MINOR) + '.' + number(SCMP_VER_MICRO),
      seccomp ? number(seccomp->major) + '.' + number(seccomp->minor) + '.' + number(seccomp->micro)
              : "");
  out << library_line("openssl", OPENSSL_VERSION_TEXT, OpenSSL_version(OPENSSL_VERSION));
  const std::string jemalloc = jemalloc_version();
  out << library_line("jemalloc",
                      jemalloc.empty() ? "not linked (the C library's malloc)" : jemalloc);
  return out.str();
}

}  // namespace gafcheck::cli
