import Foundation
import XCTest
@testable import Conformance

/// The worker pool with shell scripts as workers: answers in order, a worker that dies or
/// hangs costs only its job, and a worker that answers nonsense stops the run.
final class ConformanceWorkerPoolTests: XCTestCase {
    func job(_ name: String) -> ConformanceJob {
        .wpt(WPTTest(id: name, file: name, kind: .page, variant: "", isLong: false, needsTestdriver: false))
    }

    func answer(_ name: String) throws -> (result: ConformanceJobResult, line: String) {
        let result = ConformanceJobResult.wpt(WPTFileResult(id: name, folder: "dom", outcome: .ok, message: "", subtests: [
            WPTSubtest(name: "s", status: "PASS", message: ""),
        ], needsTestdriver: false, scriptErrors: []))
        return (result, String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
    }

    /// A worker that answers each job with the next of `lines`: a line of JSON, `exit N`, `hang`.
    func worker(_ lines: [String]) -> [String] {
        let steps = lines.map { line -> String in
            switch line {
            case "hang": return "read job; sleep 30"
            // A crash that leaves a process holding the worker's output, as a backtracer does.
            case "crash leaving a helper": return "read job; sleep 30 & echo \"helper $!\" >&2; kill -SEGV $$"
            case let exit where exit.hasPrefix("exit "): return "read job; echo 'dying now' >&2; \(exit)"
            default: return "read job; printf '%s\\n' '\(line)'"
            }
        }
        return ["-c", steps.joined(separator: "\n")]
    }

    func testResultsComeBackInTheJobsOrder() throws {
        let first = try answer("a"), second = try answer("b"), third = try answer("c")
        let pool = ConformanceWorkerPool(executable: "/bin/sh", arguments: worker([first.line, second.line, third.line]), count: 1, killAfter: .seconds(20))
        var progress: [Int] = []
        XCTAssertEqual(try pool.run([job("a"), job("b"), job("c")]) { progress.append($0) }, [first.result, second.result, third.result])
        XCTAssertEqual(progress, [1, 2, 3])
    }

    func testADeadOrHungWorkerCostsOnlyItsJob() throws {
        let first = try answer("a"), third = try answer("c")
        // The worker answers a, then dies on b.
        let pool = ConformanceWorkerPool(executable: "/bin/sh", arguments: worker([first.line, "exit 3"]), count: 1, killAfter: .milliseconds(500))
        let results = try pool.run([job("a"), job("b")])
        XCTAssertEqual(results, [first.result, .wpt(WPTFileResult(id: "b", folder: ".", outcome: .crash,
                                                                   message: "the worker exited with status 3: dying now",
                                                                   subtests: [], needsTestdriver: false, scriptErrors: []))])
        let hanging = ConformanceWorkerPool(executable: "/bin/sh", arguments: worker([third.line, "hang"]), count: 1, killAfter: .milliseconds(500))
        // This one answers c, then hangs on d and is killed.
        let started = Date()
        let hangingResults = try hanging.run([job("c"), job("d")])
        XCTAssertEqual(hangingResults.map(\.outcome), [.ok, .realTimeCap])
        guard case .wpt(let killed) = hangingResults[1] else { return XCTFail("not a WPT result") }
        XCTAssertEqual(killed.message, "killed after 0.5 s of real time")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testACrashedWorkerIsSeenAtOnceThoughWhatItStartedHoldsItsOutput() throws {
        let first = try answer("a")
        let pool = ConformanceWorkerPool(executable: "/bin/sh", arguments: worker([first.line, "crash leaving a helper"]), count: 1, killAfter: .seconds(25))
        let results = try pool.run([job("a"), job("b")])
        XCTAssertEqual(results.map(\.outcome), [.ok, .crash])
        guard case .wpt(let crashed) = results[1] else { return XCTFail("not a WPT result") }
        // "the worker died of signal 11: helper PID (its standard error is kept in LOG)"
        let words = crashed.message.split(separator: " ")
        XCTAssertEqual(words.prefix(7).joined(separator: " "), "the worker died of signal 11: helper")
        XCTAssertEqual(words.dropFirst(8).prefix(6).joined(separator: " "), "(its standard error is kept in")
        let log = String(words.last!.dropLast())
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "helper \(words[7])\n")
        try FileManager.default.removeItem(atPath: log)
        // The helper went with the worker's process group: it is gone, or dead and not yet reaped.
        let helper = try XCTUnwrap(Int32(words[7]))
        func running() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(helper)/stat", encoding: .utf8) else { return false }
            return stat.split(separator: ")").last?.split(separator: " ").first != "Z"
        }
        for _ in 0..<100 where running() { usleep(20_000) }
        XCTAssertFalse(running())
    }

    func testATreeConstructionJobThatCrashesFailsWithTheReason() throws {
        let test = TreeConstructionTest(id: "x.dat#1", line: 1, data: "", fragmentContext: nil, scripting: .both, expected: "| <html>")
        let pool = ConformanceWorkerPool(executable: "/bin/sh", arguments: worker(["exit 1"]), count: 1, killAfter: .seconds(20))
        XCTAssertEqual(try pool.run([.treeConstruction(test)]), [.treeConstruction(TreeConstructionResult(
            id: "x.dat#1", passed: false, fragment: false, expected: "| <html>", actual: "#CRASH: the worker exited with status 1: dying now"))])
    }

    func testAWorkerThatAnswersNonsenseStopsTheRun() {
        let pool = ConformanceWorkerPool(executable: "/bin/sh", arguments: worker(["not json"]), count: 1, killAfter: .seconds(20))
        XCTAssertThrowsError(try pool.run([job("a")])) { error in
            XCTAssertEqual(error as? ConformanceRunError, ConformanceRunError("a worker answered something that is not a result: not json"))
        }
        let missing = ConformanceWorkerPool(executable: "/nonexistent/webnav", arguments: [], count: 1, killAfter: .seconds(20))
        XCTAssertThrowsError(try missing.run([job("a")])) { error in
            XCTAssertEqual(error as? ConformanceRunError, ConformanceRunError("cannot start a worker (/nonexistent/webnav): No such file or directory"))
        }
        XCTAssertEqual(try missing.run([]), [])
    }
}

extension ConformanceJobResult {
    var outcome: WPTOutcome? {
        if case .wpt(let result) = self { return result.outcome }
        return nil
    }
}
