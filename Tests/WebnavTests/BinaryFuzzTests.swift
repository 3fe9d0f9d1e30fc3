import Foundation
import TestSupport
import XCTest

/// The real binary fed mutated flows, deeplinks and profiles, and inputs scaled in size, with
/// its output captured, full (`/dev/full`) and closed: it ends with 0, 1 or 2, never a signal,
/// within its deadline and its memory bound, and never prints a raw control character.
final class BinaryFuzzTests: XCTestCase {
    /// The memory bound of the done-when: 8x the input, or 256 MB if more.
    static func memoryBound(inputBytes: Int) -> Int { max(8 * inputBytes, 256 << 20) }

    private func check(_ run: MeasuredRun, _ what: String, inputBytes: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(run.timedOut, "\(what): hung", file: file, line: line)
        XCTAssertNil(run.signal, "\(what): died of signal \(run.signal ?? 0)", file: file, line: line)
        XCTAssertTrue([0, 1, 2].contains(run.status ?? -1), "\(what): exit \(run.status.map(String.init) ?? "none")\n\(run.stderr.prefix(500))", file: file, line: line)
        XCTAssertFalse(OutputSafetyTests.hasRawControls(run.stdout), "\(what): raw control in stdout", file: file, line: line)
        XCTAssertFalse(OutputSafetyTests.hasRawControls(run.stderr), "\(what): raw control in stderr", file: file, line: line)
        XCTAssertLessThanOrEqual(run.peakMemory, Self.memoryBound(inputBytes: inputBytes), "\(what): \(run.peakMemory >> 20) MB", file: file, line: line)
    }

    /// Runs `arguments` with stdout and stderr captured, full and closed.
    private func runEverySink(_ arguments: [String], in folder: URL, _ what: String) {
        for (out, err) in [(MeasuredRun.Sink.captured, MeasuredRun.Sink.captured), (.full, .captured), (.closed, .captured), (.full, .full), (.closed, .closed)] {
            let run = MeasuredRun.run(arguments, in: folder, stdout: out, stderr: err, deadline: 60)
            check(run, "\(what) [stdout \(out), stderr \(err)]")
            if out != .captured, err == .captured, run.status == 0 {
                XCTFail("\(what): exit 0 with stdout \(out)")
            }
        }
    }

    private static let controls = ["\u{0}", "\u{7}", "\u{1B}[31m", "\u{1B}]0;x\u{7}", "\u{9B}2J", "\u{202E}", "\u{2066}", "\r", "\u{7F}", "\u{FEFF}"]

    private func mutate(_ text: String, using random: inout SeededGenerator) -> String {
        var text = text
        switch Int.random(in: 0..<6, using: &random) {
        case 0: text = text.replacingOccurrences(of: "\n", with: "\r\n")
        case 1: text = "\u{FEFF}" + text
        case 2:
            var characters = Array(text)
            for _ in 0..<3 where !characters.isEmpty {
                characters.insert(contentsOf: Self.controls.randomElement(using: &random)!, at: Int.random(in: 0...characters.count, using: &random))
            }
            text = String(characters)
        case 3: text = String(text.prefix(Int.random(in: 0...text.count, using: &random)))
        case 4:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            lines.shuffle(using: &random)
            text = lines.joined(separator: "\n")
        default:
            var bytes = Array(text.utf8)
            for _ in 0..<2 where !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            text = String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    func testMutatedFlowsDeeplinksAndProfiles() throws {
        var random = SeededGenerator(seed: 2026)
        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages")
        let flows = try FileManager.default.contentsOfDirectory(atPath: pages.appendingPathComponent("flows").path).filter { $0.hasSuffix(".flow") }.sorted()
        for round in 0..<12 {
            let source = try String(contentsOf: pages.appendingPathComponent("flows/\(flows[round % flows.count])"), encoding: .utf8)
            let flow = mutate(source, using: &random)
            let url = "mkwebview://webview?url=detail.html&title=" + Self.controls.randomElement(using: &random)!
                .addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&leftBtn=ture&navigationColor=%23" + ["FFF", "ZZ", "%1B", ""].randomElement(using: &random)!
            let profile = mutate("{\"schemes\": [\"mkwebview\"], \"routes\": {\"webview\": \"push\"}, \"root\": {\"url\": \"index.html\"}, \"pages\": \"\(pages.path)\"}", using: &random)
            let folder = try WebnavProcess.folder([
                "flows/t.flow": flow, "flows/_detail.flow": "tap \"Detail with a back button\"\n", "p.json": profile,
                "page.html": mutate("<title>T</title><p>Hello <a href='x.html'>x</a></p>", using: &random),
            ])
            runEverySink(["run", "flows/t.flow", "--pages", pages.path], in: folder, "run flow \(round)")
            runEverySink(["run", "--json", "flows/t.flow", "--pages", pages.path], in: folder, "run --json flow \(round)")
            runEverySink(["resolve", url], in: folder, "resolve \(round)")
            runEverySink(["resolve", "--json", url], in: folder, "resolve --json \(round)")
            runEverySink(["preview", url, "--pages", pages.path, "--size", "40x10", "--color", "never"], in: folder, "preview \(round)")
            runEverySink(["--profile", "p.json", "resolve", url], in: folder, "profile \(round)")
            runEverySink(["dump", "page.html"], in: folder, "dump \(round)")
        }
    }

    func testSizeScaledInputsStayWithinTimeAndMemory() throws {
        let pages = WebnavProcess.packageRoot.appendingPathComponent("Pages").path
        var seconds: [String: [Double]] = [:]
        for count in [4_000, 40_000] {
            var files = [
                "line.flow": "expect stack" + String(repeating: " \"é\"", count: count) + "\n",
                "steps.flow": String(repeating: "expect depth 1\n", count: count),
                "pushes.flow": String(repeating: "open \"mkwebview://webview?url=detail.html&title=T\"\n", count: count / 10),
            ]
            // A chain of includes (capped at 64 deep) and a bomb (capped at 1,000,000 steps).
            for level in 0..<(count / 100) { files["_c\(level).flow"] = "include _c\(level + 1).flow\n" }
            files["chain.flow"] = "include _c0.flow\n"
            for level in 0..<7 { files["_b\(level).flow"] = String(repeating: "include _b\(level + 1).flow\n", count: 10) }
            files["_b7.flow"] = "back\n"
            files["bomb.flow"] = "include _b0.flow\n"
            let folder = try WebnavProcess.folder(files)
            for name in ["line", "steps", "pushes", "chain", "bomb"] {
                let size = files["\(name).flow"]!.utf8.count
                let run = MeasuredRun.run(["run", "\(name).flow", "--pages", pages], in: folder, stdout: .full, deadline: 120)
                check(run, "\(name) at \(count)", inputBytes: size)
                seconds[name, default: []].append(run.seconds)
            }
        }
        // 10x the input, at most 10x the time (and a generous margin for a busy machine).
        for name in ["line", "steps", "pushes"] {
            let times = seconds[name]!
            XCTAssertLessThan(times[1], max(times[0], 0.2) * 25, "\(name): 10x the input took \(times[1] / times[0])x the time")
        }
    }
}
