import Foundation
import XCTest
@testable import Flows
import NavigatorCore
import TestSupport

/// Flow files as they come from the wild: CRLF, a BOM, one-letter paths, deep and explosive
/// includes, huge lines, and files that are not files.
final class FlowRobustnessTests: XCTestCase {
    private func parser(_ files: [String: String], reads: Counter? = nil) -> FlowParser {
        FlowParser { url in
            reads?.add()
            guard let text = files[url.path] else { throw CocoaError(.fileReadNoSuchFile) }
            return Data(text.utf8)
        }
    }

    private func parseError(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testCRLFAndBOMReadExactlyLikeLF() throws {
        let lf = "# checkout\ntap \"Cart\"\n  expect depth 99\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = try parser(["/f/a.flow": lf]).parse(path: "/f/a.flow")
        XCTAssertEqual(expected.steps.count, 2)
        for text in [crlf, "\u{FEFF}" + crlf, "\u{FEFF}" + lf] {
            let flow = try parser(["/f/a.flow": text]).parse(path: "/f/a.flow")
            XCTAssertEqual(flow, expected, text.debugDescription)
        }
        XCTAssertEqual(expected.steps.map(\.location), [
            SourceLocation(path: "/f/a.flow", line: 2, column: 1), SourceLocation(path: "/f/a.flow", line: 3, column: 3),
        ])
        XCTAssertEqual(expected.steps.map(\.source), ["tap \"Cart\"", "expect depth 99"])
        // Columns in errors are those of LF files.
        XCTAssertEqual(parseError { try self.parser(["/f/b.flow": "back\r\n  expect depth x\r\n"]).parse(path: "/f/b.flow") },
                       "/f/b.flow:2:16: error: expect depth takes a number of screens, got \"x\"")
    }

    func testIncludeFromAOneCharacterPath() throws {
        let here = FileManager.default.currentDirectoryPath
        let flow = try parser(["\(here)/a": "include _f.flow\n", "\(here)/_f.flow": "back\n"]).parse(path: "a")
        XCTAssertEqual(flow.steps.map(\.location), [SourceLocation(path: "_f.flow", line: 1, column: 1)])
        XCTAssertEqual(FlowParser.displayPath(written: "_f.flow", includingPath: "a"), "_f.flow")
        XCTAssertEqual(FlowParser.displayPath(written: "_f.flow", includingPath: "/a"), "/_f.flow")
        XCTAssertEqual(FlowParser.displayPath(written: "x/_f.flow", includingPath: "flows/a.flow"), "flows/x/_f.flow")
        XCTAssertEqual(FlowParser.displayPath(written: "/abs.flow", includingPath: "flows/a.flow"), "/abs.flow")
    }

    func testRelativeIncludeFromTheCommandLine() throws {
        let files = ["/site/pages/_steps.flow": "back\nreload\n"]
        let steps = try parser(files).parse(text: "include _steps.flow", path: ":", folder: URL(fileURLWithPath: "/site/pages/", isDirectory: true))
        XCTAssertEqual(steps.map(\.command), [.back, .reload])
        XCTAssertEqual(steps.map(\.location.path), ["_steps.flow", "_steps.flow"])
        let remote = parseError { try self.parser(files).parse(text: "include _none.flow", path: ":", folder: URL(string: "https://example.org/a/")!) }
        XCTAssertEqual(remote, "::1:9: error: cannot include \"_none.flow\": No such file")
    }

    func testIncludeDepthIsCappedWithALocatedError() throws {
        var files: [String: String] = [:]
        for level in 0..<7_500 { files["/d/\(level).flow"] = "include \(level + 1).flow\n" }
        files["/d/7500.flow"] = "back\n"
        XCTAssertEqual(parseError { try self.parser(files).parse(path: "/d/0.flow") },
                       "/d/63.flow:1:9: error: include nested more than 64 deep")
        var shallow: [String: String] = [:]
        for level in 0..<63 { shallow["/d/\(level).flow"] = "include \(level + 1).flow\n" }
        shallow["/d/63.flow"] = "back\n"
        XCTAssertEqual(try parser(shallow).parse(path: "/d/0.flow").steps.map(\.command), [.back])
    }

    func testIncludeBombIsCappedAndEachFileIsReadOnce() throws {
        var files: [String: String] = ["/b/7.flow": String(repeating: "back\n", count: 10)]
        for level in 0..<7 { files["/b/\(level).flow"] = String(repeating: "include \(level + 1).flow\n", count: 10) }
        let reads = Counter()
        XCTAssertEqual(parseError { try self.parser(files, reads: reads).parse(path: "/b/0.flow") },
                       "/b/0.flow:1:9: error: the flow has more than 1000000 steps with its includes expanded")
        XCTAssertEqual(reads.value, 8, "each file read once")
        var small = files
        small["/b/0.flow"] = "include 5.flow\ninclude 5.flow\n"
        XCTAssertEqual(try parser(small).parse(path: "/b/0.flow").steps.count, 2 * 1000)
    }

    func testParsingIsLinearInLineLengthAndLineCount() throws {
        func seconds(_ text: String) throws -> Double {
            let start = Date()
            _ = try parser(["/l/a.flow": text]).parse(path: "/l/a.flow")
            return Date().timeIntervalSince(start)
        }
        // One line of n tokens: columns are counted once, not from the line start per token.
        func longLine(_ count: Int) -> String { "expect stack" + String(repeating: " \"é\"", count: count) + "\n" }
        // n lines.
        func manyLines(_ count: Int) -> String { String(repeating: "tap \"é x\"\n", count: count) }
        for (name, make) in [("long line", longLine), ("many lines", manyLines)] {
            _ = try seconds(make(1_000))
            let small = try seconds(make(4_000))
            let large = try seconds(make(40_000))
            XCTAssertLessThan(large, max(small, 0.005) * 40, "\(name): 10x the input took \(large / small)x the time")
        }
    }

    /// Many includes stay linear (issue 12): n lines including one fragment, n fragments each
    /// included once, and n fragments each including the next (as deep as the cap allows).
    func testManyIncludesGrowLinearly() throws {
        let shapes: [(String, (Int) -> [String: String])] = [
            ("one fragment included n times", { n in
                ["/i/main.flow": String(repeating: "include _f.flow\n", count: n), "/i/_f.flow": "back\nexpect depth 1\n"]
            }),
            ("n fragments included once each", { n in
                var files = ["/i/main.flow": (0..<n).map { "include _f\($0).flow\n" }.joined()]
                for index in 0..<n { files["/i/_f\(index).flow"] = "tap \"link \(index)\"\n" }
                return files
            }),
            ("chains of 60 nested includes", { n in
                var files = ["/i/main.flow": (0..<n).map { "include _c\($0)_0.flow\n" }.joined()]
                for chain in 0..<n {
                    for level in 0..<60 { files["/i/_c\(chain)_\(level).flow"] = "include _c\(chain)_\(level + 1).flow\n" }
                    files["/i/_c\(chain)_60.flow"] = "back\n"
                }
                return files
            }),
        ]
        for (name, files) in shapes {
            var failure: String?
            assertGrowsLinearly(name, size: name.hasPrefix("chains") ? 5 : 300, input: files) { files in
                do { _ = try self.parser(files).parse(path: "/i/main.flow") } catch { failure = "\(error)" }
            }
            XCTAssertNil(failure, name)
        }
    }

    func testExpectColorTakesShortColoursAndURLContainsNeedsAString() throws {
        let steps = try parser([:]).parse(text: "expect color nav \"#FFF\"\nexpect color tint #0a8\nexpect color status \"#80D32F2F\"",
                                          path: "t.flow", folder: URL(fileURLWithPath: "/"))
        XCTAssertEqual(steps.map(\.command), [
            .expect(.color(.nav, .white)), .expect(.color(.tint, RGBColor(red: 0x00, green: 0xAA, blue: 0x88))),
            .expect(.color(.status, RGBColor(red: 0xD3, green: 0x2F, blue: 0x2F))),
        ])
        let folder = URL(fileURLWithPath: "/")
        XCTAssertEqual(parseError { try self.parser([:]).parse(text: "expect url ~", path: "t.flow", folder: folder) },
                       "t.flow:1:12: error: expect url ~ \"S\": expected 1 argument, got 0")
        XCTAssertEqual(parseError { try self.parser([:]).parse(text: "expect url ~ a b", path: "t.flow", folder: folder) },
                       "t.flow:1:16: error: expect url ~ \"S\": expected 1 argument, got 2")
        XCTAssertEqual(parseError { try self.parser([:]).parse(text: "expect color nav \"#FFFF\"", path: "t.flow", folder: folder) },
                       "t.flow:1:18: error: expect color takes a colour as \"#RGB\", \"#RRGGBB\" or \"#AARRGGBB\", got \"#FFFF\"")
    }

    func testFilesThatAreNotFlowFilesGiveOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("fifo").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("loop").path, withDestinationPath: "loop")
        let cases = [
            ("dir", "Is a directory"), ("fifo", "not a regular file (a device, FIFO or socket cannot be read as one)"),
            ("/dev/null", "not a regular file (a device, FIFO or socket cannot be read as one)"),
            ("/dev/zero", "not a regular file (a device, FIFO or socket cannot be read as one)"),
            ("loop", "Too many levels of symbolic links"),
        ]
        for (target, reason) in cases {
            let main = folder.appendingPathComponent("main.flow")
            try Data("include \(target)\n".utf8).write(to: main)
            XCTAssertEqual(parseError { try FlowParser.files.parse(path: main.path) },
                           "\(main.path):1:9: error: cannot include \"\(target)\": \(reason)")
            XCTAssertEqual(parseError { try FlowParser.files.parse(path: target.hasPrefix("/") ? target : folder.appendingPathComponent(target).path) }
                .components(separatedBy: ": cannot read flow: ").last, reason)
        }
    }
}

/// Counts calls from a `@Sendable` closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// `webnav help flows` names every step the parser knows.
final class FlowHelpTests: XCTestCase {
    func testTheHelpListsEveryCommandAndExpectation() {
        let syntax = FlowHelp.steps.map(\.syntax).joined(separator: " | ")
        for word in FlowCommandParser.commandWords where word != "expect" {
            XCTAssertTrue(syntax.contains(word + " ") || syntax.contains(word + ","), "\(word) is missing from webnav help flows")
        }
        for word in FlowCommandParser.expectationWords {
            XCTAssertTrue(syntax.contains("expect \(word) "), "expect \(word) is missing from webnav help flows")
        }
        XCTAssertTrue(FlowHelp.text.contains("  back "), FlowHelp.text)
    }
}
