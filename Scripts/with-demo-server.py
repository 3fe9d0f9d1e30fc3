#!/usr/bin/env python3
"""Runs a command while Scripts/demo-server.py serves on 127.0.0.1, then stops the server.

    Scripts/with-demo-server.py [--port N] [--profile FILE [--root PATH]] -- COMMAND...

--port 0 (the default) takes a free port. With --profile, the profile is copied to a temporary
file with every "127.0.0.1:8765" (the port the demo's files name) turned into the server's own
address, its relative paths made absolute, and with --root its root page set to that path on the
server; "{profile}" in the command names the copy, "{port}" the port. The exit status is the
command's (2 when the server cannot start).
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO_ADDRESS = "127.0.0.1:8765"


def start_server(port):
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Scripts", "demo-server.py"), "--port", str(port),
                               "--pages", os.path.join(ROOT, "Pages")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline().split()
    if len(line) != 2 or line[0] != "port":
        server.wait()
        reason = server.stderr.read().strip().splitlines()
        sys.exit("with-demo-server: the demo server did not start on port %s: %s" % (port, reason[-1] if reason else "no reason given"))
    return server, int(line[1])


def localized(value, address):
    """The value with the demo's address replaced, in every string it holds."""
    if isinstance(value, str):
        return value.replace(DEMO_ADDRESS, address)
    if isinstance(value, list):
        return [localized(item, address) for item in value]
    if isinstance(value, dict):
        return {key: localized(item, address) for key, item in value.items()}
    return value


def generated_profile(path, port, root, folder):
    """The profile for this server, written into `folder`."""
    with open(path, encoding="utf-8") as source:
        profile = json.load(source)
    profile = localized(profile, "127.0.0.1:%d" % port)
    base = os.path.dirname(os.path.abspath(path))
    profile["pages"] = os.path.normpath(os.path.join(base, profile.get("pages", "Pages")))
    if "infoPlist" in profile:
        profile["infoPlist"] = os.path.normpath(os.path.join(base, profile["infoPlist"]))
    for table in ("messageHandlers", "intercepts"):
        for entry in profile.get(table, {}).values():
            if isinstance(entry, dict) and isinstance(entry.get("scriptFile"), str):
                entry["scriptFile"] = os.path.normpath(os.path.join(base, entry["scriptFile"]))
    for entry in profile.get("userScripts", []):
        if isinstance(entry, dict) and isinstance(entry.get("file"), str):
            entry["file"] = os.path.normpath(os.path.join(base, entry["file"]))
    if root:
        profile["root"] = dict(profile.get("root", {}), url="http://127.0.0.1:%d%s" % (port, root))
    target = os.path.join(folder, os.path.basename(path))
    with open(target, "w", encoding="utf-8") as output:
        json.dump(profile, output, indent=2)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--profile")
    parser.add_argument("--root", help="the root page's path on the server (with --profile)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command given")
    server, port = start_server(options.port)
    folder = tempfile.mkdtemp(prefix="webnav-demo-")
    child = None
    try:
        profile = generated_profile(options.profile, port, options.root, folder) if options.profile else ""
        command = [part.replace("{profile}", profile).replace("{port}", str(port)) for part in command]
        # The terminal UI's own signals (Ctrl-C is a key there) stay with it; this script waits.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        child = subprocess.Popen(command)
        return child.wait()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
