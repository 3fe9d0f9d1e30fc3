import Foundation
import XCTest
@testable import Flows
import AppShell
import NavigatorCore
import PageKit
import ScriptRuntime
import Simulator
import TestSupport

/// The bridge's flow steps (bridge.md §3, §5): parsing, and running against a host whose
/// profile has handlers, an intercept and a downloads folder.
final class BridgeStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/")

    private let flowText = FlowText()

    func testBridgeStepsParse() throws {
        XCTAssertEqual(try flowText.commands("""
        eval "document.title"
        eval "x = 1" in defaultClient
        call "return setLabelText(text)" text "Hi" n 3 flag true nothing null list [1,2]
        call "return 1" in myWorld
        expect js "1 + 1" 2
        expect js "document.title" "Tokens" in defaultClient
        expect message myTopic
        expect message myTopic "Hello"
        expect download "report.txt"
        expect download "report.txt" 12
        """), [
            .evaluate("document.title", world: "page"),
            .evaluate("x = 1", world: "defaultClient"),
            .callAsync("return setLabelText(text)", arguments: [
                CallArgument(name: "text", value: .string("Hi")), CallArgument(name: "n", value: .number(3)),
                CallArgument(name: "flag", value: .bool(true)), CallArgument(name: "nothing", value: .null),
                CallArgument(name: "list", value: .array([.number(1), .number(2)])),
            ], world: "page"),
            .callAsync("return 1", arguments: [], world: "myWorld"),
            .expect(.js("1 + 1", value: "2", world: "page")),
            .expect(.js("document.title", value: "Tokens", world: "defaultClient")),
            .expect(.message("myTopic", value: nil)),
            .expect(.message("myTopic", value: "Hello")),
            .expect(.download("report.txt", bytes: nil)),
            .expect(.download("report.txt", bytes: 12)),
        ])
    }

    func testBridgeStepErrorsNameTheColumn() {
        XCTAssertEqual(flowText.error("eval"), "t.flow:1:1: error: eval \"JS\" [in WORLD]: expected the script, got 0 arguments")
        XCTAssertEqual(flowText.error("eval \"a\" \"b\""), "t.flow:1:10: error: eval \"JS\" [in WORLD]: expected the script, got 2 arguments")
        XCTAssertEqual(flowText.error("eval \"a\" in"), "t.flow:1:10: error: eval \"JS\" [in WORLD]: in needs a world's name")
        XCTAssertEqual(flowText.error("call \"f(a)\" a"), "t.flow:1:13: error: call \"BODY\" [NAME VALUE]... [in WORLD]: \"a\" has no value")
        XCTAssertEqual(flowText.error("call \"f(a)\" a {oops"), "t.flow:1:15: error: call \"BODY\" [NAME VALUE]... [in WORLD]: a value is a quoted string or a JSON literal such as 3, true or null, got {oops")
        XCTAssertEqual(flowText.error("call \"f(a)\" \"a\" 1"), "t.flow:1:13: error: call \"BODY\" [NAME VALUE]... [in WORLD]: an argument's name is a bare word, got \"a\"")
        XCTAssertEqual(flowText.error("expect js \"1\""), "t.flow:1:8: error: expect js \"EXPR\" VALUE [in WORLD]: expected 2 arguments, got 1")
        XCTAssertEqual(flowText.error("expect message"), "t.flow:1:8: error: expect message NAME [VALUE]: expected 1 or 2 arguments, got 0")
        XCTAssertEqual(flowText.error("expect download \"a\" many"), "t.flow:1:21: error: expect download takes a number of bytes after the name, got \"many\"")
    }

    private static let pages: [String: String] = [
        "/app/Pages/index.html": """
            <title>Home</title><p id=label>Waiting</p>
            <a href="app://home">Register</a>
            <button onclick="webkit.messageHandlers.echo.postMessage({n: 1, s: 'x'}).then((r) => { document.getElementById('label').textContent = 'echo ' + r.n; })">Echo</button>
            <button onclick="window.result = 'aGVsbG8='; location.href = 'app://download?name=hi.txt'">Download</button>
            <button onclick="webkit.messageHandlers.echo.postMessage('m'.repeat(270000))">Huge</button>
            <script>function setLabelText(text) { document.getElementById('label').textContent = text; return text.length; }</script>
            """,
    ]

    private func profile() -> AppProfile {
        var profile = AppProfile.builtIn
        let place = SourceLocation(path: "webnav.json", line: 1)
        profile.pushToken = "tok"
        profile.messageHandlers = [
            AppProfile.MessageHandler(name: "echo", behaviour: .script(.inline("function (body) { return body; }", location: place), replies: true), location: place),
        ]
        profile.intercepts = [
            AppProfile.Intercept(prefix: "app://home", script: .inline("(function (url, app) { app.evaluate('setLabelText(' + JSON.stringify(app.pushToken) + ')'); })", location: place)),
            AppProfile.Intercept(prefix: "app://download", script: .inline("(function (url, app) { return app.evaluate('window.result').then((data) => app.saveDownload({data, name: url.split('=')[1]})); })", location: place)),
        ]
        return profile
    }

    /// Runs steps one by one on a fresh app and returns each outcome, as the transcript shows it.
    private func outcomes(_ text: String, downloads: String) throws -> [String] {
        var runner = FlowRunner(profile: profile(), pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        runner.downloadsPath = downloads
        let host = runner.launchedHost().host
        var context = FlowContext()
        return try FlowParser { _ in Data() }.parse(text: text, path: "t.flow", folder: folder).map { step in
            switch StepExecutor.perform(step, host: host, context: &context) {
            case .done(let note): return "done: \(note)"
            case .held(let note): return "held: \(note)"
            case .failed(let message): return "failed: \(message)"
            case .snapshot: return "snapshot"
            }
        }
    }

    /// Issue 23, item 12: a 270 KB message made a 270 KB failure line; the event log and the
    /// failure show the body's first 1,000 characters.
    func testALongMessageBodyIsCutInTheEventLogAndTheFailure() throws {
        let downloads = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-bridge-steps-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: downloads) }
        let cut = "\"" + String(repeating: "m", count: 999) + "…"
        let written = cut.replacingOccurrences(of: "\"", with: "\\\"")
        XCTAssertEqual(try outcomes("tap \"Huge\"\nexpect message echo \"short\"\nexpect event \"reply echo: \(written)\"\n", downloads: downloads), [
            "done: reply echo: \(cut)",
            "failed: expected message echo short, got message echo: \(cut)",
            "held: ok: expect event \"reply echo: \(written)\"",
        ])
    }

    func testBridgeStepsRunAgainstTheApp() throws {
        let downloads = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-bridge-steps-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: downloads) }
        XCTAssertEqual(try outcomes("""
        eval "document.title"
        eval "[1, {a: null}]"
        eval "document.body"
        eval "null; throw new Error('bad')"
        eval "typeof setLabelText" in defaultClient
        call "return setLabelText(text)" text "Hi"
        expect text "Hi"
        call "await new Promise((r) => setTimeout(r, 10)); return a * 2" a 21
        wait 1s
        expect event "callAsyncJavaScript settled: 42"
        call "throw 'Rejected!'"
        expect js "document.getElementById('label').textContent" "Hi"
        expect js "[1, 'a']" "[1,\\"a\\"]"
        expect js "typeof setLabelText" "function" in defaultClient
        tap "Echo"
        expect message echo "{\\"s\\": \\"x\\", \\"n\\": 1}"
        expect message echo "{\\"n\\": 2}"
        expect message other
        expect text "echo 1"
        tap "Register"
        expect event "intercepted: app://home (app://home)"
        expect text "tok"
        expect depth 1
        tap "Download"
        expect download "hi.txt" 5
        tap "Download"
        expect download "hi (1).txt"
        expect download "hi.txt"
        """, downloads: downloads), [
            "done: eval: \"Home\"",
            "done: eval: [1,{\"a\":null}]",
            "done: eval: error 5: JavaScript execution returned a result of an unsupported type",
            "done: eval: error 4: Error: bad (line 1, column 22)",
            "done: eval: \"undefined\"",
            "done: call: 2",
            "held: ok: expect text \"Hi\"",
            "done: call: pending (its Promise has not settled)",
            "done: callAsyncJavaScript settled: 42",
            "held: ok: expect event \"callAsyncJavaScript settled: 42\"",
            "done: call: error 4: Rejected!",
            "held: ok: expect js \"document.getElementById('label').textContent\" \"Hi\"",
            "held: ok: expect js \"[1, 'a']\" \"[1,\\\"a\\\"]\"",
            "failed: expected js \"typeof setLabelText\" to be function, got \"undefined\"",
            "done: reply echo: {\"n\":1,\"s\":\"x\"}",
            "held: ok: expect message echo \"{\\\"s\\\": \\\"x\\\", \\\"n\\\": 1}\"",
            "failed: expected message echo {\"n\": 2}, got message echo: {\"n\":1,\"s\":\"x\"}",
            "failed: expected message other, got message echo: {\"n\":1,\"s\":\"x\"}",
            "held: ok: expect text \"echo 1\"",
            "done: intercepted: app://home (app://home)",
            "held: ok: expect event \"intercepted: app://home (app://home)\"",
            "held: ok: expect text \"tok\"",
            "held: ok: expect depth 1",
            "done: download: hi.txt (5 B, application/octet-stream)",
            "held: ok: expect download \"hi.txt\" 5",
            "done: download: hi (1).txt (5 B, application/octet-stream)",
            "held: ok: expect download \"hi (1).txt\"",
            "failed: expected download \"hi.txt\", got download: hi (1).txt (5 B, application/octet-stream)",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: downloads).sorted(), ["hi (1).txt", "hi.txt"])
        XCTAssertEqual(FileManager.default.contents(atPath: downloads + "/hi.txt"), Data("hello".utf8))
    }
}
