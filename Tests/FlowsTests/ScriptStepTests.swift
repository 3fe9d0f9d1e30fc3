import Foundation
import XCTest
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport

/// The steps for scripted pages: parsing, running, dialogs, `--strict` and the same result every run.
final class ScriptStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/app/Pages/")

    private let flowText = FlowText()

    func testEveryScriptStepParses() throws {
        XCTAssertEqual(try flowText.commands("""
        wait until text "Ready"
        wait until text "Ready" timeout 2s
        tap css "#list > li:first-child"
        fill "Your name" "Ada"
        fill #2 "x"
        fill css "input[name=q]" "tea"
        select "Size" "M"
        check "Remember me"
        uncheck css "#news"
        accept
        dismiss
        answer "Bob"
        expect dialog alert "Saved"
        expect dialog prompt ""
        expect no dialog
        expect console "ready"
        expect no script errors
        """), [
            .waitUntilText("Ready", timeout: .seconds(10)),
            .waitUntilText("Ready", timeout: .seconds(2)),
            .tap(.css("#list > li:first-child")),
            .fill(.text("Your name"), text: "Ada"),
            .fill(.number(2), text: "x"),
            .fill(.css("input[name=q]"), text: "tea"),
            .select(.text("Size"), option: "M"),
            .setChecked(.text("Remember me"), true),
            .setChecked(.css("#news"), false),
            .answerDialog(.accept),
            .answerDialog(.dismiss),
            .answerDialog(.answer("Bob")),
            .expect(.dialog(.alert, message: "Saved")),
            .expect(.dialog(.prompt, message: "")),
            .expect(.noDialog),
            .expect(.console("ready")),
            .expect(.noScriptErrors),
        ])
    }

    func testScriptStepErrorsNameTheColumn() {
        XCTAssertEqual(flowText.error("tap css \"a[\""), "t.flow:1:9: error: \"a[\" is not a valid CSS selector")
        XCTAssertEqual(flowText.error("wait until title \"x\""), "t.flow:1:12: error: wait until takes text: wait until text \"S\" [timeout DURATION]")
        XCTAssertEqual(flowText.error("wait until text \"x\" timeout soon"),
                       "t.flow:1:29: error: wait until takes a duration such as 500ms, 2s or 1m after timeout, got \"soon\"")
        XCTAssertEqual(flowText.error("fill \"Name\""), "t.flow:1:6: error: fill TARGET \"text\": expected 1 argument, got 0")
        XCTAssertEqual(flowText.error("expect dialog popup \"x\""), "t.flow:1:15: error: expect dialog takes alert, confirm or prompt, got \"popup\"")
        XCTAssertEqual(flowText.error("answer"), "t.flow:1:1: error: answer \"text\": expected 1 argument, got 0")
        XCTAssertEqual(flowText.error("expect no script"), "t.flow:1:11: error: expect no script takes errors: expect no script errors")
    }

    func testScriptStepsNeverCrashTheParserOnGeneratedInput() {
        var seeded = SeededGenerator(seed: 6)
        let alphabet = ["wait", "until", "text", "timeout", "2s", "tap", "css", "fill", "select", "check", "uncheck", "accept",
                        "dismiss", "answer", "expect", "dialog", "alert", "confirm", "prompt", "no", "console", "script", "errors",
                        "\"", "\"a[\"", "\"#x\"", "#2", "#0", "x", " ", "\n", "\u{0}", ":", "[", "é"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...12, using: &seeded)).map { _ in alphabet.randomElement(using: &seeded)! }
                .joined(separator: Bool.random(using: &seeded) ? " " : "")
            do { _ = try FlowParser { _ in Data() }.parse(text: text, path: "f.flow", folder: folder) } catch {
                XCTAssertTrue(error.description.hasPrefix("f.flow:"), error.description)
            }
        }
    }

    // MARK: - Running

    private static let pages: [String: String] = [
        "/app/Pages/index.html": """
            <title>Home</title>
            <label for=name>Your name</label> <input id=name>
            <select name=size><option>S<option value=m>Medium</select>
            <label><input type=checkbox id=news> News</label>
            <button id=ask>Ask</button> <button id=boom>Boom</button>
            <p id=out>-</p><p id=luck></p>
            <script>
            const out = document.getElementById("out");
            document.getElementById("name").addEventListener("input", e => out.textContent = "typed " + e.target.value);
            document.querySelector("select").addEventListener("change", e => console.log("size " + e.target.value));
            document.getElementById("news").addEventListener("change", e => console.log("news " + e.target.checked));
            document.getElementById("ask").onclick = () => { out.textContent = confirm("Sure?") ? "yes" : "no" };
            document.getElementById("boom").onclick = () => { null.boom };
            document.getElementById("luck").textContent = "luck " + Math.floor(Math.random() * 1e9);
            setTimeout(() => out.textContent = "late", 3000);
            </script>
            """,
    ]

    private func run(_ text: String, strict: Bool = false, seed: UInt64 = 0) throws -> (FlowResult, [String]) {
        var runner = FlowRunner(profile: .builtIn, pagesBase: folder, store: PageStore(reader: InMemoryPages(files: Self.pages)))
        runner.isStrict = strict
        runner.scriptSeed = seed
        let flow = Flow(path: "t.flow", steps: try FlowParser { _ in Data() }.parse(text: text, path: "t.flow", folder: folder))
        let result = runner.run(flow)
        let lines = (0..<result.snapshots.count).flatMap { result.snapshots.snapshot(at: $0) }
        return (result, lines)
    }

    func testFieldStepsFireTheEventsTypingWould() throws {
        let (result, _) = try run("""
        fill "Your name" "Ada"
        expect text "typed Ada"
        select "size" "Medium"
        expect console "size m"
        check "News"
        expect console "news true"
        check "News"
        uncheck "News"
        expect console "news false"
        """)
        XCTAssertNil(result.failure?.message)
        XCTAssertEqual(result.stepsRun, 9)
    }

    func testADialogBlocksOtherStepsUntilAnswered() throws {
        let (result, _) = try run("""
        tap "Ask"
        expect dialog confirm "Sure?"
        tap "Boom"
        """)
        XCTAssertEqual(result.failure?.message, "a dialog is open: confirm \"Sure?\"")
        let (answered, _) = try run("""
        tap "Ask"
        dismiss
        expect no dialog
        expect text "no"
        accept
        """)
        XCTAssertEqual(answered.failure?.message, "accept: no dialog is open")
        XCTAssertEqual(answered.stepsRun, 5)
    }

    func testWaitUntilMovesTimeTimerByTimer() throws {
        let (passed, _) = try run("wait until text \"late\"\nexpect text \"late\"")
        XCTAssertNil(passed.failure?.message)
        let (failed, _) = try run("wait until text \"never\" timeout 5s")
        XCTAssertEqual(failed.failure?.message, "wait until text \"never\": not shown after 5s")
    }

    func testStrictFailsAtTheStepThatThrows() throws {
        let text = "fill \"Your name\" \"A\"\ntap \"Boom\"\nexpect text \"typed A\""
        let (lenient, _) = try run(text)
        XCTAssertNil(lenient.failure?.message)
        let (strict, _) = try run(text, strict: true)
        XCTAssertEqual(strict.failure?.message,
                       "--strict: script error: index.html:13:55: TypeError: null is not an object (evaluating 'null.boom')")
        XCTAssertEqual(strict.failure?.location.line, 2)
        let (expectation, _) = try run("tap \"Boom\"\nexpect no script errors")
        XCTAssertEqual(expectation.failure?.message,
                       "expected no script errors, got 1: \"script error: index.html:13:55: TypeError: null is not an object (evaluating 'null.boom')\"")
    }

    func testTheSameFlowGivesTheSameResultEveryRunAndTheSeedChangesRandomness() throws {
        let text = "wait 1s\nsnapshot\nfill \"Your name\" \"Ada\"\nwait until text \"late\"\nsnapshot"
        let (first, firstLines) = try run(text)
        let (second, secondLines) = try run(text)
        XCTAssertNil(first.failure?.message)
        XCTAssertNil(second.failure?.message)
        XCTAssertEqual(firstLines, secondLines)
        let luck = firstLines.first { $0.contains("luck ") }
        XCTAssertNotNil(luck)
        let (_, seeded) = try run(text, seed: 7)
        XCTAssertNotEqual(seeded.first { $0.contains("luck ") }, luck)
    }
}
