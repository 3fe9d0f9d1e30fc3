import AppShell
import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
@testable import WebEngine
import TestSupport
import URLKit
import XCTest

/// Forms submitted with `method=post` through the host, against `Scripts/demo-server.py`: the
/// server's `/echo.html` shows what it received (method, Content-Type, Origin, body).
final class FormPostHostTests: XCTestCase {
    nonisolated(unsafe) static var server: DemoServer?
    nonisolated(unsafe) static var folder: URL?

    static let formPages: [String: String] = [
        "url.html": """
            <title>Form</title><form method=post action="/echo.html">
            <input name=q value="a b&amp;c"><textarea name=t>
            line1
            line2</textarea><input type=checkbox name=c checked><input name=skip disabled value=1>
            <input type=submit name=go value=Send><input type=submit name=other value=Other></form>
            """,
        "multipart.html": """
            <title>Form</title><form method=POST enctype="Multipart/Form-Data" action="/echo.html">
            <input name='a"b' value="é"><input name=n value="two words"><button name=go value=1>Send</button></form>
            """,
        "plain.html": """
            <title>Form</title><form method=post enctype=" text/plain" action="/echo.html">
            <input name=a value=1><input name=b value="x y"><input type=submit value=Send></form>
            """,
        "submitter.html": """
            <title>Form</title><form action="/echo.html"><input name=a value=1>
            <input type=submit value=Get><input type=submit formmethod=post formenctype=text/plain value=Post></form>
            """,
        "redirect.html": """
            <title>Form</title>
            <form method=post action="/redirect?status=301&amp;to=/echo.html"><input name=a value=1><input type=submit value=R301></form>
            <form method=post action="/redirect?status=302&amp;to=/echo.html"><input name=a value=2><input type=submit value=R302></form>
            <form method=post action="/redirect?status=303&amp;to=/echo.html"><input name=a value=3><input type=submit value=R303></form>
            <form method=post action="/redirect?status=307&amp;to=/echo.html"><input name=a value=4><input type=submit value=R307></form>
            <form method=post action="/redirect?status=308&amp;to=/echo.html"><input name=a value=5><input type=submit value=R308></form>
            """,
        "count.html": """
            <title>Form</title><form method=post action="/count?name=shared-post"><input name=a value=1><input type=submit value=Count></form>
            """,
        "scripted.html": """
            <title>Form</title><form id=f method=post action="/echo.html"><input id=a name=a value=1>
            <input type=submit value=Send></form>
            <script>document.getElementById("f").addEventListener("submit", () => { document.getElementById("a").value = "from script" })</script>
            """,
        "script-submit.html": """
            <title>Form</title><form id=f method=post enctype=text/plain action="/echo.html"><input name=a value=1></form>
            <button onclick="document.forms.f.submit()">Submit</button>
            """,
    ]

