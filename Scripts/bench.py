#!/usr/bin/env python3
"""webnav benchmarks: figures printed side by side, ratios from one run (never a pass/fail test)."""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEBNAV = os.path.join(ROOT, ".build", "release", "webnav")
BOOK = os.environ.get("WEBNAV_BENCH_PAGE", os.path.join(ROOT, "..", "shared", "bench", "book.html"))
RUNS = 5


def timed(command):
    """Wall seconds and peak RSS (MB) of one run of `command` (the child's own rusage)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit("bench: %s exited with %d" % (" ".join(command), child.returncode))
    return elapsed, usage.ru_maxrss / 1024


def bench_dump():
    print("== dump: a 1.9 MB page as text, side by side with lynx (median of %d, alternating runs)" % RUNS)
    if not os.path.exists(BOOK):
        print("   skipped: %s not found (set WEBNAV_BENCH_PAGE)" % BOOK)
        return True
    ours, theirs, rss = [], [], []
    for _ in range(RUNS):
        seconds, peak = timed([WEBNAV, "dump", BOOK, "--width", "100"])
        ours.append(seconds)
        rss.append(peak)
        seconds, _ = timed(["lynx", "-dump", "-width=100", BOOK])
        theirs.append(seconds)
    webnav_ms, lynx_ms = statistics.median(ours) * 1000, statistics.median(theirs) * 1000
    ratio = webnav_ms / lynx_ms
    print("   webnav dump --width 100   %7.1f ms   peak RSS %5.1f MB" % (webnav_ms, max(rss)))
    print("   lynx -dump -width=100     %7.1f ms" % lynx_ms)
    print("   ratio webnav/lynx          %6.2f   (goal <= 0.50)   %s" % (ratio, "ok" if ratio <= 0.5 else "MISSED"))
    print("   peak RSS                  %5.1f MB   (goal <= 64 MB)  %s" % (max(rss), "ok" if max(rss) <= 64 else "MISSED"))
    counts = [instructions([WEBNAV, "dump", BOOK, "--width", "100"]), instructions(["lynx", "-dump", "-width=100", BOOK])]
    if None not in counts:
        print("   instructions (valgrind, the same on a busy machine): webnav %.0f M, lynx %.0f M, ratio %.2f"
              % (counts[0] / 1e6, counts[1] / 1e6, counts[0] / counts[1]))
    return ratio <= 0.5 and max(rss) <= 64


def instructions(command):
    """Instructions executed by one run, counted by valgrind; None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in done.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", ""))
    return None


STEP_GROUPS = [
    ['tap "Detail with a back button"', 'expect title "Detail"', "tap left", "expect depth 1"],
    ['tap "Products"', 'tap "Milk frother"', 'expect page "Product"', "back", "back", 'expect page "Webnav Demo"'],
    ['open "mkwebview://webview?url=detail.html&title=Two&rightBtn=true"', "expect depth 2", "close", "expect depth 1"],
    ['tap "Start a three-step flow"', 'tap "Continue to step 2"', 'tap "Finish"', 'expect stack "Webnav Demo" "Done"', "tap right"],
    ['tap "Call 010-1234-5678"', 'expect event "opened externally: tel:010-1234-5678"'],
    ['tap "Plus in a title"', "expect warning plus-in-value", "back"],
    ['tap "A table"', 'expect text "removeStack"', "back"],
    ["reload", "expect depth 1", 'expect bar hidden'],
]


def generated_flows(folder, count, steps_per_flow, seed=7):
    rng = random.Random(seed)
    total = 0
    for index in range(count):
        steps = []
        while len(steps) < steps_per_flow:
            group = rng.choice(STEP_GROUPS)
            steps += group[: steps_per_flow - len(steps)] if len(steps) + len(group) > steps_per_flow else group
        # A cut group may leave a screen pushed: every flow still ends with checks that hold.
        with open(os.path.join(folder, "f%04d.flow" % index), "w") as flow:
            flow.write("\n".join(steps) + "\n")
        total += len(steps)
    return total


def bench_flows():
    print("== flows: 1,000 generated flows of 20 steps over Pages/")
    folder = tempfile.mkdtemp(prefix="webnav-bench-flows-")
    try:
        total = generated_flows(folder, 1000, 20)
        results = {}
        for jobs in (1, 2):
            start = time.perf_counter()
            done = subprocess.run([WEBNAV, "run", folder, "--jobs", str(jobs)], cwd=ROOT, capture_output=True, text=True)
            elapsed = time.perf_counter() - start
            summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()
            results[jobs] = total / elapsed
            print("   --jobs %d   %6d steps in %6.3f s   %8.0f steps/s   (%s)" % (jobs, total, elapsed, results[jobs], summary))
        print("   goal: >= 10,000 steps/s with --jobs 2   %s" % ("ok" if results[2] >= 10000 else "MISSED"))
        return results[2] >= 10000
    finally:
        shutil.rmtree(folder)


def bench_terminal():
    print("== terminal UI: start to first frame, and a scroll key on the 1.9 MB page")
    if not os.path.exists(BOOK):
        print("   skipped: %s not found" % BOOK)
        return True
    done = subprocess.run([WEBNAV, "__bench-terminal", BOOK], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        print("   not available: %s" % (done.stderr.strip() or done.stdout.strip()))
        return True
    for line in done.stdout.strip().splitlines():
        print("   " + line)
    return True


def bench_profile():
    print("== profile: a webnav.json with 100,000 unknown keys (median of %d)" % RUNS)
    folder = tempfile.mkdtemp(prefix="webnav-bench-profile-")
    try:
        profile = os.path.join(folder, "big.json")
        with open(profile, "w") as out:
            out.write("{" + ",\n".join('"unknownKey%d": {"value": [%d, "text"]}' % (n, n) for n in range(100000)) + "}\n")
        command = [WEBNAV, "resolve", "--profile", profile, "mkwebview://webview"]
        runs = [timed(command) for _ in range(RUNS)]
        seconds = statistics.median(run[0] for run in runs)
        peak = max(run[1] for run in runs)
        size = os.path.getsize(profile) / 1e6
        print("   webnav resolve --profile big.json (%.1f MB)   %7.1f ms   peak RSS %5.1f MB" % (size, seconds * 1000, peak))
        print("   goal: <= 500 ms   %s" % ("ok" if seconds <= 0.5 else "MISSED"))
        return seconds <= 0.5
    finally:
        shutil.rmtree(folder)


def bench_shell():
    print("== app shell: the loader on a loopback page, 1,000 cookies per request")
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Scripts", "demo-server.py"), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = int(server.stdout.readline().split()[1])
        done = subprocess.run([WEBNAV, "__bench-shell", "http://127.0.0.1:%d/page?bytes=12288" % port],
                              cwd=ROOT, capture_output=True, text=True)
    finally:
        server.terminate()
        server.wait()
    if done.returncode != 0:
        print("   not available: %s" % (done.stderr.strip() or done.stdout.strip()))
        return True
    for line in done.stdout.strip().splitlines():
        print("   " + line)
    return True


def main():
    if not os.path.exists(WEBNAV):
        sys.exit("bench: build first (make bench does): %s is missing" % WEBNAV)
    ok = bench_dump()
    ok = bench_flows() and ok
    ok = bench_terminal() and ok
    ok = bench_profile() and ok
    ok = bench_shell() and ok
    print("all goals met" if ok else "some goals missed (see above)")


if __name__ == "__main__":
    main()
