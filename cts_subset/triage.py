#!/usr/bin/env python3
"""cts_subset/triage.py: groups the tests of a results JSON (cts_subset/run --results) that did
not pass by their likely cause, biggest group first, with one example each.

  cts_subset/triage.py build/cts_subset/results.json                       # top 15
  cts_subset/triage.py RESULTS.json --top 40 --status Crash --list deqp-gles3

The cause of a test is, in this order: the first entry point splitgl says it does not implement
("splitgl: WARN: glFoo is not implemented") in the test's own output (not counting the
glBindTransformFeedback of dEQP's state reset that ends every GLES3 case); else the first other
warning splitgl printed (a format or type it refuses ...); else the reason line the
runner kept (dEQP's status line or QPA text, piglit's failing line) with numbers replaced by #
and the call site (file.cpp:line) kept, since one call site failing is usually one cause.
NotSupported results are counted apart (a missing extension or context, not a wrong answer).
With --markdown it prints a table for cts_subset/README.md. Python 3 standard library only.
"""
import argparse
import collections
import json
import re
import sys

UNIMPL_RX = re.compile(r'splitgl: WARN: (\w+) is not implemented')
WARN_RX = re.compile(r'splitgl: WARN: (.*)')
NUM_RX = re.compile(r'(?<![\w.:])(0x[0-9a-fA-F]+|-?\d+(\.\d+)?(e[-+]?\d+)?)')
RESET_WARN = 'glBindTransformFeedback is not implemented (GL_INVALID_OPERATION)'


def cause(r):
    fns = UNIMPL_RX.findall(r.get('log', '') or '')
    if fns and fns[-1] == 'glBindTransformFeedback':
        fns.pop()  # dEQP's state reset after every GLES3 case calls it: not this case's cause
    if fns:
        return '%s is not implemented' % fns[0]
    warns = [w for w in WARN_RX.findall(r.get('log', '') or '') if w.strip() != RESET_WARN]
    if warns:  # splitgl says what it refused (a format, a type ...)
        return 'splitgl: ' + NUM_RX.sub('#', warns[0].strip())[:140]
    d = (r.get('detail') or r.get('status')).strip()
    d = re.sub(r"'[^']*'", "'...'", d) if 'Runtime check' not in d else d
    return NUM_RX.sub('#', d)[:150]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('results', nargs='+', help='results JSON files (merged)')
    ap.add_argument('--top', type=int, default=15)
    ap.add_argument('--status', action='append', help='only these statuses (default: all but Pass, NotSupported)')
    ap.add_argument('--list', help='only this list (deqp-gles3 ...)')
    ap.add_argument('--markdown', action='store_true')
    args = ap.parse_args()
    res = {}
    for p in args.results:
        with open(p) as f:
            res.update(json.load(f)['results'])
    want = set(args.status) if args.status else None
    groups = collections.defaultdict(list)
    notsup = collections.Counter()
    for name, r in sorted(res.items()):
        if args.list and r.get('list') != args.list:
            continue
        st = r['status']
        if st == 'Pass':
            continue
        if want is None and st == 'NotSupported':
            notsup[NUM_RX.sub('#', r.get('detail', ''))[:100]] += 1
            continue
        if want is not None and st not in want:
            continue
        groups[cause(r)].append((name, r))
    ranked = sorted(groups.items(), key=lambda kv: -len(kv[1]))
    total = sum(len(v) for v in groups.values())
    if args.markdown:
        print('| # | cause | cases | statuses | areas | example |')
        print('|---:|---|---:|---|---|---|')
    else:
        print('%d tests did not pass in %d groups; top %d:' % (total, len(groups), args.top))
    for i, (key, items) in enumerate(ranked[:args.top], 1):
        sts = collections.Counter(r['status'] for _, r in items)
        areas = collections.Counter('%s %s' % (r.get('list', ''), r.get('area', '')) for _, r in items)
        example = items[0][0]
        if args.markdown:
            print('| %d | %s | %d | %s | %s | `%s` |' % (
                i, key.replace('|', '/'), len(items), ', '.join('%s %d' % kv for kv in sts.most_common()),
                ', '.join('%s %d' % kv for kv in areas.most_common(3)), example))
        else:
            print('\n%2d. %5d  %s' % (i, len(items), key))
            print('          %s' % ', '.join('%s %d' % kv for kv in sts.most_common()))
            print('          areas: %s' % ', '.join('%s %d' % kv for kv in areas.most_common(4)))
            print('          e.g. %s' % example)
    covered = sum(len(v) for _, v in ranked[:args.top])
    print('\n%s%d of %d in the top %d; NotSupported apart: %d (top reasons: %s)' % (
        '' if not args.markdown else '', covered, total, min(args.top, len(ranked)), sum(notsup.values()),
        '; '.join('%s %d' % kv for kv in notsup.most_common(5))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
