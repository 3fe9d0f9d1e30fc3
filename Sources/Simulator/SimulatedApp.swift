#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import URLKit

/// What a screen's web view shows: the page it loaded and which load that was.
public struct WebView: Sendable {
    /// The URL the engine asked for (with its fragment).
    public var url: String
    public var content: PageContent
    /// Counts the loads into this web view (a reload too), so a viewport knows to start over.
    public var loadNumber: Int
    /// Counts the navigations to a fragment of the page shown without a load (a link to
    /// `#part`, `location.hash`), so a viewport scrolls to the target.
    public var fragmentNavigations = 0

    /// The fragment of the URL asked for (`#anchor`), percent-encoded as written.
    public var fragment: String? {
        url.firstIndex(of: "#").map { String(url[url.index(after: $0)...]) }
    }
}

/// Something the simulated system showed outside the stack (the toasts of the terminal UI).
public struct SystemPresentation: Equatable, Sendable {
    public enum Kind: String, Sendable { case external, storeSheet, browser }
    public var kind: Kind
    public var url: String
}

/// What reaches the app: the engine's events, and what the host observed while performing effects.
public enum AppInput: Sendable {
    /// An event for the navigation engine (a URL opened, a button, back, reload, a link).
    case navigator(NavigatorEvent)
    /// The host finished loading `url` into a screen's web view.
    case pageLoaded(ScreenID, url: String, content: PageContent)
    /// A page changed in place (a script changed its tree or title, the user typed in a field).
    case pageChanged(ScreenID, content: PageContent)
    /// A page's script moved it to another URL without loading (`history.pushState` with
    /// `push`, `replaceState` without).
    case pageMoved(ScreenID, to: String, push: Bool)
    /// Events the host observed (page loads over the network, console lines, script errors).
    case observed([AppEvent])
    /// A timer the app set (`AppEffect.schedule`) fired.
    case timerFired(TimedEvent)
    /// Launch, lifecycle and notifications (`AppShellState`).
    case shell(ShellInput)
}

/// Something the app asked to be told about later (`AppEffect.schedule`).
public enum TimedEvent: Equatable, Sendable {
    /// The liveness check passed and `launch.delayMs` is over: the root screen loads.
    case launchDelayElapsed
    /// A banner's time is up.
    case bannerExpired(id: Int)
    /// A local notification's time has come.
    case notificationDue(id: Int)
}

/// Work the app asks its host to do: the app itself does no I/O.
public enum AppEffect: Equatable, Sendable {
    /// Load a URL into a screen's web view, then answer with `AppInput.pageLoaded`.
    case loadPage(ScreenID, url: String)
    /// Load a URL into a screen's web view with a `POST` of a form's body (never a page shared
    /// with another load), then answer with `AppInput.pageLoaded`.
    case postPage(ScreenID, url: String, post: FormBody)
    /// Run the scripts of the page a screen just loaded: the host loads its source into the
    /// screen's script page and answers with what the scripts did (`pageChanged`, events,
    /// navigations).
    case runScripts(ScreenID)
    /// These screens left the stack: tear down their pages (and their scripts).
    case discardScreens([ScreenID])
    /// Answer with `AppInput.timerFired(event)` once `after` has passed on the app's clock.
    case schedule(TimedEvent, after: Duration)
    /// Run the profile's liveness check through the loader, then answer with
    /// `ShellInput.launchCheckAnswered`.
    case checkAlive(AppProfile.Launch)
}

/// The simulated app as a value-type state machine: the navigation engine, the web views'
/// pages, the event log and what was shown outside the app.
///
/// `handle(_:)` applies an input and returns effects; `AppHost` performs them (loading
/// pages, running scripts) and feeds the results back. Copies are cheap (documents and the
/// log are copy on write), so the host hands copies to the flow runner and the terminal UI.
public struct SimulatedApp: Sendable {
    public internal(set) var navigator: Navigator
    public private(set) var webViews: [ScreenID: WebView] = [:]
    /// The recent events, oldest first, and how many there were since launch.
    public internal(set) var eventLog = EventLog()
    /// Everything opened outside the app, oldest first.
    public private(set) var presentations: [SystemPresentation] = []
    /// Launch, lifecycle and notifications.
    public internal(set) var shell = AppShellState()

    public init(profile: AppProfile, pagesBase: URL) {
        navigator = Navigator(profile: profile, pagesBase: pagesBase.absoluteString)
    }

