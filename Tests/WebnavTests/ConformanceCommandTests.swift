import Foundation
import XCTest

/// `webnav __conformance` with the real binary: the must-pass list of ../shared/conformance
/// (every test that passed whole when it was written, so none regresses), and the command's
/// answers on a small suite of its own.
final class ConformanceCommandTests: XCTestCase {
    static let shared = WebnavProcess.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
    static let mustPass = WebnavProcess.packageRoot.appendingPathComponent("Tests/WebnavTests/Fixtures/conformance-must-pass.txt")

    func testEveryTestOnTheMustPassListStillPassesWhole() throws {
        guard FileManager.default.fileExists(atPath: Self.shared.path) else {
            throw XCTSkip("\(Self.shared.path) is absent: the conformance suites are not measured")
        }
        let listed = try String(contentsOf: Self.mustPass, encoding: .utf8).split(separator: "\n")
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.count
        let output = try WebnavProcess.run(["__conformance", Self.shared.path, "--must-pass", Self.mustPass.path, "--jobs", "2"])
        XCTAssertEqual(output.stderr, "")
        XCTAssertEqual(output.stdout, "conformance must-pass: \(listed) of \(listed) pass whole\n")
        XCTAssertEqual(output.status, 0)
    }

    func testAnAbsentSuiteIsNotMeasured() throws {
        let output = try WebnavProcess.run(["__conformance", "/nonexistent/shared/conformance"])
        XCTAssertEqual(output.stdout, "conformance: /nonexistent/shared/conformance is absent: not measured\n")
        XCTAssertEqual(output.status, 0)
    }

    /// A suite with one html5lib file and two WPT pages over a stand-in harness.
    func suite() throws -> URL {
        let harness = """
        var callbacks = [];
        function add_completion_callback(f) { callbacks.push(f); }
        function setup() {}
        function complete(status, tests) { callbacks.forEach(function (f) { f(tests, { status: status, message: null }); }); }
        """
        let page = { (body: String) in
            "<!doctype html><script src=/resources/testharness.js></script><script src=/resources/testharnessreport.js></script><script>\(body)</script>"
        }
        return try WebnavProcess.folder([
            "html5lib-tests/tree-construction/t.dat": "#data\n<p>x\n#errors\n#document\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\"\n\n"
                + "#data\n<b>\n#errors\n#document\n| <i>\n\n#data\n<i>\n#errors\n#script-off\n#document\n| <i>\n",
            "wpt/resources/testharness.js": harness,
            "wpt/dom/good.html": page("onload = function () { complete(0, [{ name: 'a', status: 0, message: null }]); };"),
            "wpt/dom/bad.html": page("onload = function () { complete(0, [{ name: 'a', status: 0, message: null }, { name: 'b', status: 1, message: 'assert_true: no' }]); };"),
            "wpt/dom/page.worker.js": "",
        ])
    }

