import Foundation
import NavigatorCore
@testable import TerminalApp
import TerminalUI
import XCTest

/// The `:` prompt: URLs, flow steps, their outcomes in the footer, and line editing.
final class CommandLineTests: XCTestCase {
    private let failure = CellStyle(foreground: .rgb(0xE0, 0x40, 0x40), bold: true)
    private let success = CellStyle(foreground: .rgb(0x3F, 0xA3, 0x4D), bold: true)

    func testThePromptShowsWhatIsTypedWithACursor() {
        var state = Fixture.state()
        state.press(.character(":"))
        for character in "expect" { state.press(.character(character)) }
        let frame = state.frame()
        XCTAssertEqual(Array(frame.lines.suffix(2)), [" index.html                         All", ":expect"])
        XCTAssertEqual(frame[11, 7].style, CellStyle(reverse: true), "the cursor after the text")
        XCTAssertEqual(frame[11, 6].style, .plain)
        XCTAssertEqual(state.app.navigator.screens.count, 1, "keys go to the prompt, not the page")
    }

    func testExpectationsPassAndFail() {
        var state = Fixture.state()
        state.command("expect depth 2")
        var frame = state.frame()
        XCTAssertEqual(frame.lines[11], " expected depth 2, got 1")
        XCTAssertEqual(style(of: "expected depth 2, got 1", in: frame, row: 11), failure)
        XCTAssertEqual(state.frame(at: Fixture.start + .seconds(60)).lines[11], " expected depth 2, got 1", "a failure stays until a key")

        state.press(.enter)
        state.command("expect depth 2")
        frame = state.frame()
        XCTAssertEqual(frame.lines[11], " ok: expect depth 2")
        XCTAssertEqual(style(of: "ok: expect depth 2", in: frame, row: 11), success)
        state.command("expect event \"push: detail.html\"")
        XCTAssertEqual(state.frame().lines[11], " ok: expect event \"push: detail.html\"", "keys and clicks count as actions for expect event")
        state.command("expect title \"Detail\"")
        XCTAssertEqual(state.frame().lines[11], " ok: expect title \"Detail\"")
    }

    /// `:eval JS` (the rest of the line, quoted or not) and `:call`: the app's calls into the
    /// top page, their results in the footer.
    func testEvalAndCallShowTheirResults() {
        var state = Fixture.state(columns: 60)
        state.command("eval document.title")
        XCTAssertEqual(state.frame().lines[11], " eval: \"Home\"", "a page without scripts has a context for the app's calls")
        state.press(.enter)
        state.command("scripted.html")
        state.command("eval document.title + ' ' + answer")
        XCTAssertEqual(state.frame().lines[11], " eval: \"Scripted 42\"")
        state.command("eval \"[answer, null]\"")
        XCTAssertEqual(state.frame().lines[11], " eval: [42,null]")
        state.command("eval nothing")
        XCTAssertEqual(Array(state.frame().lines.suffix(2)), [" eval: error 4: ReferenceError: Can't find variable: nothing", " (line 1, column 8)"])
        state.press(.enter)
        state.command("eval \"typeof answer\" in defaultClient")
        XCTAssertEqual(state.frame().lines[11], " eval: \"undefined\"")
        state.command("call \"document.getElementById('out').textContent = text; return answer + n\" text \"Set\" n 1")
        XCTAssertEqual(state.frame().lines[11], " call: 43")
        XCTAssertEqual(state.frame().lines[4], " Set")
    }

    func testAURLIsDeliveredAsOpenWould() {
        var state = Fixture.state()
        state.command("mkwebview://webview?url=detail.html&title=Typed&leftBtn=true")
        XCTAssertEqual(state.app.navigator.screens.map(\.label), ["Home", "Typed"])
        assertLines(state.frame(), [
            " 9:41                           depth 2",
            "",
            " ‹               Typed",
            "────────────────────────────────────────",
            " Detail text.",
            "",
            " Close me",
            "",
            "",
            "",
            " detail.html                        All",
            " push: detail.html",
        ])
        state.command("long.html")
        XCTAssertEqual(state.app.top?.currentPage.url, "file:///app/Pages/long.html", "relative to the top page's folder")
        XCTAssertEqual(state.app.navigator.screens.count, 2)
        state.command("open index.html")
        XCTAssertEqual(state.app.top?.currentPage.url, "file:///app/Pages/index.html")
        state.command("back")
        XCTAssertEqual(state.frame().lines[11], " back: long.html (web history)")
        state.command("close")
        XCTAssertEqual(state.app.navigator.screens.count, 1)
        state.command("tap \"Red closable\"")
        XCTAssertEqual(state.app.top?.appearance.title, "Closable")
        state.command("tap right")
        XCTAssertEqual(state.frame().lines[11], " pop: Closable")
        state.command("reload")
        XCTAssertEqual(state.frame().lines[11], " reload: index.html")
    }

