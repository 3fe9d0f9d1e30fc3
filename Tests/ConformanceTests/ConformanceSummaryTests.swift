import XCTest
@testable import Conformance

/// The figures and the printed report from results made by hand.
final class ConformanceSummaryTests: XCTestCase {
    func file(_ id: String, _ outcome: WPTOutcome, _ statuses: [String], message: String = "", stack: String = "", testdriver: Bool = false,
              failure: String = "assert_true: expected true got false") -> WPTFileResult {
        let folder = String(id.split(separator: "/").dropLast().joined(separator: "/"))
        return WPTFileResult(id: id, folder: folder, outcome: outcome, message: message, stack: stack,
                             subtests: statuses.enumerated().map { WPTSubtest(name: "t\($0.offset)", status: $0.element, message: $0.element == "PASS" ? "" : failure) },
                             needsTestdriver: testdriver, scriptErrors: [])
    }

    var results: ConformanceResults {
        ConformanceResults(html5lib: [
            TreeConstructionResult(id: "a.dat#1", passed: true, fragment: false, expected: nil, actual: nil),
            TreeConstructionResult(id: "a.dat#2", passed: false, fragment: false, expected: "| <!DOCTYPE html>\n| <html>", actual: "| <html>"),
            TreeConstructionResult(id: "a.dat#3", passed: false, fragment: true, expected: "| <svg g>", actual: "#exception: TypeError: x"),
            TreeConstructionResult(id: "b.dat#1", passed: true, fragment: true, expected: nil, actual: nil),
        ], wpt: [
            file("dom/nodes/a.html", .ok, ["PASS", "PASS"]),
            file("dom/nodes/b.html", .ok, ["PASS", "FAIL", "FAIL", "NOTRUN"], failure: "x is not a function\nstack"),
            file("dom/nodes/c.html", .error, [], message: "NotSupportedError: The operation is not supported.",
                 stack: "createProcessingInstruction@http://web-platform.test:8000/dom/common.js:1:2\nsetup@x"),
            file("dom/events/d.html", .timeout, ["PASS", "TIMEOUT"], testdriver: true),
            file("dom/events/i.html", .error, [], message: "Unhandled rejection: unimplemented", testdriver: true),
            file("dom/events/e.html", .noCompletion, [], message: "the harness never completed (nothing left to run)"),
            file("dom/ranges/f.html", .ok, ["PASS"]),
            file("domparsing/g.html", .crash, [], message: "the worker died of signal 11"),
            file("dom/h.any.html", .ok, []),
        ], notRun: [
            WPTSkippedFile(file: "dom/x.xhtml", reason: "an XML document (webnav parses every page as HTML)"),
            WPTSkippedFile(file: "dom/y.svg", reason: "an XML document (webnav parses every page as HTML)"),
            WPTSkippedFile(file: "dom/z.worker.js", reason: "a worker test (the engine has no workers)"),
        ])
    }

    func testFiguresPerFolderAndInAll() {
        let summary = ConformanceSummary(results)
        XCTAssertEqual(summary.treePassed, 2)
        XCTAssertEqual(summary.treeFragmentsPassed, 1)
        XCTAssertEqual(summary.treeDoctypeOnly, 1)
        XCTAssertEqual(summary.treeExceptions, 1)
        XCTAssertEqual(summary.folders.map(\.folder), ["dom/nodes", "dom/events", "dom/ranges", "domparsing", "dom"])
        // a: 2/2; b: 1/4; c: 0/(0+1). Mean (1 + 0.25 + 0) / 3.
        XCTAssertEqual(summary.folders[0], ConformanceSummary.Folder(folder: "dom/nodes", files: 3, wholeFiles: 1, passedSubtests: 3,
                                                                      countedSubtests: 7, meanFileRate: 1.25 / 3, goal: 0.914))
        XCTAssertEqual(summary.folders[1].meanFileRate, (1.0 / 3 + 0 + 0) / 3)
        XCTAssertEqual(summary.passedSubtests, 5)
        XCTAssertEqual(summary.countedSubtests, 7 + 5 + 1 + 1 + 0)
        XCTAssertEqual(summary.wholeFiles, 2)
        XCTAssertEqual(summary.stopsAtSetup.map(\.id), ["dom/nodes/c.html"])
        XCTAssertEqual(summary.unended.map(\.id), ["dom/events/e.html", "domparsing/g.html"])
        XCTAssertEqual(summary.testdriver.map(\.id), ["dom/events/d.html", "dom/events/i.html"])
        XCTAssertEqual(summary.causes, [ConformanceSummary.Cause(message: "x is not a function", subtests: 3, files: 1),
                                        ConformanceSummary.Cause(message: "assert_true: expected true got false", subtests: 1, files: 1)])
        XCTAssertEqual(results.passingWhole, ["html5lib/a.dat#1", "html5lib/b.dat#1", "wpt/dom/nodes/a.html", "wpt/dom/ranges/f.html"])
    }

    func testTheReport() {
        XCTAssertEqual(ConformanceSummary(results).text(source: "../shared/conformance"), """
        webnav conformance (../shared/conformance)

        html5lib tree-construction, scripting on (4 tests, 2 of them fragments through innerHTML), read back through the DOM:
          passed 2 of 4: 50.0%   goal ≥ 99%   MISSED
          fragments passed 1 of 2; of the 2 failures, 1 differ only in DOCTYPE lines, 1 threw while reading the tree

        WPT dom/ and domparsing/ (9 test pages, window scope):
          folder      files  whole  subtests passed  mean per file  goal (jsdom)
          dom/nodes       3      1           3 of 7          41.7%       ≥ 91.4%  MISSED
          dom/events      3      0           1 of 5          11.1%       ≥ 80.3%  MISSED
          dom/ranges      1      1           1 of 1         100.0%      ≥ 100.0%  met
          domparsing      1      0           0 of 1           0.0%             -
          dom             1      0           0 of 0           0.0%             -
          all subtests: passed 5 of 14: 35.7%   goal ≥ 95%   MISSED
          files where every subtest passes: 2 of 9
          (a harness status other than OK counts as one more failed subtest of its file)

        files that stop at setup (harness error, without testdriver): 1   goal 0   MISSED
          dom/nodes/c.html: NotSupportedError: The operation is not supported. (at createProcessingInstruction@http://web-platform.test:8000/dom/common.js:1:2)
        files that do not end (without testdriver): 2   goal 0   MISSED
          dom/events/e.html: NO-COMPLETION the harness never completed (nothing left to run)
          domparsing/g.html: CRASH the worker died of signal 11
        files that need testdriver (no automation here; not expected to end): 2
          dom/events/d.html: TIMEOUT
          dom/events/i.html: ERROR
        not run: 3 files: 1 a worker test (the engine has no workers), 2 an XML document (webnav parses every page as HTML)

        most frequent failure messages (failed subtests, files):
          3 in 1: x is not a function
          1 in 1: assert_true: expected true got false

        """)
    }
}
