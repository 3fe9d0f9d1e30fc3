import Foundation
import NavigatorCore
import PageKit

/// What a screen's web view shows: its page, scroll position and focused item.
public struct WebView: Sendable {
    /// The URL the engine asked for (with its fragment).
    public var url: String
    public var stored: StoredPage
    /// First visible layout line.
    public var scrollOffset = 0
    /// Index into the layout's items of the focused link or button.
    public var focusedItem: Int?

    public var page: LoadedPage { stored.page }
}

/// Something the simulated system showed outside the stack (the toasts of the terminal UI).
public struct SystemPresentation: Equatable, Sendable {
    public enum Kind: String, Sendable { case external, storeSheet, browser }
    public var kind: Kind
    public var url: String
}

/// The simulated app: the navigation engine, performing its effects against a page store.
///
/// A value: the flow runner and the terminal UI each own one and send it events.
public struct SimulatedApp: Sendable {
    public private(set) var navigator: Navigator
    public private(set) var webViews: [ScreenID: WebView] = [:]
    /// Every log line since launch, oldest first.
    public private(set) var eventLog: [LogEntry] = []
    /// Everything opened outside the app, oldest first.
    public private(set) var presentations: [SystemPresentation] = []
    public let store: PageStore

    public init(profile: AppProfile, pagesBase: URL, store: PageStore) {
        navigator = Navigator(profile: profile, pagesBase: pagesBase.absoluteString)
        self.store = store
    }

    /// Launches the app (the root screen) and returns the log lines it produced.
    @discardableResult
    public mutating func launch() -> [LogEntry] {
        send(.appLaunched)
    }

    /// Sends an event to the engine, performs the effects, and returns the new log lines.
    @discardableResult
    public mutating func send(_ event: NavigatorEvent) -> [LogEntry] {
        var pending = navigator.handle(event)
        var logged: [LogEntry] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .log(let entry):
                logged.append(entry)
            case .loadPage(let id, let url):
                let stored = store.page(at: url)
                webViews[id] = WebView(url: url, stored: stored, scrollOffset: 0, focusedItem: nil)
                pending += navigator.handle(.pageLoaded(id, url: url, title: stored.page.title))
            case .discardScreens(let ids):
                for id in ids { webViews[id] = nil }
            case .openExternally(let url):
                presentations.append(SystemPresentation(kind: .external, url: url))
            case .presentStoreSheet(let url):
                presentations.append(SystemPresentation(kind: .storeSheet, url: url))
            case .openInBrowser(let url):
                presentations.append(SystemPresentation(kind: .browser, url: url))
            }
        }
        eventLog += logged
        return logged
    }

    /// Taps a link or button of the top page: follows its URL, or notes that it does nothing.
    @discardableResult
    public mutating func activate(_ item: PageItem) -> [LogEntry] {
        guard let url = item.url else {
            let entry = LogEntry(.page, "tap: \"\(item.text)\" does nothing (no link or form)")
            eventLog.append(entry)
            return [entry]
        }
        return send(.linkActivated(url, target: item.target))
    }

    /// The top screen.
    public var top: WebViewScreen? { navigator.top }

    /// The top screen's web view.
    public var topWebView: WebView? { top.flatMap { webViews[$0.id] } }

    /// A screen's page laid out at `width` cells.
    public func layout(of id: ScreenID, width: Int, numbersItems: Bool = false) -> PageLayout {
        guard let webView = webViews[id] else { return PageLayout() }
        return store.layout(of: webView.stored, options: LayoutOptions(width: max(1, width), numbersItems: numbersItems))
    }

    /// Changes a web view's scroll position and focus (the terminal UI's keys).
    public mutating func updateWebView(_ id: ScreenID, _ change: (inout WebView) -> Void) {
        guard var webView = webViews[id] else { return }
        change(&webView)
        webViews[id] = webView
    }
}
