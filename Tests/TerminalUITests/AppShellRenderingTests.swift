import AppShell
import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
@testable import WebEngine
import TestSupport
@testable import TerminalUI
import URLKit
import XCTest

/// The launch screen, the notification banner and list, the badge and the privacy guard,
/// compared as whole Screens.
final class AppShellRenderingTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let home = PageContent(url: "file:///app/Pages/index.html", document: HTMLParser.parse("<title>Home</title><p>Hello page.</p>"), title: "Home")

    private func app(_ change: (inout AppProfile) -> Void = { _ in }) -> SimulatedApp {
        var profile = AppProfile.builtIn
        profile.launchTitle = "Demo"
        profile.notifications.categories = [AppProfile.NotificationCategory(name: "MESSAGE", actions: [
            AppProfile.NotificationAction(id: "reply", title: "Reply"), AppProfile.NotificationAction(id: "read", title: "Read"),
        ])]
        change(&profile)
        return SimulatedApp(profile: profile, pagesBase: base)
    }

    private func launched(_ change: (inout AppProfile) -> Void = { _ in }) -> SimulatedApp {
        var app = app(change)
        _ = app.handle(.shell(.launch))
        _ = app.handle(.pageLoaded(ScreenID(1), url: "file:///app/Pages/index.html", content: home))
        return app
    }

    private let check = AppProfile.Launch(checkAlive: WebURL("http://127.0.0.1:8765/alive"), delayMs: 1000)

    private func device(_ app: SimulatedApp, columns: Int = 36, rows: Int = 10, selectedAction: Int? = nil) -> Screen {
        var screen = Screen(width: columns, height: rows)
        DeviceRenderer.drawDevice(of: app, into: &screen, area: ScreenArea(row: 0, column: 0, width: columns, height: rows), clock: "9:41",
                                  viewport: WebViewport(), selectedBannerAction: selectedAction)
        return screen
    }

    func testTheLaunchScreenWhileCheckingAndAfterAFailure() {
        var app = app { $0.launch = check }
        XCTAssertEqual(device(app).lines, [" 9:41                       depth 0", "", "", "", "", "                Demo", "", "", "", ""])
        _ = app.handle(.shell(.launch))
        XCTAssertEqual(device(app, columns: 50).lines, [
            " 9:41                                     depth 0", "", "", "",
            "                       Demo",
            "    checking HEAD http://127.0.0.1:8765/alive", "", "", "", "",
        ])
        _ = app.handle(.shell(.launchCheckAnswered(.failed("error -1004: Could not connect to the server."))))
        let failed = device(app)
        XCTAssertEqual(failed.lines, [
            " 9:41                       depth 0", "",
            "                Demo", "",
            "     ✗ the launch check failed",
            " error -1004: Could not connect to",
            "            the server.",
            "             r retries", "", "",
        ])
        XCTAssertEqual(failed[2, 16].style, CellStyle(bold: true))
        XCTAssertEqual(failed[4, 5].style.foreground, TerminalColor.rgb(0xE0, 0x40, 0x40))
    }

    func testTheBannerCollapsedAndExpanded() {
        var app = launched()
        let payload = NotificationPayload(title: "New message", subtitle: "From Anna",
                                          body: "Are we still on for lunch today? I booked the table by the window.", category: "MESSAGE",
                                          badge: 2, image: "https://example.com/i/photo.jpg")
        _ = app.handle(.shell(.notificationReceived(IncomingNotification(payload: payload, origin: .push), after: .zero)))
        let collapsed = device(app, columns: 40, rows: 12)
        XCTAssertEqual(collapsed.lines, [
            " ╭────────────────────────────────────╮",
            " │ Demo                           now │",
            " │ New message                        │",
            " │ From Anna                          │",
            " │ Are we still on for lunch today?   │",
            " │ I booked the table by the window.  │",
            " │ [image: photo.jpg]                 │",
            " ╰────────────────────────────────────╯",
            "", "", "", "",
        ])
        XCTAssertEqual(collapsed[2, 3].style, CellStyle(foreground: .rgb(0x1C, 0x1C, 0x1E), background: .rgb(0xF2, 0xF2, 0xF7), bold: true))
        _ = app.handle(.shell(.bannerExpanded))
        let expanded = device(app, columns: 40, rows: 12, selectedAction: 1)
        XCTAssertEqual(Array(expanded.lines[6...8]), [
            " │ [image: photo.jpg]                 │",
            " │ [ Reply ]  [ Read ]                │",
            " ╰────────────────────────────────────╯",
        ])
        XCTAssertEqual(expanded[7, 3].style.reverse, false)
        XCTAssertEqual(expanded[7, 14].style, CellStyle(foreground: .rgb(0xF2, 0xF2, 0xF7), background: .rgb(0x1C, 0x1C, 0x1E), bold: true),
                       "the selected action stands out")
        XCTAssertEqual(device(app, columns: 40, rows: 4).lines, [
            " ╭────────────────────────────────────╮", " │ Demo                           now │", " │ New message                        │",
            " ╰────────────────────────────────────╯",
        ], "a short device cuts the banner, never its frame")
    }

    func testALongBodyIsCutWithAnEllipsis() {
        let lines = NotificationBannerWidget.bodyLines(String(repeating: "word ", count: 4000), width: 20, limit: 2, style: .plain)
        XCTAssertEqual(lines.map(\.text), ["word word word word", "word word word word…"])
        XCTAssertEqual(NotificationBannerWidget.bodyLines("line\none\u{1B}[31m", width: 30, limit: 2, style: .plain).map(\.text),
                       ["line one [31m"], "controls are spaces, never raw")
    }

    func testTheBadgeAndThePrivacyGuard() {
        var app = launched { $0.privacyGuard = AppProfile.PrivacyGuard(title: "Webnav") }
        _ = app.handle(.shell(.notificationReceived(IncomingNotification(payload: NotificationPayload(body: "x", badge: 7), origin: .push),
                                                    after: .zero)))
        _ = app.handle(.timerFired(.bannerExpired(id: 1)))
        XCTAssertEqual(device(app, rows: 4).lines, [" 9:41              badge 7  depth 1", " Hello page.", "", ""])
        _ = app.handle(.shell(.background))
        let covered = device(app, rows: 5)
        XCTAssertEqual(covered.lines, ["", "", "               Webnav", "", ""])
        XCTAssertEqual(covered[0, 0].style, PrivacyGuardWidget.style, "the status bar is covered too")
        XCTAssertEqual(covered[2, 15].style, CellStyle(foreground: .rgb(0xFF, 0xFF, 0xFF), background: .rgb(0x1C, 0x1C, 0x1E), bold: true))
        var plain = launched()
        _ = plain.handle(.shell(.background))
        XCTAssertEqual(device(plain, rows: 3).lines, [" 9:41                       depth 1", " Hello page.", ""], "no guard: the app as it is")
    }

    func testTheNotificationList() {
        var app = launched()
        for (title, category) in [("First", nil), ("Second", "MESSAGE")] as [(String, String?)] {
            _ = app.handle(.shell(.notificationReceived(IncomingNotification(payload: NotificationPayload(title: title, body: "Body of \(title)",
                                                                                                             category: category), origin: .push), after: .zero)))
        }
        var screen = Screen(width: 40, height: 12)
        PanelRenderer.drawNotifications(app.shell.notifications, badge: 0, selected: 2, selectedAction: 0, into: &screen,
                                        area: ScreenArea(row: 0, column: 0, width: 40, height: 12))
        XCTAssertEqual(screen.lines, [
            "╭─ Notifications ──── 2 notifications ─╮",
            "│ ▸ Second  push                       │",
            "│   Body of Second                     │",
            "│   [ Reply ] [ Read ]                 │",
            "│   First  push                        │",
            "│   Body of First                      │",
            "│                                      │",
            "│ ↑ ↓ choose  ← → an action  Enter     │",
            "│ taps  Esc closes                     │",
            "│                                      │",
            "│                                      │",
            "╰──────────────────────────────────────╯",
        ])
        XCTAssertEqual(screen[3, 4].style, CellStyle(reverse: true), "the selected action")
    }
}
