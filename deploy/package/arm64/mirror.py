#!/usr/bin/env python3
"""mirror.py FROM TO ENTRY…: TO/ENTRY made the same as FROM/ENTRY (a file or a folder), rewriting only the
files whose bytes differ and deleting what FROM no longer has. A file left alone keeps its time and inode, so
the build folder kept beside TO (deploy/package/arm64/build.sh) sees as changed exactly what changed since
its last build, from whichever checkout that was: a fresh clone's files are all new to the build system
(their times), not to this. Python's caches are left out. Prints how many files it wrote and deleted."""
import os
import sys

SKIP = {"__pycache__", ".pytest_cache"}


def same(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return fa.read() == fb.read()
    except OSError:
        return False


def sources(root, entry):
    """Every file under root/entry (or entry itself), as paths relative to root."""
    path = os.path.join(root, entry)
    if not os.path.isdir(path):
        return [entry] if os.path.exists(path) else []
    found = []
    for folder, dirs, files in os.walk(path):
        dirs[:] = [d for d in dirs if d not in SKIP]
        found += [os.path.relpath(os.path.join(folder, f), root) for f in files]
    return found


def mirror(origin, target, entries):
    wrote = deleted = 0
    for entry in entries:
        wanted = set(sources(origin, entry))
        for rel in sorted(wanted):
            src, dst = os.path.join(origin, rel), os.path.join(target, rel)
            if os.path.isfile(dst) and not os.path.islink(dst) and same(src, dst):
                continue
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if os.path.isdir(dst) and not os.path.islink(dst):
                remove_tree(dst)
            tmp = dst + ".mirror-new"
            with open(src, "rb") as fs, open(tmp, "wb") as ft:
                ft.write(fs.read())
            os.chmod(tmp, os.stat(src).st_mode & 0o7777)
            os.replace(tmp, dst)
            wrote += 1
        for rel in sources(target, entry):
            if rel not in wanted:
                os.remove(os.path.join(target, rel))
                deleted += 1
        top = os.path.join(target, entry)
        if os.path.isdir(top):  # folders left empty go too (bottom up)
            for folder, _, _ in sorted(os.walk(top), key=lambda w: -len(w[0])):
                if folder != top and not os.listdir(folder):
                    os.rmdir(folder)
    return wrote, deleted


def remove_tree(path):
    for folder, dirs, files in os.walk(path, topdown=False):
        for f in files:
            os.remove(os.path.join(folder, f))
        for d in dirs:
            os.rmdir(os.path.join(folder, d))
    os.rmdir(path)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit("usage: mirror.py FROM TO ENTRY…")
    wrote, deleted = mirror(sys.argv[1], sys.argv[2], sys.argv[3:])
    print(f"mirror: {wrote} files written, {deleted} deleted in {sys.argv[2]}", file=sys.stderr)
