import TestSupport
import URLKit
import XCTest
@testable import NavigatorCore

/// The stack engine: every transition asserted whole (screens, warnings and effects).
final class NavigatorTests: XCTestCase {
    private let base = "file:///app/Pages/"

    private func launched(_ profile: AppProfile = .builtIn) -> Navigator {
        var navigator = Navigator(profile: profile, pagesBase: base)
        _ = navigator.handle(.appLaunched)
        _ = navigator.handle(.pageLoaded(ScreenID(1), url: base + "index.html", title: "Home"))
        return navigator
    }

    private func root(title: String? = "Home") -> WebViewScreen {
        screen(1, nil, base + "index.html", title: title)
    }

    private func screen(_ id: Int, _ configuration: DeeplinkConfiguration?, _ url: String, title: String? = nil) -> WebViewScreen {
        var screen = WebViewScreen(id: ScreenID(id), configuration: configuration, page: PageVisit(url: url))
        screen.history[0].title = title
        return screen
    }

    /// Sends an event and asserts the whole resulting stack, the effects, and the last deeplink's warnings.
    private func assertTransition(
        _ navigator: inout Navigator, _ event: NavigatorEvent,
        screens: [WebViewScreen], effects: [NavigatorEffect], warnings: [DeeplinkWarning.Code]? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let actual = navigator.handle(event)
        assertNoDifference(effects, actual, "effects", file: file, line: line)
        assertNoDifference(screens, navigator.screens, "screens", file: file, line: line)
        if let warnings {
            XCTAssertEqual(navigator.lastDeeplinkWarnings.map(\.code), warnings, "warnings", file: file, line: line)
        }
    }

    private func push(_ navigator: inout Navigator, _ page: String, title: String) {
        _ = navigator.handle(.urlOpened("mkwebview://webview?url=\(page)&title=\(title)&leftBtn=true", base: nil))
        let id = navigator.top!.id
        _ = navigator.handle(.pageLoaded(id, url: base + page, title: page))
    }

    private func config(_ url: String, title: String) -> DeeplinkConfiguration {
        DeeplinkConfiguration(host: "webview", urlString: url, title: title, leftBtn: true)
    }

    func testLaunchShowsTheRootWithoutABar() {
        var navigator = Navigator(profile: .builtIn, pagesBase: "file:///app/Pages")
        assertTransition(&navigator, .appLaunched, screens: [root(title: nil)], effects: [
            .log(AppEvent(.launch, "launch: index.html")),
            .loadPage(ScreenID(1), url: base + "index.html"),
        ])
        XCTAssertEqual(navigator.top?.appearance, .noBar)
        XCTAssertEqual(navigator.top?.label, "index.html", "no title yet: the last path component")
        assertTransition(&navigator, .appLaunched, screens: [root(title: nil)], effects: [], )
    }

    func testRootTitleFromTheProfileGivesABar() {
        var profile = AppProfile.builtIn
        profile.root = .init(url: "home.html", title: "Shop")
        var navigator = Navigator(profile: profile, pagesBase: base)
        let expected = screen(1, DeeplinkConfiguration(host: "", title: "Shop"), base + "home.html")
        assertTransition(&navigator, .appLaunched, screens: [expected], effects: [
            .log(AppEvent(.launch, "launch: home.html")),
            .loadPage(ScreenID(1), url: base + "home.html"),
        ])
        XCTAssertEqual(navigator.top?.appearance.barVisible, true)
        XCTAssertEqual(navigator.top?.label, "Shop")
    }

    func testPushAddsAScreenWithItsConfiguration() {
        var navigator = launched()
        let url = "mkwebview://webview?url=detail.html&title=Detail&leftBtn=true"
        assertTransition(&navigator, .urlOpened(url, base: nil), screens: [
            root(),
            screen(2, config("detail.html", title: "Detail"), base + "detail.html"),
        ], effects: [
            .log(AppEvent(.deeplink, "deeplink: \(url) → push")),
            .log(AppEvent(.route, "push: detail.html")),
            .loadPage(ScreenID(2), url: base + "detail.html"),
        ], warnings: [])
    }

