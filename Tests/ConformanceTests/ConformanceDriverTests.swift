import Foundation
import XCTest
@testable import Conformance

/// The driver against the real engine: html5lib dumps read through the DOM, and WPT pages run
/// on virtual time with a stand-in harness that reports fixed results (the real testharness.js
/// lives in ../shared, which the must-pass test uses).
final class ConformanceDriverTests: XCTestCase {
    func testDocumentTestsAreReadBackThroughTheDOM() throws {
        let driver = try ConformanceDriver()
        let passing = TreeConstructionTest(id: "t.dat#1", line: 1, data: "<p class=b id=a>One<!--c--><p>Two", fragmentContext: nil, scripting: .both,
                                           expected: "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       class=\"b\"\n|       id=\"a\"\n|       \"One\"\n|       <!-- c -->\n|     <p>\n|       \"Two\"")
        XCTAssertEqual(driver.run(passing), TreeConstructionResult(id: "t.dat#1", passed: true, fragment: false, expected: nil, actual: nil))

        var wrong = passing
        wrong.expected = "| <html>"
        XCTAssertEqual(driver.run(wrong), TreeConstructionResult(id: "t.dat#1", passed: false, fragment: false, expected: "| <html>",
                                                                 actual: passing.expected))
    }

    func testFragmentTestsGoThroughInnerHTMLOnTheContext() throws {
        let driver = try ConformanceDriver()
        let test = TreeConstructionTest(id: "f.dat#1", line: 1, data: "<b>x</b>\"y\u{0}\r\n", fragmentContext: FragmentContext(namespace: .html, localName: "div"),
                                        scripting: .both, expected: "| <b>\n|   \"x\"\n| \"\"y\n\"")
        XCTAssertEqual(driver.run(test), TreeConstructionResult(id: "f.dat#1", passed: true, fragment: true, expected: nil, actual: nil))
        // Canonically equivalent text is still a different tree: the comparison is byte for byte.
        var composed = test
        composed.data = "e\u{301}"
        composed.expected = "| \"\u{e9}\""
        XCTAssertEqual(driver.run(composed).actual, "| \"e\u{301}\"")
    }

    /// A stand-in for testharness.js: the two functions our report calls, and a completion
    /// that `complete(status, message, tests)` triggers.
    let fakeHarness = """
    var callbacks = [];
    function add_completion_callback(f) { callbacks.push(f); }
    function setup(properties) { self.outputSetting = properties.output; }
    function complete(status, message, tests, stack) {
        callbacks.forEach(function (f) { f(tests, { status: status, message: message, stack: stack }); });
    }
    """

    func page(_ script: String) -> String {
        "<!doctype html><script src=\"/resources/testharness.js\"></script><script src=\"/resources/testharnessreport.js\"></script><script>\(script)</script>"
    }

    func testWPTResultsAsTheHarnessReportsThem() throws {
        let root = try temporaryFolder([
            "resources/testharness.js": fakeHarness,
            "dom/ok.html": page("""
            addEventListener("load", function () {
                complete(0, null, [{ name: "one", status: 0, message: null }, { name: "two", status: 1, message: "assert_equals: " + self.outputSetting },
                                   { name: "three", status: 2, message: "Test timed out" }, { name: "four", status: 3, message: undefined },
                                   { name: "five", status: 4, message: "no" }]);
            });
            """),
            "dom/later.html": page("setTimeout(function () { complete(1, 'Error: setup failed', [], 'f@a.js:1:2\\ng@b.js:3:4\\nh@c.js\\ni@d.js'); }, 9000); undefinedFunction();"),
            "dom/never.html": page("setTimeout(function () { complete(0, null, []); }, 30000);"),
            "dom/idle.html": page(""),
        ], for: self)
        let driver = try ConformanceDriver()
        let server = WPTServer(root: root)
        func run(_ file: String, long: Bool = false) -> WPTFileResult {
            driver.run(WPTTest(id: file, file: file, kind: .page, variant: "", isLong: long, needsTestdriver: false), server: server)
        }
        XCTAssertEqual(run("dom/ok.html"), WPTFileResult(id: "dom/ok.html", folder: "dom", outcome: .ok, message: "", subtests: [
            WPTSubtest(name: "one", status: "PASS", message: ""), WPTSubtest(name: "two", status: "FAIL", message: "assert_equals: false"),
            WPTSubtest(name: "three", status: "TIMEOUT", message: "Test timed out"), WPTSubtest(name: "four", status: "NOTRUN", message: ""),
            WPTSubtest(name: "five", status: "PRECONDITION_FAILED", message: "no"),
        ], needsTestdriver: false, scriptErrors: []))
        XCTAssertEqual(run("dom/later.html"), WPTFileResult(id: "dom/later.html", folder: "dom", outcome: .error, message: "Error: setup failed",
                                                            stack: "f@a.js:1:2\ng@b.js:3:4\nh@c.js", subtests: [], needsTestdriver: false,
                                                            scriptErrors: ["http://web-platform.test:8000/dom/later.html:1:262: ReferenceError: Can't find variable: undefinedFunction"]))
        XCTAssertEqual(run("dom/never.html"), WPTFileResult(id: "dom/never.html", folder: "dom", outcome: .noCompletion,
                                                            message: "the harness never completed (the virtual-time budget ran out)",
                                                            subtests: [], needsTestdriver: false, scriptErrors: []))
        XCTAssertEqual(run("dom/never.html", long: true).outcome, .ok)
        XCTAssertEqual(run("dom/idle.html").message, "the harness never completed (nothing left to run)")
        XCTAssertEqual(run("dom/missing.html"), WPTFileResult(id: "dom/missing.html", folder: "dom", outcome: .notFound,
                                                              message: "the server has no page http://web-platform.test:8000/dom/missing.html",
                                                              subtests: [], needsTestdriver: false, scriptErrors: []))
    }

    func testARunawayTaskIsStoppedAndTheRealTimeCapEndsTheFile() throws {
        let root = try temporaryFolder([
            "resources/testharness.js": fakeHarness,
            "dom/spin.html": page("function spin() { var t = Date.now(); while (Date.now() - t < 1e9) {} } setTimeout(spin, 0); setInterval(spin, 1000);"),
        ], for: self)
        var limits = ConformanceDriver.Limits()
        limits.taskTimeLimitMs = 100
        limits.realTimeCapSeconds = 0.5
        let driver = try ConformanceDriver(limits: limits)
        let result = driver.run(WPTTest(id: "dom/spin.html", file: "dom/spin.html", kind: .page, variant: "", isLong: false, needsTestdriver: false),
                                server: WPTServer(root: root))
        XCTAssertEqual(result.outcome, .realTimeCap)
        XCTAssertEqual(result.message, "stopped after 0.5 s of real time")
        XCTAssertEqual(result.scriptErrors.first, "a task ran over the time limit and was stopped")
    }
}
