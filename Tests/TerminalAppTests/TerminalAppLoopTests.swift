import Foundation
import PageKit
import Simulator
@testable import TerminalApp
import TerminalUI
import XCTest

/// The loop between a terminal and the state: frames, batched input, effects, closing.
final class TerminalAppLoopTests: XCTestCase {
    private let clock = TerminalAppClock(now: { Fixture.start }, timeOfDay: { "12:34" })

    func testDrawsHandlesWaitingInputThenDrawsAgain() {
        var state = Fixture.state()
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.tab), .key(.enter)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertTrue((2...3).contains(terminal.framesDrawn),
                      "the first frame, one for both keys, and one more if the host had not finished by then: \(terminal.framesDrawn)")
        XCTAssertEqual(terminal.lastScreen?.lines.first, " 12:34                          depth 2", "the injected time of day")
        XCTAssertEqual(terminal.lastScreen?.lines[2], "                Closable              ✕")
        XCTAssertTrue(terminal.isClosed)
    }

    func testQuitStopsAtOnceAndClosesTheTerminal() {
        var state = Fixture.state()
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.character("x")), .key(.character("q")), .key(.tab)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal)
        XCTAssertTrue(terminal.isClosed)
        XCTAssertEqual(terminal.pendingEvents, [.key(.tab)], "q quit at once, without waiting for the host")
    }

    func testControlCQuits() {
        var state = Fixture.state()
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.control("c")), .key(.tab)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal)
        XCTAssertTrue(terminal.isClosed)
        XCTAssertEqual(terminal.pendingEvents.count, 1)
    }

    func testBellsAndResizes() {
        var state = Fixture.state()
        state.open("long.html")
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.enter), .resize(columns: 20, rows: 6)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertEqual(terminal.bells, 1, "Enter with nothing focused")
        XCTAssertEqual(state.size, TerminalSize(columns: 20, rows: 6))
        XCTAssertEqual(terminal.lastScreen?.width, 20)
        XCTAssertEqual(terminal.lastScreen?.height, 6)
    }

    func testTakesTheTerminalsSizeAtStart() {
        var state = Fixture.state(columns: 80, rows: 24)
        let terminal = HeadlessTerminal(columns: 30, rows: 10)
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertEqual(state.size, TerminalSize(columns: 30, rows: 10))
        XCTAssertEqual(terminal.lastScreen?.width, 30)
    }

    func testAScrollRedrawsOnlyWhatMoved() {
        var state = Fixture.state(columns: 40, rows: 24)
        state.open("long.html")
        let terminal = HeadlessTerminal(columns: 40, rows: 24)
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        let firstFrame = terminal.cellsWritten
        terminal.enqueue([.key(.down)])
        TerminalAppLoop(clock: clock).run(&state.state, host: state.host, on: terminal, stopsWhenIdle: true)
        XCTAssertLessThan(terminal.cellsWritten - firstFrame, 120, "a line scrolled in, the thumb and the position, not the whole page")
    }
}

/// The host works on its own thread: a slow page never freezes the terminal UI.
final class ResponsiveLoopTests: XCTestCase {
    func testQuitWorksWhileAPageIsStillLoading() {
        let pages = SlowReader(delay: 3, slowPath: "/app/Pages/detail.html", files: [
            "/app/Pages/index.html": "<title>Home</title><a href='mkwebview://webview?url=detail.html&amp;title=D'>Detail</a>",
            "/app/Pages/detail.html": "<title>Detail</title>",
        ])
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: pages))
        host.perform(.launch)
        var state = TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 40, rows: 12), parser: Fixture.parser)
        let terminal = HeadlessTerminal(columns: 40, rows: 12, events: [.key(.enter), .key(.character("q"))])
        let start = ContinuousClock.now
        TerminalAppLoop(clock: TerminalAppClock(now: { ContinuousClock.now }, timeOfDay: { "9:41" })).run(&state, host: host, on: terminal)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(1), "q did not wait for the 3-second load")
        XCTAssertTrue(terminal.isClosed)
        XCTAssertEqual(state.app.navigator.screens.count, 1, "the push had not finished")
    }

    func testTheFooterSaysTheAppIsLoadingAndTheResultArrivesLater() {
        let pages = SlowReader(delay: 0.3, slowPath: "/app/Pages/detail.html", files: [
            "/app/Pages/index.html": "<title>Home</title><a href='mkwebview://webview?url=detail.html&amp;title=D'>Detail</a>",
            "/app/Pages/detail.html": "<title>Detail</title><p>Slow page</p>",
        ])
        let host = AppHost(profile: .builtIn, pagesBase: Fixture.pagesBase, store: PageStore(reader: pages))
        host.perform(.launch)
        var state = TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 40, rows: 12), parser: Fixture.parser)
        let terminal = RecordingTerminal(events: [.key(.enter)])
        TerminalAppLoop(clock: TerminalAppClock(now: { ContinuousClock.now }, timeOfDay: { "9:41" }))
            .run(&state, host: host, on: terminal, stopsWhenIdle: true)
        XCTAssertTrue(terminal.frames.contains { $0.lines[11] == " loading… (q quits)" }, "a frame while the host worked")
        XCTAssertEqual(terminal.frames.last?.lines[4], " Slow page")
        XCTAssertEqual(state.app.navigator.screens.map(\.label), ["Home", "D"])
    }
}

/// A headless terminal that keeps every frame and, when out of input, waits as long as asked.
private final class RecordingTerminal: Terminal {
    let size = TerminalSize(columns: 40, rows: 12)
    let colorMode = ColorMode.none
    private(set) var frames: [Screen] = []
    private var events: [InputEvent]

    init(events: [InputEvent]) { self.events = events }

    func draw(_ screen: Screen) { frames.append(screen) }

    func nextEvent(timeout: Duration?) -> InputEvent? {
        if !events.isEmpty { return events.removeFirst() }
        if let timeout, timeout > .zero { Thread.sleep(forTimeInterval: Double(timeout.components.attoseconds) / 1e18 + Double(timeout.components.seconds)) }
        return nil
    }

    func bell() {}
    func copyToClipboard(_ text: String) {}
    func close() {}
}

/// Pages read from memory, one of them slowly.
private final class SlowReader: PageReader, @unchecked Sendable {
    let delay: Double
    let slowPath: String
    let files: [String: String]

    init(delay: Double, slowPath: String, files: [String: String]) {
        self.delay = delay
        self.slowPath = slowPath
        self.files = files
    }

    func canonicalPath(_ url: URL) -> String? {
        let path = FileReadAccess.lexicalPath(url.path)
        return files.keys.contains { $0 == path || $0.hasPrefix(path + "/") } ? path : nil
    }

    func read(_ url: URL) throws -> Data {
        if url.path == slowPath { Thread.sleep(forTimeInterval: delay) }
        guard let text = files[url.path] else { throw PageReadError.notFound(path: url.path) }
        return Data(text.utf8)
    }
}
