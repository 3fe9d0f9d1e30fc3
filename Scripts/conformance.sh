#!/usr/bin/env bash
# `make conformance`: the html5lib tree-construction tests and the WPT dom/ and domparsing/
# pages through webnav's page engine (`webnav __conformance`), the figures printed next to
# issue 22's goals and every result written to .build/conformance-results.json for diffing.
# The suites live outside the repository, in ../shared/conformance (CONFORMANCE=DIR to use
# another copy); without them it says "not measured" and exits 0.
# Arguments go to the command: --only TEXT (tests whose id contains TEXT), --jobs N,
# --json FILE, --must-pass LIST, --update-must-pass LIST.
set -euo pipefail
cd "$(dirname "$0")/.."
folder="${CONFORMANCE:-../shared/conformance}"
binary="${WEBNAV:-.build/debug/webnav}"
results=(--json .build/conformance-results.json)
for argument in "$@"; do
  [ "$argument" = --json ] && results=()
done
exec "$binary" __conformance "$folder" "${results[@]}" "$@"
