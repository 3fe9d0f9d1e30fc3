#!/usr/bin/env python3
"""Writes Sources/webnav/hot-functions.txt: the functions webnav runs on its common jobs, in the
order the release linker (lld --symbol-ordering-file) lays them out, so that they share a few
pages of code instead of touching hundreds scattered over 16 MB (DECISIONS.md, issue 10).

Usage: Scripts/generate-hot-functions.py [BINARY]   (default .build/release/webnav; needs valgrind)

Each workload runs under callgrind; its functions are appended in the order callgrind names them,
the workloads ordered from the one every run pays (a tiny page) to the rarer ones, so the code
every run touches sits together at the front. Rerun after a change that adds or renames hot code:
`make bench` prints how many hot functions of the book's dump the file misses. The release binary
profiled is removed afterwards, so that the next release build links it in the new order."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUTPUT = os.path.join(ROOT, "Sources", "webnav", "hot-functions.txt")
FUNCTION = re.compile(r"^c?fn=\(\d+\)(?: (.*))?$")


def functions(command, cwd=ROOT):
    """The linkage names of the functions one run executes, in callgrind's order."""
    with tempfile.NamedTemporaryFile(suffix=".callgrind") as out:
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out.name] + command,
                       cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        names = []
        with open(out.name, encoding="utf-8", errors="replace") as report:
            for line in report:
                match = FUNCTION.match(line.strip())
                if match and match.group(1):
                    names.append(match.group(1))
        return names


def defined_functions(binary):
    """The functions the binary defines (the C libraries' own functions are left out)."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return {fields[2] for fields in (line.split() for line in listing.splitlines()) if len(fields) == 3 and fields[1] in "tTwW"}


def workloads(binary, folder):
    """The jobs, most common first: dumps of a tiny page and of the bench corpus, the terminal UI's
    first frame, the demo flows, lint."""
    sys.path.insert(0, os.path.join(ROOT, "Scripts"))
    import bench
    tiny = os.path.join(folder, "tiny.html")
    with open(tiny, "w") as page:
        page.write("<!doctype html><title>t</title><p>hello <a href='x.html'>link</a>\n")
    yield [binary, "dump", tiny, "--width", "100", "--no-scripts"]
    pages = [path for _, path, _ in bench.corpus_pages(folder) if path is not None]
    small = [path for path in pages if os.path.getsize(path) < 10e6]
    for path in small:
        yield [binary, "dump", path, "--width", "100", "--no-scripts"]
    yield [binary, "__bench-terminal", tiny]
    yield [binary, "run", os.path.join(ROOT, "Pages", "flows"), "--profile", os.path.join(ROOT, "Pages", "webnav.json")]
    yield [binary, "lint", "--profile", os.path.join(ROOT, "Pages", "webnav.json"), os.path.join(ROOT, "Pages")]


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "webnav"))
    if shutil.which("valgrind") is None:
        sys.exit("generate-hot-functions: valgrind is needed (apt-get install valgrind)")
    if not os.path.exists(binary):
        sys.exit("generate-hot-functions: build first: %s is missing" % binary)
    folder = tempfile.mkdtemp(prefix="webnav-hot-")
    ordered, seen = [], set()
    try:
        defined = defined_functions(binary)
        for command in workloads(binary, folder):
            names = [name for name in dict.fromkeys(functions(command)) if name in defined]
            # Sorted within each workload: the order inside a group hardly matters, and a sorted
            # file changes only where the profile does (callgrind's own order varies run to run).
            fresh = sorted(name for name in names if name not in seen)
            seen.update(fresh)
            ordered += fresh
            print("%5d functions, %5d new: %s" % (len(names), len(fresh), " ".join(os.path.basename(part) for part in command[1:3])))
    finally:
        shutil.rmtree(folder)
    with open(OUTPUT, "w") as out:
        out.write("\n".join(ordered) + "\n")
    print("wrote %d functions to %s" % (len(ordered), os.path.relpath(OUTPUT, ROOT)))
    if binary == os.path.join(ROOT, ".build", "release", "webnav") or os.path.realpath(binary) == os.path.realpath(
            os.path.join(ROOT, ".build", "release", "webnav")):
        # SwiftPM does not know the linker reads the file: without the binary, the next release
        # build links it again in the new order.
        os.remove(binary)
        print("removed %s: `make build` links it again with the new order" % os.path.relpath(binary, ROOT))


if __name__ == "__main__":
    main()
