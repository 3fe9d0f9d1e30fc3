import Foundation
import NavigatorCore
import PageKit
import Simulator
import TestSupport
@testable import TerminalUI
import XCTest

/// The device widgets (status bar, navigation bar, web view, footer) compared as whole Screens.
final class DeviceRendererTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let pages = InMemoryPages(files: [
        "/app/Pages/index.html": "<title>Home</title><p>Hello <a href='a.html'>A link</a> and <b>bold</b>.</p>",
        "/app/Pages/a.html": "<title>A</title>" + (1...12).map { "<p>Line \($0)</p>" }.joined(),
    ])

    private func app(_ urls: String...) -> SimulatedApp {
        let host = AppHost(profile: .builtIn, pagesBase: base, store: PageStore(reader: pages))
        host.perform(.launch)
        for url in urls { host.perform(.navigator(.urlOpened(url, base: nil))) }
        return host.snapshot.app
    }

    func testRootWithoutABar() {
        let frame = DeviceRenderer.frame(of: app(), columns: 30, rows: 10)
        XCTAssertEqual(frame.lines, [
            " 9:41                 depth 1", " Hello A link and bold.", "", "", "", "", "", "", " index.html", " launch: index.html",
        ])
        XCTAssertEqual(frame[1, 7].style, CellStyle(underline: true), "a link is underlined")
        XCTAssertEqual(frame[1, 18].style, CellStyle(bold: true), "<b> is bold")
        XCTAssertEqual(frame[0, 0].style.background, .rgb(0xFF, 0xFF, 0xFF), "the status bar is white by default")
        XCTAssertEqual(frame[0, 1].style.foreground, .rgb(0, 0, 0), "with black text")
    }

    func testBarWithButtonsColoursAndACutTitle() {
        let url = "mkwebview://webview?url=a.html&title=A%20title%20far%20too%20long%20for%20this%20bar&leftBtn=true&rightBtn=true&navigationColor=%23102030&tintColor=%23FFCC00&statusBarColor=%23000000"
        let frame = DeviceRenderer.frame(of: app(url), columns: 30, rows: 10)
        XCTAssertEqual(frame.lines, [
            " 9:41                 depth 2",
            "",
            " ‹  A title far too long…   ✕",
            "──────────────────────────────",
            " Line 1                      ┃",
            "                             │",
            " Line 2                      │",
            "                             │",
            " a.html",
            " push: a.html",
        ])
        let tint = TerminalColor.rgb(0xFF, 0xCC, 0x00), navigation = TerminalColor.rgb(0x10, 0x20, 0x30)
        XCTAssertEqual(frame[2, 1].style, CellStyle(foreground: tint, background: navigation, bold: true), "‹ in the tint colour")
        XCTAssertEqual(frame[2, 28].style, CellStyle(foreground: tint, background: navigation, bold: true), "✕ in the tint colour")
        XCTAssertEqual(frame[1, 15].style.background, navigation, "the bar is three rows of navigationColor")
        XCTAssertEqual(frame[0, 1].style, CellStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0, 0, 0), bold: true),
                       "white text on a black status bar")
    }

    func testTitleIsCentredOnTheWholeBarAndNeverReachesAButtonsSpace() {
        // 30 columns: four kept for each button's side, so a title has 22 cells, centred on the bar.
        for (title, expected) in [
            ("Hi", " ‹            Hi              "),
            ("Exactly22CellsOfTitle!", " ‹  Exactly22CellsOfTitle!    "),
            ("Exactly23CellsOfTitle!!", " ‹  Exactly23CellsOfTitle…    "),
            ("한국어 제목입니다 정말 길어요", " ‹  한국어 제목입니다 정…     "),
        ] {
            var screen = Screen(width: 30, height: 3)
            let appearance = BarAppearance(barVisible: true, title: title, leftButton: true, rightButton: false,
                                           navigationColor: .white, tintColor: .defaultTint, statusBarColor: .white)
            NavigationBarWidget.draw(into: &screen, area: ScreenArea(row: 0, column: 0, width: 30, height: 3), appearance: appearance)
            XCTAssertEqual(screen.lines[1] + String(repeating: " ", count: 30 - TerminalText.width(of: screen.lines[1])), expected, title)
        }
    }

    func testHiddenBarTakesNoRows() {
        let frame = DeviceRenderer.frame(of: app("mkwebview://webview?url=a.html"), columns: 30, rows: 8)
        XCTAssertEqual(Array(frame.lines.prefix(3)), [" 9:41                 depth 2", " Line 1                      ┃", "                             │"])
    }

    func testWebViewScrollsAndDrawsOnlyItsArea() {
        let frame = DeviceRenderer.frame(of: app("mkwebview://webview?url=a.html"), columns: 30, rows: 8,
                                         viewport: WebViewport(scrollOffset: 20))
        // 8 rows: one footer row, six rows of web view; an offset past the end shows the last six
        // of the 23 lines (lines 18 to 23), the thumb at the bottom.
        XCTAssertEqual(frame.lines, [
            " 9:41                 depth 2",
            "                             │",
            " Line 10                     │",
            "                             │",
            " Line 11                     │",
            "                             │",
            " Line 12                     ┃",
            " push: a.html",
        ])
    }

    func testFooterShrinksToOneRowOnSmallScreens() {
        let frame = DeviceRenderer.frame(of: app(), columns: 20, rows: 6)
        XCTAssertEqual(frame.lines, [" 9:41       depth 1", " Hello A link and", " bold.", "", "", " launch: index.html"])
    }
}