    /// Applies an input; returns the effects for the host.
    public mutating func handle(_ input: AppInput) -> [AppEffect] {
        switch input {
        case .navigator(let event):
            return shellIntercept(event) ?? perform(navigator.handle(event))
        case .pageLoaded(let id, let url, var content):
            guard navigator.screens.contains(where: { $0.id == id }) else { return [] }
            content.scriptsEnabled = navigator.profile.javaScriptEnabled
            let previous = webViews[id]
            let number = (previous?.loadNumber ?? 0) + 1
            var shown = url
            var effects: [AppEffect] = []
            let requested = WebURL(url).withoutFragment
            if content.url != requested, !content.isErrorPage, !content.isScripted, requested != "about:blank" {
                // Redirected: the web view shows the final URL (with the fragment asked for).
                shown = content.url + (WebURL(url).fragment.map { "#" + $0 } ?? "")
                effects += perform(navigator.handle(.pageURLChanged(id, from: url, to: shown, push: false)))
            }
            if content.method != "POST", navigator.screens.last(where: { $0.id == id })?.currentPage.post != nil {
                // A 301, 302 or 303 answered the form: the entry is the GET that followed.
                effects += perform(navigator.handle(.postRedirectedToGet(id)))
            }
            webViews[id] = WebView(url: shown, content: content, loadNumber: number)
            if previous?.content.url != content.url || previous?.content.version != content.version {
                eventLog.append(contentsOf: content.warnings.map { AppEvent(.warning, "page warning: \($0)") })
            }
            effects += perform(navigator.handle(.pageLoaded(id, url: shown, title: content.title)))
            // The app's user scripts run on every page (WebKit injects them whatever the page holds).
            if content.scriptsEnabled, content.hasScripts || !navigator.profile.userScripts.isEmpty, !content.isScripted,
               !content.isErrorPage {
                effects.append(.runScripts(id))
            }
            return effects
        case .pageMoved(let id, let url, let push):
            guard var webView = webViews[id] else { return [] }
            let from = webView.url
            if WebURL(from).withoutFragment == WebURL(url).withoutFragment, WebURL(url).fragment != nil, from != url {
                webView.fragmentNavigations += 1
            }
            webView.url = url
            webViews[id] = webView
            return perform(navigator.handle(.pageURLChanged(id, from: from, to: url, push: push)))
        case .pageChanged(let id, let content):
            guard var webView = webViews[id] else { return [] }
            let titleChanged = webView.content.title != content.title
            webView.content = content
            webViews[id] = webView
            return titleChanged ? perform(navigator.handle(.pageLoaded(id, url: webView.url, title: content.title))) : []
        case .observed(let events):
            eventLog.append(contentsOf: events)
            return []
        case .timerFired(let event):
            return handleShellTimer(event)
        case .shell(let input):
            return handleShell(input)
        }
    }

    /// The top screen.
    public var top: WebViewScreen? { navigator.top }

    /// The top screen's web view (nil while its first page loads).
    public var topWebView: WebView? { top.flatMap { webViews[$0.id] } }

    /// A screen's page laid out at `width` cells; empty while it loads.
    public func layout(of id: ScreenID, width: Int, numbersItems: Bool = false) -> PageLayout {
        guard let webView = webViews[id] else { return PageLayout() }
        return webView.content.layout(LayoutOptions(width: max(1, width), numbersItems: numbersItems, targetFragment: webView.fragment))
    }

    /// Where a screen's web view starts after a load at `width`: the line of the URL's
    /// `#fragment` anchor (an `id`, or `<a name>`), else the top.
    public func initialScrollOffset(of id: ScreenID, width: Int) -> Int {
        guard let fragment = webViews[id]?.fragment else { return 0 }
        return layout(of: id, width: width).anchorLine(for: fragment) ?? 0
    }

    /// Turns the engine's effects into log lines, presentations and host effects.
    mutating func perform(_ effects: [NavigatorEffect]) -> [AppEffect] {
        var hostEffects: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .log(let event):
                eventLog.append(event)
            case .loadPage(let id, let url):
                hostEffects.append(.loadPage(id, url: url))
            case .postPage(let id, let url, let post):
                hostEffects.append(.postPage(id, url: url, post: post))
            case .discardScreens(let ids):
                for id in ids { webViews[id] = nil }
                hostEffects.append(.discardScreens(ids))
            case .openExternally(let url):
                presentations.append(SystemPresentation(kind: .external, url: url))
            case .presentStoreSheet(let url):
                presentations.append(SystemPresentation(kind: .storeSheet, url: url))
            case .openInBrowser(let url):
                presentations.append(SystemPresentation(kind: .browser, url: url))
            }
        }
        return hostEffects
    }
}

/// The event log: the most recent events, and a count of every event since launch.
///
/// Bounded, so a page that logs from a timer all day does not grow without end; `total`
/// names a point in the log that stays valid as old events go.
public struct EventLog: Sendable {
    /// How many recent events are kept.
    public static let capacity = 10_000

    private var storage: [AppEvent] = []
    private var dropped = 0
    /// Script errors since launch (kept when the events go), and the first of them.
    public private(set) var scriptErrorCount = 0
    public private(set) var firstScriptError: AppEvent?

    /// Every event ever appended.
    public var total: Int { dropped + storage.count }

    /// The kept events, oldest first.
    public var events: ArraySlice<AppEvent> { storage[...] }

    /// The last event.
    public var last: AppEvent? { storage.last }

    /// The events appended after the log held `total` events (those still kept).
    public func events(since total: Int) -> ArraySlice<AppEvent> {
        let start = max(0, total - dropped)
        return start >= storage.count ? [] : storage[start...]
    }

    mutating func append(_ event: AppEvent) {
        count(event)
        storage.append(event)
        trim()
    }

    mutating func append(contentsOf events: [AppEvent]) {
        events.forEach { count($0) }
        storage.append(contentsOf: events)
        trim()
    }

    private mutating func count(_ event: AppEvent) {
        guard event.kind == .scriptError else { return }
        scriptErrorCount += 1
        if firstScriptError == nil { firstScriptError = event }
    }

    private mutating func trim() {
        guard storage.count > 2 * Self.capacity else { return }
        let excess = storage.count - Self.capacity
        storage.removeFirst(excess)
        dropped += excess
    }
}

extension SimulatedApp {
    /// Why the top screen shows an error page for a local file it loaded after `before` (no
    /// such file, not readable); nil when it shows the page, or loaded nothing new.
    public func localPageFailure(since before: SimulatedApp) -> String? {
        guard let top, let webView = topWebView, webView.content.isErrorPage, WebURL(webView.content.url).normalizedScheme == "file",
              before.top?.id != top.id || before.topWebView?.loadNumber != webView.loadNumber else { return nil }
        return webView.content.errorReason ?? "the page cannot be read"
    }
}
