#!/usr/bin/env bash
# Copies Debian's jQuery, Vue, AngularJS, Bootstrap 5 and Popper 2 into Pages/vendor/ for the demo pages. A copy, not a link: a
# web view reads nothing outside its pages folder, and a link pointing out of it is refused
# as WKWebView refuses it (DECISIONS.md, "file: access on the canonical path").
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Pages/vendor
for pair in jquery/jquery.min.js:jquery.min.js vue/vue.min.js:vue.min.js angular.js/angular.min.js:angular.min.js \
    bootstrap5/css/bootstrap.min.css:bootstrap.min.css bootstrap5/js/bootstrap.min.js:bootstrap.min.js \
    popperjs2/popper.min.js:popper.min.js; do
  source="/usr/share/javascript/${pair%%:*}"
  target="Pages/vendor/${pair##*:}"
  [ -e "$source" ] || { echo "webnav: $source is missing (Debian's libjs-jquery, libjs-vue, libjs-angularjs, libjs-bootstrap5, node-popper2)" >&2; exit 2; }
  if [ -L "$target" ] || ! cmp -s "$source" "$target"; then
    rm -f "$target"
    cp "$source" "$target.tmp" && mv "$target.tmp" "$target"
  fi
done
