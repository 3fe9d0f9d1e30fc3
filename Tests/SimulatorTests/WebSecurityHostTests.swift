import AppShell
import Foundation
import NavigatorCore
import PageKit
@testable import ScriptRuntime
@testable import Simulator
import TestSupport
import XCTest

/// The web's security rules against a real loopback server: a page on `127.0.0.1:PORT`
/// fetching `localhost:PORT` is cross-origin. Every expected console line is what WebKitGTK
/// printed for the same request (DECISIONS.md, "The web's security rules").
final class WebSecurityHostTests: XCTestCase {
    nonisolated(unsafe) static var server: DemoServer?
    nonisolated(unsafe) static var folder: URL?

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-cors-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        Self.folder = folder
        server = try? DemoServer(pages: folder.path)
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var server: DemoServer {
        get throws {
            guard let server = Self.server else { throw DemoServer.Failure(description: "the demo server did not start") }
            return server
        }
    }

    /// A profile whose web views may reach 127.0.0.1 and localhost over http.
    private func profile(_ change: (inout AppProfile) -> Void = { _ in }) -> AppProfile {
        var profile = AppProfile.builtIn
        profile.ats = AppProfile.AppTransportSecurity(
            dictionary: .object([(key: Located(value: "NSAllowsLocalNetworking", line: 1, column: 1), value: Located(value: .bool(true), line: 1, column: 1))]),
            location: SourceLocation(path: "test.json", line: 1))
        change(&profile)
        return profile
    }

    /// The console lines of a page that runs `script` (its `log(…)` calls), served from the server.
    private func console(_ script: String, name: String = UUID().uuidString, opening first: [String] = []) throws -> [String] {
        let server = try server
        let page = """
            <script>
            const other = "http://localhost:\(server.port)/cors";
            const same = "http://127.0.0.1:\(server.port)/cors";
            function log(...parts) { console.log(parts.join(" ")); }
            function show(label, promise) {
              return promise.then(r => r.text().then(t => log(label, "ok", r.status, r.type, t, r.headers.get("x-secret"), r.headers.get("content-type"))),
                                  e => log(label, "error", e.name, e.message));
            }
            (async () => { \(script) })();
            </script>
            """
        try Data(page.utf8).write(to: Self.folder!.appendingPathComponent(name + ".html"))
        let host = AppHost(profile: profile(), pagesBase: Self.folder!, store: PageStore(reader: FilePageReader()))
        host.perform(.launch)
        for url in first { host.perform(.navigator(.urlOpened("mkwebview://webview?url=" + url, base: nil))) }
        host.perform(.navigator(.urlOpened("mkwebview://webview?url=" + server.url("/pages/\(name).html"), base: nil)))
        return host.snapshot.app.eventLog.events.filter { $0.kind == .console }.map(\.text)
    }

    /// What the server logged of its /cors requests since the last call (read through the loader).
    private func serverLog() throws -> [String] {
        let loader = ResourceLoader(configuration: LoaderConfiguration(
            identity: WebViewIdentity(profileUserAgent: nil, applicationNameForUserAgent: nil, platformVersion: "17.0"),
            readAccessFolder: nil, ats: ATSPolicy(settings: ATSSettings(allowsArbitraryLoads: true))), cookies: nil)
        guard case .response(let response) = loader.load(LoadRequest(url: try server.url("/cors/log"))) else {
            throw DemoServer.Failure(description: "no /cors/log")
        }
        return String(decoding: response.body, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testACrossOriginFetchNeedsTheServersPermission() throws {
        let origin = "http://127.0.0.1:\(try server.port)"
        _ = try serverLog()
        XCTAssertEqual(try console("""
            await show("plain", fetch(other));
            await show("star", fetch(other + "?allow=*"));
            await show("exposed", fetch(other + "?allow=\(origin)&expose=X-Secret"));
            await show("same", fetch(same));
            """), [
            "console.error: Origin \(origin) is not allowed by Access-Control-Allow-Origin. Status code: 200",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors due to access control checks.",
            "console.log: plain error TypeError Load failed",
            "console.log: star ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": null}  application/json",
            "console.log: exposed ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": null} s3 application/json",
            "console.log: same ok 200 basic {\"method\": \"GET\", \"origin\": null, \"cookie\": null} s3 application/json",
        ])
    }

