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
        return None
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
        return None
    done = subprocess.run([WEBNAV, "__bench-terminal", BOOK], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        print("   not available: %s" % (done.stderr.strip() or done.stdout.strip()))
        return None
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
        return None
    for line in done.stdout.strip().splitlines():
        print("   " + line)
    return True


def measured(command, cwd):
    """Wall seconds, peak RSS (MB) and exit code of one run, output thrown away."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def robustness_inputs(folder, scale):
    """The worst inputs of the robustness issue at n (scale 1) and 10n (scale 10): name -> (file, bytes)."""
    files = {
        "one long line (4k, 40k tokens)": ("line.flow", "expect stack" + ' "x"' * (40000 * scale // 10) + "\n"),
        # 10k pushes at the larger scale (the 100k took minutes while pushes were quadratic).
        "pushes (1k, 10k)": ("pushes.flow", 'open "mkwebview://webview?url=detail.html&title=T"\n' * (1000 * scale)),
        "steps (10k, 100k lines)": ("steps.flow", "expect depth 1\n" * (100000 * scale // 10)),
    }
    written = {}
    for name, (path, text) in files.items():
        with open(os.path.join(folder, path), "w") as flow:
            flow.write(text)
        written[name] = (path, len(text.encode()))
    return written


def bench_robustness():
    print("== robustness: the worst inputs of the robustness issue, time and peak memory")
    print("   goal: peak RSS <= max(8x the input, 256 MB); time linear in the input (10x input -> about 10x time)")
    folder = tempfile.mkdtemp(prefix="webnav-bench-robust-")
    ok = True
    try:
        pages = os.path.join(ROOT, "Pages")
        for scale in (1, 10):
            sub = os.path.join(folder, "x%d" % scale)
            os.mkdir(sub)
            robustness_inputs(sub, scale)
        timings = {}
        for name, (path, _) in robustness_inputs(os.path.join(folder, "x1"), 1).items():
            row = []
            for scale in (1, 10):
                sub = os.path.join(folder, "x%d" % scale)
                size = os.path.getsize(os.path.join(sub, path))
                seconds, peak, code = measured([WEBNAV, "run", path, "--pages", pages], sub)
                bound = max(8 * size / 2**20, 256)
                ok = ok and peak <= bound and code in (0, 1, 2)
                row.append(seconds)
                print("   %-28s %4s input %8.1f KB  %7.2f s  peak %6.1f MB (bound %5.0f MB) exit %d  %s"
                      % (name, "10n" if scale == 10 else "n", size / 1024, seconds, peak, bound, code, "ok" if peak <= bound else "MISSED"))
            ratio = row[1] / max(row[0], 1e-3)
            linear = ratio <= 20
            ok = ok and linear
            print("   %-28s time ratio 10n/n %.1f   %s" % ("", ratio, "ok" if linear else "MISSED"))
        # Capped expansions and streamed snapshots: small inputs, bounded by 256 MB.
        for level in range(7):
            with open(os.path.join(folder, "_b%d.flow" % level), "w") as flow:
                flow.write(("include _b%d.flow\n" % (level + 1)) * 10)
        with open(os.path.join(folder, "_b7.flow"), "w") as flow:
            flow.write("back\n")
        with open(os.path.join(folder, "bomb.flow"), "w") as flow:
            flow.write("include _b0.flow\n")
        for level in range(7500):
            with open(os.path.join(folder, "_c%d.flow" % level), "w") as flow:
                flow.write("include _c%d.flow\n" % (level + 1))
        with open(os.path.join(folder, "chain.flow"), "w") as flow:
            flow.write("include _c0.flow\n")
        with open(os.path.join(folder, "snapshots.flow"), "w") as flow:
            flow.write("size 1000x1000\n" + "snapshot\n" * 300)
        for name, path in (("include bomb (10^7 steps, capped)", "bomb.flow"), ("include chain (7,500 deep, capped)", "chain.flow"),
                           ("300 snapshots at 1000x1000", "snapshots.flow")):
            seconds, peak, code = measured([WEBNAV, "run", path, "--pages", pages], folder)
            ok = ok and peak <= 256 and code in (0, 1, 2)
            print("   %-36s %7.2f s  peak %6.1f MB (bound 256 MB) exit %d  %s" % (name, seconds, peak, code, "ok" if peak <= 256 else "MISSED"))
    finally:
        shutil.rmtree(folder)
    return ok


def main():
    if not os.path.exists(WEBNAV):
        sys.exit("bench: build first (make bench does): %s is missing" % WEBNAV)
    results = {"dump": bench_dump(), "flows": bench_flows(), "terminal": bench_terminal(), "profile": bench_profile(),
               "shell": bench_shell(), "robustness": bench_robustness()}
    skipped = [name for name, result in results.items() if result is None]
    missed = [name for name, result in results.items() if result is False]
    if missed:
        print("some goals missed: %s (see above)" % ", ".join(missed))
    elif skipped:
        print("goals met for what ran; not measured: %s (see above)" % ", ".join(skipped))
    else:
        print("all goals met")


if __name__ == "__main__":
    main()
