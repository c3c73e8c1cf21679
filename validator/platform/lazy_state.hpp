#pragma once
// What the libraries a run uses set up on first use by opening a file, done before the sandbox
// closes: once confined, a run opens its inputs and nothing else (no configuration a library
// reads lazily, whatever the environment names, and no file that would be silently refused).
//   libcrypto: initialised without any configuration file (sha256.hpp), SHA-256 run once.
//   time zone: strftime loads it (TZ, /etc/localtime) at its first call; tzset() loads it now.
// tests/e2e/sandbox_test.py traces every confining command and fails on any other file opened after
// confinement: a library added later that opens something lazily belongs here.
namespace gafcheck {

void initialise_lazy_state();

}  // namespace gafcheck
