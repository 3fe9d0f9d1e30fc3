#!/usr/bin/env python3
"""A small HTTP server for webnav's loader tests and the demo (standard library only).

Listens on 127.0.0.1 only. `--port 0` picks a free port; the first line on stdout is
`port N`. `--certificate PEM --key PEM` serves https instead (the tests use a self-signed one). Routes (all answer GET; /echo, /echo.html and /redirect also POST and any other method):

  /pages/PATH               a file under --pages (default: Pages)
  /echo                     JSON: method, path, headers (in order), body
  /echo.html                a page showing the request's method, Content-Type, Origin and body
                            (as a JSON string), one per line: what a posted form sent
  /cookies/set              several Set-Cookie fields with attributes
  /cookies/raw?h=V&h=V      each h as one Set-Cookie field, verbatim (malformed ones too)
  /cookies/bad              a malformed Set-Cookie, then a good one
  /redirect?to=URL&status=S one redirect (status 302 by default)
  /chain/N                  N redirects, then a page
  /loop                     a redirect to itself
  /status/CODE              that status with an HTML body naming it (404, 500, …)
  /alive?status=S&require=H HEAD or GET liveness check answering S (default 200); 412 when the
                            request lacks the header H
  /hang                     accepts the connection and never answers
  /trickle?every=S&chunks=N a chunked page, one chunk every S seconds
  /large?mb=N               N MB of text (default 100), streamed
  /gzip                     a gzip-encoded page; /deflate the same with deflate
  /gzip-bomb?mb=N           a small gzip body that inflates to N MB (default 1024)
  /corrupt-gzip             Content-Encoding: gzip with a body that is not gzip
  /page?bytes=N             an HTML page of N bytes (for benchmarks)
  /count?name=K&delay=S     a page titled "request N", N counting the requests for K (after
                            S seconds, default 0), so a test sees how often a page was loaded
  /cors?allow=O&credentials=1&expose=H&methods=M&headers=H&preflight=S&setcookie=C
                            any method: JSON of the request's method, Origin and Cookie, with
                            Access-Control-Allow-Origin O (none when absent), -Credentials true,
                            -Expose-Headers H, a Set-Cookie C for each setcookie, and an X-Secret
                            header; OPTIONS answers S
                            (default 204) with O, -Allow-Methods M and -Allow-Headers H
  /csp/PATH                 a file under --pages, sent with a Content-Security-Policy header for
                            each line of the file PATH.csp next to it
  /cors/log                 the /cors requests since the last read, one line each (method,
                            Origin, Access-Control-Request-Method and -Headers, Cookie)
"""

