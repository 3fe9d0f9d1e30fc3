#!/usr/bin/env bash
# Installs the Debian packages webnav needs when they are missing (pkg-config decides for the
# C libraries, a file test for data packages). Extra package names given as arguments are
# installed too when their command is missing; `--bench` adds what make bench uses.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if command -v pkg-config >/dev/null 2>&1; then
  pkg-config --exists ncursesw || missing+=(libncurses-dev)
  pkg-config --exists javascriptcoregtk-4.1 || missing+=(libjavascriptcoregtk-4.1-dev)
  pkg-config --exists libcurl || missing+=(libcurl4-openssl-dev)
  pkg-config --exists libxml-2.0 || missing+=(libxml2-dev)
  # XSLTProcessor's transforms (the headers build the adapter; the library is opened at run time).
  pkg-config --exists libxslt || missing+=(libxslt1-dev)
else
  missing+=(libncurses-dev libjavascriptcoregtk-4.1-dev libcurl4-openssl-dev libxml2-dev libxslt1-dev)
fi
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
# The shells whose completion scripts the tests check.
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v fish >/dev/null 2>&1 || missing+=(fish)
# groff checks the manual page in the tests.
command -v groff >/dev/null 2>&1 || missing+=(groff-base)
# The loader's tests and the demo start Scripts/demo-server.py (standard library only).
command -v python3 >/dev/null 2>&1 || missing+=(python3)
# The Public Suffix List, read by the cookie jar (Domain=co.uk is refused, sites for SameSite).
[ -e /usr/share/publicsuffix/public_suffix_list.dat ] || missing+=(publicsuffix)
# Terminfo entries with direct colour (xterm-direct, tmux-direct) for 24-bit colour under ncurses.
[ -e /usr/share/terminfo/x/xterm-direct ] || [ -e /lib/terminfo/x/xterm-direct ] || missing+=(ncurses-term)
# Test data: real libraries that page scripts must run unmodified.
[ -e /usr/share/javascript/jquery/jquery.js ] || missing+=(libjs-jquery)
[ -e /usr/share/javascript/vue/vue.js ] || missing+=(libjs-vue)
[ -e /usr/share/javascript/angular.js/angular.min.js ] || missing+=(libjs-angularjs)
[ -e /usr/share/javascript/bootstrap5/js/bootstrap.min.js ] || missing+=(libjs-bootstrap5)
[ -e /usr/share/javascript/popperjs2/popper.min.js ] || missing+=(node-popper2)
[ -e /usr/share/javascript/jquery-ui/jquery-ui.min.js ] || missing+=(libjs-jquery-ui)
[ -e /usr/share/javascript/d3/d3.min.js ] || missing+=(libjs-d3)
[ -e /usr/share/javascript/codemirror/codemirror.js ] || missing+=(libjs-codemirror)
[ -e /usr/share/nodejs/react/umd/react.production.min.js ] || missing+=(node-react)
[ -e /usr/share/nodejs/react-dom/umd/react-dom.production.min.js ] || missing+=(node-react-dom)
[ -e /usr/share/nodejs/dompurify/dist/purify.min.js ] || missing+=(node-dompurify)
# Test oracle: html5lib, a pure-Python HTML5 parser the parser's trees are compared with.
/usr/bin/python3 -c "import html5lib" >/dev/null 2>&1 || missing+=(python3-html5lib)
# Test oracle: headless Chromium loads run --html's report and shows what it holds.
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# Test oracle: jsonschema, which checks `webnav lint --sarif` against the SARIF 2.1.0 schema.
/usr/bin/python3 -c "import jsonschema" >/dev/null 2>&1 || missing+=(python3-jsonschema)
for tool in "$@"; do
  if [ "$tool" = "--bench" ]; then
    # make bench: lynx and valgrind are the peers' tools; the documentation packages give it
    # large real pages (jsdom and Chromium are peers only where they are installed).
    command -v lynx >/dev/null 2>&1 || missing+=(lynx)
    command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
    [ -e /usr/share/doc/python3.11/html/contents.html ] || missing+=(python3-doc)
    [ -e /usr/share/doc/postgresql-doc-15/html/bookindex.html ] || missing+=(postgresql-doc)
    [ -e /usr/share/doc/debian-policy/fhs/fhs-3.0.html ] || missing+=(debian-policy)
    continue
  fi
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "webnav: need root or sudo to install ${missing[*]}" >&2; exit 2; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
