#!/usr/bin/env bash
# usage: scripts/lib/check_release.sh RELEASE_DIR VERSION
# Checks what scripts/release wrote, as a user who downloads it would use it: SHA256SUMS verifies
# both artefacts; the tarball unpacks into a scratch prefix whose bin/gafcheck runs from there on
# corpus/ (version, a clean seed, a crashing seed, a census whose report names the version) and has
# no path of the source or build tree compiled in; the .deb is this version's. Prints PASS/FAIL
# lines; exits 1 on any failure.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
release=$(cd "$1" && pwd)
version=$2
failed=0
result() {  # result NAME STATUS [DETAIL]
  if [[ $2 -eq 0 ]]; then
    echo "PASS $1"
  else
    failed=$((failed + 1))
    echo "FAIL $1${3:+: $3}"
  fi
}

mapfile -t names < <("$root/scripts/release" --names)
deb=$release/${names[0]}
tarball=$release/${names[1]}
[[ -f $deb && -f $tarball && -f $release/SHA256SUMS ]]
result "the release holds ${names[*]}" $? "$(ls "$release")"
(cd "$release" && sha256sum --quiet --strict -c SHA256SUMS) >/dev/null 2>&1 &&
  [[ $(wc -l <"$release/SHA256SUMS") -eq 2 ]]
result "SHA256SUMS verifies the .deb and the tarball" $?

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
prefix=$scratch/prefix
mkdir -p "$prefix"
tar -C "$prefix" --strip-components=1 -xzf "$tarball"
gafcheck=$prefix/bin/gafcheck
test -x "$gafcheck" && test -f "$prefix/share/man/man1/gafcheck.1.gz" &&
  test -f "$prefix/share/bash-completion/completions/gafcheck" &&
  test -f "$prefix/share/zsh/site-functions/_gafcheck"
result "the tarball holds bin/gafcheck, its man pages and bash and zsh completions" $?
shipped=$(cd "$prefix/share/gafcheck/schema" 2>/dev/null && ls -- *.json | tr '\n' ' ')
[[ -n $shipped && $shipped == "$(cd "$root/reports/schema" && ls -- *.json | tr '\n' ' ')" ]]
result "the tarball holds share/gafcheck/schema/*.json ($shipped)" $?

# From the scratch prefix, with a working directory that is neither tree.
cd "$scratch" || exit 1
first_line=$("$gafcheck" --version 2>&1 | head -1)
[[ $first_line == "gafcheck $version" ]]
result "the unpacked gafcheck --version says gafcheck $version" $? "$first_line"
seeds=$root/corpus/seed
"$gafcheck" check -q --format gnu "$seeds/clean-rle.gaf" "$seeds/clean-hpi-nested.hpi" \
  >/dev/null 2>&1
result "the unpacked binary passes a clean GAF and HPI archive (exit 0)" $?
output=$("$gafcheck" check -q --format gnu "$seeds/rle.reads-past-eof.gaf" 2>&1)
status=$?
[[ $status -eq 1 && $output == *"[rle.reads-past-eof]"* ]]
result "the unpacked binary fails a crashing GAF with its rule (exit 1)" $? "exit $status: $output"
"$gafcheck" census -q -o "$scratch/census.yaml" "$root/corpus/seed" "$root/corpus/crashers" \
  >/dev/null 2>&1
status=$?
[[ $status -le 1 ]] && grep -qx "version: $version" "$scratch/census.yaml"
result "the unpacked binary's census of corpus/ names version $version (exit $status)" $?

# strings: no absolute path of this checkout, of the package's source copy or of a build folder.
# dpkg-buildflags maps the compiler's paths (-ffile-prefix-map); a path meson bakes in is caught.
leaks=$(strings -n 6 "$gafcheck" | grep -F -e "$root" -e "${GAFCHECK_PACKAGE_DIR:-$root/build-deb}" \
  -e "/obj-x86_64-linux-gnu" -e "/build-deb/" | head -5)
[[ -z $leaks ]]
result "no source or build path in the binary (strings)" $? "$leaks"

[[ $(dpkg-deb -f "$deb" Package) == gafcheck && $(dpkg-deb -f "$deb" Version) == "$version" ]]
result "the .deb is gafcheck $version" $? "$(dpkg-deb -f "$deb" Package Version | tr '\n' ' ')"

[[ $failed -eq 0 ]]