    func testCredentialsModes() throws {
        let origin = "http://127.0.0.1:\(try server.port)"
        XCTAssertEqual(try console("""
            document.cookie = "k=v; path=/";
            await show("same", fetch(same));
            await show("omit", fetch(same, {credentials: "omit"}));
            await show("star-include", fetch(other + "?allow=*", {credentials: "include"}));
            await show("no-acac", fetch(other + "?allow=\(origin)", {credentials: "include"}));
            await show("include", fetch(other + "?allow=\(origin)&credentials=1", {credentials: "include"}));
            """), [
            "console.log: same ok 200 basic {\"method\": \"GET\", \"origin\": null, \"cookie\": \"k=v\"} s3 application/json",
            "console.log: omit ok 200 basic {\"method\": \"GET\", \"origin\": null, \"cookie\": null} s3 application/json",
            "console.error: Cannot use wildcard in Access-Control-Allow-Origin when credentials flag is true.",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=* due to access control checks.",
            "console.log: star-include error TypeError Load failed",
            "console.error: Credentials flag is true, but Access-Control-Allow-Credentials is not \"true\".",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=\(origin) due to access control checks.",
            "console.log: no-acac error TypeError Load failed",
            "console.log: include ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": null}  application/json",
        ], "the cookie belongs to 127.0.0.1: localhost has none to send")
    }

    /// Cookies of script requests as WKWebView sends them: a same-site request (another port
    /// of 127.0.0.1) carries SameSite=Strict and Lax cookies and may set more; a cross-site one
    /// (localhost) carries none of localhost's own cookies and sets none (full third-party
    /// cookie blocking, WebKit's default since iOS 13.4), even when CORS allows credentials.
    func testScriptRequestsCookiesFollowSameSiteAndThirdPartyBlocking() throws {
        let origin = "http://127.0.0.1:\(try server.port)"
        let second = try DemoServer(pages: Self.folder!.path)
        defer { second.stop() }
        let sameSite = "http://127.0.0.1:\(second.port)/cors?allow=\(origin)&credentials=1"
        let crossSite = "http://localhost:\(try server.port)/cors?allow=\(origin)&credentials=1"
        let lines = try console("""
            document.cookie = "strict=1; SameSite=Strict; path=/";
            document.cookie = "lax=1; SameSite=Lax; path=/";
            await show("same-site", fetch("\(sameSite)&setcookie=set%3D1%3B%20path%3D%2F", {credentials: "include"}));
            await show("same-site-again", fetch("\(sameSite)", {credentials: "include"}));
            await show("cross-site", fetch("\(crossSite)&setcookie=tracker%3D1%3B%20path%3D%2F", {credentials: "include"}));
            await show("cross-site-again", fetch("\(crossSite)", {credentials: "include"}));
            log("document.cookie", document.cookie);
            """, opening: ["http://localhost:\(try server.port)/cookies/raw?h=own%3D1%3B%20path%3D%2F"])
        XCTAssertEqual(lines, [
            "console.log: same-site ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": \"strict=1; lax=1\"}  application/json",
            "console.log: same-site-again ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": \"strict=1; lax=1; set=1\"}  application/json",
            "console.log: cross-site ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": null}  application/json",
            "console.log: cross-site-again ok 200 cors {\"method\": \"GET\", \"origin\": \"\(origin)\", \"cookie\": null}  application/json",
            "console.log: document.cookie strict=1; lax=1; set=1",
        ])
    }

    func testModesNoCORSAndSameOrigin() throws {
        XCTAssertEqual(try console("""
            await show("opaque", fetch(other, {mode: "no-cors"}));
            await show("same-origin", fetch(other + "?allow=*", {mode: "same-origin"}));
            """), [
            "console.log: opaque ok 0 opaque   ",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=*.",
            "console.log: same-origin error TypeError Load failed",
        ])
    }

    func testPreflights() throws {
        let origin = "http://127.0.0.1:\(try server.port)"
        _ = try serverLog()
        XCTAssertEqual(try console("""
            await show("method", fetch(other + "?allow=*", {method: "PUT"}));
            await show("header", fetch(other + "?allow=*&methods=PUT", {method: "PUT", headers: {"X-Other": "1"}}));
            await show("json", fetch(other + "?allow=*", {method: "POST", body: "{}", headers: {"Content-Type": "application/json"}}));
            await show("failing", fetch(other + "?allow=*&preflight=500", {method: "DELETE"}));
            await show("allowed", fetch(other + "?allow=*&methods=PUT&headers=x-custom", {method: "PUT", headers: {"X-Custom": "1"}}));
            await show("simple", fetch(other + "?allow=*", {method: "POST", body: "x", headers: {"Content-Type": "text/plain"}}));
            """), [
            "console.error: Method PUT is not allowed by Access-Control-Allow-Methods.",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=* due to access control checks.",
            "console.log: method error TypeError Load failed",
            "console.error: Request header field X-Other is not allowed by Access-Control-Allow-Headers.",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=*&methods=PUT due to access control checks.",
            "console.log: header error TypeError Load failed",
            "console.error: Request header field Content-Type is not allowed by Access-Control-Allow-Headers.",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=* due to access control checks.",
            "console.log: json error TypeError Load failed",
            "console.error: Preflight response is not successful. Status code: 500",
            "console.error: Fetch API cannot load http://localhost:\(try server.port)/cors?allow=*&preflight=500 due to access control checks.",
            "console.log: failing error TypeError Load failed",
            "console.log: allowed ok 200 cors {\"method\": \"PUT\", \"origin\": \"\(origin)\", \"cookie\": null}  application/json",
            "console.log: simple ok 200 cors {\"method\": \"POST\", \"origin\": \"\(origin)\", \"cookie\": null}  application/json",
        ])
        XCTAssertEqual(try serverLog(), [
            "OPTIONS \(origin) PUT - -",
            "OPTIONS \(origin) PUT x-other -",
            "OPTIONS \(origin) POST content-type -",
            "OPTIONS \(origin) DELETE - -",
            "OPTIONS \(origin) PUT x-custom -",
            "PUT \(origin) - - -",
            "POST \(origin) - - -",
        ], "a preflight without cookies before each request that needs one; nothing sent after a refused one")
    }

    func testXMLHttpRequestAcrossOrigins() throws {
        XCTAssertEqual(try console("""
            await new Promise(done => {
              const x = new XMLHttpRequest(); x.open("GET", other);
              x.onerror = () => { log("xhr error", x.status, x.readyState); done(); };
              x.onload = () => { log("xhr load", x.status); done(); };
              x.send();
            });
            const y = new XMLHttpRequest(); y.open("GET", other + "?allow=*", false); y.send();
            log("sync", y.status, y.getResponseHeader("x-secret"));
            """), [
            "console.error: Origin http://127.0.0.1:\(try server.port) is not allowed by Access-Control-Allow-Origin. Status code: 200",
            "console.error: XMLHttpRequest cannot load http://localhost:\(try server.port)/cors due to access control checks.",
            "console.log: xhr error 0 4",
            "console.log: sync 200 ",
        ])
    }

    /// WebKitGTK: a `file:` page has an opaque origin; fetching a file fails unless the app turns
    /// on `allowFileAccessFromFileURLs`; a server must allow the origin `null`.
    func testFilePagesHaveAnOpaqueOriginAndReadNoFilesByDefault() throws {
        let server = try server
        let folder = Self.folder!.appendingPathComponent("file-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"a\":1}".utf8).write(to: folder.appendingPathComponent("data.json"))
        try Data("console.log('script src ran')".utf8).write(to: folder.appendingPathComponent("x.js"))
        try Data("""
            <script>
            console.log("origin", location.origin, self.origin);
            fetch("data.json").then(r => r.text()).then(t => console.log("file", t), e => console.log("file error", e.message));
            fetch("\(server.url("/cors?allow=null"))").then(r => console.log("remote", r.status), e => console.log("remote error", e.message));
            fetch("\(server.url("/cors"))").then(r => console.log("remote2", r.status), e => console.log("remote2 error", e.message));
            </script><script src="x.js"></script>
            """.utf8).write(to: folder.appendingPathComponent("index.html"))
        func run(fileAccess: Bool) -> [String] {
            let host = AppHost(profile: profile { $0.allowFileAccessFromFileURLs = fileAccess }, pagesBase: folder,
                               store: PageStore(reader: FilePageReader()))
            host.perform(.launch)
            return host.snapshot.app.eventLog.events.filter { $0.kind == .console || $0.kind == .blocked }.map(\.text)
        }
        let data = folder.appendingPathComponent("data.json").absoluteString
        XCTAssertEqual(run(fileAccess: false), [
            "console.log: origin file:// null",
            "console.log: script src ran",
            "console.error: Cross origin requests are only supported for HTTP.",
            "console.error: Fetch API cannot load \(data) due to access control checks.",
            "blocked: data.json: a file: page may fetch or XHR other files only when the app turns on WKPreferences' "
                + "allowFileAccessFromFileURLs (setValue(true, forKey: \"allowFileAccessFromFileURLs\")); "
                + "in webnav, \"allowFileAccessFromFileURLs\": true in the profile",
            "console.log: file error Load failed",
            "console.log: remote 200",
            "console.error: Origin null is not allowed by Access-Control-Allow-Origin. Status code: 200",
            "console.error: Fetch API cannot load \(server.url("/cors")) due to access control checks.",
            "console.log: remote2 error Load failed",
        ])
        XCTAssertEqual(run(fileAccess: true), [
            "console.log: origin file:// file://",
            "console.log: script src ran",
            "console.log: file {\"a\":1}",
            "console.error: Origin file:// is not allowed by Access-Control-Allow-Origin. Status code: 200",
            "console.error: Fetch API cannot load \(server.url("/cors?allow=null")) due to access control checks.",
            "console.log: remote error Load failed",
            "console.error: Origin file:// is not allowed by Access-Control-Allow-Origin. Status code: 200",
            "console.error: Fetch API cannot load \(server.url("/cors")) due to access control checks.",
            "console.log: remote2 error Load failed",
        ])
    }
}

