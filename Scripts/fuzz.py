#!/usr/bin/env python3
"""Runs webnav-fuzz on every surface and reports runs, crashes, hangs and peak memory.

Each surface's inputs are made from the seed and their number, so a run is the same every
time and one input can be made again alone. Inputs run in a child process (one for many
inputs, a new one after each crash or hang): a crash is a child that died of a signal or
exited with an error, a hang an input that did not end within the timeout. The input of
each is kept in the output folder with the child's last error lines, and the exit status is
1 when there was any.

    Scripts/fuzz.py --binary .build/debug/webnav-fuzz --seconds 180   (make fuzz: FUZZ_SECONDS)
    Scripts/fuzz.py --binary .build/debug/webnav-fuzz --runs 20       (make test: a short pass)
    Scripts/fuzz.py --binary .build/debug/webnav-fuzz --self-test     (make test: a crash and a hang counted)
"""
import argparse
import os
import pathlib
import select
import signal
import subprocess
import sys
import time


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the webnav-fuzz executable")
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--seconds", type=float, help="time for all surfaces together, shared equally")
    budget.add_argument("--runs", type=int, help="inputs per surface (a fixed, seeded set)")
    budget.add_argument("--self-test", action="store_true", help="check that a crash and a hang are counted and kept")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--surfaces", help="comma-separated; default every surface")
    parser.add_argument("--timeout", type=float, default=20, help="seconds one input may take before it is a hang")
    parser.add_argument("--out", default=".build/fuzz", help="where crashing and hanging inputs are kept")
    return parser.parse_args()


class Surface:
    def __init__(self, name):
        self.name = name
        self.runs = 0
        self.crashes = []
        self.hangs = []
        self.peak_kilobytes = 0


def keep(arguments, surface, index, kind, detail):
    """Writes the input that failed (made again by the binary) and why."""
    folder = pathlib.Path(arguments.out) / surface.name
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"{kind}-seed{arguments.seed}-{index}"
    made = subprocess.run([arguments.binary, surface.name, "--seed", str(arguments.seed), "--print", str(index)],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    stem.with_suffix(".input").write_bytes(made.stdout)
    stem.with_suffix(".txt").write_text(detail)
    return str(stem.with_suffix(".input"))


def kill(child):
    """Kills a child without reaping it (Popen.kill polls first, which may reap it and lose its usage)."""
    try:
        os.kill(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_surface(arguments, surface, deadline, runs):
    """Runs inputs from 0 until the deadline or the number of runs, restarting after failures."""
    index = 0
    while (runs is None and time.monotonic() < deadline) or (runs is not None and index < runs):
        count = (runs - index) if runs is not None else 1_000_000
        child = subprocess.Popen([arguments.binary, surface.name, "--seed", str(arguments.seed),
                                  "--from", str(index), "--count", str(count)] + arguments.child_options,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        current, started, buffered, errors = None, time.monotonic(), b"", b""
        outcome = None
        while outcome is None:
            if runs is None and time.monotonic() >= deadline:
                kill(child)
                outcome = "stopped"
                break
            ready, _, _ = select.select([child.stdout, child.stderr], [], [], 0.2)
            for stream in ready:
                data = os.read(stream.fileno(), 65536)
                if stream is child.stderr:
                    errors = (errors + data)[-8192:]
                    continue
                if not data:
                    outcome = "exited"
                    break
                buffered += data
                while b"\n" in buffered:
                    line, buffered = buffered.split(b"\n", 1)
                    word, _, number = line.decode().partition(" ")
                    if word == "begin":
                        current, started = int(number), time.monotonic()
                    elif word == "end":
                        surface.runs += 1
                        index = int(number) + 1
                        current = None
            if outcome is None and current is not None and time.monotonic() - started > arguments.timeout:
                kill(child)
                outcome = "hang"
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = status
        surface.peak_kilobytes = max(surface.peak_kilobytes, usage.ru_maxrss)
        errors += child.stderr.read() or b""
        tail = errors.decode(errors="replace")[-4000:]
        if outcome == "stopped":
            return
        if outcome == "hang":
            surface.hangs.append(keep(arguments, surface, current, "hang", f"no end within {arguments.timeout} s\n{tail}"))
            index = current + 1
        elif current is not None or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            failed = current if current is not None else index
            reason = (f"signal {os.WTERMSIG(status)} ({signal.Signals(os.WTERMSIG(status)).name})" if os.WIFSIGNALED(status)
                      else f"exit status {os.WEXITSTATUS(status)}")
            surface.crashes.append(keep(arguments, surface, failed, "crash", f"{reason}\n{tail}"))
            index = failed + 1


def self_test(arguments):
    """Input 3 crashes and input 5 hangs on purpose: the report must say so and keep both."""
    arguments.child_options = ["--crash-at", "3", "--hang-at", "5"]
    arguments.timeout = 3
    surface = Surface("payload")
    run_surface(arguments, surface, None, 8)
    kept = [pathlib.Path(path).name for path in surface.crashes + surface.hangs]
    expected = [f"crash-seed{arguments.seed}-3.input", f"hang-seed{arguments.seed}-5.input"]
    if surface.runs != 6 or kept != expected:
        sys.exit(f"fuzz.py: self-test failed: {surface.runs} runs, kept {kept}; expected 6 runs and {expected}")
    print(f"fuzz: self-test passed (6 runs, the crash at input 3 and the hang at input 5 kept in {arguments.out})")


def main():
    arguments = parse_arguments()
    arguments.child_options = []
    if arguments.self_test:
        return self_test(arguments)
    listed = subprocess.run([arguments.binary, "--list"], stdout=subprocess.PIPE, check=True).stdout.decode().split()
    names = arguments.surfaces.split(",") if arguments.surfaces else listed
    unknown = [name for name in names if name not in listed]
    if unknown:
        sys.exit(f"fuzz.py: unknown surface {', '.join(unknown)} (surfaces: {', '.join(listed)})")
    surfaces = [Surface(name) for name in names]
    start = time.monotonic()
    for position, surface in enumerate(surfaces):
        deadline = None
        if arguments.seconds is not None:
            remaining = arguments.seconds - (time.monotonic() - start)
            deadline = time.monotonic() + remaining / (len(surfaces) - position)
        run_surface(arguments, surface, deadline, arguments.runs)
    print(f"fuzz: seed {arguments.seed}, {time.monotonic() - start:.0f} s")
    print(f"{'surface':<14}{'runs':>8}{'crashes':>9}{'hangs':>7}{'peak memory':>13}")
    for surface in surfaces:
        print(f"{surface.name:<14}{surface.runs:>8}{len(surface.crashes):>9}{len(surface.hangs):>7}"
              f"{surface.peak_kilobytes / 1024:>10.0f} MB")
    failures = [path for surface in surfaces for path in surface.crashes + surface.hangs]
    for path in failures:
        print(f"  kept: {path}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
