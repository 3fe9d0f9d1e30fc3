import Foundation
import Flows
import NavigatorCore
import PageKit
import Simulator
@testable import TerminalApp
import TerminalUI
import TestSupport
import XCTest

/// A small app like the demo in Pages/, and helpers to drive the terminal UI over it.
enum Fixture {
    static let pagesBase = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)

    static let pages = InMemoryPages(files: [
        "/app/Pages/index.html": """
        <title>Home</title>
        <h1>Demo</h1>
        <p>Deeplinks below.</p>
        <ul>
        <li><a href="mkwebview://webview?url=detail.html&amp;title=Detail&amp;leftBtn=true">Detail</a></li>
        <li><a href="mkwebview://webview?url=detail.html&amp;title=Closable&amp;rightBtn=true&amp;navigationColor=%23D32F2F&amp;tintColor=%23FFFFFF">Red closable</a></li>
        <li><a href="tel:010-1234">Call</a></li>
        <li><a href="mkwebview://webview?url=detail.html&amp;title=Hello+World">Plus title</a></li>
        <li><a href="long.html">Long page</a></li>
        </ul>
        """,
        "/app/Pages/scripted.html": "<title>Scripted</title><p id=out>Waiting</p><script>var answer = 42;</script>",
        "/app/Pages/detail.html": "<title>Detail page</title><p>Detail text.</p><p><a href='mkwebview://close-webview'>Close me</a></p>",
        "/app/Pages/long.html": "<title>Long</title>" + (1...30).map { number in
            number % 10 == 0 ? "<p><a href='detail.html?n=\(number)'>Link \(number)</a></p>" : "<p>Line \(number)</p>"
        }.joined(),
    ])

    static let start = ContinuousClock.now

    /// A host running a launched app on the fixture pages.
    static func host() -> AppHost {
        let host = AppHost(profile: .builtIn, pagesBase: pagesBase, store: PageStore(reader: pages))
        host.perform(.launch)
        return host
    }

    /// Reads nothing: `include` at the prompt fails.
    static let parser = FlowParser { url in throw PageReadError.notFound(path: url.path) }

    static func state(columns: Int = 40, rows: Int = 12) -> DrivenUI {
        let host = host()
        return DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: columns, rows: rows), parser: parser), host: host)
    }

    /// Steps through `text` as a flow file at `/flows/test.flow`.
    static func stepping(_ text: String, columns: Int = 40, rows: Int = 12) throws -> DrivenUI {
        let flow = try FlowParser { _ in Data(text.utf8) }.parse(path: "test.flow")
        let host = host()
        return DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: columns, rows: rows), stepping: flow, parser: parser),
                        host: host)
    }
}

/// The terminal UI's state with the host its effects go to: each input's effects are
/// performed at once, as `TerminalAppLoop` does, so a test reads the state after them.
@dynamicMemberLookup
final class DrivenUI {
    var state: TerminalAppState
    let host: AppHost

    init(_ state: TerminalAppState, host: AppHost) {
        self.state = state
        self.host = host
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<TerminalAppState, Value>) -> Value {
        state[keyPath: keyPath]
    }

    /// Handles an input and performs its effects; returns the effects.
    @discardableResult
    func handle(_ input: InputEvent, now: ContinuousClock.Instant = Fixture.start) -> [TerminalAppEffect] {
        let effects = state.handle(input, now: now)
        TerminalAppLoop(clock: TerminalAppClock(now: { now }, timeOfDay: { DeviceRenderer.fixedClock }))
            .perform(effects, on: &state, host: host)
        return effects
    }

    /// Delivers a URL from outside the app, as `webnav open` does.
    func open(_ url: String, base: String? = nil) {
        let effects = state.open(url, base: base)
        TerminalAppLoop(clock: TerminalAppClock(now: { Fixture.start }, timeOfDay: { DeviceRenderer.fixedClock }))
            .perform(effects, on: &state, host: host)
    }

    /// Handles keys one after the other at `now`, collecting the effects.
    @discardableResult
    func press(_ keys: Key..., at now: ContinuousClock.Instant = Fixture.start) -> [TerminalAppEffect] {
        keys.flatMap { handle(.key($0), now: now) }
    }

    /// Types text at the `:` prompt and presses Enter.
    func command(_ text: String, at now: ContinuousClock.Instant = Fixture.start) {
        press(.character(":"), at: now)
        for character in text { press(.character(character), at: now) }
        press(.enter, at: now)
    }

    @discardableResult
    func click(row: Int, column: Int, at now: ContinuousClock.Instant = Fixture.start) -> [TerminalAppEffect] {
        handle(.mouse(MouseEvent(row: row, column: column, kind: .press)), now: now)
    }

    func frame(at now: ContinuousClock.Instant = Fixture.start) -> Screen {
        state.render(now: now, clock: DeviceRenderer.fixedClock)
    }

    /// The top web view's scroll position.
    var scrollOffset: Int? { state.viewport()?.scrollOffset }
    /// The top web view's focused item.
    var focusedItem: Int? { state.viewport()?.focusedItem }
}

/// Compares whole frames line by line, printing both on failure.
func assertLines(_ screen: Screen, _ expected: [String], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let actual = screen.lines
    guard actual != expected else { return }
    let rendered = actual.map { "        \"\($0)\"," }.joined(separator: "\n")
    XCTFail("frame differs\(message.isEmpty ? "" : " (\(message))"):\n\(rendered)\nexpected:\n\(expected.map { "        \"\($0)\"," }.joined(separator: "\n"))", file: file, line: line)
}

/// The style of the cells of `text` on a row (the first occurrence), or nil if not there.
func style(of text: String, in screen: Screen, row: Int) -> CellStyle? {
    let line = screen.lines[row]
    guard let range = line.range(of: text) else { return nil }
    let column = TerminalText.width(of: String(line[..<range.lowerBound]))
    let styles = Set((column..<(column + TerminalText.width(of: text))).map { screen[row, $0].style })
    return styles.count == 1 ? styles.first : nil
}

/// The steps that effects run: each `runSteps` step, and the next step of each `runFlowStep`.
func stepsRun(by effects: [TerminalAppEffect]) -> [FlowStep] {
    effects.flatMap { effect -> [FlowStep] in
        switch effect {
        case .runSteps(let steps): return steps
        case .runFlowStep(let execution): return execution.nextStep.map { [$0] } ?? []
        default: return []
        }
    }
}
