#pragma once
// Whether this is an AddressSanitizer build (g++ or clang++): its leak check at exit needs more of
// the system than a run does (see seccomp_filter.cpp and landlock_ruleset.cpp). Test builds only.
namespace gafcheck {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool sanitizer_build = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool sanitizer_build = true;
#else
inline constexpr bool sanitizer_build = false;
#endif
#else
inline constexpr bool sanitizer_build = false;
#endif

}  // namespace gafcheck