    func testTheReportAndTheResultsFile() throws {
        let folder = try suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("results.json").path
        let output = try WebnavProcess.run(["__conformance", folder.path, "--json", json])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, """
        webnav conformance (\(folder.path))

        html5lib tree-construction, scripting on (2 tests, 0 of them fragments through innerHTML), read back through the DOM:
          passed 1 of 2: 50.0%   goal ≥ 99%   MISSED
          fragments passed 0 of 0; of the 1 failures, 0 differ only in DOCTYPE lines, 0 threw while reading the tree

        WPT dom/ and domparsing/ (2 test pages, window scope):
          folder  files  whole  subtests passed  mean per file  goal (jsdom)
          dom         2      1           2 of 3          75.0%             -
          all subtests: passed 2 of 3: 66.7%   goal ≥ 95%   MISSED
          files where every subtest passes: 1 of 2
          (a harness status other than OK counts as one more failed subtest of its file)

        files that stop at setup (harness error, without testdriver): 0   goal 0   met
        files that do not end (without testdriver): 0   goal 0   met
        files that need testdriver (no automation here; not expected to end): 0
        not run: 1 files: 1 a worker test (the engine has no workers)

        most frequent failure messages (failed subtests, files):
          1 in 1: assert_true: no

        """)
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let trees = results?["html5lib"] as? [[String: Any]]
        XCTAssertEqual(trees?.map { $0["id"] as? String }, ["t.dat#1", "t.dat#2"])
        XCTAssertEqual(trees?.last?["actual"] as? String, "| <html>\n|   <head>\n|   <body>\n|     <b>")
        let pages = results?["wpt"] as? [[String: Any]]
        XCTAssertEqual(pages?.map { $0["id"] as? String }, ["dom/bad.html", "dom/good.html"])
        XCTAssertEqual((results?["notRun"] as? [[String: String]])?.first?["file"], "dom/page.worker.js")
    }

    func testTheMustPassListNamesWhatFailed() throws {
        let folder = try suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.txt")
        try "# kept\nhtml5lib/t.dat#1\nhtml5lib/t.dat#2\nwpt/dom/good.html\nwpt/dom/bad.html\n".write(to: list, atomically: true, encoding: .utf8)
        let output = try WebnavProcess.run(["__conformance", folder.path, "--must-pass", list.path])
        XCTAssertEqual(output.stdout, """
        conformance must-pass: 2 of 4 pass whole
          FAILED html5lib/t.dat#2: the tree differs
            expected:
              | <i>
            got:
              | <html>
              |   <head>
              |   <body>
              |     <b>
          FAILED wpt/dom/bad.html: OK
            FAIL b: assert_true: no

        """)
        XCTAssertEqual(output.status, 1)

        try "wpt/dom/good.html\nwpt/dom/gone.html\n".write(to: list, atomically: true, encoding: .utf8)
        let unknown = try WebnavProcess.run(["__conformance", folder.path, "--must-pass", list.path])
        XCTAssertEqual(unknown.stderr, "webnav: error: \(list.path): 1 listed test is not in \(folder.path): wpt/dom/gone.html\n")
        XCTAssertEqual(unknown.status, 2)
    }

    func testUpdatingTheListOnlyAddsAndNamesWhatNoLongerPasses() throws {
        let folder = try suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.txt")
        func ids() throws -> [Substring] {
            try String(contentsOf: list, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        }
        try "wpt/dom/bad.html\n".write(to: list, atomically: true, encoding: .utf8)
        let output = try WebnavProcess.run(["__conformance", folder.path, "--update-must-pass", list.path])
        XCTAssertTrue(output.stdout.hasSuffix("""
        must-pass list \(list.path): 2 added, 3 in all
          1 listed no longer passes whole (kept): wpt/dom/bad.html

        """), output.stdout)
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(try ids(), ["html5lib/t.dat#1", "wpt/dom/bad.html", "wpt/dom/good.html"])

        try "wpt/dom/good.html\n".write(to: list, atomically: true, encoding: .utf8)
        let clean = try WebnavProcess.run(["__conformance", folder.path, "--update-must-pass", list.path])
        XCTAssertTrue(clean.stdout.hasSuffix("must-pass list \(list.path): 1 added, 2 in all\n"), clean.stdout)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(try ids(), ["html5lib/t.dat#1", "wpt/dom/good.html"])
    }

    func testUsageErrors() throws {
        for (arguments, message) in [
            ([String](), "webnav: error: usage: webnav __conformance CONFORMANCE_FOLDER [--json FILE] [--jobs N] [--only TEXT] [--must-pass LIST] [--update-must-pass LIST]"),
            (["x", "--jobs", "0"], "webnav: error: --jobs takes a number from 1 to 64, got \"0\""),
            (["x", "y"], "webnav: error: unexpected \"y\"; usage: webnav __conformance CONFORMANCE_FOLDER [--json FILE] [--jobs N] [--only TEXT] [--must-pass LIST] [--update-must-pass LIST]"),
            (["x", "--json"], "webnav: error: --json needs a value; usage: webnav __conformance CONFORMANCE_FOLDER [--json FILE] [--jobs N] [--only TEXT] [--must-pass LIST] [--update-must-pass LIST]"),
        ] {
            let output = try WebnavProcess.run(["__conformance"] + arguments)
            XCTAssertEqual(output.stderr, message + "\n", "\(arguments)")
            XCTAssertEqual(output.status, 2)
        }
        let empty = try WebnavProcess.folder(["x.txt": ""])
        defer { try? FileManager.default.removeItem(at: empty) }
        let output = try WebnavProcess.run(["__conformance", empty.path])
        XCTAssertEqual(output.stderr, "webnav: error: \(empty.path)/html5lib-tests/tree-construction: no html5lib tree-construction tests here\n")
        XCTAssertEqual(output.status, 2)
    }
}
