import Foundation
import XCTest

/// `run --junit`: written even when a flow is malformed, checked before anything runs, never
/// over an input, never blocking on a FIFO, replaced whole.
final class JUnitReportTests: XCTestCase {
    private func folder() throws -> URL {
        try WebnavProcess.folder([
            "Pages/index.html": "<title>Home</title>",
            "ok.flow": "expect depth 1\n",
            "bad.flow": "expect dept 1\n",
        ])
    }

    func testAParseErrorIsAFailingTestcaseAndTheOtherFlowsRun() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "ok.flow", "bad.flow", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(output.status, 2)
        let xml = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertEqual(xml.replacing(#/time="[0-9]+\.[0-9]{3}"/#, with: "time=\"T\""), """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="webnav" tests="2" failures="1" time="T">
          <testsuite name="webnav flows" tests="2" failures="1" errors="0" skipped="0" time="T">
            <testcase classname="webnav.flows" name="ok.flow" file="ok.flow" time="T">
              <system-out>  ▸ launch  [0s]
              launch: index.html
          ✓ 1 expect depth 1  [0s]</system-out>
            </testcase>
            <testcase classname="webnav.flows" name="bad.flow" file="bad.flow" time="T">
              <failure message="bad.flow:1:8: error: unknown expectation &quot;dept&quot; (did you mean &quot;depth&quot;?); webnav help flows lists them" type="FlowParseError">bad.flow:1:8: error: unknown expectation &quot;dept&quot; (did you mean &quot;depth&quot;?); webnav help flows lists them</failure>
            </testcase>
          </testsuite>
        </testsuites>

        """)
    }

    func testAnUnwritableReportIsFoundBeforeAnyFlowRuns() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "ok.flow", "--junit", "no/such/folder/report.xml"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stdout, "", "no flow ran")
        XCTAssertEqual(output.stderr, "webnav: error: no/such/folder/report.xml: cannot write JUnit report: No such file or directory\n")
    }

    func testTheReportNeverOverwritesAnInput() throws {
        let folder = try folder()
        let output = try WebnavProcess.run(["run", "ok.flow", "--junit", "./ok.flow"], in: folder)
        XCTAssertEqual(output.status, 2)
        XCTAssertEqual(output.stderr, "webnav: error: ./ok.flow: refusing to write the JUnit report over an input file\n")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("ok.flow"), encoding: .utf8), "expect depth 1\n")
    }

    func testAFIFOIsReplacedNotWaitedOn() throws {
        let folder = try folder()
        let fifo = folder.appendingPathComponent("report.xml").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let output = try WebnavProcess.run(["run", "ok.flow", "--junit", "report.xml"], in: folder)
        XCTAssertEqual(output.status, 0, output.stderr)
        let xml = try String(contentsOfFile: fifo, encoding: .utf8)
        XCTAssertTrue(xml.contains("tests=\"1\" failures=\"0\""), xml)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".webnav-report") }
        XCTAssertEqual(leftovers, [])
    }
}
