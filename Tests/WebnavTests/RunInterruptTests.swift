import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C in `webnav run` (issue 24): the flows that finished are summed up, the JUnit report is
/// written with the others skipped, and the process ends by SIGINT (a shell's status 130).
final class RunInterruptTests: XCTestCase {
    func testCtrlCEndsTheRunWithThePartialReport() throws {
        let server = try DemoServer()
        defer { server.stop() }
        let folder = try WebnavProcess.folder([
            "webnav.json": #"{"ats": {"NSAllowsLocalNetworking": true}}"#,
            "Pages/index.html": "<title>Home</title>",
            "a.flow": "expect depth 1\n",
            "hang.flow": "open \(server.url("/hang"))\nexpect depth 1\n",
            "z.flow": "expect depth 1\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let stdout = folder.appendingPathComponent("stdout.txt"), stderr = folder.appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = WebnavProcess.executable
        process.arguments = ["run", "a.flow", "hang.flow", "z.flow", "--junit", "report.xml"]
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? String(contentsOf: stdout, encoding: .utf8))?.contains("PASS a.flow") != true, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        // hang.flow waits on a server that never answers (30 s); Ctrl-C is SIGINT to the process.
        Thread.sleep(forTimeInterval: 0.3)
        let interrupted = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(interrupted), 5)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGINT, "ended by SIGINT: 130 in a shell")
        XCTAssertEqual(try String(contentsOf: stdout, encoding: .utf8), "PASS a.flow (1 step)\n1 passed, 0 failed\n")
        XCTAssertEqual(try String(contentsOf: stderr, encoding: .utf8), "webnav: interrupted: 2 of 3 flows did not run to the end\n")
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        XCTAssertEqual(report.replacing(#/time="[0-9]+\.[0-9]{3}"/#, with: "time=\"T\""), """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="webnav" tests="3" failures="0" time="T">
              <testsuite name="webnav flows" tests="3" failures="0" errors="0" skipped="2" time="T">
                <testcase classname="webnav.flows" name="a.flow" file="a.flow" time="T">
                  <system-out>  ▸ launch  [0s]
                  launch: index.html
              ✓ 1 expect depth 1  [0s]</system-out>
                </testcase>
                <testcase classname="webnav.flows" name="hang.flow" file="hang.flow">
                  <skipped message="not run: interrupted"/>
                </testcase>
                <testcase classname="webnav.flows" name="z.flow" file="z.flow">
                  <skipped message="not run: interrupted"/>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }
}
