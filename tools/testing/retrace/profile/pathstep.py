# SPDX-License-Identifier: GPL-2.0
#
# pathstep.py - run by gdb (-batch -x) against QEMU's gdb stub: break at
# PS_ADDR after PS_IGNORE hits, then single-step until that call returns,
# and write the address of every instruction run to PS_OUT, one per line.
# PS_GO is created once the breakpoint is armed (the guest waits for it).
# QEMU steps with interrupts and timers held off, so only the call is seen.
import os

import gdb

MASK = (1 << 64) - 1


def reg(name):
    return int(gdb.parse_and_eval('$' + name)) & MASK


gdb.execute('set architecture i386:x86-64')
gdb.execute('set pagination off')
gdb.execute('target remote :' + os.environ['PS_PORT'])
gdb.execute('hbreak *' + os.environ['PS_ADDR'])
bp = gdb.breakpoints()[-1]
bp.ignore_count = int(os.environ['PS_IGNORE'])
open(os.environ['PS_GO'], 'w').close()
gdb.execute('continue')
bp.delete()

sp0 = reg('sp')
pcs = []
while reg('sp') <= sp0:
    pcs.append(reg('pc'))
    gdb.execute('stepi', to_string=True)
with open(os.environ['PS_OUT'], 'w') as f:
    f.writelines('%x\n' % pc for pc in pcs)
gdb.execute('detach')