    func testStepsThatCannotRunHereAndMistakes() {
        var state = Fixture.state()
        state.command("tap left")
        XCTAssertEqual(Array(state.frame().lines.suffix(2)), [" tap left: the left button is hidden", " (the screen has no bar)"], "a message too long for its row is wrapped, not cut")
        state.command("size 40x12")
        XCTAssertEqual(Array(state.frame().lines.suffix(3)), [" size: the terminal's size is the", " screen's here; resize the window", " instead"], "a message too long for its row is wrapped, not cut")
        XCTAssertEqual(state.size, TerminalSize(columns: 40, rows: 12))
        state.command("snapshot")
        XCTAssertEqual(Array(state.frame().lines.suffix(2)), [" snapshot: 12 rows, as on the screen at", " 40x12"], "a message too long for its row is wrapped, not cut")
        state.command("expect depth")
        let frame = state.frame()
        XCTAssertEqual(Array(frame.lines.suffix(2)), [" column 8: expect depth N: expected 1", " argument, got 0"], "a message too long for its row is wrapped, not cut")
        XCTAssertEqual(frame[10, 1].style, failure)
        state.command("fly away")
        XCTAssertEqual(Array(state.frame().lines.suffix(2)), [" column 1: unknown command \"fly\"; webnav", " help flows lists the steps"], "a message too long for its row is wrapped, not cut")
        state.command("include other.flow")
        XCTAssertEqual(Array(state.frame().lines.suffix(2)), [" column 9: cannot include \"other.flow\":", " No such file"], "a message too long for its row is wrapped, not cut")
        state.command("nowhere.html")
        XCTAssertEqual(state.app.topWebView?.content.isErrorPage, true, "a missing page shows the error page")
    }

    func testToastsForWhatOpensOutsideTheAppAndForWarnings() {
        var state = Fixture.state()
        state.command("tap Call")
        var frame = state.frame(at: Fixture.start + .seconds(4))
        XCTAssertEqual(frame.lines[11], " ↗ opened externally: tel:010-1234")
        XCTAssertEqual(state.frame(at: Fixture.start + .seconds(6)).lines[11], " Tab next  Enter go  ← back  ? help",
                       "a toast goes away after a few seconds")

        state.command("tap \"Plus title\"")
        frame = state.frame()
        XCTAssertEqual(Array(frame.lines.suffix(3)), [" ⚠ plus-in-value: title \"Hello+World\"", " contains \"+\": Foundation does not turn", " it into a space; use %20"], "a message too long for its row is wrapped, not cut")
        XCTAssertEqual(frame[9, 1].style, CellStyle(foreground: .rgb(0xD7, 0x9B, 0x00), bold: true))
        state.press(.character("l"))
        XCTAssertEqual(state.frame().lines[11], " Tab next  Enter go  ← back  ? help", "a key dismisses the toast")
    }

    func testHistoryAndLineEditing() {
        var state = Fixture.state()
        state.command("expect depth 1")
        state.command("expect depth 1")
        state.command("reload")
        XCTAssertEqual(state.history.lines, ["expect depth 1", "reload"], "no repeats in a row")

        state.press(.character(":"), .character("a"), .up)
        XCTAssertEqual(state.frame().lines[11], ":reload")
        state.press(.up)
        XCTAssertEqual(state.frame().lines[11], ":expect depth 1")
        XCTAssertEqual(state.press(.up), [.bell], "nothing older")
        state.press(.down, .down)
        XCTAssertEqual(state.frame().lines[11], ":a", "back to the line being written")
        XCTAssertEqual(state.press(.down), [.bell])

        state.press(.left, .character("b"), .right, .character("c"))
        XCTAssertEqual(state.frame().lines[11], ":bac")
        state.press(.home, .delete, .end, .backspace)
        XCTAssertEqual(state.frame().lines[11], ":a")
        for character in " two words" { state.press(.character(character)) }
        state.press(.control("w"))
        XCTAssertEqual(state.frame().lines[11], ":a two")
        state.press(.left, .left, .left, .control("u"))
        XCTAssertEqual(state.frame().lines[11], ":wo")
        XCTAssertEqual(state.frame()[11, 1].style, CellStyle(reverse: true), "the cursor at the start")
        state.press(.escape)
        XCTAssertEqual(state.frame().lines[11], " Tab next  Enter go  ← back  ? help")
        XCTAssertNil(state.prompt)

        state.press(.character(":"), .backspace)
        XCTAssertNil(state.prompt, "Backspace on an empty prompt closes it")
        state.press(.character(":"), .enter)
        XCTAssertNil(state.prompt)
        XCTAssertEqual(state.history.lines.count, 2, "an empty line is not kept")
    }

    func testLongLinesScrollToKeepTheCursorInView() {
        var state = Fixture.state(columns: 20, rows: 12)
        state.press(.character(":"))
        for character in "open mkwebview://webview" { state.press(.character(character)) }
        let frame = state.frame()
        XCTAssertEqual(frame.lines[11], ":kwebview://webview")
        XCTAssertEqual(frame[11, 19].style, CellStyle(reverse: true), "the cursor in the last column")
    }
}
