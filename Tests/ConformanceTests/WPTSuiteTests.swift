import Foundation
import ScriptRuntime
import XCTest
@testable import Conformance

/// A folder of files for one test, removed at its end.
func temporaryFolder(_ files: [String: String], for test: XCTestCase) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-conformance-\(UUID().uuidString)").path
    for (path, contents) in files {
        let url = URL(fileURLWithPath: folder + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
}

/// Which files are tests (the manifest's rules), the pages wptserve would make, and what the
/// server answers.
final class WPTSuiteTests: XCTestCase {
    let harness = "<script src=\"/resources/testharness.js\"></script>\n<script src=/resources/testharnessreport.js></script>"

    func testPagesWithTestharnessAreTestsOnePerVariant() {
        let page = WPTSuite.classify(file: "dom/nodes/a.html", text: """
        <!doctype html><meta name="timeout" content="long"><META NAME=variant content="?1-10"><meta name='variant' content='?11-20'>
        \(harness)<script src="/resources/testdriver.js"></script>
        """)
        XCTAssertEqual(page.tests, [
            WPTTest(id: "dom/nodes/a.html?1-10", file: "dom/nodes/a.html", kind: .page, variant: "?1-10", isLong: true, needsTestdriver: true),
            WPTTest(id: "dom/nodes/a.html?11-20", file: "dom/nodes/a.html", kind: .page, variant: "?11-20", isLong: true, needsTestdriver: true),
        ])
        XCTAssertNil(page.skipped)
        XCTAssertEqual(page.tests.first?.folder, "dom/nodes")
        XCTAssertEqual(page.tests.first?.urlPath, "/dom/nodes/a.html?1-10")

        let plain = WPTSuite.classify(file: "dom/b.htm", text: harness)
        XCTAssertEqual(plain.tests, [WPTTest(id: "dom/b.htm", file: "dom/b.htm", kind: .page, variant: "", isLong: false, needsTestdriver: false)])
    }

    func testFilesThatAreNotTests() {
        for (file, text) in [("dom/x-ref.html", harness), ("dom/x-manual.html", harness), ("dom/.hidden.html", harness),
                             ("dom/crash.html", "<p>no harness</p><script src=\"/resources/testharness.jsx\"></script>"),
                             ("dom/helper.js", "test(() => {})"), ("dom/data.xml", "<x/>")] {
            let found = WPTSuite.classify(file: file, text: text)
            XCTAssertEqual(found.tests, [], file)
            XCTAssertNil(found.skipped, file)
        }
    }

    func testXMLDocumentsAreRunAndWorkersListedAsNotRun() {
        for file in ["dom/a.xhtml", "dom/a.svg", "dom/a.xht", "dom/a.xml"] {
            XCTAssertEqual(WPTSuite.classify(file: file, text: harness).tests.map(\.id), [file])
            XCTAssertNil(WPTSuite.classify(file: file, text: harness).skipped)
        }
        // WPT's SVG pages load the harness through XHTML scripts with a prefix.
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:h=\"http://www.w3.org/1999/xhtml\"><h:script src=\"/resources/testharness.js\"/></svg>"
        XCTAssertEqual(WPTSuite.classify(file: "dom/b.svg", text: svg).tests.map(\.id), ["dom/b.svg"])
        XCTAssertEqual(WPTSuite.classify(file: "dom/e.worker.js", text: "").skipped,
                       WPTSkippedFile(file: "dom/e.worker.js", reason: "a worker test (the engine has no workers)"))
        XCTAssertEqual(WPTSuite.classify(file: "dom/w.any.js", text: "// META: global=dedicatedworker,sharedworker\n").skipped,
                       WPTSkippedFile(file: "dom/w.any.js", reason: "no window global (workers only)"))
    }

    func testScriptTestsBecomeWrapperPages() {
        let any = WPTSuite.classify(file: "dom/abort/event.any.js", text: "// META: global=window,worker\n// META: timeout=long\ntest(() => {})\n")
        XCTAssertEqual(any.tests, [WPTTest(id: "dom/abort/event.any.html", file: "dom/abort/event.any.js", kind: .anyScript, variant: "",
                                           isLong: true, needsTestdriver: false)])
        let window = WPTSuite.classify(file: "dom/i.window.js", text: """
        // META: script=/resources/WebIDLParser.js
        // META: script=/resources/testdriver.js
        // META: variant=?include=Node
        // META: variant=?exclude=Node

        // META: title=not read: after the first line that is not a comment
        'use strict';
        """)
        XCTAssertEqual(window.tests.map(\.id), ["dom/i.window.html?include=Node", "dom/i.window.html?exclude=Node"])
        XCTAssertEqual(window.tests.map(\.kind), [.windowScript, .windowScript])
        XCTAssertEqual(window.tests.map(\.needsTestdriver), [true, true])
    }

    func testScriptMetadata() {
        let meta = ScriptMetadata("// META: global=window\n//META: script=a.js\n// META: script = b.js\n// META: title=T <&>\n// META: timeout=long\n")
        XCTAssertEqual(meta.globals, ["window"])
        XCTAssertEqual(meta.scripts, ["a.js", "b.js"])
        XCTAssertEqual(meta.title, "T <&>")
        XCTAssertTrue(meta.isLong)
        XCTAssertEqual(ScriptMetadata("test()").globals, ["window", "dedicatedworker"])
        XCTAssertEqual(ScriptMetadata("// META: global=default,worker").globals, ["window", "dedicatedworker", "worker"])
    }

    func testTheWrapperIsWptservesPage() {
        let meta = ScriptMetadata("// META: title=A & <b>\n// META: timeout=long\n// META: script=/common/x.js\n// META: script=support\"y>.js\n")
        XCTAssertEqual(WPTServer.wrapper(script: "/dom/t.any.js", metadata: meta, isAny: true), """
        <!doctype html>
        <meta charset=utf-8>
        <meta name="timeout" content="long">
        <title>A &amp; &lt;b></title>
        <script>
        self.GLOBAL = {
          isWindow: function() { return true; },
          isWorker: function() { return false; },
        };
        </script>
        <script src="/resources/testharness.js"></script>
        <script src="/resources/testharnessreport.js"></script>
        <script src="/common/x.js"></script>
        <script src="support&quot;y&gt;.js"></script>
        <div id=log></div>
        <script src="/dom/t.any.js"></script>

        """)
        XCTAssertEqual(WPTServer.wrapper(script: "/dom/t.window.js", metadata: ScriptMetadata(""), isAny: false), """
        <!doctype html>
        <meta charset=utf-8>
        <script src="/resources/testharness.js"></script>
        <script src="/resources/testharnessreport.js"></script>
        <div id=log></div>
        <script src="/dom/t.window.js"></script>

        """)
    }

    func testDiscoverySkipsSupportFoldersAndSorts() throws {
        let root = try temporaryFolder([
            "dom/b.html": harness, "dom/a.html": harness, "dom/resources/r.html": harness, "dom/support/s.html": harness,
            "dom/sub/c.window.js": "", "dom/sub/d.xhtml": harness, "dom/sub/g.worker.js": "", "domparsing/e.html": harness,
            "other/f.html": harness,
        ], for: self)
        let found = WPTSuite.discover(root: root, folders: ["dom", "domparsing"])
        XCTAssertEqual(found.tests.map(\.id), ["dom/a.html", "dom/b.html", "dom/sub/c.window.html", "dom/sub/d.xhtml", "domparsing/e.html"])
        XCTAssertEqual(found.skipped.map(\.file), ["dom/sub/g.worker.js"])
    }

    func testTheServerAnswers() throws {
        let root = try temporaryFolder([
            "dom/page.html": "<p>page</p>", "dom/s.any.js": "// META: script=/common/u.js\ntest(() => {})",
            "common/data.xml": "<x/>", "common/data.xml.headers": "Content-Type: text/xml; charset=utf-8\nX-Extra: 1\n",
            "resources/webidl2/lib/webidl2.js": "webidl", "dom/x.sub.html": "{{host}} {{domains[www1]}}:{{ports[http][0]}} {{location[path]}} {{GET[a]}} {{hosts[alt][]}} {{unknown}} {{open",
        ], for: self)
        let server = WPTServer(root: root + "/")
        func answer(_ url: String) -> String {
            switch server.respond(to: url) {
            case .success(let response):
                return "\(response.status) \(response.headers.map { "\($0.name): \($0.value)" }.joined(separator: "; ")) | \(String(decoding: response.body, as: UTF8.self))"
            case .failure(let error): return "failure: \(error.message)"
            }
        }
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/page.html?q#f"), "200 Content-Type: text/html | <p>page</p>")
        XCTAssertEqual(answer("http://www1.web-platform.test:8000/common/data.xml"), "200 Content-Type: text/xml; charset=utf-8; X-Extra: 1 | <x/>")
        XCTAssertEqual(answer("http://web-platform.test:8000/resources/WebIDLParser.js"), "200 Content-Type: text/javascript | webidl")
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/x.sub.html?a=b%20c"),
                       "200 Content-Type: text/html | web-platform.test www1.web-platform.test:8000 /dom/x.sub.html b c not-web-platform.test {{unknown}} {{open")
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/missing.html"), "404 Content-Type: text/plain | 404 Not Found")
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/"), "404 Content-Type: text/plain | 404 Not Found")
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/../../etc/passwd"), "404 Content-Type: text/plain | 404 Not Found")
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/%2e%2e/%2e%2e/etc/passwd"), "404 Content-Type: text/plain | 404 Not Found")
        XCTAssertEqual(answer("http://example.com/dom/page.html"), "failure: the WPT server does not serve http://example.com/dom/page.html")
        XCTAssertEqual(answer("file:///dom/page.html"), "failure: the WPT server does not serve file:///dom/page.html")
        XCTAssertEqual(answer("http://web-platform.test:8000/resources/testharnessreport.js"),
                       "200 Content-Type: text/javascript | " + ConformanceScripts.testharnessReport)
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/s.any.html"), "200 Content-Type: text/html; charset=utf-8 | "
                       + WPTServer.wrapper(script: "/dom/s.any.js", metadata: ScriptMetadata("// META: script=/common/u.js"), isAny: true))
        XCTAssertEqual(answer("http://web-platform.test:8000/dom/none.window.html"), "404 Content-Type: text/plain | 404 Not Found")
    }
}