    func testPushWithAnAbsoluteURLKeepsIt() {
        var navigator = launched()
        let url = "mkwebview://webview?url=https%3A%2F%2Fexample.com%2Fa"
        assertTransition(&navigator, .urlOpened(url, base: nil), screens: [
            root(), screen(2, DeeplinkConfiguration(host: "webview", urlString: "https://example.com/a"), "https://example.com/a"),
        ], effects: [
            .log(AppEvent(.deeplink, "deeplink: \(url) → push")),
            .log(AppEvent(.route, "push: https://example.com/a")),
            .loadPage(ScreenID(2), url: "https://example.com/a"),
        ], warnings: [])
    }

    func testPushWithoutURLShowsABlankPageAndWarns() {
        var navigator = launched()
        let url = "mkwebview://webview?title=Empty"
        assertTransition(&navigator, .urlOpened(url, base: nil), screens: [
            root(), screen(2, DeeplinkConfiguration(host: "webview", title: "Empty"), "about:blank"),
        ], effects: [
            .log(AppEvent(.deeplink, "deeplink: \(url) → push")),
            .log(.warning(DeeplinkWarning(.missingURL, "a push without a url: the new screen shows a blank page"))),
            .log(AppEvent(.route, "push: about:blank")),
            .loadPage(ScreenID(2), url: "about:blank"),
        ], warnings: [.missingURL])
    }

