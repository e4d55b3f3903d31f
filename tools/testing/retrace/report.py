#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""report.py RESULTS EXPECTED_DIR SUITES FULL_SUITES

Parse what one guest run left in RESULTS (console.log for KUnit, the files
guest/suites.sh writes for the rest), compare every case with
EXPECTED_DIR/<suite>.txt and print one line per suite and a final
"N passed, N failed" line.  Exit 1 on any failure.

Expected lists hold "RESULT CASE" lines.  A case must give its RESULT; a
non-PASS case that now passes is reported, not failed, so the list can be
raised.  In a suite run in full (named in FULL_SUITES), a listed case that
did not run, and in any run, a case the list does not know, fail.
"""
import glob
import os
import re
import sys

ANSI = re.compile(r"\x1b\[[0-9;]*m")
TAP = re.compile(r"^(not ok|ok) \d+ (\S.*?)(?:\s+#\s*(SKIP|XFAIL|TODO).*)?$")


def load_expected(path):
    exp = {}
    if not os.path.exists(path):
        return exp
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if line:
            res, case = line.split(None, 1)
            exp[case.strip()] = res
    return exp


def tap_result(status, directive):
    if directive == "SKIP":
        return "SKIP"
    return "PASS" if status == "ok" else "FAIL"


def parse_kunit(res):
    """Top-level KTAP results (one per suite) from the console log."""
    got = {}
    cases = 0
    path = os.path.join(res, "console.log")
    if not os.path.exists(path):
        return got, cases
    for raw in open(path, errors="replace"):
        line = re.sub(r"^\[\s*\d+\.\d+\]\s?", "", raw.rstrip("\r\n"))
        m = TAP.match(line)
        if m:
            got[m.group(2)] = tap_result(m.group(1), m.group(3))
        elif TAP.match(line.strip()) and line.startswith("    ") and not line.startswith("        "):
            cases += 1
    return got, cases


def parse_selftests(res):
    got = {}
    path = os.path.join(res, "selftests.txt")
    if os.path.exists(path):
        for line in open(path):
            r, n = line.split(None, 1)
            got[n.strip()] = r
    return got


def parse_ftracetest(res):
    """Map ftracetest's case numbers to case files via the kept logs."""
    got = {}
    out = os.path.join(res, "ftracetest.out")
    if not os.path.exists(out):
        return got
    byno = {}
    for log in glob.glob(os.path.join(res, "ftracetest", "*-log.*")):
        no = int(os.path.basename(log).split("-", 1)[0])
        with open(log, errors="replace") as f:
            m = re.match(r"execute( \(instance\) )?: \S*/test\.d/(\S+)", f.readline())
        if m:
            byno[no] = ("(instance) " if m.group(1) else "") + m.group(2)
    for line in open(out, errors="replace"):
        m = re.match(r"^\[(\d+)\].*\[(\w+)\]\s*$", ANSI.sub("", line))
        if m:
            no = int(m.group(1))
            got[byno.get(no, "case#%d" % no)] = m.group(2)
    return got


def parse_binaries(res, suite):
    """kselftest-harness binaries of one suite: BINARY:TEST from their TAP."""
    got = {}
    for out in sorted(glob.glob(os.path.join(res, suite, "*.out"))):
        b = os.path.basename(out)[:-4]
        seen = False
        for line in open(out, errors="replace"):
            m = TAP.match(line.strip())
            if m:
                seen = True
                got["%s:%s" % (b, m.group(2))] = tap_result(m.group(1), m.group(3))
        if not seen:
            got["%s:(run)" % b] = "FAIL"
    return got


def compare(name, got, exp, full, extra=""):
    passed = failed = 0
    notes = []
    other = {}
    for case, r in sorted(got.items()):
        e = exp.get(case)
        if e is None:
            failed += 1
            notes.append("  %s: %s %s (not in expected/%s.txt)" % (name, r, case, name))
        elif r == e or (r == "PASS" and e != "PASS"):
            if r == "PASS":
                passed += 1
                if e != "PASS":
                    notes.append("  %s: newly PASS %s (was %s): raise the list" % (name, case, e))
            else:
                other[r] = other.get(r, 0) + 1
        else:
            failed += 1
            notes.append("  %s: FAIL %s: %s, expected %s" % (name, case, r, e))
    if full:
        missing = sorted(set(exp) - set(got))
        failed += len(missing)
        # A suite that never ran is one line: its cases would bury the
        # guest's own failure, which the summary prints after them.
        if got:
            for case in missing:
                notes.append("  %s: FAIL %s: did not run (expected %s)" % (name, case, exp[case]))
        else:
            failed += 1
            notes.append("  %s: FAIL no results at all (%d expected cases did not run)"
                         % (name, len(missing)))
    tail = ", ".join("%d %s" % (n, r.lower()) for r, n in sorted(other.items()))
    line = "%-12s %4d passed, %d failed%s%s" % (name, passed, failed,
                                             " (as expected: %s)" % tail if tail else "", extra)
    return passed, failed, line, notes


def main():
    res, expdir, suites, full = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split()
    parsers = {"kunit": parse_kunit, "selftests": parse_selftests,
               "ftracetest": parse_ftracetest,
               "user_events": lambda r: parse_binaries(r, "user_events"),
               "ring-buffer": lambda r: parse_binaries(r, "ring-buffer")}
    tp = tf = 0
    lines, notes = [], []
    for s in suites:
        extra = ""
        if s == "kunit":
            got, ncases = parse_kunit(res)
            extra = " [%d cases]" % ncases
        else:
            got = parsers[s](res)
        p, f, line, n = compare(s, got, load_expected(os.path.join(expdir, s + ".txt")),
                                s in full, extra)
        tp += p
        tf += f
        lines.append(line)
        notes += n
    for line in lines:
        print(line)
    for n in notes:
        print(n)
    # check.sh adds its own failures; make check prints the file last.
    with open(os.path.join(res, "failures.txt"), "w") as fh:
        fh.writelines(n.strip() + "\n" for n in notes if " FAIL" in n or "not in expected" in n)
    return tp, tf


if __name__ == "__main__":
    p, f = main()
    with open(os.path.join(sys.argv[1], "summary.counts"), "w") as fh:
        fh.write("%d %d\n" % (p, f))
    sys.exit(1 if f else 0)
