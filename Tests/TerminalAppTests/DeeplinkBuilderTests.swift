import Foundation
import NavigatorCore
import Simulator
@testable import TerminalApp
import TerminalUI
import XCTest

/// The deeplink builder: fields, the encoded link, the live bar, the linter, copy and deliver.
final class DeeplinkBuilderTests: XCTestCase {
    private func type(_ text: String, into state: DrivenUI) {
        for character in text { state.press(.character(character)) }
    }

    func testTheFormTheLinkTheLiveBarAndTheLinter() {
        let state = Fixture.state(columns: 100, rows: 25)
        state.press(.character("B"))
        state.press(.down)
        type("detail.html", into: state)
        state.press(.down)
        type("Hello+World", into: state)
        state.press(.down, .character(" "), .down, .down)
        type("#D32F", into: state)
        let frame = state.frame()
        assertLines(frame, [
            " 9:41                                                depth 1 ╭─ Deeplink builder ──────────────────╮",
            "                                                             │  host             ‹ webview ›       │",
            " ‹                       Hello+World                         │  url              detail.html       │",
            "─────────────────────────────────────────────────────────────│  title            Hello+World       │",
            " Demo                                                        │  leftBtn          true              │",
            "                                                             │  rightBtn         —                 │",
            " Deeplinks below.                                            │  navigationColor  #D32F▏            │",
            "                                                             │  statusBarColor                     │",
            " • Detail                                                    │  tintColor                          │",
            " • Red closable                                              │  removeStack      —                 │",
            " • Call                                                      │                                     │",
            " • Plus title                                                │ mkwebview://webview?url=detail.html │",
            " • Long page                                                 │ &title=Hello%2BWorld&leftBtn=true&n │",
            "                                                             │ avigationColor=%23D32F              │",
            "                                                             │ → push (host \"webview\")             │",
            "                                                             │ ⚠ invalid-color: navigationColor    │",
            "                                                             │   \"#D32F\" is not 3, 6 or 8 hex      │",
            "                                                             │   digits: \"D32F\" has 4 characters,  │",
            "                                                             │   not 3, 6 or 8; it resolves to     │",
            "                                                             │   #000000                           │",
            "                                                             │ type to edit · Ctrl-Y copy · Enter  │",
            "                                                             │ open · Esc close                    │",
            "                                                             ╰─────────────────────────────────────╯",
            " index.html                                                                                     All",
            " Tab next  Enter go  ← back  x close  : cmd  s stack  l log  q quit  ? help",
        ])
        XCTAssertEqual(frame[2, 10].style.background, .rgb(0, 0, 0), "the device's bar shows the colour the app would: black for a 4-digit colour")
        type("2F", into: state)
        XCTAssertEqual(state.frame()[2, 10].style.background, .rgb(0xD3, 0x2F, 0x2F), "the bar follows as you type")
    }

    func testCopyAndDeliver() {
        let state = Fixture.state(columns: 100, rows: 24)
        state.press(.character("B"))
        XCTAssertEqual(state.press(.right), [], "the host cycles")
        XCTAssertEqual(state.builder?.host, "push", "push hosts first, webview leading")
        state.press(.left, .down)
        type("detail.html", into: state)
        state.press(.down)
        type("Tür & Tor", into: state)
        let link = "mkwebview://webview?url=detail.html&title=T%C3%BCr%20%26%20Tor"
        XCTAssertEqual(state.press(.control("y")), [.copyToClipboard(link)])
        XCTAssertEqual(state.press(.character("y")), [], "y is typed into a text field")
        state.press(.backspace, .up, .up)
        XCTAssertEqual(state.press(.character("y")), [.copyToClipboard(link)], "y copies from the host field")
        XCTAssertEqual(state.press(.enter), [.perform(.navigator(.urlOpened(link, base: nil)))])
        XCTAssertNil(state.builder)
        XCTAssertEqual(state.app.navigator.screens.map(\.label), ["Home", "Tür & Tor"])
    }

    func testTheLoopSendsTheCopyToTheTerminal() {
        let host = Fixture.host()
        var state = TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 100, rows: 24), parser: Fixture.parser)
        let terminal = HeadlessTerminal(columns: 100, rows: 24, events: [.key(.character("B")), .key(.character("y"))])
        TerminalAppLoop().run(&state, host: host, on: terminal, stopsWhenIdle: true)
        XCTAssertEqual(terminal.clipboard, ["mkwebview://webview"])
    }

    func testWhatIsTypedIsWhatTheAppReads() {
        var builder = DeeplinkBuilder(profile: .builtIn)
        builder.texts[.url] = "detail.html"
        let alphabet = Array("aZ 0+&=#%?/:;é한🙂\"'<>[]{}|\\^`~!$()*,@")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            builder.texts[.title] = text
            let configuration = builder.classification(profile: .builtIn).deeplink?.configuration
            XCTAssertEqual(configuration?.title, text, builder.url)
            XCTAssertEqual(builder.classification(profile: .builtIn).deeplink?.warnings.map(\.code) ?? [], [], builder.url)
        }
    }
}