    func testRemoveStackKeepsFirstAndLastWithThreeOrMoreScreens() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        push(&navigator, "b.html", title: "B")
        let url = "mkwebview://webview?url=c.html&removeStack=true"
        assertTransition(&navigator, .urlOpened(url, base: nil), screens: [
            root(), screen(4, DeeplinkConfiguration(host: "webview", urlString: "c.html", removeStack: true), base + "c.html"),
        ], effects: [
            .log(AppEvent(.deeplink, "deeplink: \(url) → push")),
            .log(AppEvent(.route, "push: c.html (removed 2 screens)")),
            .discardScreens([ScreenID(2), ScreenID(3)]),
            .loadPage(ScreenID(4), url: base + "c.html"),
        ], warnings: [])
    }

    func testRemoveStackWithTwoScreensRemovesNothingAndWarns() {
        var navigator = launched()
        let url = "mkwebview://webview?url=c.html&removeStack=true"
        assertTransition(&navigator, .urlOpened(url, base: nil), screens: [
            root(), screen(2, DeeplinkConfiguration(host: "webview", urlString: "c.html", removeStack: true), base + "c.html"),
        ], effects: [
            .log(AppEvent(.deeplink, "deeplink: \(url) → push")),
            .log(.warning(DeeplinkWarning(.removeStackNoop, "removeStack=true but the stack holds 2 screens after the push: the app removes screens only when there are 3 or more"))),
            .log(AppEvent(.route, "push: c.html")),
            .loadPage(ScreenID(2), url: base + "c.html"),
        ], warnings: [.removeStackNoop])
    }

    func testRemoveStackFalseRemovesNothing() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        _ = navigator.handle(.urlOpened("mkwebview://webview?url=b.html&removeStack=false", base: nil))
        XCTAssertEqual(navigator.screens.map(\.id), [ScreenID(1), ScreenID(2), ScreenID(3)])
    }

    func testPopRemovesTheTopScreen() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        assertTransition(&navigator, .urlOpened("mkwebview://close-webview", base: nil), screens: [root()], effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://close-webview → pop")),
            .log(AppEvent(.route, "pop: A")),
            .discardScreens([ScreenID(2)]),
        ], warnings: [])
    }

    func testPopAtRootDoesNothing() {
        var navigator = launched()
        assertTransition(&navigator, .urlOpened("mkwebview://pop", base: nil), screens: [root()], effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://pop → pop")),
            .log(AppEvent(.route, "nothing to pop at root")),
        ])
        assertTransition(&navigator, .rightButtonTapped, screens: [root()], effects: [.log(AppEvent(.route, "nothing to pop at root"))])
        assertTransition(&navigator, .backGesturePerformed, screens: [root()], effects: [.log(AppEvent(.route, "nothing to pop at root"))])
    }

    func testPopToRootKeepsOnlyTheFirstScreen() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        push(&navigator, "b.html", title: "B")
        assertTransition(&navigator, .urlOpened("mkwebview://popToRoot", base: nil), screens: [root()], effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://popToRoot → popToRoot")),
            .log(AppEvent(.route, "popToRoot: removed 2 screens")),
            .discardScreens([ScreenID(2), ScreenID(3)]),
        ])
        assertTransition(&navigator, .urlOpened("mkwebview://popToRoot", base: nil), screens: [root()], effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://popToRoot → popToRoot")),
            .log(AppEvent(.route, "popToRoot: already at root")),
        ])
    }

    func testReloadDeeplinkReloadsTheTopPage() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        let before = navigator.screens
        assertTransition(&navigator, .urlOpened("mkwebview://reload-webview", base: nil), screens: before, effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://reload-webview → reload")),
            .log(AppEvent(.route, "reload: a.html")),
            .loadPage(ScreenID(2), url: base + "a.html"),
        ])
        assertTransition(&navigator, .reloadRequested, screens: before, effects: [
            .log(AppEvent(.route, "reload: a.html")),
            .loadPage(ScreenID(2), url: base + "a.html"),
        ])
    }

    func testUnhandledAndInvalidLeaveTheStackAlone() {
        var navigator = launched()
        assertTransition(&navigator, .urlOpened("mkwebview://login", base: nil), screens: [root()], effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://login → unhandled")),
            .log(.warning(DeeplinkWarning(.unhandledHost, "no route for host \"login\": the app ignores this deeplink (routes: close-webview, pop, popToRoot, push, reload, reload-webview, webview)"))),
            .log(AppEvent(.route, "unhandled deeplink host: login")),
        ], warnings: [.unhandledHost])
        assertTransition(&navigator, .urlOpened("mkwebview:webview", base: nil), screens: [root()], effects: [
            .log(AppEvent(.invalid, "invalid URL: mkwebview:webview (no host)")),
        ], warnings: [.unhandledHost])
    }

    func testExternalStoreAndBrowserOpenOutsideTheStack() {
        var navigator = launched()
        assertTransition(&navigator, .linkActivated("tel:010-1234-5678", target: nil), screens: [root()], effects: [
            .log(AppEvent(.external, "opened externally: tel:010-1234-5678")),
            .openExternally("tel:010-1234-5678"),
        ])
        assertTransition(&navigator, .linkActivated("https://apps.apple.com/app/id1", target: nil), screens: [root()], effects: [
            .log(AppEvent(.store, "store sheet: https://apps.apple.com/app/id1")),
            .presentStoreSheet("https://apps.apple.com/app/id1"),
        ])
        assertTransition(&navigator, .linkActivated("https://example.com", target: "_blank"), screens: [root()], effects: [
            .log(AppEvent(.browser, "opened in browser: https://example.com")),
            .openInBrowser("https://example.com"),
        ])
        assertTransition(&navigator, .linkActivated("about.html", target: "_BLANK"), screens: [root()], effects: [
            .log(AppEvent(.browser, "opened in browser: \(base)about.html")),
            .openInBrowser(base + "about.html"),
        ])
    }

    func testPageLinksStayInTheScreensOwnHistory() {
        var navigator = launched()
        var expected = root()
        expected.history.append(PageVisit(url: base + "sub/list.html"))
        expected.historyIndex = 1
        assertTransition(&navigator, .linkActivated("sub/list.html", target: nil), screens: [expected], effects: [
            .log(AppEvent(.page, "load: sub/list.html")),
            .loadPage(ScreenID(1), url: base + "sub/list.html"),
        ])
        expected.history.append(PageVisit(url: base + "sub/item.html"))
        expected.historyIndex = 2
        assertTransition(&navigator, .linkActivated("item.html", target: nil), screens: [expected], effects: [
            .log(AppEvent(.page, "load: sub/item.html")),
            .loadPage(ScreenID(1), url: base + "sub/item.html"),
        ], )
    }

    func testLeftButtonGoesBackInWebHistoryThenPops() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        _ = navigator.handle(.linkActivated("b.html", target: nil))
        var pushed = screen(2, config("a.html", title: "A"), base + "a.html", title: "a.html")
        pushed.history.append(PageVisit(url: base + "b.html"))
        pushed.historyIndex = 0
        assertTransition(&navigator, .leftButtonTapped, screens: [root(), pushed], effects: [
            .log(AppEvent(.history, "back: a.html (web history)")),
            .loadPage(ScreenID(2), url: base + "a.html"),
        ])
        assertTransition(&navigator, .leftButtonTapped, screens: [root()], effects: [
            .log(AppEvent(.route, "pop: A")),
            .discardScreens([ScreenID(2)]),
        ])
    }

    func testBackGestureWorksWithoutABar() {
        var navigator = launched()
        _ = navigator.handle(.urlOpened("mkwebview://webview?url=plain.html", base: nil))
        XCTAssertEqual(navigator.top?.appearance.barVisible, false)
        assertTransition(&navigator, .backGesturePerformed, screens: [root()], effects: [
            .log(AppEvent(.route, "pop: plain.html")),
            .discardScreens([ScreenID(2)]),
        ])
    }

    func testRightButtonPopsEvenWithWebHistory() {
        var navigator = launched()
        push(&navigator, "a.html", title: "A")
        _ = navigator.handle(.linkActivated("b.html", target: nil))
        assertTransition(&navigator, .rightButtonTapped, screens: [root()], effects: [
            .log(AppEvent(.route, "pop: A")),
            .discardScreens([ScreenID(2)]),
        ])
    }

    func testNavigatingAfterBackDropsForwardHistory() {
        var navigator = launched()
        _ = navigator.handle(.linkActivated("a.html", target: nil))
        _ = navigator.handle(.linkActivated("b.html", target: nil))
        _ = navigator.handle(.backGesturePerformed)
        _ = navigator.handle(.linkActivated("c.html", target: nil))
        XCTAssertEqual(navigator.top?.history.map(\.url), [base + "index.html", base + "a.html", base + "c.html"])
        XCTAssertEqual(navigator.top?.historyIndex, 2)
    }

    func testPageLoadedRecordsTheTitleOfTheCurrentPageOnly() {
        var navigator = launched()
        _ = navigator.handle(.linkActivated("a.html", target: nil))
        var expected = root()
        expected.history.append(PageVisit(url: base + "a.html", title: "Page A"))
        expected.historyIndex = 1
        assertTransition(&navigator, .pageLoaded(ScreenID(1), url: base + "a.html", title: "Page A"), screens: [expected], effects: [])
        assertTransition(&navigator, .pageLoaded(ScreenID(1), url: base + "stale.html", title: "Stale"), screens: [expected], effects: [])
        assertTransition(&navigator, .pageLoaded(ScreenID(9), url: base + "a.html", title: "Gone"), screens: [expected], effects: [])
        XCTAssertEqual(navigator.top?.label, "Page A")
    }

    func testLabels() {
        XCTAssertEqual(screen(1, DeeplinkConfiguration(host: "w", title: "Bar"), base + "a.html", title: "Doc").label, "Bar")
        XCTAssertEqual(screen(1, DeeplinkConfiguration(host: "w", title: ""), base + "a.html", title: "Doc").label, "Doc")
        XCTAssertEqual(screen(1, nil, base + "dir/a.html?x=1#top", title: "").label, "a.html")
        XCTAssertEqual(screen(1, nil, "about:blank").label, "blank")
        XCTAssertEqual(screen(1, nil, "https://example.com/").label, "example.com")
    }

    func testDeeplinkTappedInAPageIsRouted() {
        var navigator = launched()
        let effects = navigator.handle(.linkActivated("mkwebview://webview?url=a.html&title=A", target: nil))
        XCTAssertEqual(effects.last, .loadPage(ScreenID(2), url: base + "a.html"))
        XCTAssertEqual(navigator.screens.count, 2)
    }

    func testURLOpenedResolvesRelativePagesAgainstTheGivenBase() {
        var navigator = launched()
        _ = navigator.handle(.urlOpened("other.html", base: "file:///flows/here.flow"))
        XCTAssertEqual(navigator.top?.currentPage.url, "file:///flows/other.html")
        _ = navigator.handle(.urlOpened("next.html", base: nil))
        XCTAssertEqual(navigator.top?.currentPage.url, "file:///flows/next.html", "without a base, relative to the top page")
    }

    func testRandomEventSequencesKeepTheStackConsistent() {
        var generator = SeededGenerator(seed: 0x5EED_0008)
        let urls = ["mkwebview://webview?url=a.html&title=A&leftBtn=true", "mkwebview://webview?url=b.html&removeStack=true",
                    "mkwebview://close-webview", "mkwebview://popToRoot", "mkwebview://reload", "x.html", "tel:1", "mkwebview://bad"]
        for _ in 0..<200 {
            var navigator = launched()
            var loaded: Set<ScreenID> = [ScreenID(1)]
            for _ in 0..<50 {
                let event: NavigatorEvent
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: event = .urlOpened(urls.randomElement(using: &generator)!, base: nil)
                case 1: event = .leftButtonTapped
                case 2: event = .rightButtonTapped
                case 3: event = .linkActivated(urls.randomElement(using: &generator)!, target: nil)
                default: event = .backGesturePerformed
                }
                for effect in navigator.handle(event) {
                    if case .loadPage(let id, _) = effect { loaded.insert(id) }
                    if case .discardScreens(let ids) = effect { loaded.subtract(ids) }
                }
                XCTAssertGreaterThanOrEqual(navigator.screens.count, 1)
                XCTAssertEqual(navigator.screens.first?.id, ScreenID(1), "the root never leaves")
                XCTAssertEqual(Set(navigator.screens.map(\.id)), loaded, "every screen on the stack was loaded and not discarded")
                for screen in navigator.screens { XCTAssertTrue(screen.history.indices.contains(screen.historyIndex)) }
            }
        }
    }

    // MARK: - Navigations from page scripts

    func testAScriptNavigationLoadsInItsOwnScreenEvenBelowTheTop() {
        var navigator = launched()
        push(&navigator, "detail.html", title: "Detail")
        var root = self.root()
        root.history.append(PageVisit(url: base + "other.html"))
        root.historyIndex = 1
        var detail = screen(2, config("detail.html", title: "Detail"), base + "detail.html", title: "detail.html")
        assertTransition(&navigator, .scriptNavigated(ScreenID(1), url: "other.html", replace: false), screens: [root, detail],
                         effects: [.log(AppEvent(.page, "load: other.html")), .loadPage(ScreenID(1), url: base + "other.html")])
        detail.history[0] = PageVisit(url: base + "done.html")
        assertTransition(&navigator, .scriptNavigated(ScreenID(2), url: "done.html", replace: true), screens: [root, detail],
                         effects: [.log(AppEvent(.page, "load: done.html (replacing the entry)")), .loadPage(ScreenID(2), url: base + "done.html")])
        assertTransition(&navigator, .scriptNavigated(ScreenID(9), url: "x.html", replace: false), screens: [root, detail], effects: [])
    }

    func testAPostedFormIsAnEntryThatReloadAndHistoryResubmit() {
        var navigator = launched()
        let body = FormBody(contentType: "text/plain", bytes: Array("a=1\r\n".utf8))
        var root = self.root()
        root.history.append(PageVisit(url: base + "done.html", post: body))
        root.historyIndex = 1
        assertTransition(&navigator, .formPosted(nil, url: "done.html", post: body, target: nil), screens: [root], effects: [
            .log(AppEvent(.page, "load: done.html (POST)")), .postPage(ScreenID(1), url: base + "done.html", post: body),
        ])
        assertTransition(&navigator, .reloadRequested, screens: [root], effects: [
            .log(AppEvent(.route, "reload: done.html (form resubmitted)")), .postPage(ScreenID(1), url: base + "done.html", post: body),
        ])
        _ = navigator.handle(.linkActivated("next.html", target: nil))
        root.history.append(PageVisit(url: base + "next.html"))
        root.historyIndex = 2
        XCTAssertEqual(navigator.screens, [root])
        root.historyIndex = 1
        assertTransition(&navigator, .backGesturePerformed, screens: [root], effects: [
            .log(AppEvent(.history, "back: done.html (web history, form resubmitted)")), .postPage(ScreenID(1), url: base + "done.html", post: body),
        ])
        root.historyIndex = 2
        assertTransition(&navigator, .historyStepped(ScreenID(1), delta: 1), screens: [root], effects: [
            .log(AppEvent(.history, "forward: next.html (web history)")), .loadPage(ScreenID(1), url: base + "next.html"),
        ])
        root.historyIndex = 1
        assertTransition(&navigator, .historyStepped(ScreenID(1), delta: -1), screens: [root], effects: [
            .log(AppEvent(.history, "back: done.html (web history, form resubmitted)")), .postPage(ScreenID(1), url: base + "done.html", post: body),
        ])
        // A 303 answered it: the entry becomes the GET that followed.
        root.history[1].post = nil
        assertTransition(&navigator, .postRedirectedToGet(ScreenID(1)), screens: [root], effects: [])
        assertTransition(&navigator, .reloadRequested, screens: [root], effects: [
            .log(AppEvent(.route, "reload: done.html")), .loadPage(ScreenID(1), url: base + "done.html"),
        ])
    }

    func testAFormPostedByAScriptOrToAnotherSchemeOrTarget() {
        var navigator = launched()
        let body = FormBody(contentType: "application/x-www-form-urlencoded", bytes: Array("a=1".utf8))
        push(&navigator, "detail.html", title: "Detail")
        var root = self.root()
        root.history.append(PageVisit(url: base + "sent.html", post: body))
        root.historyIndex = 1
        let detail = screen(2, config("detail.html", title: "Detail"), base + "detail.html", title: "detail.html")
        assertTransition(&navigator, .formPosted(ScreenID(1), url: "sent.html", post: body, target: nil), screens: [root, detail], effects: [
            .log(AppEvent(.page, "load: sent.html (POST)")), .postPage(ScreenID(1), url: base + "sent.html", post: body),
        ])
        assertTransition(&navigator, .formPosted(ScreenID(9), url: "x.html", post: body, target: nil), screens: [root, detail], effects: [])
        assertTransition(&navigator, .formPosted(nil, url: "https://example.com/f", post: body, target: "_blank"), screens: [root, detail],
                         effects: [.log(AppEvent(.browser, "opened in browser: https://example.com/f")), .openInBrowser("https://example.com/f")])
        assertTransition(&navigator, .formPosted(nil, url: "mkwebview://pop", post: body, target: nil), screens: [root], effects: [
            .log(AppEvent(.deeplink, "deeplink: mkwebview://pop → pop")), .log(AppEvent(.route, "pop: Detail")), .discardScreens([ScreenID(2)]),
        ])
    }

    func testAScriptDeeplinkRoutesAsATappedLink() {
        var navigator = launched()
        assertTransition(&navigator, .scriptNavigated(ScreenID(1), url: "mkwebview://webview?url=detail.html&title=Detail&leftBtn=true", replace: false),
                         screens: [root(), screen(2, config("detail.html", title: "Detail"), base + "detail.html")],
                         effects: [
                            .log(AppEvent(.deeplink, "deeplink: mkwebview://webview?url=detail.html&title=Detail&leftBtn=true → push")),
                            .log(AppEvent(.route, "push: detail.html")),
                            .loadPage(ScreenID(2), url: base + "detail.html"),
                         ])
    }

    func testHistoryStepsStayInsideTheScreen() {
        var navigator = launched()
        _ = navigator.handle(.linkActivated("a.html", target: nil))
        var root = self.root()
        root.history.append(PageVisit(url: base + "a.html"))
        root.historyIndex = 0
        assertTransition(&navigator, .historyStepped(ScreenID(1), delta: -1), screens: [root],
                         effects: [.log(AppEvent(.history, "back: index.html (web history)")), .loadPage(ScreenID(1), url: base + "index.html")])
        assertTransition(&navigator, .historyStepped(ScreenID(1), delta: -1), screens: [root], effects: [])
        root.historyIndex = 1
        assertTransition(&navigator, .historyStepped(ScreenID(1), delta: 1), screens: [root],
                         effects: [.log(AppEvent(.history, "forward: a.html (web history)")), .loadPage(ScreenID(1), url: base + "a.html")])
        assertTransition(&navigator, .historyStepped(ScreenID(1), delta: 5), screens: [root], effects: [])
    }
}
