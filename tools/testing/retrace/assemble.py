#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""assemble.py - lay the retrace overlay over the pristine base tree.

    assembled = base - manifest paths + overlay + patches/*.patch (in order)

The base tree is never written.  The assembled tree is updated in place and
only where its content must change: a base file is recopied only when its
bytes differ from the base copy (size and mtime equal are taken as equal
bytes), an overlay or patched file only when its bytes differ.  Copies keep
the base mtime when the tree is first populated; any later change gets the
current time, so make never judges a stale object up to date.  So a
one-file edit touches one file's timestamp and make rebuilds only what
depends on it.  With an empty manifest, no overlay and no patches the result
is byte-for-byte the base tree.

Manifest lines (blank lines and '#' comments ignored):
    own  PATH    upstream's PATH (file or directory) is removed; the overlay
                 must provide PATH, or assembly fails naming it.
    drop PATH    upstream's PATH is removed and nothing replaces it.

Overlay: every top-level directory of the project whose name is also a
top-level directory of the kernel (kernel/, include/, arch/, tools/, ...).
The project's own Makefile, README, manifest and patches/ are never copied.

Patches must apply exactly, each on the tree the earlier ones left: a hunk
that applies only with fuzz (context lines ignored) could land in the
wrong place without a word, so assembly refuses it.  A hunk found at an
offset is fine.  "assemble.py --refresh ..." rewrites every patch's hunks
from what it actually changed (keeping its message), so that patches made
on different branches apply exactly again after a merge.
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile

SKIP_NAMES = {"__pycache__", ".git"}


def die(msg):
    sys.stderr.write("assemble: %s\n" % msg)
    sys.exit(1)


def read_manifest(path):
    own, drop = [], []
    if not os.path.exists(path):
        return own, drop
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            words = line.split()
            if len(words) != 2 or words[0] not in ("own", "drop"):
                die("%s:%d: expected 'own PATH' or 'drop PATH'" % (path, n))
            p = os.path.normpath(words[1]).rstrip("/")
            if p.startswith("..") or os.path.isabs(p):
                die("%s:%d: path must be relative to the tree" % (path, n))
            (own if words[0] == "own" else drop).append(p)
    return own, drop


def under(rel, prefixes):
    for p in prefixes:
        if rel == p or rel.startswith(p + "/"):
            return True
    return False


def walk(root, skip_top=()):
    """Yield relative paths of files and symlinks below root."""
    for d, dirs, files in os.walk(root):
        reld = os.path.relpath(d, root)
        if reld == ".":
            dirs[:] = [x for x in dirs if x not in skip_top]
        dirs[:] = [x for x in dirs if x not in SKIP_NAMES]
        for x in list(dirs):
            if os.path.islink(os.path.join(d, x)):
                files.append(x)
                dirs.remove(x)
        for f in files:
            yield f if reld == "." else os.path.join(reld, f)


def overlay_files(proj, base):
    """The overlay: {tree path: project path} for every file under a
    top-level directory of the project that the base tree also has."""
    kernel_top = {e for e in os.listdir(base) if os.path.isdir(os.path.join(base, e))}
    out = {}
    for top in sorted(os.listdir(proj)):
        if top in kernel_top and os.path.isdir(os.path.join(proj, top)):
            for rel in walk(os.path.join(proj, top)):
                out[os.path.join(top, rel)] = os.path.join(proj, top, rel)
    return out


def patch_targets(pf):
    """The tree paths a patch touches (its +++/--- lines, first component cut)."""
    rels = []
    with open(pf, errors="replace") as f:
        for line in f:
            if not line.startswith("+++ ") and not line.startswith("--- "):
                continue
            p = line[4:].split("\t")[0].strip()
            if p == "/dev/null" or "/" not in p:
                continue
            rel = p.split("/", 1)[1]
            if rel not in rels:
                rels.append(rel)
    return rels


def refreshed(pf, tmp, before):
    """Patch text of pf with hunks regenerated from before -> tmp now."""
    with open(pf, errors="replace") as f:
        text = f.read()
    # The message: everything before the first file header.
    head = []
    for line in text.splitlines(keepends=True):
        if line.startswith(("diff --git ", "--- ", "Index: ")):
            break
        head.append(line)
    head = "".join(head)
    hunks = []
    for rel, old in before.items():
        new = os.path.join(tmp, rel)
        with tempfile.TemporaryDirectory() as d:
            # git's hunk headers (whole function names), as the patches
            # were first written; "a/rel" and "b/rel" as the file labels.
            for side, data in (("a", old), ("b", None)):
                if side == "b" and os.path.exists(new):
                    with open(new, "rb") as f:
                        data = f.read()
                if data is not None:
                    os.makedirs(os.path.dirname(os.path.join(d, side, rel)),
                                exist_ok=True)
                    with open(os.path.join(d, side, rel), "wb") as f:
                        f.write(data)
            a = os.path.join("a", rel) if old is not None else "/dev/null"
            b = os.path.join("b", rel) if os.path.exists(new) else "/dev/null"
            r = subprocess.run(["git", "diff", "--no-index", "--no-prefix",
                                "--no-color", "--no-ext-diff", a, b],
                               cwd=d, capture_output=True)
        if r.returncode > 1:
            die("git diff failed for %s: %s" % (rel, r.stderr.decode()))
        for line in r.stdout.decode(errors="surrogateescape").splitlines(True):
            if not line.startswith(("diff --git ", "index ", "new file mode",
                                    "deleted file mode")):
                hunks.append(line)
    return head + "".join(hunks)


def patched_files(patch_dir, base, overlay, removed, refresh=False):
    """Apply patches to scratch copies; return {rel: (bytes, mode)}."""
    patches = sorted(p for p in os.listdir(patch_dir) if p.endswith(".patch")) \
        if os.path.isdir(patch_dir) else []
    out = {}
    if not patches:
        return out
    tmp = tempfile.mkdtemp(prefix="retrace-patch-")
    try:
        for name in patches:
            pf = os.path.join(patch_dir, name)
            before = {}
            for rel in patch_targets(pf):
                dst = os.path.join(tmp, rel)
                if not os.path.exists(dst):
                    src = overlay.get(rel)
                    if src is None and not under(rel, removed):
                        src = os.path.join(base, rel)
                    if src and os.path.exists(src):
                        os.makedirs(os.path.dirname(dst), exist_ok=True)
                        shutil.copy2(src, dst)
                if os.path.exists(dst):
                    with open(dst, "rb") as f:
                        before[rel] = f.read()
                else:
                    before[rel] = None
            r = subprocess.run(["patch", "-p1", "-f", "--no-backup-if-mismatch",
                                "-d", tmp, "-i", pf], capture_output=True, text=True)
            if r.returncode:
                die("patch %s does not apply:\n%s%s" % (name, r.stdout, r.stderr))
            if refresh:
                text = refreshed(pf, tmp, before)
                with open(pf, errors="replace") as f:
                    if f.read() != text:
                        with open(pf, "w", errors="surrogateescape") as w:
                            w.write(text)
                        print("assemble: refreshed %s" % name)
            elif "with fuzz" in r.stdout:
                die("patch %s applies only with fuzz (make refresh-patches, then "
                    "review the diff):\n%s" % (name, r.stdout))
        for rel in walk(tmp):
            full = os.path.join(tmp, rel)
            with open(full, "rb") as f:
                out[rel] = (f.read(), stat.S_IMODE(os.stat(full).st_mode))
    finally:
        shutil.rmtree(tmp)
    return out


def install_bytes(dst, data, mode):
    try:
        st = os.lstat(dst)
        if stat.S_ISREG(st.st_mode) and st.st_size == len(data):
            with open(dst, "rb") as f:
                if f.read() == data:
                    if stat.S_IMODE(st.st_mode) != mode:
                        os.chmod(dst, mode)
                    return False
        if not stat.S_ISREG(st.st_mode):
            remove(dst)
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    tmp = dst + ".retrace-tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.chmod(tmp, mode)
    os.replace(tmp, dst)
    return True


def install_base(src, dst, fresh):
    """Make dst a copy of base file src; return True if dst changed.

    A copy keeps the base mtime only while the tree is first populated
    (fresh).  Later, a file whose content changes (an overlay file removed,
    a manifest entry dropped) gets the current time, or make would judge
    the objects built from the old content up to date.
    """
    s = os.lstat(src)
    try:
        d = os.lstat(dst)
        if stat.S_ISLNK(s.st_mode):
            if stat.S_ISLNK(d.st_mode) and os.readlink(dst) == os.readlink(src):
                return False
        elif stat.S_ISREG(d.st_mode) and d.st_size == s.st_size:
            if d.st_mtime_ns == s.st_mtime_ns or same_bytes(src, dst):
                if d.st_mode != s.st_mode:
                    os.chmod(dst, stat.S_IMODE(s.st_mode))
                return False
        remove(dst)
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if stat.S_ISLNK(s.st_mode):
        os.symlink(os.readlink(src), dst)
    elif fresh:
        shutil.copy2(src, dst)
    else:
        shutil.copy(src, dst)
    return True


def same_bytes(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)


def main():
    args = sys.argv[1:]
    refresh = args[:1] == ["--refresh"]
    if refresh:
        args = args[1:]
    if len(args) != 3:
        die("usage: assemble.py [--refresh] PROJECT BASE TREE")
    proj, base, tree = (os.path.abspath(a) for a in args)
    if not os.path.isfile(os.path.join(base, "Makefile")):
        die("no base tree at %s (run 'make deps')" % base)

    own, drop = read_manifest(os.path.join(proj, "manifest"))
    removed = own + drop

    overlay = overlay_files(proj, base)

    for p in own:
        if not any(r == p or r.startswith(p + "/") for r in overlay):
            die("manifest owns '%s' but the overlay has no %s" %
                (p, os.path.join(proj, p)))

    patched = patched_files(os.path.join(proj, "patches"), base, overlay, removed,
                            refresh)

    want = {}
    for rel in walk(base):
        if rel == ".retrace-base" or under(rel, removed):
            continue
        want[rel] = ("base", os.path.join(base, rel))
    for rel, src in overlay.items():
        want[rel] = ("overlay", src)
    for rel, (data, mode) in patched.items():
        want[rel] = ("bytes", data, mode)

    fresh = not os.path.isfile(os.path.join(tree, "Makefile"))
    os.makedirs(tree, exist_ok=True)
    changed = []
    for rel in walk(tree):
        if rel not in want:
            remove(os.path.join(tree, rel))
            changed.append("-" + rel)
    for rel, how in want.items():
        dst = os.path.join(tree, rel)
        if how[0] == "base":
            if install_base(how[1], dst, fresh):
                changed.append(rel)
        elif how[0] == "overlay":
            with open(how[1], "rb") as f:
                data = f.read()
            if install_bytes(dst, data, stat.S_IMODE(os.stat(how[1]).st_mode)):
                changed.append(rel)
        elif install_bytes(dst, how[1], how[2]):
            changed.append(rel)
    # Directories left empty by removals would confuse Kbuild's dir scans.
    for d, dirs, files in os.walk(tree, topdown=False):
        if d != tree and not os.listdir(d):
            os.rmdir(d)

    print("assemble: %d owned, %d dropped, %d overlay files, %d patched, %d changed"
          % (len(own), len(drop), len(overlay), len(patched), len(changed)))
    if 0 < len(changed) <= 20:
        for c in changed:
            print("assemble:   " + c)


if __name__ == "__main__":
    main()
