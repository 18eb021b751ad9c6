#!/usr/bin/env python3
"""Re-makes a kept fuzz_records_magma finding at the current protocol revision from a seed of
tests/fuzz/corpus/records (recorded by tools/record-fuzz-seeds.sh at this revision): the seed's
chunks copied as they are, its N-th Draw record (0-based, counting Draw records only) given a
new vertex count and instance count (Python 3 standard library only):

    tests/fuzz/make-regress.py SEED OUT --draw N --count C --instances I
    tests/fuzz/make-regress.py SEED --list          # the seed's Draw records

The stream format is tests/fuzz/fuzz_stream.h's; Draw is struct wire_draw (wire/payloads.schema:
mode, index_size, start, count, instance_count, ...). fuzz_records_magma_regress replays the
result with FUZZ_REGRESS_DRAWS, which fails if its draw no longer reaches Magma.
"""
import argparse
import re
import struct
import sys
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def draw_op():
    ops = open(os.path.join(HERE, '..', '..', 'wire', 'ops.def')).read()
    m = re.search(r'^OP\(\s*(\d+),\s*Draw,', ops, re.M)
    return int(m.group(1))


def chunks(d):
    """(kind, start of the chunk, start of the body, body size) of each chunk."""
    i = 0
    while i < len(d):
        k, at = d[i] & 3, i
        i += 1
        if k == 0:
            op, size = struct.unpack_from('<HI', d, i)
            i += 6
            yield k, at, i, size, op
            i += size
        elif k == 1:
            _off, size = struct.unpack_from('<II', d, i)
            i += 8 + size
            yield k, at, None, size, None
        elif k == 2:
            op, _f, _s, _q, size = struct.unpack_from('<HHIQI', d, i)
            i += 20
            yield k, at, i, size, op
            i += size
        else:
            yield k, at, None, 0, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('seed')
    ap.add_argument('out', nargs='?')
    ap.add_argument('--list', action='store_true')
    ap.add_argument('--draw', type=int, default=0)
    ap.add_argument('--count', type=int)
    ap.add_argument('--instances', type=int)
    a = ap.parse_args()
    d = bytearray(open(a.seed, 'rb').read())
    op = draw_op()
    draws = [c for c in chunks(d) if c[0] in (0, 2) and c[4] == op and c[3] >= 20]
    if a.list:
        for n, (_k, _at, body, _size, _op) in enumerate(draws):
            print(n, 'mode %d index_size %d start %d count %d instances %d' % struct.unpack_from('<5I', d, body))
        return 0
    if a.out is None or a.count is None or a.instances is None or not 0 <= a.draw < len(draws):
        ap.error('OUT, --count, --instances and a --draw the seed has (%d) are needed' % len(draws))
    body = draws[a.draw][2]
    struct.pack_into('<II', d, body + 12, a.count, a.instances)
    open(a.out, 'wb').write(d)
    return 0


if __name__ == '__main__':
    sys.exit(main())
