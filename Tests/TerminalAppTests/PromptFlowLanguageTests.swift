import Foundation
import Flows
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// The flow language of issue 19 at the terminal UI's `:` line and in step mode: variables kept
/// between lines, `;` between steps, blocks on one line, `scroll to` and `expect visible` on the
/// web view as it is scrolled, and a loop stepped through one pass at a time.
final class PromptFlowLanguageTests: XCTestCase {
    func testVariablesLastBetweenLinesAndSemicolonsSeparateSteps() {
        let ui = Fixture.state()
        ui.command("set place \"Detail\"")
        XCTAssertEqual(ui.state.message?.text, "place = \"Detail\"")
        ui.command("tap \"${place}\"; expect title \"${place}\"")
        XCTAssertEqual(ui.state.message?.text, "ok: expect title \"${place}\"")
        XCTAssertEqual(ui.state.app.navigator.screens.count, 2)
        ui.command("expect text \"${nobody}\"")
        XCTAssertEqual(ui.state.message?.text, "column 14: undefined variable \"nobody\" (give it with --env, the profile's env, set or param)")
        ui.command("if depth 2; back; else; expect depth 9; end; expect depth 1")
        XCTAssertEqual(ui.state.message?.text, "ok: expect depth 1")
        ui.command("repeat 2; tap \"Detail\"; back; end; expect depth 1")
        XCTAssertEqual(ui.state.message?.text, "ok: expect depth 1")
        ui.command("expect text \"a;b\"")
        XCTAssertEqual(ui.state.message?.text, "expected text \"a;b\", got a page without it", "a ; inside quotes is text")
    }

    func testTheEnvironmentIsKnownAtThePrompt() {
        let host = Fixture.host()
        let ui = DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 40, rows: 12), parser: Fixture.parser,
                                           variables: ["LINK": "Red closable"]), host: host)
        ui.command("tap \"${LINK}\"; expect title \"Closable\"")
        XCTAssertEqual(ui.state.message?.text, "ok: expect title \"Closable\"")
    }

    func testScrollToAndVisibleSeeTheWebViewAsScrolledHere() {
        let ui = Fixture.state()
        ui.open("long.html")
        ui.command("expect visible \"Line 25\"")
        XCTAssertEqual(ui.state.message?.text, "expected visible \"Line 25\", got it is on the page but not in the rows shown (scroll to it)")
        ui.command("scroll to \"Line 25\"")
        XCTAssertEqual(ui.scrollOffset, 48, "the UI's web view is where the step scrolled it")
        ui.command("expect visible \"Line 25\"")
        XCTAssertEqual(ui.state.message?.text, "ok: expect visible \"Line 25\"")
        ui.press(.home)
        ui.command("expect visible \"Line 25\"")
        XCTAssertEqual(ui.state.message?.text, "expected visible \"Line 25\", got it is on the page but not in the rows shown (scroll to it)",
                       "Home scrolled it away again")
    }

    func testStepModeRunsALoopOnePassAtATime() throws {
        let ui = try Fixture.stepping("repeat 2\ntap \"Detail\"\nback\nend\nexpect depth 1\n")
        XCTAssertEqual(stepsRun(by: ui.press(.character("n"), .character("n"), .character("n"))).map(\.source), ["repeat 2", "tap \"Detail\"", "back"])
        XCTAssertEqual(stepsRun(by: ui.press(.character("n"))).map(\.source), ["tap \"Detail\""], "the loop's second pass")
        XCTAssertEqual(ui.state.app.navigator.screens.count, 2)
        XCTAssertEqual(stepsRun(by: ui.press(.character("n"), .character("n"))).map(\.source), ["back", "expect depth 1"])
        XCTAssertEqual(ui.state.stepSummary, ["PASS test.flow (6 steps)", "1 passed, 0 failed"])
        XCTAssertEqual(ui.state.exitStatus, 0)
    }
}
