#!/usr/bin/python3
"""Asks WebKitGTK (the engine family of WKWebView) what a page does: loads PAGE in a 390 x 844
web view, waits MS milliseconds, evaluates SCRIPT and prints its result as JSON, then every
console message the page logged.

    xvfb-run -a /usr/bin/python3 Scripts/webkit-oracle.py PAGE.html [MS] ['JS expression']

Needs Debian's gir1.2-webkit2-4.1, xvfb, xauth and python3-gi. FILE_ACCESS=1 turns on
allowFileAccessFromFileURLs (off by default, as in WKWebView). Use `function` in the script,
not arrow functions, when the value must be returned from a callback."""
import json
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    page = os.path.abspath(sys.argv[1]) if "://" not in sys.argv[1] else sys.argv[1]
    wait = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    script = sys.argv[3] if len(sys.argv) > 3 else "document.body ? document.body.innerText : ''"
    settings = WebKit2.Settings()
    settings.set_enable_write_console_messages_to_stdout(True)
    if os.environ.get("FILE_ACCESS") == "1":
        settings.set_allow_file_access_from_file_urls(True)
    view = WebKit2.WebView.new_with_settings(settings)
    window = Gtk.OffscreenWindow()
    window.set_default_size(390, 844)
    window.add(view)
    window.show_all()
    outcome = {"code": 0}

    def finished(webview, result):
        try:
            value = webview.run_javascript_finish(result).get_js_value()
            print(json.dumps(json.loads(value.to_json(0)) if not value.is_undefined() else None, ensure_ascii=False))
        except Exception as error:  # the script threw: print its message
            print("error:", error)
            outcome["code"] = 1
        Gtk.main_quit()

    def evaluate():
        view.run_javascript(script, None, finished)
        return False

    def loaded(webview, event):
        if event == WebKit2.LoadEvent.FINISHED:
            GLib.timeout_add(wait, evaluate)

    view.connect("load-changed", loaded)
    view.load_uri(page if "://" in page else "file://" + page)
    GLib.timeout_add(wait + 30000, Gtk.main_quit)
    Gtk.main()
    return outcome["code"]


if __name__ == "__main__":
    sys.exit(main())
