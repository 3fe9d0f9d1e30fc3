import AppShell
import Flows
import Foundation
import PageKit
import NavigatorCore
import Simulator
@testable import TerminalApp
import TerminalUI
import XCTest

/// The app shell in the terminal UI: the banner and the notification list (`c`), home (`H`),
/// restart (Ctrl-R), and the recording of those actions.
final class AppShellKeysTests: XCTestCase {
    private let chat = NotificationPayload(title: "Chat", body: "Hello there", category: "MESSAGE",
                                           link: "mkwebview://webview?url=detail.html&title=Chat&leftBtn=true")

    /// A payload arriving as `webnav push` delivers it: through the state, as the loop's inbox does.
    private func push(_ payload: NotificationPayload, to ui: DrivenUI) {
        let effects = ui.state.perform(.shell(.receiveNotification(IncomingNotification(payload: payload, origin: .push))))
        TerminalAppLoop(clock: TerminalAppClock(now: { Fixture.start }, timeOfDay: { DeviceRenderer.fixedClock }))
            .perform(effects, on: &ui.state, host: ui.host)
    }

    func testCExpandsTheBannerAndEnterTapsTheChosenAction() {
        let ui = Fixture.state(columns: 40, rows: 12)
        push(chat, to: ui)
        assertLines(ui.frame(), [
            " ╭────────────────────────────────────╮",
            " │ com.example.webnav             now │",
            " │ Chat                               │",
            " │ Hello there                        │",
            " ╰────────────────────────────────────╯",
            " • Detail",
            " • Red closable",
            " • Call",
            " • Plus title",
            " • Long page",
            " notification: \"Chat\" (push): banner,",
            " list",
        ])
        XCTAssertEqual(ui.press(.character("c")), [.perform(.shell(.expandBanner))])
        XCTAssertTrue(ui.app.shell.bannerIsExpanded)
        // The category is not registered in the built-in app: no actions to choose.
        XCTAssertEqual(ui.press(.right), [.bell])
        XCTAssertEqual(ui.press(.enter), [.perform(.shell(.tapNotification(id: 1, action: nil)))])
        XCTAssertNil(ui.app.shell.banner)
        XCTAssertEqual(ui.app.navigator.screens.map(\.label), ["Home", "Chat"])
        XCTAssertFalse(ui.state.isChoosingNotification, "keys go back to the page")
    }

    func testTheListChoosesWithArrowsAndEscapeCloses() {
        let ui = Fixture.state(columns: 100, rows: 14)
        push(NotificationPayload(title: "First", body: "One"), to: ui)
        push(chat, to: ui)
        ui.press(.character("c"))
        XCTAssertEqual(ui.press(.escape), [.perform(.shell(.dismissBanner))], "Esc on the expanded banner dismisses it")
        XCTAssertNil(ui.app.shell.banner)
        XCTAssertTrue(ui.press(.character("c")).isEmpty)
        XCTAssertEqual(ui.panel, .notifications)
        let frame = ui.frame()
        // The panel is the right 39 columns of 100.
        XCTAssertEqual(Array(frame.lines[0...5].map { String($0.dropFirst(61)) }), [
            "╭─ Notifications ─── 2 notifications ─╮",
            "│ ▸ Chat  push                        │",
            "│   Hello there                       │",
            "│   First  push                       │",
            "│   One                               │",
            "│                                     │",
        ])
        XCTAssertEqual(ui.press(.up), [.bell], "Chat is the newest, at the top")
        XCTAssertEqual(ui.press(.down), [])
        XCTAssertEqual(ui.press(.down), [.bell])
        XCTAssertEqual(ui.press(.enter), [.perform(.shell(.tapNotification(id: 1, action: nil)))])
        XCTAssertNil(ui.panel)
        XCTAssertEqual(ui.app.shell.notifications.map(\.heading), ["Chat"])
        ui.press(.character("c"))
        XCTAssertEqual(ui.press(.escape), [])
        XCTAssertNil(ui.panel)
    }

    func testHomeRestartAndTheBackgroundHint() {
        let ui = Fixture.state(columns: 40, rows: 12)
        ui.press(.tab, .enter)
        XCTAssertEqual(ui.app.navigator.screens.count, 2)
        XCTAssertEqual(ui.press(.character("H")), [.perform(.shell(.background))])
        XCTAssertFalse(ui.app.shell.isActive)
        ui.press(.character("x"))
        XCTAssertEqual(ui.app.navigator.screens.count, 2, "nothing to touch while in the background")
        XCTAssertEqual(ui.frame(at: Fixture.start + .seconds(6)).lines[11], " the app is in the background: H brings…")
        XCTAssertEqual(ui.press(.character("H")), [.perform(.shell(.foreground))])
        XCTAssertTrue(ui.app.shell.isActive)
        XCTAssertEqual(ui.press(.control("r")), [.perform(.shell(.restart))])
        XCTAssertEqual(ui.app.navigator.screens.map(\.label), ["Home"])
        XCTAssertEqual(ui.app.eventLog.events.suffix(2).map(\.text), ["app: restart", "launch: index.html"])
    }

    func testAClickOnTheBannerTapsIt() {
        let ui = Fixture.state(columns: 40, rows: 12)
        push(chat, to: ui)
        XCTAssertEqual(ui.click(row: 2, column: 10), [.perform(.shell(.tapNotification(id: 1, action: nil)))])
        XCTAssertEqual(ui.app.navigator.screens.count, 2)
    }

    func testTheShellsActionsAreRecordedAsSteps() {
        var recorder = FlowRecorder(path: "r.flow")
        let actions: [AppAction] = [
            .shell(.background), .shell(.foreground), .shell(.restart), .shell(.clearData), .shell(.tapNotification()),
            .shell(.tapNotification(action: "Reply")), .shell(.tapNotification(id: 3)), .shell(.expandBanner), .shell(.dismissBanner),
            .shell(.receiveNotification(IncomingNotification(payload: chat, origin: .push))),
        ]
        XCTAssertEqual(actions.map { recorder.step(for: $0, items: []) },
                       ["background", "foreground", "restart", "clear data", "tap notification", "tap notification action \"Reply\"",
                        nil, nil, nil, nil])
    }

    func testTheCommandLineTakesPush() {
        let payload = #"{"aps": {"alert": {"title": "Typed", "body": "at the prompt"}}}"#
        let parser = FlowParser { url in
            guard url.path == "/app/Pages/typed.apns" else { throw PageReadError.notFound(path: url.path) }
            return Data(payload.utf8)
        }
        let host = Fixture.host()
        let ui = DrivenUI(TerminalAppState(app: host.snapshot.app, size: TerminalSize(columns: 40, rows: 12), parser: parser), host: host)
        ui.command("push typed.apns")
        XCTAssertEqual(ui.app.shell.banner?.heading, "Typed")
        XCTAssertEqual(ui.frame().lines[2], " │ Typed                              │")
        ui.command("push missing.apns")
        XCTAssertEqual(ui.frame().lines.suffix(2), [" column 6: cannot read payload", " \"missing.apns\": No such file"])
    }
}
