#!/usr/bin/env python3
"""Reorders a binary's libraries so that the dynamic loader finds symbols sooner.

FFmpeg as Debian builds it brings ~160 libraries, and the loader resolves some 35,000 symbol
references at start by searching the libraries in breadth-first order, the binary's own NEEDED
list first. A library's references to itself and to libc, libcrypto or libstdc++ walk past the
dozens of libraries that come before them: 1.75 million hash-table probes for vplay as linked.
Naming the libraries that answer most references first cuts that to 0.69 million, and
`vplay --version` from 61 to 48 ms (medians of 21 runs on the 2-core machine of BENCHMARKS.md).

Only the search order changes. Two libraries that export a symbol of the same name keep their
linked order, and the result is checked: every reference of every library, all resolved at once
(LD_BIND_NOW), must land in the same library as before, or OUTPUT is a plain copy.

Usage: order-libraries.py BINARY OUTPUT   (writes OUTPUT; a plain copy without patchelf)
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

SELF = "(the binary)"
PT_LOAD, PT_DYNAMIC = 1, 2
DT_NEEDED, DT_STRTAB = 1, 5
BINDING = re.compile(r"binding file (\S+) \[\d+\] to (\S+) \[\d+\]: \S+ symbol `([^']+)'(?: \[([^\]]*)\])?")


def bindings(binary):
    """(referencing file, symbol, version) -> defining file, for every reference at start;
    the binary itself is named SELF, so that a reordered copy compares with it."""
    env = dict(os.environ, LD_BIND_NOW="1", LD_DEBUG="bindings")
    run = subprocess.run([binary, "--version"], env=env, capture_output=True, text=True, errors="replace")
    if run.returncode != 0:
        raise RuntimeError(f"{binary} --version failed: {run.stderr.strip().splitlines()[-1:]}")
    me = os.path.realpath(binary)

    def name(path):
        real = os.path.realpath(path)
        return SELF if real == me else real
    found = {}
    for line in run.stderr.splitlines():
        m = BINDING.search(line)
        if m:
            source, target, symbol, version = m.groups()
            found[(name(source), symbol, version)] = name(target)
    if not found:
        raise RuntimeError("the loader reported no bindings (LD_DEBUG unsupported?)")
    return found



def needed(binary):
    out = subprocess.run(["patchelf", "--print-needed", binary], capture_output=True, text=True, check=True)
    return out.stdout.split()


def cached_paths():
    """soname -> real paths (one per architecture), for the libraries the loader finds by name
    alone."""
    out = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    paths = {}
    for m in re.finditer(r"^\s*(\S+) \([^)]*\) => (\S+)$", out, re.MULTILINE):
        paths.setdefault(m.group(1), set()).add(os.path.realpath(m.group(2)))
    return paths


def soname_of(path):
    out = subprocess.run(["patchelf", "--print-soname", path], capture_output=True, text=True)
    return out.stdout.strip() or os.path.basename(path)


def load_order(binary):
    """Real paths of the loaded libraries in the loader's search order (ldd lists them so)."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    return [os.path.realpath(m.group(1)) for m in re.finditer(r"=> (/\S+)", out)]


def exported(path):
    out = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True).stdout
    return {p[2].split("@")[0] for p in (line.split() for line in out.splitlines()) if len(p) >= 3}


def order(binary, found):
    """Libraries by how many references they answer, most first, among those the loader finds
    by name; two libraries that export a symbol of the same name keep their linked order, so
    whichever answered a reference still answers it."""
    counts = {}
    for target in found.values():
        if target != SELF and "linux-vdso" not in target:
            counts[target] = counts.get(target, 0) + 1
    linked = [p for p in load_order(binary) if p in counts]
    rank = {p: i for i, p in enumerate(linked)}
    bound = {symbol for _, symbol, _ in found}
    exports = {p: exported(p) & bound for p in linked}
    must_follow = {p: {q for q in linked[:rank[p]] if exports[p] & exports[q]} for p in linked}
    sonames = {p: soname_of(p) for p in linked}
    cache, runpath = cached_paths(), runpath_folders(binary)
    findable = {p for p in linked if p in cache.get(sonames[p], ()) or os.path.dirname(p) in runpath}
    # A library that must follow one the loader cannot be named for stays where it was linked.
    movable = set()
    for p in linked:
        if p in findable and must_follow[p] <= movable:
            movable.add(p)
    # A library that others must follow goes as early as the busiest of them (libm before libc).
    priority = dict(counts)
    for p in reversed(linked):
        for q in must_follow[p]:
            priority[q] = max(priority[q], priority[p])
    names, placed = [], set()
    waiting = sorted(movable, key=lambda p: (-priority[p], rank[p]))
    while waiting:
        p = next(p for p in waiting if must_follow[p] <= placed)
        waiting.remove(p)
        placed.add(p)
        names.append(sonames[p])
    return names


