#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""layercheck.py OUT TABLE [--graph]

Check that kernel/trace's components reference each other only downwards.

TABLE is Documentation/trace/retrace/layers.rst: its component table gives
each component a layer and the objects it is made of (shell patterns
relative to kernel/trace, matched against every object the build made
there).  OUT is the kernel build directory.

For every object linked into vmlinux or into a module of kernel/trace, the
undefined symbols (nm -u) are matched with the object of kernel/trace that
defines them.  A reference from one component to another is an edge of the
component graph.  The check fails, naming both objects and the symbol, on

  - an edge to a component of a higher layer;
  - a cycle of components (components of one layer may use each other,
    but not both ways round);
  - an object that no row of the table claims, or a row that claims none.

References inside one component are free.  There is no list of exceptions.
--graph prints the component graph (one edge a line, with its symbols).
"""

import fnmatch
import os
import re
import subprocess
import sys


def read_table(path):
    """The rows of the first simple table after '.. layer table', as
    (layer, component, [patterns]); a row whose layer cell is empty
    continues the row above."""
    lines = open(path, encoding='utf-8').read().splitlines()
    try:
        start = next(i for i, l in enumerate(lines)
                     if l.startswith('.. layer table'))
    except StopIteration:
        sys.exit(f'layercheck: {path}: no ".. layer table" marker')
    rules = [i for i in range(start, len(lines))
             if re.fullmatch(r'=+( +=+)+', lines[i])]
    if len(rules) < 3:
        sys.exit(f'layercheck: {path}: the layer table is not a simple table')
    cols = [(m.start(), m.end()) for m in re.finditer(r'=+', lines[rules[0]])]
    rows = []
    for line in lines[rules[1] + 1:rules[2]]:
        if not line.strip():
            continue
        cells = []
        for n, (a, _) in enumerate(cols):
            b = cols[n + 1][0] if n + 1 < len(cols) else len(line)
            cells.append(line[a:b].strip())
        layer, comp, objs = cells[0], cells[1], cells[2].replace('``', '')
        if layer:
            rows.append([int(layer), comp, objs.split()])
        elif rows:
            rows[-1][2] += objs.split()
    return rows


def nm(obj, *flags):
    out = subprocess.run(['nm', *flags, obj], capture_output=True,
                         text=True, check=True).stdout
    return [l.split() for l in out.splitlines() if l.strip()]


def objects(out):
    """The leaf objects of kernel/trace: the members of its built-in.a and
    the objects of its modules (from their .mod files)."""
    top = os.path.join(out, 'kernel/trace')
    objs = set()
    ar = subprocess.run(['ar', 't', os.path.join(top, 'built-in.a')],
                        capture_output=True, text=True, check=True).stdout
    for m in ar.split():
        objs.add(os.path.normpath(m if os.path.isabs(m)
                                  else os.path.join(out, m)))
    for dirpath, _, files in os.walk(top):
        for f in files:
            if f.endswith('.mod'):
                for m in open(os.path.join(dirpath, f)).read().split():
                    objs.add(os.path.normpath(os.path.join(out, m)))
    # Thin archives list their members by path; composite objects (foo-y)
    # appear whole: count their parts instead when the parts exist.
    return sorted(o for o in objs if o.startswith(top + '/'))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    graph = '--graph' in sys.argv
    if len(args) != 2:
        sys.exit(__doc__)
    out, table = args
    rows = read_table(table)
    top = os.path.join(os.path.abspath(out), 'kernel/trace')
    objs = objects(os.path.abspath(out))
    bad = []

    comp_of, layer_of, used = {}, {}, set()
    for layer, comp, _ in rows:
        layer_of[comp] = layer
    for o in objs:
        rel = os.path.relpath(o, top)
        for layer, comp, pats in rows:
            if any(fnmatch.fnmatchcase(rel, p) for p in pats):
                comp_of[o] = comp
                used.add(comp)
                break
        else:
            bad.append(f'{rel}: in no component of the layer table')
    for _, comp, _ in rows:
        if comp not in used:
            bad.append(f'component {comp}: no object matches its patterns')

    definer = {}
    for o in comp_of:
        for f in nm(o, '--defined-only'):
            if len(f) == 3 and f[1] in 'TDBRGSVWi':
                # a strong definition wins over a weak one
                if f[2] not in definer or f[1] not in 'VW':
                    definer[f[2]] = o

    edges = {}
    for o, comp in comp_of.items():
        for f in nm(o, '-u'):
            sym = f[-1]
            d = definer.get(sym)
            if d is None or comp_of[d] == comp:
                continue
            edges.setdefault((comp, comp_of[d]), []).append(
                (os.path.relpath(o, top), os.path.relpath(d, top), sym))

    for (a, b), refs in sorted(edges.items()):
        if layer_of[b] > layer_of[a]:
            for src, dst, sym in refs:
                bad.append(f'up: {a} (L{layer_of[a]}, {src}) -> '
                           f'{b} (L{layer_of[b]}, {dst}): {sym}')

    # Cycles: the strongly connected components of the component graph
    # (Tarjan); each one of more than one component is reported once.
    succ = {}
    for a, b in edges:
        succ.setdefault(a, set()).add(b)
    index, low, stack, on, sccs = {}, {}, [], set(), []

    def strong(c):
        index[c] = low[c] = len(index)
        stack.append(c)
        on.add(c)
        for n in sorted(succ.get(c, ())):
            if n not in index:
                strong(n)
                low[c] = min(low[c], low[n])
            elif n in on:
                low[c] = min(low[c], index[n])
        if low[c] == index[c]:
            scc = []
            while True:
                n = stack.pop()
                on.discard(n)
                scc.append(n)
                if n == c:
                    break
            if len(scc) > 1:
                sccs.append(sorted(scc))

    for c in sorted(succ):
        if c not in index:
            strong(c)
    for scc in sccs:
        inner = sorted(f'{a}->{b}' for a, b in edges
                       if a in scc and b in scc)
        bad.append('cycle among ' + ', '.join(scc) + ': ' + ' '.join(inner))

    if graph:
        for (a, b), refs in sorted(edges.items()):
            syms = sorted({s for _, _, s in refs})
            print(f'{a} (L{layer_of[a]}) -> {b} (L{layer_of[b]}): '
                  + ' '.join(syms))

    for b in bad:
        print('layercheck: ' + b)
    ncomp = len(used)
    print(f'layercheck: {len(comp_of)} objects, {ncomp} components, '
          f'{len(edges)} edges, {len(bad)} problems')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
