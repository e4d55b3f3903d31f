#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Size of relocatable objects as they count in vmlinux: "text data bss".

`size` on a .o counts .rodata as text (it is read-only there), but the
x86 linker script puts .rodata into a writable output section, so
`size vmlinux` counts it as data.  To subtract objects from a vmlinux
figure (make bench: the built-in KUnit suites), classify each allocated
input section by the output section it lands in: .rodata* is data, a
NOBITS section is bss, any other writable one data, the rest text.
"""
import re
import subprocess
import sys

SEC = re.compile(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+"
                 r"([0-9a-f]+)\s+[0-9a-f]+\s+([A-Za-z]*)")


def classify(obj):
    """Return [text, data, bss] of one object."""
    out = subprocess.run(["readelf", "-SW", obj], capture_output=True,
                         text=True, check=True).stdout
    sizes = [0, 0, 0]
    for line in out.splitlines():
        m = SEC.match(line)
        if not m or "A" not in m.group(4):
            continue
        name, kind, size, flags = m.group(1), m.group(2), int(m.group(3), 16), m.group(4)
        if kind == "NOBITS":
            sizes[2] += size
        elif name.startswith(".rodata") or "W" in flags:
            sizes[1] += size
        else:
            sizes[0] += size
    return sizes


def main():
    total = [0, 0, 0]
    for obj in sys.argv[1:]:
        for i, v in enumerate(classify(obj)):
            total[i] += v
    print(*total)


if __name__ == "__main__":
    main()
