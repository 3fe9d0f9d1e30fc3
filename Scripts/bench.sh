#!/usr/bin/env bash
# Runs the benchmarks (make bench builds the release binary and installs lynx first).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 Scripts/bench.py
