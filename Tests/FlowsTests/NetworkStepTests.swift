import AppShell
import Foundation
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport
import XCTest

/// `route`, `offline`/`online` and `expect request` (issue 19): every request the app makes —
/// pages, `<script src>`, `fetch`, `XMLHttpRequest` — goes through the one loader, which asks
/// the routes first; nothing here reaches the network.
final class NetworkStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private static let pages = [
        "/app/Pages/index.html": "<title>Home</title><a href=\"list.html\">List</a>",
        "/app/Pages/list.html": """
            <title>List</title><ul id="list"><li>loading…</li></ul>
            <script src="https://cdn.example.com/app.js"></script>
            <button id="save">Save</button>
            <script>
            fetch("https://api.example.com/items").then(r => r.status === 200 ? r.json() : Promise.reject("status " + r.status))
              .then(items => { document.getElementById("list").innerHTML = items.map(i => "<li>" + i + "</li>").join(""); })
              .catch(error => { document.getElementById("list").innerHTML = "<li>failed: " + error + "</li>"; });
            document.getElementById("save").onclick = () => {
              const request = new XMLHttpRequest();
              request.open("POST", "https://api.example.com/save");
              request.send(JSON.stringify({name: "Ada"}));
            };
            </script>
            """,
    ]
    private static let files = [
        "/app/Pages/items.json": "[\"apple\",\"pear\"]",
        "/app/Pages/app.js": "console.log('app.js ran')",
    ]

    private func run(_ text: String) throws -> FlowResult {
        let parser = FlowParser { url in
            guard let text = Self.files[url.path] else { throw PageReadError.notFound(path: url.path) }
            return Data(text.utf8)
        }
        // Nothing reaches the network: a request no route answers fails without being made.
        var runner = FlowRunner(profile: .builtIn, pagesBase: folder,
                                store: PageStore(reader: InMemoryPages(files: Self.pages), loadsRemotePages: false))
        runner.parser = parser
        runner.keepsTrace = true
        return runner.run(Flow(path: "t.flow", steps: try parser.parse(text: text, path: "t.flow", folder: folder)))
    }

    func testRoutesAnswerFetchScriptsAndXHR() throws {
        let result = try run("""
        route "**/items" file "items.json"
        route "https://cdn.example.com/*.js" file "app.js"
        route "https://api.example.com/save" file "items.json" status 201 header "X-Saved: yes"
        tap "List"
        expect text "apple"
        expect text "pear"
        expect console "app.js ran"
        expect request "https://api.example.com/items" method GET
        tap "Save"
        expect request "**/save" method POST body ~ "\\"name\\":\\"Ada\\""
        expect request "**/save" body ~ "Grace"
        """)
        XCTAssertEqual(result.failure?.message, "expected request \"**/save\" body ~ \"Grace\", got POST https://api.example.com/save body \"{\"name\":\"Ada\"}\"")
        XCTAssertEqual(result.records.count, 11)
        XCTAssertEqual(result.records.map(\.notes).prefix(4), [
            ["route \"**/items\" → items.json (200)"],
            ["route \"https://cdn.example.com/*.js\" → app.js (200)"],
            ["route \"https://api.example.com/save\" → items.json (201)"],
            ["load: list.html", "console.log: app.js ran",
             "request GET https://cdn.example.com/app.js (script) → 200 (route \"https://cdn.example.com/*.js\")",
             "request GET https://api.example.com/items (fetch) → 200 (route \"**/items\")"],
        ])
        XCTAssertEqual(result.records.dropFirst(8).first?.notes, ["request POST https://api.example.com/save (xhr) → 201 (route \"https://api.example.com/save\")"])
    }

    func testAbortOfflineAndStatusAreWhatThePageSees() throws {
        let aborted = try run("route \"**/items\" abort\ntap \"List\"\nexpect text \"failed: TypeError: Load failed\"\nexpect request \"**/items\"")
        XCTAssertNil(aborted.failure?.message)
        XCTAssertEqual(aborted.records[1].notes.last,
                       "request GET https://api.example.com/items (fetch) → error -1005: The network connection was lost. (aborted by route \"**/items\") (route \"**/items\")")
        let missing = try run("route \"**/items\" file \"items.json\" status 404\ntap \"List\"\nexpect text \"failed: status 404\"")
        XCTAssertNil(missing.failure?.message)
        let offline = try run("route \"**/items\" file \"items.json\"\noffline\ntap \"List\"\nexpect text \"failed: TypeError: Load failed\"\nonline\nreload\nexpect text \"apple\"")
        XCTAssertNil(offline.failure?.message)
        XCTAssertEqual(offline.records[1].notes, ["network: offline"])
        XCTAssertEqual(offline.records[2].notes.last,
                       "request GET https://api.example.com/items (fetch) → error -1009: The Internet connection appears to be offline. (the device is offline)")
    }

    /// A routed answer allows the page's cross-origin request (as Playwright's `route.fulfill`
    /// does), unless the route names its own `Access-Control-Allow-Origin`: then CORS decides
    /// as on the device, with WebKit's console lines.
    func testARouteAllowsCrossOriginRequestsUnlessItSaysOtherwise() throws {
        let refused = try run("""
        route "**/items" file "items.json" header "Access-Control-Allow-Origin: https://shop.example.com"
        route "https://cdn.example.com/*.js" file "app.js"
        tap "List"
        expect text "failed: TypeError: Load failed"
        expect console "Origin null is not allowed by Access-Control-Allow-Origin. Status code: 200"
        expect console "Fetch API cannot load https://api.example.com/items due to access control checks."
        """)
        XCTAssertNil(refused.failure?.message)
        XCTAssertNil(NetworkConditions.preflightAnswer(LoadRequest(url: "https://a.example/x", method: "GET"), fields: ["Origin": "null"]))
        let preflight = NetworkConditions.preflightAnswer(
            LoadRequest(url: "https://a.example/x", method: "OPTIONS"),
            fields: ["Origin": "null", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "x-token"])
        XCTAssertEqual(preflight, ["Access-Control-Allow-Origin": "null", "Access-Control-Allow-Credentials": "true",
                                   "Access-Control-Allow-Methods": "PUT", "Vary": "Origin", "Access-Control-Allow-Headers": "x-token"])
    }

    func testADelayedAnswerComesOnTheAppsClock() throws {
        let result = try run("""
        route "**/items" file "items.json" delay 2s
        tap "List"
        expect text "loading…"
        wait 1999ms
        expect text "loading…"
        wait 1ms
        expect text "apple"
        """)
        XCTAssertNil(result.failure?.message)
        XCTAssertEqual(result.records.last?.time, .seconds(2))
    }

    func testExpectRequestLooksAtTheRequestsSinceTheLastAction() throws {
        let result = try run("route \"**/items\" file \"items.json\"\ntap \"List\"\nreload\nexpect request \"**/elsewhere\"")
        XCTAssertEqual(result.failure?.message, "expected request \"**/elsewhere\", got GET https://api.example.com/items")
        let none = try run("expect request \"**\"")
        XCTAssertEqual(none.failure?.message, "expected request \"**\", got no requests")
    }

    func testRouteErrorsAreReadWithTheFlow() {
        let parser = FlowParser { url in
            guard let text = Self.files[url.path] else { throw PageReadError.notFound(path: url.path) }
            return Data(text.utf8)
        }
        func error(_ text: String) -> String {
            do { _ = try parser.parse(text: text, path: "t.flow", folder: folder); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(error("route \"**/x\" file \"none.json\""), "t.flow:1:19: error: cannot read the route's file \"none.json\": No such file")
        XCTAssertEqual(error("route \"**/x\" file \"items.json\" status 99"), "t.flow:1:39: error: route: status takes an HTTP status from 100 to 599, got \"99\"")
        XCTAssertEqual(error("route \"**/x\" file \"items.json\" header \"nocolon\""), "t.flow:1:39: error: route: header takes \"NAME: VALUE\", got \"nocolon\"")
        XCTAssertEqual(error("route \"**/x\" file \"items.json\" delay soon"), "t.flow:1:38: error: route: delay takes a duration such as 500ms, 2s or 1m, got \"soon\"")
        XCTAssertEqual(error("route \"**/x\" answer"),
                       "t.flow:1:14: error: route \"PATTERN\" file \"PATH\" [status N] [header \"NAME: VALUE\"]... [delay DURATION] (or route \"PATTERN\" abort): the answer is file \"PATH\" or abort, got \"answer\"")
        XCTAssertEqual(error("route \"**/x\" abort now"), "t.flow:1:20: error: route \"PATTERN\" abort: expected 0 arguments, got 1")
        XCTAssertEqual(error("expect request \"**\" methd GET"), "t.flow:1:21: error: expect request \"PATTERN\" [method M] [body ~ \"S\"]: expected method M or body ~ \"S\", got \"methd\"")
        XCTAssertEqual(error("offline now"), "t.flow:1:9: error: offline: expected 0 arguments, got 1")
    }
}

/// The glob patterns of `route` and `expect request`, as Playwright reads them.
final class RoutePatternTests: XCTestCase {
    func testStarsAndLiterals() {
        let cases: [(String, String, Bool)] = [
            ("**/api/items", "https://example.com/api/items", true),
            ("**/api/items", "https://example.com/api/items?x=1", false),
            ("**/api/items?*", "https://example.com/api/items?x=1", true),
            ("https://example.com/*", "https://example.com/a", true),
            ("https://example.com/*", "https://example.com/a/b", false),
            ("https://example.com/**", "https://example.com/a/b", true),
            ("https://example.com/a?b", "https://example.com/a?b", true),
            ("https://example.com/a?b", "https://example.com/aXb", false),
            ("**", "", true),
            ("*", "a/b", false),
            ("**.json", "https://x/y/z.json", true),
            ("https://*.example.com/**", "https://cdn.example.com/app.js", true),
            ("https://*.example.com/**", "https://example.com/app.js", false),
        ]
        for (pattern, url, matches) in cases {
            XCTAssertEqual(RoutePattern(pattern).matches(url), matches, "\(pattern) ~ \(url)")
        }
    }

    func testMatchingTakesTimeLinearInTheURL() {
        let pattern = RoutePattern("**a*b**c*d**e")
        assertGrowsLinearly("a pattern of many stars", size: 2_000, input: { String(repeating: "ab/", count: $0) }) { url in
            XCTAssertFalse(pattern.matches(url))
        }
    }
}