    override class func setUp() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-form-post-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in formPages {
            try? text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
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

    private let files = InMemoryPages(files: [
        "/app/Pages/index.html": """
            <title>Home</title><form method=post action="next.html"><input name=a value=1><input type=submit value=Post></form>
            """,
        "/app/Pages/next.html": "<title>Next</title><p>a file</p>",
    ])

    private func makeHost(store: PageStore? = nil) -> AppHost {
        var profile = AppProfile.builtIn
        profile.ats = AppProfile.AppTransportSecurity(
            dictionary: .object([(key: Located(value: "NSAllowsLocalNetworking", line: 1, column: 1), value: Located(value: .bool(true), line: 1, column: 1))]),
            location: SourceLocation(path: "test.json", line: 1))
        return AppHost(profile: profile, pagesBase: URL(fileURLWithPath: "/app/Pages/", isDirectory: true), store: store ?? PageStore(reader: files))
    }

    /// A host showing one of the form pages, served over http.
    private func hostShowing(_ page: String, store: PageStore? = nil) throws -> AppHost {
        let host = makeHost(store: store)
        host.perform(.launch)
        host.perform(.navigator(.urlOpened(try server.url("/pages/" + page), base: nil)))
        XCTAssertEqual(host.snapshot.app.top?.currentPage.title, "Form")
        return host
    }

    private func item(_ snapshot: AppSnapshot, _ text: String) throws -> PageItem {
        let top = try XCTUnwrap(snapshot.app.top)
        return try XCTUnwrap(snapshot.app.layout(of: top.id, width: 60).items.first { $0.text == text })
    }

    /// What `/echo.html` says it received, one line each.
    private func echo(_ snapshot: AppSnapshot) -> [String] {
        guard let document = snapshot.app.topWebView?.content.document,
              let pre = document.elements(named: "pre").first else { return [] }
        return document.textContent(of: pre).split(separator: "\n").map(String.init)
    }

    /// The events' texts with the load timings and sizes (which vary) as `…`.
    private func texts(_ events: some Sequence<AppEvent>) throws -> [String] {
        let base = try server.url("")
        return events.map { event in
            var text = event.text.replacingOccurrences(of: base, with: "")
            if event.kind == .load, let open = text.range(of: " (", options: .backwards) {
                text = String(text[..<open.lowerBound]) + " (…)"
            }
            return text
        }
    }

    func testAURLEncodedFormPostsItsEntriesWithTheSubmitter() throws {
        let host = try hostShowing("url.html")
        let origin = try server.url("")
        let posted = host.perform(.activate(try item(host.snapshot, "Send")))
        XCTAssertEqual(echo(posted), [
            "method: POST", "content-type: application/x-www-form-urlencoded", "origin: \(origin)",
            #"body: "q=a+b%26c&t=line1%0D%0Aline2&c=on&go=Send""#,
        ])
        XCTAssertEqual(try texts(posted.newEvents), ["load: /echo.html (POST)", "load: /echo.html (…)"])
        XCTAssertEqual(posted.app.topWebView?.content.method, "POST")
        XCTAssertEqual(posted.app.top?.history.map(\.url),
                       ["file:///app/Pages/index.html", try server.url("/pages/url.html"), try server.url("/echo.html")])
        XCTAssertEqual(posted.app.top?.currentPage.post,
                       FormBody(contentType: "application/x-www-form-urlencoded", bytes: Array("q=a+b%26c&t=line1%0D%0Aline2&c=on&go=Send".utf8)))
    }

    func testAMultipartFormHasWebKitsBoundaryAndEscapedNames() throws {
        let host = try hostShowing("multipart.html")
        let lines = echo(host.perform(.activate(try item(host.snapshot, "Send"))))
        XCTAssertEqual(lines.count, 4, "\(lines)")
        let prefix = "content-type: multipart/form-data; boundary="
        let typeLine = try XCTUnwrap(lines.dropFirst().first)
        XCTAssertTrue(typeLine.hasPrefix(prefix), typeLine)
        let boundary = String(typeLine.dropFirst(prefix.count))
        XCTAssertTrue(boundary.hasPrefix("----WebKitFormBoundary"), boundary)
        XCTAssertEqual(boundary.count, 38)
        XCTAssertTrue(boundary.dropFirst(22).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, boundary)
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"a%22b\"\r\n\r\né\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\ntwo words\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"go\"\r\n\r\n1\r\n--\(boundary)--\r\n"
        XCTAssertEqual(lines, ["method: POST", typeLine, "origin: \(try server.url(""))", "body: " + jsonString(body)])
        // The same form sends the same bytes on every run.
        let again = try hostShowing("multipart.html")
        XCTAssertEqual(echo(again.perform(.activate(try item(again.snapshot, "Send")))), lines)
    }

    func testATextPlainFormAndASubmittersFormmethod() throws {
        let plain = try hostShowing("plain.html")
        XCTAssertEqual(echo(plain.perform(.activate(try item(plain.snapshot, "Send")))), [
            "method: POST", "content-type: text/plain", "origin: \(try server.url(""))", #"body: "a=1\r\nb=x y\r\n""#,
        ])
        let submitter = try hostShowing("submitter.html")
        XCTAssertEqual(echo(submitter.perform(.activate(try item(submitter.snapshot, "Post")))), [
            "method: POST", "content-type: text/plain", "origin: \(try server.url(""))", #"body: "a=1\r\n""#,
        ])
        let get = try hostShowing("submitter.html")
        XCTAssertEqual(echo(get.perform(.activate(try item(get.snapshot, "Get")))), [
            "method: GET", "content-type: (none)", "origin: (none)", #"body: """#,
        ])
        XCTAssertEqual(get.snapshot.app.topWebView?.url, try server.url("/echo.html?a=1"))
    }

    func testRedirects301To303BecomeGetAnd307And308KeepTheBody() throws {
        var seen: [String: [String]] = [:]
        var methods: [String: String] = [:]
        var entries: [String: FormBody?] = [:]
        for button in ["R301", "R302", "R303", "R307", "R308"] {
            let host = try hostShowing("redirect.html")
            let posted = host.perform(.activate(try item(host.snapshot, button)))
            seen[button] = echo(posted)
            methods[button] = posted.app.topWebView?.content.method
            entries[button] = posted.app.top?.currentPage.post
            XCTAssertEqual(posted.app.top?.currentPage.url, try server.url("/echo.html"), button)
            XCTAssertEqual(try texts(posted.newEvents).first, "load: /redirect?status=\(button.dropFirst())&to=/echo.html (POST)")
        }
        let origin = try server.url("")
        let get = ["method: GET", "content-type: (none)", "origin: (none)", #"body: """#]
        XCTAssertEqual(seen, [
            "R301": get, "R302": get, "R303": get,
            "R307": ["method: POST", "content-type: application/x-www-form-urlencoded", "origin: \(origin)", #"body: "a=4""#],
            "R308": ["method: POST", "content-type: application/x-www-form-urlencoded", "origin: \(origin)", #"body: "a=5""#],
        ])
        XCTAssertEqual(methods, ["R301": "GET", "R302": "GET", "R303": "GET", "R307": "POST", "R308": "POST"])
        let urlEncoded = { (text: String) in FormBody(contentType: "application/x-www-form-urlencoded", bytes: Array(text.utf8)) }
        XCTAssertEqual(entries, ["R301": nil, "R302": nil, "R303": nil, "R307": urlEncoded("a=4"), "R308": urlEncoded("a=5")])

        // After a 303 the entry is the GET: a reload sends no body.
        let host = try hostShowing("redirect.html")
        host.perform(.activate(try item(host.snapshot, "R303")))
        let reloaded = host.perform(.navigator(.reloadRequested))
        XCTAssertEqual(try texts(reloaded.newEvents), ["reload: /echo.html", "load: /echo.html (…)"])
        XCTAssertEqual(echo(reloaded), get)
    }

    func testReloadAndBackResubmitThePostedForm() throws {
        let host = try hostShowing("plain.html")
        let body = ["method: POST", "content-type: text/plain", "origin: \(try server.url(""))", #"body: "a=1\r\nb=x y\r\n""#]
        XCTAssertEqual(echo(host.perform(.activate(try item(host.snapshot, "Send")))), body)
        let reloaded = host.perform(.navigator(.reloadRequested))
        XCTAssertEqual(try texts(reloaded.newEvents), ["reload: /echo.html (form resubmitted)", "load: /echo.html (…)"])
        XCTAssertEqual(echo(reloaded), body)
        host.perform(.navigator(.urlOpened(try server.url("/pages/url.html"), base: nil)))
        let back = host.perform(.navigator(.backGesturePerformed))
        XCTAssertEqual(try texts(back.newEvents), ["back: /echo.html (web history, form resubmitted)", "load: /echo.html (…)"])
        XCTAssertEqual(echo(back), body)
    }

    func testAPostedPageIsNeverSharedNorAnsweredFromTheSharedGet() throws {
        let store = PageStore(reader: files)
        let first = try hostShowing("count.html", store: store)
        let countURL = try server.url("/count?name=shared-post")
        first.perform(.navigator(.urlOpened(countURL, base: nil)))
        XCTAssertEqual(first.snapshot.app.top?.currentPage.title, "request 1")
        first.perform(.navigator(.backGesturePerformed))
        XCTAssertEqual(first.perform(.activate(try item(first.snapshot, "Count"))).app.top?.currentPage.title, "request 2")
        let second = try hostShowing("count.html", store: store)
        second.perform(.navigator(.urlOpened(countURL, base: nil)))
        XCTAssertEqual(second.snapshot.app.top?.currentPage.title, "request 1", "the GET is shared; the POST's page is not")
        second.perform(.navigator(.backGesturePerformed))
        XCTAssertEqual(second.perform(.activate(try item(second.snapshot, "Count"))).app.top?.currentPage.title, "request 3")
    }

    func testAFormPostedToAFileLoadsTheFile() throws {
        let host = makeHost()
        host.perform(.launch)
        let posted = host.perform(.activate(try item(host.snapshot, "Post")))
        XCTAssertEqual(posted.app.top?.currentPage.title, "Next")
        XCTAssertEqual(posted.app.top?.currentPage.url, "file:///app/Pages/next.html")
        XCTAssertEqual(try texts(posted.newEvents), ["load: next.html (POST)"])
        XCTAssertEqual(posted.app.topWebView?.content.method, "POST")
        XCTAssertEqual(try texts(host.perform(.navigator(.reloadRequested)).newEvents), ["reload: next.html (form resubmitted)"])
        XCTAssertEqual(host.snapshot.app.top?.currentPage.title, "Next")
    }

    func testScriptsSubmitTheFormWithPost() throws {
        let host = try hostShowing("scripted.html")
        let origin = try server.url("")
        let posted = host.perform(.activate(try item(host.snapshot, "Send")))
        XCTAssertEqual(echo(posted), [
            "method: POST", "content-type: application/x-www-form-urlencoded", "origin: \(origin)", #"body: "a=from+script""#,
        ])
        XCTAssertEqual(try texts(posted.newEvents), [
            "navigation: /echo.html (by form, POST)", "load: /echo.html (POST)", "load: /echo.html (…)",
        ])
        let submitted = try hostShowing("script-submit.html")
        let byMethod = submitted.perform(.activate(try item(submitted.snapshot, "Submit")))
        XCTAssertEqual(echo(byMethod), ["method: POST", "content-type: text/plain", "origin: \(origin)", #"body: "a=1\r\n""#])
        XCTAssertEqual(byMethod.app.top?.history.count, 3, "a new entry after the form's page (and the launch page)")
    }

    private func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value > 0x7E: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
