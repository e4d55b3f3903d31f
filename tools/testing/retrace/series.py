#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""series.py - retrace as a git format-patch series against the pristine base.

    series.py make  PROJECT BASE OUT WORK   write the series into OUT
    series.py check PROJECT BASE OUT WORK   git am OUT onto a fresh repository
                                            of BASE; compare with assemble.py
    series.py all   PROJECT BASE OUT WORK   make, then check
    series.py steps PROJECT BASE OUT WORK FRAGMENT...
                                            all, then build the kernel after
                                            every patch and run checkpatch

The series is derived from the same inputs as the assembled tree
(assemble.py): the manifest, the overlay and patches/*.patch.  What goes
into which patch, in which order, each patch's subject, message and notes
are reviewed text in tools/testing/retrace/series/NN-name.txt (series.rst
describes the format).  A component file claims paths with "Paths:" lines;
every path the overlay adds or changes and every base path the manifest
removes must be claimed by exactly one file (a path named outright beats
a folder "dir/" or a pattern, whose "*" never crosses a "/"), or the
script fails naming it.  A file with a lone "Patch:" line stands for one
of patches/*.patch, with the patch's own subject and message; a component
may name patches that must build with it, and "Interim:" diffs of paths a
later patch gives their content.

Nothing is written into BASE or a working tree: the commits are built in a
scratch repository (WORK/gen.git) with git plumbing (hash-object,
update-index, apply --cached, write-tree, commit-tree), with a fixed author,
committer and date, so the same repository gives the same series byte for
byte.  Deletions are shown as deletions (--no-renames).

The order (series.rst says why): the tracepoint core with what it needs to
build, the edits outside our paths that follow it, kernel/trace component
by component, roughly in layer order (not built yet: upstream's Makefile
does not name them), the switch that builds them and brings every public
header of the trace core (upstream's kernel/trace builds against one set
of them only), the samples, the lab, MAINTAINERS.
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
SIGNOFF = "Signed-off-by: %s <%s>" % AUTHOR


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
    text = "\n".join(body).strip() + "\n"
    # patches/ messages open with "Why: " (CONTRACT.md); a commit message
    # just says it.
    if text.startswith("Why: "):
        text = text[5].upper() + text[6:]
    return subject, text


# --- the series description --------------------------------------------------

class Entry:
    def __init__(self, path):
        self.file = path
        self.name = os.path.basename(path)[:-4]
        self.subject, self.paths, self.patches, self.interim = None, [], [], []
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
                self.patches.append(val)
            elif key == "Interim":
                self.interim.append(os.path.join(os.path.dirname(path), val))
            else:
                die("%s: unknown header '%s'" % (path, key))
        # The message, then after a line "---" the note for reviewers,
        # which the mail carries below its own "---" and git am leaves out.
        rest = lines[i:]
        cut = rest.index("---") if "---" in rest else len(rest)
        self.body = "\n".join(rest[:cut]).strip() + "\n"
        self.note = "\n".join(rest[cut + 1:]).strip()
        # A patch entry stands for one of patches/*.patch, with its own
        # subject and message; a component may also carry patches/*.patch
        # that must build together with it, its message covering them.
        self.patch = None
        if not self.subject and not self.paths:
            if len(self.patches) != 1 or self.body.strip():
                die("%s: a Patch: entry names one patch and has no message" % path)
            self.patch = self.patches[0]
            if self.interim:
                die("%s: a Patch: entry has no Interim: diffs" % path)
        elif not (self.subject and self.paths):
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
    seen = [p for e in entries for p in e.patches]
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
    steps = []
    # Notes of an earlier run stay on a commit whose message is the same.
    subprocess.run(["git", "update-ref", "-d", "refs/notes/commits"],
                   env=env_plain, capture_output=True)
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
            for p in e.patches:
                git(senv, "apply", "--cached", "-p1", "--whitespace=nowarn",
                    os.path.join(proj, p))
            # A file that must change here to build, and whose own content
            # comes with a later patch; the git am check shows it does.
            for d in e.interim:
                for rel in patch_targets(d):
                    if rel not in change or e.claims(rel) or not any(
                            x.claims(rel) for x in entries[entries.index(e) + 1:]):
                        die("%s: %s is not a path a later patch gives its content"
                            % (d, rel))
                git(senv, "apply", "--cached", "-p1", "--whitespace=nowarn", d)
            subject, body = e.subject, e.body
        tree = git(senv, "write-tree").strip()
        msg = "%s\n\n%s" % (subject, body)
        if SIGNOFF not in body.split("\n"):
            msg = "%s\n\n%s\n" % (msg.rstrip("\n"), SIGNOFF)
        head = git(senv, "commit-tree", tree, "-p", head,
                   inp=msg.encode()).strip()
        if e.note:
            git(env_plain, "notes", "add", "-f", "-m", e.note, head)
        steps.append((e, head))

    # The series.
    if os.path.isdir(out):
        for f in os.listdir(out):
            if f.endswith(".patch"):
                os.unlink(os.path.join(out, f))
    os.makedirs(out, exist_ok=True)
    git(env_plain, "format-patch", "-q", "--no-renames", "--binary",
        "--no-signature", "--cover-letter", "--zero-commit", "--notes",
        "-o", os.path.abspath(out), "%s..%s" % (base_commit, head))
    cover_letter(proj, base, sdir, os.path.join(out, "0000-cover-letter.patch"))
    print("series: %d patches + cover letter in %s (%.0f s)"
          % (len(entries), out, time.time() - t0))
    return base_commit, steps


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


# --- steps: every patch builds, and what checkpatch says of it ---------------

def materialize(env, tree, prev, cur):
    """Turn the working tree of commit prev into that of commit cur, file
    by file: a changed file is unlinked and written anew (the tree starts
    as hard links to the base), an unchanged one keeps its time stamp, so
    the build after it is incremental."""
    raw = git(env, "diff-tree", "-r", "-z", "--no-renames", prev, cur)
    parts = raw.split("\0")
    todo = []
    for i in range(0, len(parts) - 1, 2):
        meta, rel = parts[i], parts[i + 1]
        _, newmode, _, newsha, status = meta[1:].split()
        todo.append((rel, newmode, newsha, status))
    blobs = [t[2] for t in todo if t[3] != "D"]
    r = subprocess.run(["git", "cat-file", "--batch"], env=env,
                       input="".join(b + "\n" for b in blobs).encode(),
                       capture_output=True, check=True)
    data, pos, content = r.stdout, 0, {}
    for b in blobs:
        nl = data.index(b"\n", pos)
        size = int(data[pos:nl].split()[2])
        content[b] = data[nl + 1:nl + 1 + size]
        pos = nl + 1 + size + 1
    for rel, mode, sha, status in todo:
        p = os.path.join(tree, rel)
        if os.path.lexists(p):
            os.unlink(p)
        if status == "D":
            continue
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if mode == "120000":
            os.symlink(content[sha].decode(), p)
            continue
        with open(p, "wb") as f:
            f.write(content[sha])
        os.chmod(p, 0o755 if mode == "100755" else 0o644)
    return len(todo)


CP_LINE = re.compile(r"^(.*?):(\d+): (ERROR|WARNING|CHECK):([A-Z0-9_]+): (.*)$")


def checkpatch(base, patch, cwd):
    """checkpatch.pl --strict of the base on one patch: [(kind, type, where, msg)].
    It runs in @cwd with --root: checkpatch leaves a cache file in the
    directory it runs in, and nothing is written into the base."""
    r = subprocess.run([os.path.join(base, "scripts/checkpatch.pl"), "--strict",
                        "--root=" + base, "--terse", "--show-types",
                        "--no-summary", patch],
                       cwd=cwd, capture_output=True, text=True, errors="replace")
    found = []
    for line in r.stdout.splitlines():
        m = CP_LINE.match(line)
        if m:
            found.append((m.group(3), m.group(4), "%s:%s" % (m.group(1), m.group(2)),
                          m.group(5)))
        elif line.strip():
            found.append(("ERROR", "UNPARSED", "", line.strip()))
    return found


def steps(proj, base, out, work, frags):
    """make series-check: the series, its git am check, then every patch
    built on the tree of the patches before it and checked by checkpatch."""
    t0 = time.time()
    base_commit, commits = make(proj, base, out, work)
    if not check(proj, base, out, work):
        die("the git am check failed")
    env = git_env(os.path.join(work, "gen.git"))
    # The step tree and its build sit as build/tree and build/out/retrace
    # do (../../tree from the build), so ccache serves what they share.
    cdir = os.path.join(work, "check")
    tree, kout = os.path.join(cdir, "tree"), os.path.join(cdir, "out", "step")
    os.makedirs(cdir, exist_ok=True)
    fresh_copy(base, tree)
    os.unlink(os.path.join(tree, ".retrace-base"))
    # An object of an earlier run may be newer than a file the fresh tree
    # gives back its base content (and time stamp): start the build anew.
    if os.path.isdir(kout):
        shutil.rmtree(kout)
    patches = sorted(f for f in os.listdir(out)
                     if f.endswith(".patch") and "cover-letter" not in f)
    if len(patches) != len(commits):
        die("%d patches in %s for %d commits" % (len(patches), out, len(commits)))
    kbuild = os.path.join(proj, "tools/testing/retrace/kbuild.sh")
    benv = dict(os.environ, KBUILD_SERIES_STEP="1")
    prev, ok = base_commit, True
    nbuilt = nfound = nunexplained = 0
    build_time = 0.0
    for n, ((e, commit), pf) in enumerate(zip(commits, patches), 1):
        nfiles = materialize(env, tree, prev, commit)
        prev = commit
        t = time.time()
        log = os.path.join(cdir, "build-%02d.log" % n)
        # kbuild.sh configures anew when its fragment changes; the
        # fragments do not, the tree's Kconfig may have: configure anew.
        if os.path.exists(os.path.join(kout, "retrace.fragment")):
            os.unlink(os.path.join(kout, "retrace.fragment"))
        with open(log, "w") as f:
            r = subprocess.run([kbuild, tree, kout, "-series"] + frags,
                               stdout=f, stderr=subprocess.STDOUT, env=benv)
        built = time.time() - t
        found = checkpatch(base, os.path.join(out, pf), cdir)
        kinds = {k: sum(1 for x in found if x[0] == k)
                 for k in ("ERROR", "WARNING", "CHECK")}
        types = sorted({x[1] for x in found})
        unexplained = [ty for ty in types if not re.search(r"\b%s\b" % ty, e.note)]
        ok &= r.returncode == 0 and not unexplained
        nbuilt += r.returncode == 0
        build_time += built
        nfound += len(found)
        nunexplained += len(unexplained)
        print("series-check: %02d %-54.54s %4d files  build %s %5.0f s  "
              "checkpatch %dE %dW %dC%s"
              % (n, pf[5:-6], nfiles, "OK  " if r.returncode == 0 else "FAIL",
                 built, kinds["ERROR"], kinds["WARNING"], kinds["CHECK"],
                 (" unexplained: " + ",".join(unexplained)) if unexplained
                 else (" (" + ",".join(types) + ": in the note)") if types else ""),
              flush=True)
        if r.returncode:
            with open(log) as f:
                tail = f.read().splitlines()[-15:]
            sys.stdout.write("".join("series-check:   | %s\n" % l for l in tail))
        with open(os.path.join(cdir, "checkpatch-%02d.txt" % n), "w") as f:
            f.write("".join("%s:%s: %s\n" % (x[2], x[1], x[3]) for x in found))
    print("series-check: %d patches, %d built, build time %.0f s, "
          "checkpatch findings %d (unexplained %d); logs in %s"
          % (len(commits), nbuilt, build_time, nfound, nunexplained, cdir))
    print("series-check: %s (%.0f s)" % ("OK" if ok else "FAILED", time.time() - t0))
    return ok


def main():
    if len(sys.argv) < 6 or sys.argv[1] not in ("make", "check", "all", "steps") \
            or (len(sys.argv) > 6) != (sys.argv[1] == "steps"):
        die("usage: series.py make|check|all PROJECT BASE OUT WORK\n"
            "       series.py steps PROJECT BASE OUT WORK FRAGMENT...")
    frags = [os.path.realpath(a) for a in sys.argv[6:]]
    # Real paths: build/base is often a symlink to a shared read-only tree,
    # and a copy of the symlink would be the shared tree itself.
    cmd, proj, base, out, work = sys.argv[1], *(os.path.realpath(a)
                                                 for a in sys.argv[2:6])
    for d in (out, work):
        if d == base or d.startswith(base + "/"):
            die("%s is inside the base tree %s" % (d, base))
    if not os.path.isfile(os.path.join(base, "Makefile")):
        die("no base tree at %s (run 'make deps')" % base)
    os.makedirs(work, exist_ok=True)
    if cmd == "steps":
        sys.exit(0 if steps(proj, base, out, work, frags) else 1)
    if cmd in ("make", "all"):
        make(proj, base, out, work)
    if cmd in ("check", "all"):
        sys.exit(0 if check(proj, base, out, work) else 1)


if __name__ == "__main__":
    main()
