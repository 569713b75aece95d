#!/usr/bin/env bash
# `make install` into a temporary prefix: the installed binary runs on its own (static Swift
# runtime, no toolchain library path), the desktop entry, icon and manual are in place, and
# `make uninstall` removes them all.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d "${TMPDIR:-/tmp}/vplay-prefix.XXXXXX")
trap 'rm -rf "$prefix"' EXIT
make --no-print-directory install PREFIX="$prefix" >/dev/null
files=(bin/vplay share/applications/vplay.desktop share/icons/hicolor/scalable/apps/vplay.svg share/man/man1/vplay.1)
for f in "${files[@]}"; do
    [ -s "$prefix/$f" ] || { echo "install-check: missing $f"; exit 1; }
done
# Runs with an empty environment: no LD_LIBRARY_PATH, no toolchain on PATH.
version=$(env -i "$prefix/bin/vplay" --version)
[[ $version == vplay* ]] || { echo "install-check: installed binary said '$version'"; exit 1; }
if ldd "$prefix/bin/vplay" | grep -q 'libswiftCore'; then
    echo "install-check: the binary links the Swift runtime dynamically"; exit 1
fi
# The linker names libc last; scripts/order-libraries.py puts the most bound-to libraries first.
if ! patchelf --print-needed "$prefix/bin/vplay" | head -3 | grep -qx 'libc.so.6'; then
    echo "install-check: the binary's libraries are not in search order"; exit 1
fi
grep -q '^MimeType=.*video/mp4' "$prefix/share/applications/vplay.desktop"
grep -q 'autoexit' "$prefix/share/man/man1/vplay.1"
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
for f in "${files[@]}"; do
    [ ! -e "$prefix/$f" ] || { echo "install-check: $f left after uninstall"; exit 1; }
done
echo "install-check: 1 passed, 0 failed"
