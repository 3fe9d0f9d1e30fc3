import Foundation
import NavigatorCore
import PageKit
import Simulator
@testable import TerminalApp
import TerminalUI
import XCTest

/// Recording: each action becomes a flow step as it happens; stopping pins the state reached.
final class RecordingTests: XCTestCase {
    func testRStartsAndStopsAndActionsBecomeSteps() {
        let state = Fixture.state()
        XCTAssertEqual(state.press(.character("R")), [.startRecording(path: nil)])
        XCTAssertEqual(state.state.didStartRecording(path: "/flows/rec.flow"), [.record([
            "# Recorded by webnav record; replay it with: webnav run /flows/rec.flow", "size 40x12",
        ])])
        let items = state.app.layout(of: ScreenID(1), width: state.geometry.contentWidth).items
        XCTAssertEqual(state.press(.enter), [.record(["tap \"Detail\""]), .perform(.activate(items[0]))])
        XCTAssertEqual(state.press(.character("x")), [.record(["close"]), .perform(.navigator(.rightButtonTapped))])
        XCTAssertEqual(state.press(.left), [.record(["back"]), .perform(.navigator(.backGesturePerformed))])
        XCTAssertEqual(state.press(.character("R")), [.stopRecording([
            "# The state when recording stopped", "expect depth 1", "expect stack \"Home\"", "expect title \"\"", "expect url \"index.html\"",
        ])])
        XCTAssertEqual(state.frame().lines[11], " recorded 3 steps to /flows/rec.flow")
        XCTAssertEqual(state.press(.enter), [.perform(.activate(items[0]))], "no longer recording")
    }

    func testQuittingWhileRecordingClosesTheFlowWithTheState() {
        let state = Fixture.state()
        _ = state.state.didStartRecording(path: "rec.flow")
        state.press(.enter)
        XCTAssertEqual(state.press(.control("c")), [.stopRecording([
            "# The state when recording stopped", "expect depth 2", "expect stack \"Home\" \"Detail\"", "expect title \"Detail\"",
            "expect url \"detail.html\"",
        ]), .quit])
    }

    /// Steps typed at `:` are recorded; a line with a block is recorded as written, `end` and all.
    func testALineWithABlockIsRecordedAsWritten() {
        let ui = Fixture.state()
        _ = ui.state.didStartRecording(path: "/flows/rec.flow")
        /// Types a line at the prompt, runs its steps as the loop does, and returns what is recorded.
        func recorded(_ line: String) -> [TerminalAppEffect] {
            _ = ui.state.handle(.key(.character(":")), now: Fixture.start)
            for character in line { _ = ui.state.handle(.key(.character(character)), now: Fixture.start) }
            guard case .runSteps(let steps)? = ui.state.handle(.key(.enter), now: Fixture.start).first,
                  case .ranSteps(let reports, let context, let snapshot) = HostWorkQueue.run(.steps(steps, Fixture.parser), host: ui.host,
                                                                                            context: ui.state.context) else { return [] }
            return ui.state.didRunSteps(reports, context: context, app: snapshot.app, now: Fixture.start)
        }
        XCTAssertEqual(recorded("set n \"2\""), [.record(["set n \"2\""])])
        XCTAssertEqual(recorded("if depth 1; tap \"Detail\"; else; back; end"), [.record(["if depth 1", "tap \"Detail\"", "else", "back", "end"])])
        XCTAssertEqual(recorded("if depth 2; expect depth 9; end"), [], "a line that failed is not recorded")
        XCTAssertEqual(FlowText.quoted("`${a}`"), "\"`$${a}`\"", "a ${ typed is written so that it reads back as typed")
    }

    func testTapsByNumberWhenTheTextIsNotUniqueAndQuotedSafely() {
        var recorder = FlowRecorder(path: "/flows/x.flow")
        let items = [
            PageItem(number: 1, kind: .link, text: "More", node: NodeIDs.first),
            PageItem(number: 2, kind: .link, text: "More", node: NodeIDs.first),
            PageItem(number: 3, kind: .link, text: "Say \"hi\" \\ now", node: NodeIDs.first),
        ]
        XCTAssertEqual(recorder.step(for: .activate(items[1]), items: items), "tap #2")
        XCTAssertEqual(recorder.step(for: .activate(items[2]), items: items), "tap \"Say \\\"hi\\\" \\\\ now\"")
        XCTAssertEqual(recorder.step(for: .navigator(.urlOpened("pages/a.html", base: "file:///flows/")), items: []), "open \"pages/a.html\"")
        XCTAssertEqual(recorder.step(for: .navigator(.urlOpened("a.html", base: "file:///elsewhere/")), items: []),
                       "open \"file:///elsewhere/a.html\"")
        XCTAssertEqual(recorder.step(for: .navigator(.urlOpened("mkwebview://webview?url=a.html", base: nil)), items: []),
                       "open \"mkwebview://webview?url=a.html\"")
        XCTAssertEqual(recorder.steps, 5)
    }

    /// Issue 23, item 11: a recording never holds a raw bidi override or control; a link whose
    /// text has one is tapped by number, so the flow still replays.
    func testControlsAndBidiOverridesNeverReachARecording() {
        var recorder = FlowRecorder(path: "/flows/x.flow")
        let items = [PageItem(number: 1, kind: .link, text: "invoice\u{202E}txt.exe", node: NodeIDs.first)]
        XCTAssertEqual(recorder.step(for: .activate(items[0]), items: items), "tap #1")
        XCTAssertEqual(recorder.step(for: .answerDialog(.answer("a\u{202E}b\u{9B}c\u{1B}d")), items: []), "answer \"a b c d\"")
    }
}

/// A node ID for items built in tests.
enum NodeIDs {
    static let first = HTMLParser.parse("<a href=x>x</a>").elements(named: "a")[0]
}
