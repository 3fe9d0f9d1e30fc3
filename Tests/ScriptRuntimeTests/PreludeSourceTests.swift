import Foundation
import XCTest
@testable import ScriptRuntime

/// PreludeSource.swift and NativePreludeSource.swift are Scripts/generate-prelude.py's output for
/// the current Prelude/*.js and NativePrelude/app.js, each followed by SharedPrelude/*.js.
final class PreludeSourceTests: XCTestCase {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ScriptRuntime")

    /// The shared files, as the generator appends them.
    private func shared() throws -> String {
        let folder = Self.sources.appendingPathComponent("SharedPrelude")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
        XCTAssertEqual(files, ["tagged-value.js"])
        return try files.map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return text.hasSuffix("\n") ? text : text + "\n"
        }.joined()
    }

    func testGeneratedPreludeMatchesTheJavaScriptFiles() throws {
        let folder = Self.sources.appendingPathComponent("Prelude")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
        XCTAssertEqual(files, ["1-core.js", "2-document.js", "3-forms.js", "4-window.js", "5-globals.js"])
        var body = ""
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            body += text.hasSuffix("\n") ? text : text + "\n"
        }
        let expected = "(function (N, configuration) {\n"
            + "const C = { virtualClock: configuration[0], seed: configuration[1], userAgent: configuration[2], messageLimit: configuration[3] };\n"
            + body + (try shared()) + "})"
        XCTAssertTrue(PreludeSource.text == expected, "PreludeSource.swift is stale: run Scripts/generate-prelude.py")
    }

    func testGeneratedNativePreludeMatchesItsJavaScriptFile() throws {
        let file = Self.sources.appendingPathComponent("NativePrelude/app.js")
        let text = try String(contentsOf: file, encoding: .utf8)
        let expected = "(function (N, C) {\n" + (text.hasSuffix("\n") ? text : text + "\n") + (try shared()) + "})"
        XCTAssertTrue(NativePreludeSource.text == expected, "NativePreludeSource.swift is stale: run Scripts/generate-prelude.py")
    }
}
