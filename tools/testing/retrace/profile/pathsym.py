#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# pathsym.py KALLSYMS TRACE - instructions per function of a stepped call
# (pathstep.py's TRACE), with the guest's /proc/kallsyms to name them.
# Prints the functions in the order first run, with the instructions run
# in each (its own, not its callees'), then the total.
import bisect
import sys

syms = []
with open(sys.argv[1]) as f:
    for line in f:
        part = line.split()
        if len(part) >= 3 and part[1] in 'tTwW':
            syms.append((int(part[0], 16), part[2]))
syms.sort()
addrs = [a for a, _ in syms]

counts = {}
with open(sys.argv[2]) as f:
    for line in f:
        pc = int(line, 16)
        i = bisect.bisect_right(addrs, pc) - 1
        name = syms[i][1] if i >= 0 else '?'
        counts[name] = counts.get(name, 0) + 1
for name, n in counts.items():
    print('%6d  %s' % (n, name))
print('%6d  total' % sum(counts.values()))