/// Mixed content: what an https page asks for over http (no request is made for what is blocked).
final class MixedContentTests: XCTestCase {
    private func fetcher() -> PageFetcher {
        let profile = AppProfile.builtIn
        return PageFetcher(profile: profile, pagesBase: "file:///app/Pages/", store: PageStore(reader: InMemoryPages(files: [:])),
                           dataStores: WebsiteDataStores(profile: profile, initial: nil, clock: { 0 }))
    }

    private func lines(_ result: Result<ScriptResourceResponse, ScriptResourceError>) -> [String] {
        guard case .failure(let error) = result else { return ["loaded"] }
        return error.console.map { "\($0.level.rawValue): \($0.text)" }
    }

    func testScriptsFetchesAndXHRFromHTTPAreBlockedOnAnHTTPSPage() {
        let page = "https://shop.example/index.html"
        let fetcher = fetcher()
        let blocked = "[blocked] The page at https://shop.example/index.html requested insecure content from http://api.example/prices.json. "
            + "This content was blocked and must be served over HTTPS."
        XCTAssertEqual(lines(fetcher.subresource(ScriptResourceRequest(kind: .fetch, url: "http://api.example/prices.json"), for: ScreenID(1), pageURL: page)), [
            "warn: " + blocked, "error: Not allowed to request resource",
            "error: Fetch API cannot load http://api.example/prices.json due to access control checks.",
        ])
        XCTAssertEqual(lines(fetcher.subresource(ScriptResourceRequest(kind: .xhr, url: "http://api.example/prices.json"), for: ScreenID(1), pageURL: page)), [
            "warn: " + blocked, "error: Not allowed to request resource",
            "error: XMLHttpRequest cannot load http://api.example/prices.json due to access control checks.",
        ])
        XCTAssertEqual(lines(fetcher.subresource(ScriptResourceRequest(kind: .script, url: "http://cdn.example/x.js"), for: ScreenID(1), pageURL: page)), [
            "warn: [blocked] The page at https://shop.example/index.html requested insecure content from http://cdn.example/x.js. "
                + "This content was blocked and must be served over HTTPS.",
        ])
    }

