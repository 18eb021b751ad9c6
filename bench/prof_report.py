#!/usr/bin/env python3
"""bench/prof_report.py: reads the .prof files libsplitgl-prof.so wrote and prints where the CPU
time went, per process: threads, modules, functions by self time (the sampled program counter)
and by inclusive time (anywhere on the sampled stack).

    bench/prof_report.py [--top N] [--root DIR] FILE.prof ...

Addresses are symbolized with binutils' addr2line against the files the mappings name; with
--root DIR a file is looked up under DIR first (profiles taken on another machine: copy the
binaries there to DIR with their paths). A library that is found nowhere (a vendor's driver)
is reported as module+offset, and counted under its module. Python 3 standard library and
binutils only."""
import argparse
import collections
import os
import subprocess
import sys


def parse(path):
    maps, threads, samples, header = [], {}, [], ""
    section = None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# splitgl-prof"):
                header = line[2:]
                continue
            if line.startswith("# "):
                section = line[2:].split(":")[0]
                continue
            if section == "maps":
                parts = line.split(None, 5)
                if len(parts) >= 6 and "x" in parts[1]:
                    lo, hi = (int(x, 16) for x in parts[0].split("-"))
                    maps.append((lo, hi, int(parts[2], 16), parts[5]))
            elif section == "threads":
                tid, _, name = line.partition(" ")
                threads[int(tid)] = name
            elif section == "samples":
                parts = line.split()
                samples.append((int(parts[0]), int(parts[1], 16), [int(x, 16) for x in parts[2:]]))
    maps = sorted(set(maps))
    return header, maps, threads, samples


def find_map(maps, addr):
    lo_i, hi_i = 0, len(maps)
    while lo_i < hi_i:
        mid = (lo_i + hi_i) // 2
        if maps[mid][0] <= addr:
            lo_i = mid + 1
        else:
            hi_i = mid
    if lo_i and maps[lo_i - 1][0] <= addr < maps[lo_i - 1][1]:
        return maps[lo_i - 1]
    return None


_load_segments = {}


def file_vaddr(path, file_off):
    """The ELF virtual address of a file offset (what addr2line takes)."""
    if path not in _load_segments:
        segs = []
        try:
            out = subprocess.run(["readelf", "-lW", path], capture_output=True, text=True).stdout
            for line in out.splitlines():
                p = line.split()
                if p and p[0] == "LOAD":
                    segs.append((int(p[1], 16), int(p[2], 16), int(p[4], 16)))
        except OSError:
            pass
        _load_segments[path] = segs
    for off, vaddr, filesz in _load_segments[path]:
        if off <= file_off < off + filesz:
            return file_off - off + vaddr
    return file_off


def has_symtab(path):
    """A stripped library (a driver without its debug package) has only exported symbols, and
    addr2line would name the nearest of those: true when the file or its installed debug file
    has a full symbol table."""
    try:
        sections = subprocess.run(["readelf", "-SW", path], capture_output=True, text=True).stdout
        if " .symtab " in sections:
            return True
        notes = subprocess.run(["readelf", "-nW", path], capture_output=True, text=True).stdout
    except OSError:
        return False
    for line in notes.splitlines():
        if "Build ID:" in line:
            bid = line.split("Build ID:")[1].strip()
            return os.path.exists("/usr/lib/debug/.build-id/%s/%s.debug" % (bid[:2], bid[2:]))
    return False


class Symbolizer:
    def __init__(self, root):
        self.root = root
        self.cache = {}

    def resolve_path(self, path):
        if self.root:
            cand = os.path.join(self.root, path.lstrip("/"))
            if os.path.exists(cand):
                return cand
            cand = os.path.join(self.root, os.path.basename(path))
            if os.path.exists(cand):
                return cand
        return path if os.path.exists(path) else None

    def symbolize(self, requests):
        """requests: {module path: set(file offsets)} -> {(path, off): name}"""
        out = {}
        for path, offs in requests.items():
            real = self.resolve_path(path)
            offs = sorted(offs)
            base = os.path.basename(path)
            if not real:
                for o in offs:
                    out[(path, o)] = "%s+0x%x" % (base, o)
                continue
            if not has_symtab(real):
                # addr2line would name the nearest exported symbol: misleading, so offsets
                for o in offs:
                    out[(path, o)] = "%s+0x%x" % (base, o)
                continue
            addrs = ["0x%x" % file_vaddr(real, o) for o in offs]
            names = []
            for i in range(0, len(addrs), 2000):
                res = subprocess.run(["addr2line", "-f", "-C", "-e", real] + addrs[i:i + 2000],
                                     capture_output=True, text=True).stdout.splitlines()
                names += res[0::2]
            for o, n in zip(offs, names):
                out[(path, o)] = ("%s+0x%x" % (base, o)) if n in ("??", "") else "%s (%s)" % (n, base)
        return out


def report(path, sym, top):
    header, maps, threads, samples = parse(path)
    print("== %s" % os.path.basename(path))
    print("   %s" % header)
    if not samples:
        print("   no samples")
        return

    def loc(addr):
        m = find_map(maps, addr)
        if not m:
            return ("?", addr)
        return (m[3], addr - m[0] + m[2])

    # A sample's stack: the interrupted pc, then the callers backtrace() found past the
    # signal frame (the frames before the one that holds the pc are the handler's own).
    stacks = []
    for tid, pc, frames in samples:
        callers = []
        for i, fr in enumerate(frames):
            if fr == pc:
                callers = frames[i + 1:]
                break
        else:
            callers = frames[3:]
        # return addresses point after the call: step back one byte to land in the caller
        stacks.append((tid, [loc(pc)] + [loc(a - 1) for a in callers]))

    req = collections.defaultdict(set)
    for _, st in stacks:
        for mod, off in st:
            req[mod].add(off)
    names = sym.symbolize(req)

    n = len(stacks)
    by_thread = collections.Counter(threads.get(t, str(t)) for t, _ in stacks)
    by_module = collections.Counter(os.path.basename(st[0][0]) for _, st in stacks)
    self_fn = collections.Counter(names[st[0]] for _, st in stacks)
    incl_fn = collections.Counter()
    for _, st in stacks:
        incl_fn.update(set(names[f] for f in st))

    def table(title, counter, k):
        print("   %s" % title)
        for name, c in counter.most_common(k):
            print("   %6.1f%%  %6d  %s" % (100.0 * c / n, c, name))

    print("   %d samples" % n)
    table("threads", by_thread, 12)
    table("modules (self)", by_module, 12)
    table("functions (self)", self_fn, top)
    table("functions (inclusive)", incl_fn, top)
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--root", default=None, help="look binaries up under this folder first")
    args = ap.parse_args()
    sym = Symbolizer(args.root)
    for f in args.files:
        report(f, sym, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
