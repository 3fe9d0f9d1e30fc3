import Foundation
import XCTest
@testable import ScriptRuntime

/// PreludeSource.swift is Scripts/generate-prelude.py's output for the current Prelude/*.js.
final class PreludeSourceTests: XCTestCase {
    func testGeneratedPreludeMatchesTheJavaScriptFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ScriptRuntime/Prelude")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
        XCTAssertEqual(files, ["1-core.js", "2-document.js", "3-forms.js", "4-window.js", "5-globals.js"])
        var body = ""
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            body += text.hasSuffix("\n") ? text : text + "\n"
        }
        let expected = "(function (N, configuration) {\n"
            + "const C = { virtualClock: configuration[0], seed: configuration[1], userAgent: configuration[2] };\n"
            + body + "})"
        XCTAssertTrue(PreludeSource.text == expected, "PreludeSource.swift is stale: run Scripts/generate-prelude.py")
    }

    func testGeneratedNativePreludeMatchesItsJavaScriptFile() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ScriptRuntime/NativePrelude/app.js")
        let text = try String(contentsOf: file, encoding: .utf8)
        let expected = "(function (N, C) {\n" + (text.hasSuffix("\n") ? text : text + "\n") + "})"
        XCTAssertTrue(NativePreludeSource.text == expected, "NativePreludeSource.swift is stale: run Scripts/generate-prelude.py")
    }
}
