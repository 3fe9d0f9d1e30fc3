#!/usr/bin/env bash
# Copies Debian's jQuery, jQuery UI, Vue, AngularJS, Bootstrap 5, Popper 2, D3, React 18,
# DOMPurify and CodeMirror 5 into Pages/vendor/ for the demo pages. A copy, not a link: a web
# view reads nothing outside its pages folder, and a link pointing out of it is refused as
# WKWebView refuses it (DECISIONS.md, "file: access on the canonical path").
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p Pages/vendor
for pair in jquery/jquery.min.js:jquery.min.js vue/vue.min.js:vue.min.js angular.js/angular.min.js:angular.min.js \
    bootstrap5/css/bootstrap.min.css:bootstrap.min.css bootstrap5/js/bootstrap.min.js:bootstrap.min.js \
    popperjs2/popper.min.js:popper.min.js jquery-ui/jquery-ui.min.js:jquery-ui.min.js d3/d3.min.js:d3.min.js \
    codemirror/codemirror.js:codemirror.js codemirror/codemirror.css:codemirror.css \
    /usr/share/nodejs/react/umd/react.production.min.js:react.production.min.js \
    /usr/share/nodejs/react-dom/umd/react-dom.production.min.js:react-dom.production.min.js \
    /usr/share/nodejs/dompurify/dist/purify.min.js:purify.min.js; do
  source="${pair%%:*}"
  [[ "$source" = /* ]] || source="/usr/share/javascript/$source"
  target="Pages/vendor/${pair##*:}"
  [ -e "$source" ] || { echo "webnav: $source is missing (Debian's libjs-jquery, libjs-vue, libjs-angularjs, libjs-bootstrap5, node-popper2, libjs-jquery-ui, libjs-d3, node-react, node-react-dom, node-dompurify, libjs-codemirror)" >&2; exit 2; }
  if [ -L "$target" ] || ! cmp -s "$source" "$target"; then
    rm -f "$target"
    cp "$source" "$target.tmp" && mv "$target.tmp" "$target"
  fi
done
