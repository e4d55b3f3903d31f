#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""series.py - retrace as a git format-patch series against the pristine base.

    series.py make  PROJECT BASE OUT WORK   write the series into OUT
    series.py check PROJECT BASE OUT WORK   git am OUT onto a fresh repository
                                            of BASE; compare with assemble.py

The series is derived from the same inputs as the assembled tree
(assemble.py): the manifest, the overlay and patches/*.patch.  What goes
into which patch, in which order, and each patch's subject and message are
reviewed text in tools/testing/retrace/series/NN-name.txt (series.rst
describes the format).  A component file claims paths with "Paths:" lines;
every path the overlay adds or changes and every base path the manifest
removes must be claimed by exactly one file (a path named outright beats
a folder "dir/" or a pattern, whose "*" never crosses a "/"), or the
script fails naming it.  A "Patch:" file stands for one of patches/*.patch, applied with
"git apply --cached" at its place, with the patch's own subject and message.

Nothing is written into BASE or a working tree: the commits are built in a
scratch repository (WORK/gen.git) with git plumbing (hash-object,
update-index, apply --cached, write-tree, commit-tree), with a fixed author,
committer and date, so the same repository gives the same series byte for
byte.  Deletions are shown as deletions (--no-renames).

The order, bottom layer first (layers.rst), and why:
  1. the tracepoint core, then the edits outside our paths that follow its
     DECLARE_TRACE(foo) -> foo_tp naming (patches/0001, 0002, 0004) and the
     build lines of its tests (0003): they name what the core defines, so
     they come right after it.  The core and 0002 are one build step (the
     core alone names sched's bare tracepoints *_tp_tp); make series-check
     is where that pair is built.
  2. the staging headers, then patches/0010 (bpf_probe.h includes their
     stages/reset.h), include/linux/trace_events*.h;
  3. kernel/trace, component by component in layer order: ring buffer,
     output library (with trace_records.h, the layouts it prints), filter
     language, lib leaves, write, instance, fs, messages, reader, events,
     triggers, tracers, files, boot, sources.  Each adds its folder and its
     design doc; its objects are not built yet, because upstream's
     kernel/trace/Makefile does not name them;
  4. the build patch: kernel/trace/Makefile and Kconfig, trace_entries.h and
     trace_pending.h, and the removal of every upstream file of kernel/trace.  It comes after the last
     component so that the Makefile never names a file the tree does not
     have yet, and it removes upstream's kernel/trace in the same step that
     builds ours instead, so no step builds an upstream object whose file
     is gone.  The other removals (upstream's stage headers, perf.h) are in
     the patch that replaces them.  The steps of 2 and 3 build upstream's
     kernel/trace against our replaced headers: plausible, not verified
     (per-patch builds are make series-check, a later step);
  5. the samples, then the lab and the selftests.
"""
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True   # no __pycache__ beside the lab's scripts
from assemble import overlay_files, patch_targets, read_manifest, under, walk  # noqa: E402

AUTHOR = ("retrace developers", "retrace@localhost")
# Fixed: the same repository gives the same series.
DATE = "1735689600 +0000"          # 2025-01-01 00:00:00 UTC
ZERO = "0" * 40


def die(msg):
    sys.stderr.write("series: %s\n" % msg)
    sys.exit(1)


def git_env(git_dir, index=None, work=None):
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("GIT_"):
            del env[k]
    env.update(GIT_DIR=git_dir, GIT_CONFIG_NOSYSTEM="1",
               GIT_CONFIG_GLOBAL=os.devnull,
               GIT_AUTHOR_NAME=AUTHOR[0], GIT_AUTHOR_EMAIL=AUTHOR[1],
               GIT_COMMITTER_NAME=AUTHOR[0], GIT_COMMITTER_EMAIL=AUTHOR[1],
               GIT_AUTHOR_DATE=DATE, GIT_COMMITTER_DATE=DATE,
               LC_ALL="C", TZ="UTC")
    if index:
        env["GIT_INDEX_FILE"] = index
    if work:
        env["GIT_WORK_TREE"] = work
    return env


def git(env, *args, inp=None, cwd=None):
    r = subprocess.run(["git", "-c", "gc.auto=0", "-c", "core.trustctime=false",
                        "-c", "core.quotepath=false", *args],
                       input=inp, capture_output=True, env=env, cwd=cwd)
    if r.returncode:
        die("git %s failed:\n%s%s" % (" ".join(args[:3]),
                                      r.stdout.decode(errors="replace")[-2000:],
                                      r.stderr.decode(errors="replace")[-2000:]))
    return r.stdout.decode(errors="surrogateescape")


# --- the repository's inputs: assemble.py's readers, and the patches -------

def patch_files(proj):
    d = os.path.join(proj, "patches")
    return sorted(p for p in os.listdir(d) if p.endswith(".patch")) \
        if os.path.isdir(d) else []


def patch_message(pf):
    """Subject and message of one of patches/*.patch."""
    subject, body, seen = None, [], False
    with open(pf, errors="replace") as f:
        for line in f:
            if line.startswith(("diff --git ", "--- ", "Index: ")):
                break
            if subject is None and line.startswith("Subject:"):
                subject = re.sub(r"^\[PATCH[^]]*\]\s*", "", line[8:].strip())
                seen = True
                continue
            if seen:
                body.append(line.rstrip())
    if not subject:
        die("%s: no Subject: line" % pf)
    return subject, "\n".join(body).strip() + "\n"


# --- the series description --------------------------------------------------

class Entry:
    def __init__(self, path):
        self.file = path
        self.name = os.path.basename(path)[:-4]
        self.subject, self.paths, self.patch, body = None, [], None, []
        with open(path) as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines) and lines[i].strip():
            line = lines[i]
            i += 1
            if line.startswith("#"):
                continue
            key, _, val = line.partition(":")
            val = val.strip()
            if key == "Subject":
                self.subject = val
            elif key == "Paths":
                self.paths += val.split()
            elif key == "Patch":
                self.patch = val
            else:
                die("%s: unknown header '%s'" % (path, key))
        self.body = "\n".join(lines[i:]).strip() + "\n"
        if self.patch and (self.paths or self.subject):
            die("%s: a Patch: entry takes its subject and message from the patch" % path)
        if not self.patch and not (self.subject and self.paths):
            die("%s: needs Subject: and Paths:" % path)

    def claims(self, rel):
        for p in self.paths:
            if p.endswith("/"):
                if rel.startswith(p):
                    return True
            elif any(c in p for c in "*?["):
                # Segment by segment: "*" never crosses a "/".
                ps, rs = p.split("/"), rel.split("/")
                if len(ps) == len(rs) and all(
                        fnmatch.fnmatchcase(r, q) for r, q in zip(rs, ps)):
                    return True
            elif rel == p:
                return True
        return False


def read_entries(sdir):
    files = sorted(f for f in os.listdir(sdir) if re.match(r"\d\d-.*\.txt$", f))
    if not files:
        die("no NN-name.txt in %s" % sdir)
    return [Entry(os.path.join(sdir, f)) for f in files]


# --- make ---------------------------------------------------------------------

def base_index(env, base):
    """Index of the base tree as a maintainer's checkout holds it: every
    file, ignored or not, but the lab's .retrace-base stamp."""
    git(env, "add", "-A", "-f", ".", cwd=base)
    git(env, "rm", "-q", "--cached", "--ignore-unmatch", ".retrace-base", cwd=base)


def blob_of(env, path):
    st = os.lstat(path)
    if os.path.islink(path):
        sha = git(env, "hash-object", "-w", "--stdin",
                  inp=os.readlink(path).encode()).strip()
        return "120000", sha
    sha = git(env, "hash-object", "-w", "--no-filters", path).strip()
    return ("100755" if st.st_mode & 0o111 else "100644"), sha


def make(proj, base, out, work):
    t0 = time.time()
    sdir = os.path.join(proj, "tools/testing/retrace/series")
    entries = read_entries(sdir)
    own, drop = read_manifest(os.path.join(proj, "manifest"))
    removed = own + drop
    overlay = overlay_files(proj, base)
    patches = patch_files(proj)

    gd = os.path.join(work, "gen.git")
    if not os.path.isdir(gd):
        subprocess.run(["git", "init", "-q", "--bare", gd], check=True)
    idx = os.path.join(work, "gen.base.index")
    env = git_env(gd, idx, base)
    base_index(env, base)
    base_tree = git(env, "write-tree").strip()
    base_files = {}
    for line in git(env, "ls-files", "-s", "-z").split("\0"):
        if line:
            meta, rel = line.split("\t", 1)
            mode, sha, _ = meta.split()
            base_files[rel] = (mode, sha)
    env_plain = git_env(gd)
    base_commit = git(env_plain, "commit-tree", base_tree,
                      inp=b"base\n").strip()

    # What changes against the base, path by path, and who claims it.
    change = {}
    for rel in base_files:
        if under(rel, removed) and rel not in overlay:
            change[rel] = None
    for rel, src in overlay.items():
        blob = blob_of(env_plain, src)
        if base_files.get(rel) != blob:
            change[rel] = blob
    for p in own:
        if not any(under(r, [p]) for r in overlay):
            die("manifest owns '%s' but the overlay has no %s" % (p, p))
    owner, errors = {}, []
    for rel in sorted(change):
        who = [e for e in entries if not e.patch and e.claims(rel)]
        exact = [e for e in who if rel in e.paths]
        if len(who) > 1 and len(exact) == 1:
            who = exact     # a path named outright beats a folder or pattern
        if len(who) != 1:
            errors.append("%s: claimed by %s" % (
                rel, ", ".join(e.name for e in who) or "no series entry"))
        else:
            owner.setdefault(who[0].name, []).append(rel)
    seen = [e.patch for e in entries if e.patch]
    for p in patches:
        if seen.count("patches/" + p) != 1:
            errors.append("patches/%s: named by %d Patch: entries (want 1)"
                          % (p, seen.count("patches/" + p)))
    for p in seen:
        if os.path.basename(p) not in patches:
            errors.append("%s: no such patch" % p)
    for e in entries:
        if not e.patch and e.name not in owner:
            errors.append("%s: claims no changed path" % e.file)
    if errors:
        die("the series does not cover the repository exactly:\n  " +
            "\n  ".join(errors))

    # One commit per entry, on a scratch index.
    sidx = os.path.join(work, "gen.step.index")
    shutil.copyfile(idx, sidx)
    senv = git_env(gd, sidx)
    head = base_commit
    for e in entries:
        if e.patch:
            pf = os.path.join(proj, e.patch)
            git(senv, "apply", "--cached", "-p1", "--whitespace=nowarn", pf)
            subject, body = patch_message(pf)
        else:
            lines = []
            for rel in owner[e.name]:
                blob = change[rel]
                if blob is None:
                    lines.append("0 %s\t%s" % (ZERO, rel))
                else:
                    lines.append("%s %s\t%s" % (blob[0], blob[1], rel))
            git(senv, "update-index", "-z", "--index-info",
                inp="\0".join(lines).encode("utf-8", "surrogateescape") + b"\0")
            subject, body = e.subject, e.body
        tree = git(senv, "write-tree").strip()
        msg = "%s\n\n%s" % (subject, body)
        head = git(senv, "commit-tree", tree, "-p", head,
                   inp=msg.encode()).strip()

    # The series.
    if os.path.isdir(out):
        for f in os.listdir(out):
            if f.endswith(".patch"):
                os.unlink(os.path.join(out, f))
    os.makedirs(out, exist_ok=True)
    git(env_plain, "format-patch", "-q", "--no-renames", "--binary",
        "--no-signature", "--cover-letter", "--zero-commit",
        "-o", os.path.abspath(out), "%s..%s" % (base_commit, head))
    cover_letter(proj, base, sdir, os.path.join(out, "0000-cover-letter.patch"))
    print("series: %d patches + cover letter in %s (%.0f s)"
          % (len(entries), out, time.time() - t0))
    return head


def kernelversion(base):
    # Without the flags of a calling make: a command-line O= there would
    # become the base Makefile's output directory, inside the base.
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES", "MAKELEVEL",
                        "O", "KBUILD_OUTPUT")}
    r = subprocess.run(["make", "-s", "-C", base, "kernelversion"],
                       capture_output=True, text=True, env=env)
    if r.returncode:
        die("make kernelversion failed in %s" % base)
    return r.stdout.strip()


def pending_list(proj):
    """The capabilities pending.config turns off, in its order."""
    out = []
    with open(os.path.join(proj, "tools/testing/retrace/configs/pending.config")) as f:
        for line in f:
            m = re.match(r"# pending: ([^(]+?)\s*(\(|$)", line)
            if m and m.group(1) not in out:
                out.append(m.group(1))
    return out


def cover_letter(proj, base, sdir, path):
    with open(os.path.join(sdir, "cover.txt")) as f:
        text = f.read()
    lines = text.split("\n")
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    subject = lines.pop(0).strip()
    blurb = "\n".join(lines).strip("\n")
    blurb = blurb.replace("@VERSION@", kernelversion(base))
    blurb = blurb.replace("@PENDING@", "\n".join(
        "  - " + p for p in pending_list(proj)))
    with open(path) as f:
        letter = f.read()
    if "*** SUBJECT HERE ***" not in letter or "*** BLURB HERE ***" not in letter:
        die("%s: not a format-patch cover letter" % path)
    letter = letter.replace("*** SUBJECT HERE ***", subject, 1)
    letter = letter.replace("*** BLURB HERE ***", blurb, 1)
    with open(path, "w") as f:
        f.write(letter)


# --- check ----------------------------------------------------------------------

def fresh_copy(base, dst):
    """dst: a new directory of hard links to the base's files (git and
    assemble.py replace a file, they never write into one, so the base's
    inodes are left alone).  BASE is a real path (main() resolves it), so
    dst is never a symlink to the base itself."""
    if os.path.islink(dst):
        os.unlink(dst)
    elif os.path.exists(dst):
        shutil.rmtree(dst)
    subprocess.run(["cp", "-al", base + "/.", dst], check=True)
    if os.path.islink(dst) or os.path.samefile(dst, base):
        die("%s is not a copy of %s" % (dst, base))


def check(proj, base, out, work):
    t0 = time.time()
    own, drop = read_manifest(os.path.join(proj, "manifest"))
    patches = sorted(os.path.join(out, f) for f in os.listdir(out)
                     if f.endswith(".patch") and "cover-letter" not in f)
    if not patches:
        die("no patches in %s (make series)" % out)

    # A fresh git repository of the base, as a maintainer has it.
    am = os.path.join(work, "am")
    fresh_copy(base, am)
    os.unlink(os.path.join(am, ".retrace-base"))
    env = git_env(os.path.join(am, ".git"), work=am)
    git(env, "init", "-q", am)
    git(env, "add", "-A", "-f", ".", cwd=am)
    git(env, "commit", "-q", "--no-verify", "-m", "base %s" % kernelversion(base))
    nbase = len(git(env, "ls-files", "-z").split("\0")) - 1
    base_commit = git(env, "rev-parse", "HEAD").strip()
    shutil.copyfile(os.path.join(am, ".git", "index"),
                    os.path.join(work, "assembled.index"))
    # The command README.md gives: every *.patch; the cover letter has no
    # diff, and --empty=drop skips it.
    r = subprocess.run(["git", "-c", "gc.auto=0", "am", "-q", "--empty=drop"] +
                       sorted(os.path.join(out, f) for f in os.listdir(out)
                              if f.endswith(".patch")),
                       cwd=am, env=env, capture_output=True, text=True)
    if r.returncode:
        die("git am failed:\n%s%s" % (r.stdout[-3000:], r.stderr[-3000:]))
    applied = int(git(env, "rev-list", "--count", "%s..HEAD" % base_commit).strip())
    am_tree = git(env, "rev-parse", "HEAD^{tree}").strip()
    if git(env, "status", "--porcelain", "--untracked-files=no").strip():
        die("git am left the working tree unlike HEAD")

    # The tree assemble.py builds, hashed into the same repository.
    tree = os.path.join(work, "tree")
    fresh_copy(base, tree)
    overlay = overlay_files(proj, base)
    targets = set(overlay)
    for p in patch_files(proj):
        targets.update(patch_targets(os.path.join(proj, "patches", p)))
    for rel in targets:        # new files, not links into the base
        p = os.path.join(tree, rel)
        if os.path.lexists(p) and not os.path.isdir(p):
            os.unlink(p)
    r = subprocess.run([os.path.join(proj, "tools/testing/retrace/assemble.py"),
                        proj, base, tree], capture_output=True, text=True)
    if r.returncode:
        die("assemble.py failed:\n%s%s" % (r.stdout, r.stderr))
    aenv = git_env(os.path.join(am, ".git"),
                   os.path.join(work, "assembled.index"), tree)
    git(aenv, "add", "-A", "-f", ".", cwd=tree)
    as_tree = git(aenv, "write-tree").strip()
    nfiles = len(git(aenv, "ls-files", "-z").split("\0")) - 1

    print("series-am: base %s: %d files, committed in a fresh repository"
          % (kernelversion(base), nbase))
    print("series-am: git am %s/*.patch: %d patches applied (cover letter skipped)"
          % (out, applied))
    print("series-am: tree after git am:      %s" % am_tree)
    print("series-am: tree of assemble.py:    %s (%d files)" % (as_tree, nfiles))
    ok = True
    if am_tree != as_tree:
        ok = False
        diff = git(env, "diff", "--no-renames", "--name-status", as_tree, am_tree)
        print("series-am: DIFFERENT (assembled -> git am):")
        sys.stdout.write("".join("  " + l + "\n" for l in diff.splitlines()[:50]))
    else:
        print("series-am: identical, file for file (paths, modes, contents)")
    present = [p for p in drop
               if git(env, "ls-tree", "-r", "--name-only", "HEAD", "--", p).strip()]
    print("series-am: manifest drops absent after git am: %d of %d"
          % (len(drop) - len(present), len(drop)))
    for p in present:
        ok = False
        print("series-am:   still present: %s" % p)
    for d in (am, tree):
        shutil.rmtree(d)
    os.unlink(os.path.join(work, "assembled.index"))
    print("series-am: %s (%.0f s)" % ("OK" if ok else "FAILED", time.time() - t0))
    return ok


def main():
    if len(sys.argv) != 6 or sys.argv[1] not in ("make", "check", "all"):
        die("usage: series.py make|check|all PROJECT BASE OUT WORK")
    # Real paths: build/base is often a symlink to a shared read-only tree,
    # and a copy of the symlink would be the shared tree itself.
    cmd, proj, base, out, work = sys.argv[1], *(os.path.realpath(a)
                                                 for a in sys.argv[2:])
    for d in (out, work):
        if d == base or d.startswith(base + "/"):
            die("%s is inside the base tree %s" % (d, base))
    if not os.path.isfile(os.path.join(base, "Makefile")):
        die("no base tree at %s (run 'make deps')" % base)
    os.makedirs(work, exist_ok=True)
    if cmd in ("make", "all"):
        make(proj, base, out, work)
    if cmd in ("check", "all"):
        sys.exit(0 if check(proj, base, out, work) else 1)


if __name__ == "__main__":
    main()
