# webnav: two commands on a fresh machine.
#   make run    installs what is missing, builds, and starts webnav on Pages/ (the demo app, with its
#               server on 127.0.0.1:8765, stopped when webnav exits)
#   make test   installs what is missing, builds, runs the unit and terminal tests, the example flows
#               (Pages/app-flows with the demo server on a free port) and lints Pages/
#   make bench  the benchmarks (release build, side by side with lynx)
#   make fuzz   generated hostile input for every surface webnav reads, FUZZ_SECONDS long
#   make conformance  the html5lib and WPT DOM suites of ../shared/conformance through the page
#               engine, with the pass rates next to their goals (not measured without them)

SWIFT ?= swift
# The release binary links the Swift runtime and FoundationEssentials statically: about 3 MB less
# resident at start, as no shared library is mapped and relocated whole (DECISIONS.md, issue 10).
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib --product webnav
RELEASE := .build/release/webnav
DEBUG := .build/debug/webnav

PREFIX ?= /usr/local

.PHONY: deps build run test flows bench fuzz conformance install clean

deps:
	@command -v $(SWIFT) >/dev/null || { echo "webnav: swift is not on the PATH" >&2; exit 2; }
	@Scripts/install-deps.sh
	@Scripts/copy-vendor-scripts.sh

build: deps
	$(RELEASE_BUILD)

# The demo app (Pages/demo-app.json) checks its server at launch and links to its pages.
DEMO_PORT := 8765
# The app-shell flows run against their own server on a free port, the profile rewritten for it.
APP_FLOWS = Scripts/with-demo-server.py --profile Pages/demo-app.json --root /pages/server.html -- \
	$(1) run Pages/app-flows --profile {profile} --jobs 2

run: build
	Scripts/with-demo-server.py --port $(DEMO_PORT) -- $(RELEASE) --profile Pages/demo-app.json

# The fuzz target's inputs are made from a seed: `make test` runs a short fixed pass.
FUZZ := .build/debug/webnav-fuzz
FUZZ_SECONDS ?= 180
FUZZ_SEED ?= 1

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2
	Scripts/fuzz.py --binary $(FUZZ) --self-test --out .build/fuzz-self-test
	Scripts/fuzz.py --binary $(FUZZ) --runs 20 --seed 1
	$(DEBUG) run Pages/flows --profile Pages/webnav.json --jobs 2 --strict
	$(call APP_FLOWS,$(DEBUG))
	$(DEBUG) lint --profile Pages/webnav.json Pages

flows: deps
	$(SWIFT) build
	$(DEBUG) run Pages/flows --profile Pages/webnav.json --jobs 2 --strict
	$(call APP_FLOWS,$(DEBUG))

bench: deps
	@Scripts/install-deps.sh --bench
	$(RELEASE_BUILD)
	Scripts/bench.sh

fuzz: deps
	$(SWIFT) build --product webnav-fuzz
	Scripts/fuzz.py --binary $(FUZZ) --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)

conformance: deps
	$(SWIFT) build --product webnav
	Scripts/conformance.sh

install: build
	install -d $(PREFIX)/bin
	install -m 755 $(RELEASE) $(PREFIX)/bin/webnav
	install -d $(PREFIX)/share/man/man1
	install -m 644 man/webnav.1 $(PREFIX)/share/man/man1/webnav.1

clean:
	rm -rf .build
