#!/usr/bin/env python3
"""Writes the program blobs of recorded record seeds (tests/fuzz/corpus/records/<scene>, the
format of tests/fuzz/fuzz_stream.h) as the blob parser's seeds, tests/fuzz/corpus/blob/
<scene>-<first 12 hex digits of the blob's SHA-1>: the staged bytes each ProgramCreate (op 8)
names. Run after tools/record-fuzz-seeds.sh; the blob folder's old seeds (but found_*) go."""
import hashlib, os, struct, sys

STAGING = 4 << 20  # FUZZ_STAGING_SIZE
OP_PROGRAM_CREATE = 8

def blobs(data):
    arena = bytearray(STAGING)
    p = 0
    while p < len(data):
        kind = data[p] % 4
        p += 1
        if kind == 0:
            op, size = struct.unpack_from('<HI', data, p)
            p += 6
            body = data[p:p + size]
            p += size
            if op == OP_PROGRAM_CREATE and len(body) >= 16:
                off, n = struct.unpack_from('<II', body, 8)
                yield bytes(arena[off:off + n])
        elif kind == 1:
            off, size = struct.unpack_from('<II', data, p)
            p += 8
            chunk = data[p:p + size]
            p += size
            off %= STAGING
            chunk = chunk[:STAGING - off]
            arena[off:off + len(chunk)] = chunk
        elif kind == 2:
            size = struct.unpack_from('<I', data, p + 16)[0]
            p += 20 + size
        # kind 3: nothing

def main():
    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rec = os.path.join(src, 'tests/fuzz/corpus/records')
    out = os.path.join(src, 'tests/fuzz/corpus/blob')
    for f in os.listdir(out):
        if not f.startswith('found_'):
            os.unlink(os.path.join(out, f))
    for name in sorted(os.listdir(rec)):
        if name.startswith('found_'):
            continue
        with open(os.path.join(rec, name), 'rb') as fh:
            data = fh.read()
        seen = set()
        for b in blobs(data):
            h = hashlib.sha1(b).hexdigest()[:12]
            if h in seen or not b:
                continue
            seen.add(h)
            with open(os.path.join(out, '%s-%s' % (name, h)), 'wb') as fh:
                fh.write(b)
        print('%s: %d blobs' % (name, len(seen)))

if __name__ == '__main__':
    sys.exit(main())