    func testImagesAreUpgradedAndFramesBlockedInTheMarkup() {
        let content = PageContent.parsing(Data("""
            <img src="http://img.example/a.png"><img src="http://127.0.0.1:8800/b.png"><img src="/c.png">
            <iframe src="http://frames.example/f.html"></iframe>
            """.utf8), url: "https://shop.example/", mode: .plain) { _ in nil }
        XCTAssertEqual(PageFetcher.mixedContentWarnings(in: content).map(\.text), [
            "console.warn: The page at https://shop.example/ requested insecure content from http://img.example/a.png. "
                + "This content was automatically upgraded and should be served over HTTPS.",
            "console.warn: The page at https://shop.example/ requested insecure content from http://127.0.0.1:8800/b.png. "
                + "This content was not upgraded to HTTPS and must be served from the local host.",
            "console.warn: [blocked] The page at https://shop.example/ requested insecure content from http://frames.example/f.html. "
                + "This content was blocked and must be served over HTTPS.",
        ])
        XCTAssertEqual(MixedContent.image(page: "https://shop.example/", resource: "http://img.example/a.png").url, "https://img.example/a.png")
    }
}

/// Content-Security-Policy from the response header and from `<meta http-equiv>`, against the
/// loopback server; each console line and event is what WebKitGTK 2.50 gave for the same page.
final class ContentSecurityPolicyHostTests: XCTestCase {
    nonisolated(unsafe) static var server: DemoServer?
    nonisolated(unsafe) static var folder: URL?

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-csp-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data("console.log('ok.js ran')".utf8).write(to: folder.appendingPathComponent("ok.js"))
        Self.folder = folder
        server = try? DemoServer(pages: folder.path)
    }

    override class func tearDown() {
        server?.stop()
        server = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func events(_ page: String, policy: String?) throws -> [String] {
        guard let server = Self.server else { throw DemoServer.Failure(description: "the demo server did not start") }
        let name = UUID().uuidString + ".html"
        try Data(page.utf8).write(to: Self.folder!.appendingPathComponent(name))
        var profile = AppProfile.builtIn
        profile.ats = AppProfile.AppTransportSecurity(
            dictionary: .object([(key: Located(value: "NSAllowsLocalNetworking", line: 1, column: 1), value: Located(value: .bool(true), line: 1, column: 1))]),
            location: SourceLocation(path: "test.json", line: 1))
        let host = AppHost(profile: profile, pagesBase: Self.folder!, store: PageStore(reader: FilePageReader()))
        host.perform(.launch)
        if let policy { try Data(policy.utf8).write(to: Self.folder!.appendingPathComponent(name + ".csp")) }
        host.perform(.navigator(.urlOpened("mkwebview://webview?url=" + server.url("/csp/\(name)"), base: nil)))
        return host.snapshot.app.eventLog.events.filter { $0.kind == .console || $0.kind == .scriptError }.map(\.text)
    }

    private static let listener = """
        <script nonce="abc">
        document.addEventListener("securitypolicyviolation", e => console.log("violation", e.violatedDirective, e.effectiveDirective,
          e.blockedURI, e.lineNumber, e.columnNumber, e.disposition, e.statusCode, e.target.nodeName));
        </script>
        """

    func testAHeaderPolicyWithNoncesAndHashes() throws {
        // sha256 of `console.log("hashed")`
        let policy = "script-src 'self' 'nonce-abc' 'sha256-0BBCE6r8ih9MBTsniD4tMx/SAyP3Htb4UYUqpu+a3Mc='; connect-src 'self'; img-src 'none'"
        let port = Self.server!.port
        XCTAssertEqual(try events(Self.listener + """

            <script>console.log("inline ran")</script>
            <script nonce="abc">console.log("nonce ran")</script>
            <script>console.log("hashed")</script>
            <script src="/pages/ok.js"></script>
            <script src="http://localhost:\(port)/pages/ok.js"></script>
            <img src="http://localhost:\(port)/pic.png">
            <button id=b onclick="console.log('handler ran')">b</button>
            <script nonce="abc">
            document.getElementById("b").click();
            try { eval("1+1"); console.log("eval ran"); } catch (e) { console.log("eval", e.name, e.message); }
            setTimeout("console.log('string timer ran')", 0);
            fetch("http://localhost:\(port)/cors?allow=*").then(r => console.log("fetch ok"), e => console.log("fetch error", e.message));
            </script>
            """, policy: policy), [
            "console.error: Refused to execute a script because its hash, its nonce, or 'unsafe-inline' does not appear in the script-src directive of the Content Security Policy.",
            "console.log: nonce ran",
            "console.log: hashed",
            "console.log: ok.js ran",
            "console.error: Refused to load http://localhost:\(port)/pages/ok.js because it does not appear in the script-src directive of the Content Security Policy.",
            "console.error: Refused to load http://localhost:\(port)/pic.png because it does not appear in the img-src directive of the Content Security Policy.",
            "console.error: Refused to execute a script for an inline event handler because 'unsafe-inline' does not appear in the script-src directive of the Content Security Policy.",
            "console.log: eval EvalError Refused to evaluate a string as JavaScript because 'unsafe-eval' or 'trusted-types-eval' is not an allowed source of script in the following Content Security Policy directive: \"script-src 'self' 'nonce-abc' 'sha256-0BBCE6r8ih9MBTsniD4tMx/SAyP3Htb4UYUqpu+a3Mc='\".",
            "console.error: Refused to execute a script because 'unsafe-eval' and 'trusted-types-eval' does not appear in the script-src directive of the Content Security Policy.",
            "console.error: Refused to connect to http://localhost:\(port)/cors?allow=* because it does not appear in the connect-src directive of the Content Security Policy.",
            "console.log: violation script-src-elem script-src-elem inline 5 1 enforce 200 SCRIPT",
            "console.log: violation script-src-elem script-src-elem http://localhost:\(port)/pages/ok.js 0 1 enforce 200 #document",
            "console.log: violation img-src img-src http://localhost:\(port)/pic.png 0 1 enforce 200 #document",
            "console.log: violation script-src-attr script-src-attr inline 13 35 enforce 200 BUTTON",
            "console.log: violation script-src script-src eval 14 11 enforce 200 #document",
            "console.log: violation script-src script-src eval 15 11 enforce 200 #document",
            "console.log: violation connect-src connect-src http://localhost:\(port)/cors?allow=* 0 0 enforce 200 #document",
            "console.log: fetch error Load failed",
        ])
    }

    /// A `<meta>` policy applies from where it is; with only `default-src`, WebKit names both
    /// directives; `'unsafe-inline'` lets inline scripts run but `script-src-attr 'none'` still
    /// stops handlers.
    func testAMetaPolicyFallingBackToDefaultSrc() throws {
        let port = Self.server!.port
        XCTAssertEqual(try events("""
            <script>console.log("before the policy")</script>
            <meta http-equiv="Content-Security-Policy" content="default-src 'self' 'unsafe-inline'; script-src-attr 'none'">
            <script>
            document.addEventListener("securitypolicyviolation", e => console.log("violation", e.violatedDirective, e.blockedURI, e.originalPolicy));
            console.log("inline ran");
            </script>
            <script src="http://localhost:\(port)/pages/ok.js"></script>
            <iframe src="http://localhost:\(port)/pages/frame.html"></iframe>
            <button id=b onclick="console.log('handler ran')">b</button>
            <script>
            document.getElementById("b").click();
            try { eval("1"); console.log("eval ran") } catch (e) { console.log("eval", e.message) }
            location.href = "javascript:console.log('javascript URL ran')";
            </script>
            """, policy: nil), [
            "console.log: before the policy",
            "console.log: inline ran",
            "console.error: Refused to load http://localhost:\(port)/pages/ok.js because it appears in neither the script-src directive nor the default-src directive of the Content Security Policy.",
            "console.error: Refused to load http://localhost:\(port)/pages/frame.html because it appears in neither the frame-src directive nor the default-src directive of the Content Security Policy.",
            "console.error: Refused to execute a script for an inline event handler because 'unsafe-inline' does not appear in the script-src directive of the Content Security Policy.",
            "console.log: eval Refused to evaluate a string as JavaScript because 'unsafe-eval' or 'trusted-types-eval' is not an allowed source of script in the following Content Security Policy directive: \"default-src 'self' 'unsafe-inline'\".",
            "console.log: javascript URL ran",
            "console.log: violation script-src-elem http://localhost:\(port)/pages/ok.js default-src 'self' 'unsafe-inline'; script-src-attr 'none'",
            "console.log: violation frame-src http://localhost:\(port) default-src 'self' 'unsafe-inline'; script-src-attr 'none'",
            "console.log: violation script-src-attr inline default-src 'self' 'unsafe-inline'; script-src-attr 'none'",
            "console.log: violation script-src eval default-src 'self' 'unsafe-inline'; script-src-attr 'none'",
        ], "'unsafe-inline' in default-src lets the javascript: URL run")
    }

    func testPoliciesParseAndMatchSources() {
        var policy = ContentSecurityPolicy()
        policy.add("script-src https://cdn.example:8443/lib/ *.static.example 'self'; img-src data: https:, connect-src 'none'")
        XCTAssertEqual(policy.violations(.scriptURL("https://cdn.example:8443/lib/a.js", nonce: nil), pageURL: "https://app.example/").count, 0)
        XCTAssertEqual(policy.violations(.scriptURL("https://cdn.example:8443/other.js", nonce: nil), pageURL: "https://app.example/").count, 1)
        XCTAssertEqual(policy.violations(.scriptURL("https://a.static.example/x.js", nonce: nil), pageURL: "https://app.example/").count, 0)
        XCTAssertEqual(policy.violations(.scriptURL("https://static.example/x.js", nonce: nil), pageURL: "https://app.example/").count, 1,
                       "*.host matches subdomains only")
        XCTAssertEqual(policy.violations(.scriptURL("https://app.example/s.js", nonce: nil), pageURL: "https://app.example/").count, 0)
        XCTAssertEqual(policy.violations(.image("data:image/png;base64,AA"), pageURL: "https://app.example/").count, 0)
        XCTAssertEqual(policy.violations(.image("http://img.example/a.png"), pageURL: "https://app.example/").count, 1)
        XCTAssertEqual(policy.violations(.connect("https://app.example/api"), pageURL: "https://app.example/").map(\.effectiveDirective), ["connect-src"],
                       "two policies (a comma), each enforced: the second forbids connecting")
        XCTAssertEqual(SHA2.base64(SHA2.digest(Array("abc".utf8), .sha256)), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        XCTAssertEqual(SHA2.base64(SHA2.digest(Array("abc".utf8), .sha384)),
                       "ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn")
        XCTAssertEqual(SHA2.base64(SHA2.digest(Array("abc".utf8), .sha512)),
                       "3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw==")
    }
}
