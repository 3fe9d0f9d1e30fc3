import AppShell
import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
@testable import WebEngine
import URLKit
import XCTest

/// The app shell's state machine (shell.md sections 5–7): inputs in, whole states and effect
/// lists out.
final class AppShellStateTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let root = "file:///app/Pages/index.html"
    private let home = PageContent(url: "file:///app/Pages/index.html", document: HTMLParser.parse("<title>Home</title>"), title: "Home")

    private func profile(launch: AppProfile.Launch? = nil, guardTitle: String? = nil,
                         foreground: Set<AppProfile.PresentationOption>? = nil) -> AppProfile {
        var profile = AppProfile.builtIn
        profile.launch = launch
        profile.privacyGuard = guardTitle.map { AppProfile.PrivacyGuard(title: $0) }
        profile.notifications.categories = [AppProfile.NotificationCategory(name: "MESSAGE", actions: [
            AppProfile.NotificationAction(id: "reply", title: "Reply"), AppProfile.NotificationAction(id: "read", title: "Mark as read"),
        ])]
        if let foreground { profile.notifications.foreground = foreground }
        return profile
    }

    private let check = AppProfile.Launch(checkAlive: WebURL("http://127.0.0.1:8765/alive"), delayMs: 2000)

    private func launched(_ profile: AppProfile) -> SimulatedApp {
        var app = SimulatedApp(profile: profile, pagesBase: base)
        _ = app.handle(.shell(.launch))
        _ = app.handle(.pageLoaded(ScreenID(1), url: root, content: home))
        return app
    }

    private func notification(_ title: String?, body: String? = nil, category: String? = nil, badge: Int? = nil, link: String? = nil,
                              sound: String? = nil) -> IncomingNotification {
        IncomingNotification(payload: NotificationPayload(title: title, body: body, category: category, badge: badge, sound: sound, link: link),
                             origin: .push)
    }

    private func texts(_ app: SimulatedApp) -> [String] {
        app.eventLog.events.map(\.text)
    }

    // MARK: - Launch

    func testWithoutACheckTheRootLoadsAtOnce() {
        var app = SimulatedApp(profile: .builtIn, pagesBase: base)
        XCTAssertEqual(app.shell.launch, .notLaunched)
        XCTAssertEqual(app.handle(.shell(.launch)), [.loadPage(ScreenID(1), url: root)])
        XCTAssertEqual(app.shell, AppShellState(launch: .ready))
        XCTAssertEqual(app.handle(.shell(.launch)), [], "a second launch does nothing")
        XCTAssertEqual(texts(app), ["launch: index.html"])
    }

    func testTheCheckHoldsTheLaunchScreenThenTheDelayThenTheRoot() {
        var app = SimulatedApp(profile: profile(launch: check), pagesBase: base)
        XCTAssertEqual(app.handle(.shell(.launch)), [.checkAlive(check)])
        XCTAssertEqual(app.shell.launch, .checking)
        XCTAssertEqual(app.handle(.navigator(.urlOpened("mkwebview://webview?url=a.html&title=A", base: nil))), [])
        XCTAssertEqual(app.handle(.navigator(.backGesturePerformed)), [])
        XCTAssertEqual(app.handle(.shell(.launchCheckAnswered(.status(200)))), [.schedule(.launchDelayElapsed, after: .milliseconds(2000))])
        XCTAssertEqual(app.shell.launch, .waiting)
        XCTAssertTrue(app.navigator.screens.isEmpty)
        XCTAssertEqual(app.handle(.timerFired(.launchDelayElapsed)), [
            .loadPage(ScreenID(1), url: root), .loadPage(ScreenID(2), url: "file:///app/Pages/a.html"),
        ], "the root loads, then the URL held while the launch screen showed")
        XCTAssertEqual(app.shell.launch, .ready)
        XCTAssertEqual(texts(app), [
            "held until the app has launched: mkwebview://webview?url=a.html&title=A",
            "back: nothing to touch on the launch screen",
            "launch check: HEAD http://127.0.0.1:8765/alive → 200",
            "launch: index.html",
            "deeplink: mkwebview://webview?url=a.html&title=A → push", "push: a.html",
        ])
    }

    func testAFailedCheckKeepsTheLaunchScreenAndReloadRetries() {
        var app = SimulatedApp(profile: profile(launch: check), pagesBase: base)
        _ = app.handle(.shell(.launch))
        XCTAssertEqual(app.handle(.shell(.launchCheckAnswered(.status(503)))), [])
        XCTAssertEqual(app.shell.launch, .failed("status 503, expected 200"))
        XCTAssertEqual(app.handle(.timerFired(.launchDelayElapsed)), [], "a stray timer does not launch a failed app")
        XCTAssertEqual(app.handle(.navigator(.reloadRequested)), [.checkAlive(check)])
        XCTAssertEqual(app.shell.launch, .checking)
        XCTAssertEqual(app.handle(.shell(.launchCheckAnswered(.failed("error -1004: Could not connect to the server.")))), [])
        XCTAssertEqual(app.shell.launch, .failed("error -1004: Could not connect to the server."))
        XCTAssertEqual(app.handle(.shell(.launchCheckAnswered(.status(200)))), [], "an answer nobody waits for is ignored")
        XCTAssertEqual(texts(app), [
            "launch check failed: HEAD http://127.0.0.1:8765/alive (status 503, expected 200)",
            "launch check failed: HEAD http://127.0.0.1:8765/alive (error -1004: Could not connect to the server.)",
        ])
    }

    // MARK: - Lifecycle

    func testBackgroundForegroundAndWhatTheUserCannotTouch() {
        var app = launched(profile(guardTitle: "Cover"))
        XCTAssertEqual(app.handle(.shell(.background)), [])
        XCTAssertFalse(app.shell.isActive)
        XCTAssertEqual(app.handle(.shell(.background)), [])
        XCTAssertEqual(app.handle(.navigator(.leftButtonTapped)), [])
        XCTAssertEqual(app.userInputRefusal("tap"), AppEvent(.lifecycle, "tap: the app is in the background"))
        // A URL opened from outside brings the app back, then is routed.
        XCTAssertEqual(app.handle(.navigator(.urlOpened("mkwebview://webview?url=a.html", base: nil))),
                       [.loadPage(ScreenID(2), url: "file:///app/Pages/a.html")])
        XCTAssertTrue(app.shell.isActive)
        XCTAssertEqual(app.handle(.shell(.foreground)), [])
        XCTAssertEqual(Array(texts(app).dropFirst()), [
            "app: background", "app: already in the background", "left button: the app is in the background",
            "app: foreground", "deeplink: mkwebview://webview?url=a.html → push", "push: a.html", "app: already in the foreground",
        ])
    }

    func testRestartGivesAFreshStackAndLaunchesAgain() {
        var app = launched(profile())
        _ = app.handle(.navigator(.urlOpened("mkwebview://webview?url=a.html", base: nil)))
        _ = app.handle(.shell(.background))
        XCTAssertEqual(app.handle(.shell(.restart)), [.discardScreens([ScreenID(1), ScreenID(2)]), .loadPage(ScreenID(3), url: root)])
        XCTAssertEqual(app.navigator.screens.map(\.id), [ScreenID(3)], "screen ids are never reused")
        XCTAssertTrue(app.webViews.isEmpty)
        XCTAssertEqual(app.shell, AppShellState(launch: .ready))
        XCTAssertEqual(Array(texts(app).suffix(2)), ["app: restart", "launch: index.html"])

        var checked = launched(profile(launch: check))
        XCTAssertEqual(checked.handle(.shell(.restart)), [.checkAlive(check)], "the app had not launched: nothing to discard")
        XCTAssertEqual(checked.shell.launch, .checking)
    }

    // MARK: - Notifications

    func testInTheForegroundABannerTheListAndTheBadge() {
        var app = launched(profile())
        XCTAssertEqual(app.handle(.shell(.notificationReceived(notification("New message", body: "Hi", category: "MESSAGE", badge: 3, sound: "default"),
                                                                after: .zero))),
                       [.schedule(.bannerExpired(id: 1), after: .seconds(5))])
        let delivered = DeliveredNotification(
            id: 1, payload: NotificationPayload(title: "New message", body: "Hi", category: "MESSAGE", badge: 3, sound: "default"), origin: .push,
            actions: [AppProfile.NotificationAction(id: "reply", title: "Reply"), AppProfile.NotificationAction(id: "read", title: "Mark as read")])
        XCTAssertEqual(app.shell, AppShellState(launch: .ready, notifications: [delivered], banner: delivered, badge: 3, nextNotificationID: 2))
        XCTAssertEqual(texts(app).last, "notification: \"New message\" (push): banner, list, sound default, badge 3")
        XCTAssertEqual(app.handle(.timerFired(.bannerExpired(id: 1))), [])
        XCTAssertNil(app.shell.banner)
        XCTAssertEqual(app.shell.notifications, [delivered], "the list keeps it")
    }

    func testTheForegroundOptionsDecide() {
        var listOnly = launched(profile(foreground: [.list]))
        XCTAssertEqual(listOnly.handle(.shell(.notificationReceived(notification("A", badge: 2), after: .zero))), [])
        XCTAssertEqual(listOnly.shell.banner, nil)
        XCTAssertEqual(listOnly.shell.notifications.map(\.id), [1])
        XCTAssertEqual(listOnly.shell.badge, 0, "without the badge option the badge is left alone")
        XCTAssertEqual(texts(listOnly).last, "notification: \"A\" (push): list")

        var none = launched(profile(foreground: []))
        _ = none.handle(.shell(.notificationReceived(notification("B"), after: .zero)))
        XCTAssertEqual(none.shell, AppShellState(launch: .ready, nextNotificationID: 2))
        XCTAssertEqual(texts(none).last, "notification: \"B\" (push): not shown (the app's foreground options are empty)")
    }

    func testInTheBackgroundTheListAndTheBadgeOnly() {
        var app = launched(profile(guardTitle: nil))
        _ = app.handle(.shell(.background))
        XCTAssertEqual(app.handle(.shell(.notificationReceived(notification(nil, body: "Shipped", badge: 4), after: .zero))), [])
        XCTAssertNil(app.shell.banner)
        XCTAssertEqual(app.shell.badge, 4)
        XCTAssertEqual(app.shell.notifications.map(\.heading), ["Shipped"])
        XCTAssertEqual(texts(app).last, "notification: \"Shipped\" (push): in the background, list, badge 4")
    }

    func testTappingRoutesTheLinkLikeOpenAndForegroundsTheApp() {
        var app = launched(profile())
        _ = app.handle(.shell(.notificationReceived(notification("First"), after: .zero)))
        _ = app.handle(.shell(.notificationReceived(notification("Sale", link: "mkwebview://webview?url=a.html&title=A"), after: .zero)))
        _ = app.handle(.shell(.background))
        XCTAssertEqual(app.shell.tapTarget?.heading, "Sale", "the banner's notification")
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: nil, action: nil))), [.loadPage(ScreenID(2), url: "file:///app/Pages/a.html")])
        XCTAssertTrue(app.shell.isActive)
        XCTAssertNil(app.shell.banner)
        XCTAssertEqual(app.shell.notifications.map(\.heading), ["First"])
        XCTAssertEqual(Array(texts(app).suffix(4)), [
            "app: foreground", "notification tapped: \"Sale\" → mkwebview://webview?url=a.html&title=A",
            "deeplink: mkwebview://webview?url=a.html&title=A → push", "push: a.html",
        ])
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: nil, action: nil))), [])
        XCTAssertEqual(texts(app).last, "notification tapped: \"First\" (no link)")
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: nil, action: nil))), [])
        XCTAssertEqual(texts(app).last, "no notification to tap")
    }

    func testActionsByTitleOrIdentifierAndTheExpandedBanner() {
        var app = launched(profile())
        _ = app.handle(.shell(.notificationReceived(notification("Chat", category: "MESSAGE", link: "mkwebview://webview?url=a.html"), after: .zero)))
        _ = app.handle(.shell(.bannerExpanded))
        XCTAssertTrue(app.shell.bannerIsExpanded)
        XCTAssertEqual(app.handle(.timerFired(.bannerExpired(id: 1))), [])
        XCTAssertEqual(app.shell.banner?.id, 1, "an expanded banner stays until dismissed")
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: nil, action: "Forward"))), [])
        XCTAssertEqual(texts(app).last, "notification \"Chat\" has no action \"Forward\"")
        // The app's delegate gets the action and opens the payload's link, as iOS hands it the response.
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: nil, action: "read"))), [.loadPage(ScreenID(2), url: "file:///app/Pages/a.html")])
        XCTAssertEqual(Array(texts(app).suffix(3)), [
            "notification action: read (\"Mark as read\") on \"Chat\" → mkwebview://webview?url=a.html",
            "deeplink: mkwebview://webview?url=a.html → push", "push: a.html",
        ])
        XCTAssertEqual(app.shell, AppShellState(launch: .ready, nextNotificationID: 2))
        _ = app.handle(.shell(.notificationReceived(notification("Other"), after: .zero)))
        _ = app.handle(.shell(.bannerDismissed))
        XCTAssertNil(app.shell.banner)
        XCTAssertEqual(app.shell.notifications.map(\.heading), ["Other"])
    }

    /// In the background an action is handled there, unless it has the `foreground` option
    /// (UNNotificationActionOptions.foreground), which brings the app to the foreground first.
    func testAnActionInTheBackgroundBringsTheAppForwardOnlyWithTheForegroundOption() {
        var profile = profile(guardTitle: "Guard")
        profile.notifications.categories = [AppProfile.NotificationCategory(name: "ORDER", actions: [
            AppProfile.NotificationAction(id: "view", title: "View", options: [.foreground]),
            AppProfile.NotificationAction(id: "archive", title: "Archive", options: [.destructive]),
        ])]
        var app = launched(profile)
        _ = app.handle(.shell(.background))
        _ = app.handle(.shell(.notificationReceived(notification("Shipped", category: "ORDER", link: "mkwebview://webview?url=a.html"), after: .zero)))
        _ = app.handle(.shell(.notificationReceived(notification("Paid", category: "ORDER", link: "mkwebview://webview?url=b.html"), after: .zero)))
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: 2, action: "Archive"))), [.loadPage(ScreenID(2), url: "file:///app/Pages/b.html")])
        XCTAssertFalse(app.shell.isActive, "the app handled the action in the background")
        XCTAssertEqual(app.navigator.screens.count, 2)
        XCTAssertEqual(Array(texts(app).suffix(3)), [
            "notification action: archive (\"Archive\") on \"Paid\" → mkwebview://webview?url=b.html",
            "deeplink: mkwebview://webview?url=b.html → push", "push: b.html",
        ])
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: 1, action: "View"))), [.loadPage(ScreenID(3), url: "file:///app/Pages/a.html")])
        XCTAssertTrue(app.shell.isActive)
        XCTAssertEqual(Array(texts(app).suffix(4)), [
            "app: foreground", "notification action: view (\"View\") on \"Shipped\" → mkwebview://webview?url=a.html",
            "deeplink: mkwebview://webview?url=a.html → push", "push: a.html",
        ])
        XCTAssertEqual(app.shell.notifications, [])
        _ = app.handle(.shell(.notificationReceived(notification("Plain", category: "ORDER"), after: .zero)))
        XCTAssertEqual(app.handle(.shell(.notificationTapped(id: nil, action: "view"))), [])
        XCTAssertEqual(texts(app).last, "notification action: view (\"View\") on \"Plain\" (no link)")
    }

    func testLocalNotificationsWaitForTheirTime() {
        var app = launched(profile())
        let warning = PayloadProblem(code: "payload-badge-type", severity: .warning, message: "badge")
        var local = notification("Later")
        local.origin = .local
        local.warnings = [warning]
        XCTAssertEqual(app.handle(.shell(.notificationReceived(local, after: .milliseconds(1500)))),
                       [.schedule(.notificationDue(id: 1), after: .milliseconds(1500))])
        XCTAssertEqual(app.shell.notifications, [])
        XCTAssertEqual(Array(texts(app).suffix(2)), ["warning payload-badge-type: badge", "notification scheduled: \"Later\" in 1500ms"])
        XCTAssertEqual(app.handle(.timerFired(.notificationDue(id: 1))), [.schedule(.bannerExpired(id: 1), after: .seconds(5))])
        XCTAssertEqual(app.shell.notifications.map(\.origin), [.local])
        XCTAssertEqual(app.handle(.timerFired(.notificationDue(id: 1))), [], "delivered once")
    }

    func testTheListIsBounded() {
        var app = launched(profile(foreground: [.list]))
        for number in 0..<(AppShellState.listCapacity + 10) {
            _ = app.handle(.shell(.notificationReceived(notification("N\(number)"), after: .zero)))
        }
        XCTAssertEqual(app.shell.notifications.count, AppShellState.listCapacity)
        XCTAssertEqual(app.shell.notifications.first?.heading, "N10")
    }

    func testTheImageNameIsTheURLsLastComponent() {
        var payload = NotificationPayload(title: "T", image: "https://example.com/images/summer-sale.jpg?size=2")
        XCTAssertEqual(DeliveredNotification(id: 1, payload: payload, origin: .push, actions: []).imageName, "summer-sale.jpg")
        payload.image = "banner.png"
        XCTAssertEqual(DeliveredNotification(id: 1, payload: payload, origin: .push, actions: []).imageName, "banner.png")
        payload.image = ""
        XCTAssertNil(DeliveredNotification(id: 1, payload: payload, origin: .push, actions: []).imageName)
    }
}