import argparse
import functools
import html
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse
import zlib


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "webnav-demo"
    pages = "Pages"

    def log_message(self, format, *args):
        pass

    def handle_one_request(self):
        # BaseHTTPRequestHandler refuses request lines over 64 KB; browsers send longer ones.
        try:
            self.raw_requestline = self.rfile.readline(1 << 20)
            if not self.raw_requestline:
                self.close_connection = True
                return
            if not self.parse_request():
                return
            self.dispatch()
            self.wfile.flush()
        except (ConnectionError, TimeoutError):
            self.close_connection = True

    def send(self, status, body=b"", content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        self.close_connection = True

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def dispatch(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        path = url.path

        def number(name, default):
            try:
                return float(query[name][0])
            except (KeyError, ValueError, IndexError):
                return default

        if path.startswith("/pages/"):
            return self.serve_file(urllib.parse.unquote(path[len("/pages/"):]))
        if path == "/echo":
            body = self.read_body()
            echo = {
                "method": self.command,
                "path": self.path,
                "headers": [[name, value] for name, value in self.headers.items()],
                "body": body.decode("utf-8", "replace"),
            }
            return self.send(200, json.dumps(echo).encode(), "application/json")
        if path == "/echo.html":
            body = self.read_body()
            lines = [
                "method: " + self.command,
                "content-type: " + (self.headers.get("Content-Type") or "(none)"),
                "origin: " + (self.headers.get("Origin") or "(none)"),
                "body: " + json.dumps(body.decode("utf-8", "replace")),
            ]
            page = "<!DOCTYPE html><title>Echo</title><pre>%s</pre>" % html.escape("\n".join(lines))
            return self.send(200, page.encode())
        if path == "/cookies/set":
            cookies = [
                "session=abc123; Path=/; HttpOnly",
                "theme=dark; Path=/; Max-Age=3600",
                "lang=en; Path=/pages; Expires=Wed, 09 Jun 2100 10:18:14 GMT",
                "secure_token=s3cr3t; Path=/; Secure",
                "strict=1; Path=/; SameSite=Strict",
            ]
            return self.send(200, b"<p>cookies set</p>", headers=[("Set-Cookie", c) for c in cookies])
        if path == "/cookies/raw":
            return self.send(200, b"<p>raw cookies</p>", headers=[("Set-Cookie", v) for v in query.get("h", [])])
        if path == "/cookies/bad":
            cookies = ["=novalue; Path=/", "good=yes; Path=/"]
            return self.send(200, b"<p>one bad cookie</p>", headers=[("Set-Cookie", c) for c in cookies])
        if path == "/redirect":
            self.read_body()
            status = int(number("status", 302))
            target = query.get("to", ["/echo"])[0]
            return self.send(status, b"<p>moved</p>", headers=[("Location", target)])
        if path.startswith("/chain/"):
            try:
                remaining = int(path[len("/chain/"):])
            except ValueError:
                return self.send(400, b"<p>bad chain</p>")
            if remaining <= 0:
                return self.send(200, b"<p>end of chain</p>")
            return self.send(302, b"", headers=[("Location", "/chain/%d" % (remaining - 1))])
        if path == "/loop":
            return self.send(302, b"", headers=[("Location", "/loop")])
        if path.startswith("/status/"):
            try:
                code = int(path[len("/status/"):])
            except ValueError:
                code = 400
            return self.send(code, ("<h1>%d</h1><p>the server says %d</p>" % (code, code)).encode())
        if path == "/alive":
            required = query.get("require", [None])[0]
            if required and self.headers.get(required) is None:
                return self.send(412, ("missing header %s\n" % required).encode(), "text/plain")
            return self.send(int(number("status", 200)), b"alive\n", "text/plain")
        if path == "/hang":
            while True:
                time.sleep(3600)
        if path == "/trickle":
            return self.trickle(number("every", 5), int(number("chunks", 10)))
        if path == "/large":
            return self.large(int(number("mb", 100)))
        if path in ("/gzip", "/deflate"):
            page = b"<h1>compressed</h1>" + b"<p>webnav</p>" * 1000
            if path == "/gzip":
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
            else:
                compressor = zlib.compressobj(9, zlib.DEFLATED, 15)
            body = compressor.compress(page) + compressor.flush()
            return self.send(200, body, headers=[("Content-Encoding", path[1:])])
        if path == "/gzip-bomb":
            return self.send(200, gzip_of_zeros(int(number("mb", 1024))), headers=[("Content-Encoding", "gzip")])
        if path == "/corrupt-gzip":
            return self.send(200, b"this is not gzip at all" * 10, headers=[("Content-Encoding", "gzip")])
        if path == "/page":
            size = int(number("bytes", 1024))
            head = b"<!DOCTYPE html><title>bench</title><p>"
            return self.send(200, head + b"x" * max(0, size - len(head)))
        if path.startswith("/csp/"):
            relative = urllib.parse.unquote(path[len("/csp/"):])
            policies = os.path.join(os.path.realpath(self.pages), relative + ".csp")
            lines = open(policies, encoding="utf-8").read().splitlines() if os.path.isfile(policies) else []
            return self.serve_file(relative, headers=[("Content-Security-Policy", line) for line in lines if line])
        if path == "/cors/log":
            with Handler.lock:
                lines, Handler.cors_log[:] = list(Handler.cors_log), []
            return self.send(200, "\n".join(lines).encode(), "text/plain")
        if path == "/cors":
            return self.cors(query)
        if path == "/count":
            self.read_body()
            time.sleep(number("delay", 0))
            name = query.get("name", [""])[0]
            with COUNTS_LOCK:
                COUNTS[name] = COUNTS.get(name, 0) + 1
                count = COUNTS[name]
            return self.send(200, ("<title>request %d</title><p>request %d</p>" % (count, count)).encode())
        return self.send(404, b"<h1>Not Found</h1><p>no route</p>")

    do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = dispatch

    cors_log = []
    lock = threading.Lock()

    def cors(self, query):
        def one(name):
            return query.get(name, [None])[0]
        self.read_body()
        fields = [self.command, self.headers.get("Origin") or "-", self.headers.get("Access-Control-Request-Method") or "-",
                  self.headers.get("Access-Control-Request-Headers") or "-", self.headers.get("Cookie") or "-"]
        with Handler.lock:
            Handler.cors_log.append(" ".join(fields))
        headers = []
        if one("allow") is not None:
            headers.append(("Access-Control-Allow-Origin", one("allow")))
        if one("credentials"):
            headers.append(("Access-Control-Allow-Credentials", "true"))
        if self.command == "OPTIONS":
            if one("methods"):
                headers.append(("Access-Control-Allow-Methods", one("methods")))
            if one("headers"):
                headers.append(("Access-Control-Allow-Headers", one("headers")))
            return self.send(int(one("preflight") or 204), b"", "text/plain", headers)
        if one("expose"):
            headers.append(("Access-Control-Expose-Headers", one("expose")))
        headers.append(("X-Secret", "s3"))
        headers += [("Set-Cookie", value) for value in query.get("setcookie", [])]
        echo = {"method": self.command, "origin": self.headers.get("Origin"), "cookie": self.headers.get("Cookie")}
        return self.send(200, json.dumps(echo).encode(), "application/json", headers)

    def serve_file(self, relative, headers=()):
        root = os.path.realpath(self.pages)
        path = os.path.realpath(os.path.join(root, relative))
        if not path.startswith(root + os.sep) or not os.path.isfile(path):
            return self.send(404, b"<h1>Not Found</h1>")
        with open(path, "rb") as handle:
            body = handle.read()
        types = {".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
                 ".json": "application/json", ".plist": "application/xml", ".apns": "application/json"}
        return self.send(200, body, types.get(os.path.splitext(path)[1], "application/octet-stream"), headers)

    def trickle(self, every, chunks):
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        for index in range(chunks):
            chunk = ("<p>chunk %d</p>\n" % index).encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.flush()
            time.sleep(every)
        self.wfile.write(b"0\r\n\r\n")
        self.close_connection = True

    def large(self, megabytes):
        line = b"<p>" + b"x" * 1017 + b"</p>\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(line) * 1024 * megabytes))
        self.send_header("Connection", "close")
        self.end_headers()
        block = line * 1024
        for _ in range(megabytes):
            self.wfile.write(block)
        self.close_connection = True


COUNTS = {}
COUNTS_LOCK = threading.Lock()


@functools.lru_cache(maxsize=4)
def gzip_of_zeros(megabytes):
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = b"\0" * (1 << 20)
    parts = [compressor.compress(block) for _ in range(megabytes)]
    parts.append(compressor.flush())
    return b"".join(parts)


def main():
    parser = argparse.ArgumentParser(description="webnav's demo and test server")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--pages", default="Pages")
    parser.add_argument("--certificate", help="serve https with this PEM certificate (and --key)")
    parser.add_argument("--key")
    options = parser.parse_args()
    Handler.pages = options.pages
    server = http.server.ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    server.daemon_threads = True
    if options.certificate:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.certificate, options.key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print("port %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