def runpath_folders(binary):
    """The real paths of binary's RUNPATH folders (the Swift runtime's, when it is shared)."""
    rp = subprocess.run(["patchelf", "--print-rpath", binary], capture_output=True, text=True).stdout.strip()
    origin = os.path.dirname(os.path.realpath(binary))
    return {os.path.realpath(d.replace("$ORIGIN", origin)) for d in rp.split(":") if d}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    binary, output = sys.argv[1:]
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    trial = None
    try:
        trial, message = ordered_copy(binary, output)
        os.replace(trial, output)
        trial = None
        print(f"order-libraries: {message}")
    finally:
        if trial:
            os.unlink(trial)


def ordered_copy(binary, output):
    """A copy of binary beside output, reordered if that keeps every binding; and what was done."""
    if shutil.which("patchelf") is None:
        return plain_copy(binary, output), "patchelf not found; library order left as linked"
    before = bindings(binary)
    wanted = order(binary, before)
    trial = reordered(binary, output, needed(binary), wanted)
    after = bindings(trial)
    changed = [k for k in before if after.get(k) != before[k]]
    if changed or set(after) != set(before):
        os.unlink(trial)
        source, symbol, _ = (changed or sorted(set(after) ^ set(before)))[0]
        return plain_copy(binary, output), (f"reordering would change where {symbol} (from "
                                            f"{os.path.basename(source)}) resolves; order left as linked")
    return trial, f"{output}: {len(wanted)} libraries reordered; all {len(before)} references resolve as before"


def plain_copy(binary, output):
    fd, copy = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(output)), prefix=".order-")
    os.close(fd)
    shutil.copy2(binary, copy)
    return copy


def reordered(binary, output, current, wanted):
    """A copy of binary beside output whose NEEDED list starts with wanted, then the rest as
    linked."""
    trial = plain_copy(binary, output)
    missing = [n for n in wanted if n not in current]
    if missing:  # patchelf adds them (in an order of its own); the entries are permuted below
        subprocess.run(["patchelf", *sum((["--add-needed", n] for n in missing), []), trial], check=True)
    permute_needed(trial, wanted + [n for n in current if n not in wanted])
    return trial


def permute_needed(path, names):
    """Rewrites the DT_NEEDED entries of a 64-bit little-endian ELF file in place, in the order
    of names, which must be the same set of names the file already has."""
    with open(path, "r+b") as f:
        data = bytearray(f.read())
        phoff, = struct.unpack_from("<Q", data, 0x20)
        phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
        segments = [struct.unpack_from("<IIQQQQQQ", data, phoff + i * phentsize) for i in range(phnum)]
        dyn = next(s for s in segments if s[0] == PT_DYNAMIC)

        def file_offset(vaddr):
            load = next(s for s in segments if s[0] == PT_LOAD and s[3] <= vaddr < s[3] + s[5])
            return vaddr - load[3] + load[2]
        entries = [(dyn[2] + i, *struct.unpack_from("<qQ", data, dyn[2] + i)) for i in range(0, dyn[5], 16)]
        strtab = file_offset(next(v for _, tag, v in entries if tag == DT_STRTAB))
        slots = [(at, v) for at, tag, v in entries if tag == DT_NEEDED]
        offsets = {data[strtab + v:data.index(0, strtab + v)].decode(): v for _, v in slots}
        if sorted(offsets) != sorted(names):
            raise RuntimeError("NEEDED entries are not the expected set")
        for (at, _), name in zip(slots, names):
            struct.pack_into("<qQ", data, at, DT_NEEDED, offsets[name])
        f.seek(0)
        f.write(data)


if __name__ == "__main__":
    main()
