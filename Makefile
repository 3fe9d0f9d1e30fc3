# webnav: two commands on a fresh machine.
#   make run    installs what is missing, builds, and starts webnav on Pages/
#   make test   installs what is missing, builds, runs the unit and terminal tests, the example flows and lints Pages/
#   make bench  the benchmarks (release build, side by side with lynx)

SWIFT ?= swift
RELEASE := .build/release/webnav
DEBUG := .build/debug/webnav

PREFIX ?= /usr/local

.PHONY: deps build run test flows bench install clean

deps:
	@command -v $(SWIFT) >/dev/null || { echo "webnav: swift is not on the PATH" >&2; exit 2; }
	@Scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release

run: build
	$(RELEASE)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --num-workers 2
	$(DEBUG) run Pages/flows --jobs 2
	$(DEBUG) lint --profile Pages/webnav.json Pages

flows: deps
	$(SWIFT) build
	$(DEBUG) run Pages/flows --jobs 2

bench: deps
	@Scripts/install-deps.sh lynx valgrind
	$(SWIFT) build -c release
	Scripts/bench.sh

install: build
	install -d $(PREFIX)/bin
	install -m 755 $(RELEASE) $(PREFIX)/bin/webnav

clean:
	rm -rf .build
