import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import ScriptRuntime
import Threading
import URLKit

/// The host's page-script runtime: one `ScriptEngine` for the app (made when the first page
/// with scripts loads, so JavaScriptCore is opened only then) and one `ScriptPage` per screen.
///
/// Lives on the host's thread. It never touches the state machine: every call returns the
/// inputs the host feeds to `SimulatedApp` once the engine has returned.
final class ScreenScripts {
    struct Settings {
        var clock: AppClockMode
        var seed: UInt64
        var timeLimitMs: Int
        var hasUIDelegate: Bool
        var userAgent: String
        /// The app's native side (handlers, intercepts, downloads) and its user scripts.
        var bridge = ScriptBridge()
        var userScripts: [UserScript] = []
        /// The profile (for notifications the bridge posts).
        var profile = AppProfile.builtIn
        /// Shows a dialog and waits for the answer (the host serves its queue meanwhile).
        var presenter: (ScriptDialog) -> ScriptDialogAnswer
    }

    private let settings: Settings
    private var engine: ScriptEngine?
    /// The engine being made on another thread (`makeEngineAhead`), until the host takes it.
    private var engineInMaking: EngineInMaking?
    private var engineFailure: String?
    private var pages: [ScreenID: ScriptPage] = [:]
    private var screensByPage: [ScriptPage.ID: ScreenID] = [:]
    /// The version of each page's document the app last saw.
    private var publishedVersions: [ScreenID: Int] = [:]
    /// The history entries of each live page (the one it loaded at, with no state, and those
    /// it made with `pushState`), by URL.
    private var historyStates: [ScreenID: [String: HistoryEntry]] = [:]

    /// An entry of a screen's web history that its live page made.
    struct HistoryEntry {
        var state: HistoryStateID?
    }
    /// Records taken early and events the host noted while the engine ran (a dialog opened or
    /// answered), in the order they happened, delivered with the next records.
    private var held: [Held] = []

    private enum Held {
        case record(ScriptRecord)
        case event(AppEvent)
    }
    private let display: (String) -> String

    init(settings: Settings, display: @escaping (String) -> String) {
        self.settings = settings
        self.display = display
    }

    /// The script page of a screen, while its page runs scripts.
    func page(for screen: ScreenID) -> ScriptPage? {
        pages[screen]
    }

    /// Loads a screen's page into a fresh script page (closing the one it had) and runs it
    /// until idle.
    func run(_ content: PageContent, url: String, in screen: ScreenID, resources: @escaping ScriptResourceReader,
             storage: ScriptRuntime.WebStorage, cookies: ScriptRuntime.CookieJar, app: SimulatedApp) -> [AppInput] {
        close(screen)
        guard let source = content.source else { return [] }
        guard let engine = makeEngine() else {
            return [.observed([AppEvent(.scriptError, "scripts not run: \(engineFailure ?? "no script engine")")])]
        }
        let history = app.navigator.screens.first { $0.id == screen }?.history.count ?? 1
        let page = engine.loadPage(.bytes(source), url: url, resources: resources, userScripts: settings.userScripts,
                                   historyLength: history, storage: storage, cookies: cookies)
        pages[screen] = page
        engine.topPage = page
        screensByPage[page.id] = screen
        publishedVersions[screen] = -1
        historyStates[screen] = [url: HistoryEntry(state: nil)]
        return settle(engine.runUntilIdle(), app: app)
    }

    /// Closes the script pages of screens that left the stack or load another page.
    func close(_ screen: ScreenID) {
        guard let page = pages.removeValue(forKey: screen) else { return }
        page.close()
        screensByPage[page.id] = nil
        publishedVersions[screen] = nil
        historyStates[screen] = nil
    }

    /// Runs an input on a screen's page (a click, typing) and returns what it led to.
    func input(on screen: ScreenID, app: SimulatedApp, _ body: (ScriptPage) -> Void) -> [AppInput] {
        guard let page = pages[screen], let engine else { return [] }
        engine.topPage = app.top.flatMap { pages[$0.id] }
        body(page)
        return settle(engine.runUntilIdle(), app: app)
    }

    /// Whether the app cancels a navigation of its web view to `url` (an intercept); if so the
    /// intercept runs and its inputs come back.
    func intercept(_ url: String, from screen: ScreenID?, app: SimulatedApp) -> [AppInput]? {
        guard !settings.bridge.intercepts.isEmpty, let engine = makeEngine() else { return nil }
        engine.topPage = app.top.flatMap { pages[$0.id] }
        guard engine.interceptNavigation(to: url, from: screen.flatMap { pages[$0] }) else { return nil }
        return settle(engine.runUntilIdle(), app: app)
    }

    /// `evaluateJavaScript` on the top screen's page, as the app would call it.
    func evaluate(_ source: String, world: String, app: SimulatedApp) -> (ScriptEvaluation?, [AppInput]) {
        guard let screen = app.top?.id, let page = pages[screen], let engine else { return (nil, []) }
        engine.topPage = page
        let result = page.evaluate(source, world: world)
        return (result, settle(engine.runUntilIdle(), app: app))
    }

    /// `callAsyncJavaScript` on the top screen's page: the result once its Promise settled
    /// (nil while it waits for a timer or a reply).
    func callAsync(_ body: String, arguments: [(String, ScriptResultValue)], world: String,
                   app: SimulatedApp) -> (ScriptEvaluation?, [AppInput]) {
        guard let screen = app.top?.id, let page = pages[screen], let engine else { return (nil, []) }
        engine.topPage = page
        // The completion handler may run later (a timer, a reply): then its result is an event.
        final class Completion {
            var result: ScriptEvaluation?
            var returned = false
        }
        let completion = Completion()
        page.callAsyncJavaScript(body, arguments: arguments, world: world) { [weak self] result in
            if completion.returned {
                self?.held.append(.event(AppEvent(.native, "callAsyncJavaScript settled: \(result.resultText)")))
            } else {
                completion.result = result
            }
        }
        let inputs = settle(engine.runUntilIdle(), app: app)
        completion.returned = true
        return (completion.result, inputs)
    }

    /// The entry of a screen's history at `url` that its live page made, if any.
    func historyEntry(for url: String, in screen: ScreenID) -> HistoryEntry? {
        historyStates[screen]?[url]
    }

    /// The engine's next timer, as time since launch given the app clock's `now`.
    func nextTimer(now: Duration) -> Duration? {
        guard let engine, let due = engine.nextTimerDate else { return nil }
        if settings.clock == .virtual { return .milliseconds(max(0, due - Self.virtualStartMs)) }
        return now + .milliseconds(max(0, due - engine.now))
    }

    /// Runs the script timers due by `time` since launch (virtual: the engine's clock moves
    /// there; real: what is due now runs).
    func advance(to time: Duration, app: SimulatedApp) -> [AppInput] {
        guard let engine else { return [] }
        if settings.clock == .virtual { return settle(engine.advance(to: Self.virtualStartMs + milliseconds(time)), app: app) }
        return settle(engine.runUntilIdle(), app: app)
    }

    /// The start of virtual time (the app clock's) in milliseconds since 1970.
    private static let virtualStartMs = AppClock.virtualStart.timeIntervalSince1970 * 1000

    /// Notes an event to deliver with the next records (a dialog opened or answered), after
    /// what the page did before it.
    func note(_ event: AppEvent) {
        held += (engine?.takeRecords() ?? []).map(Held.record)
        held.append(.event(event))
    }

    // MARK: - Records into inputs

    /// The inputs for what the engine did: changed pages first, then the records in order.
    private func settle(_ records: [ScriptRecord], app: SimulatedApp) -> [AppInput] {
        var inputs: [AppInput] = []
        for (screen, page) in pages.sorted(by: { $0.key.rawValue < $1.key.rawValue })
            where publishedVersions[screen] != page.version || app.webViews[screen]?.content.isScripted == false {
            guard var content = app.webViews[screen]?.content else { continue }
            publishedVersions[screen] = page.version
            content.replaceDocument(page.document, title: page.title, state: page.documentState)
            inputs.append(.pageChanged(screen, content: content))
        }
        var events: [AppEvent] = []
        let all = held + records.map(Held.record)
        held = []
        for item in all {
            guard case .record(let record) = item else {
                if case .event(let event) = item { events.append(event) }
                continue
            }
            let screen = screensByPage[record.page]
            if let screen, case .history(let request) = record.output {
                switch request {
                case .push(let url, let state), .replace(let url, let state):
                    historyStates[screen, default: [:]][url] = HistoryEntry(state: state)
                default: break
                }
            }
            let translated = record.output.bridgeEventText != nil
                ? AppBridge.translate(record.output, profile: settings.profile)
                : Self.translate(record.output, pageURL: record.pageURL, screen: screen, timeLimitMs: settings.timeLimitMs, display: display)
            events += translated.events
            if let input = translated.input {
                if !events.isEmpty { inputs.append(.observed(events)) }
                events = []
                inputs.append(input)
            }
        }
        if !events.isEmpty { inputs.append(.observed(events)) }
        return inputs
    }

    /// What one record means to the app: events for its log and an input (a navigation).
    static func translate(_ output: ScriptOutput, pageURL: String, screen: ScreenID?, timeLimitMs: Int,
                          display: (String) -> String) -> (events: [AppEvent], input: AppInput?) {
        switch output {
        case .navigation(let url, let replace, let initiator):
            guard let screen else { return ([], nil) }
            let how = replace ? "\(initiator.rawValue), replacing" : initiator.rawValue
            return ([AppEvent(.navigation, "navigation: \(display(url)) (by \(how))")],
                    .navigator(.scriptNavigated(screen, url: url, replace: replace)))
        case .formPost(let url, let body):
            guard let screen else { return ([], nil) }
            return ([AppEvent(.navigation, "navigation: \(display(url)) (by form, POST)")],
                    .navigator(.formPosted(screen, url: url, post: body, target: nil)))
        case .console(let level, let text):
            return ([AppEvent(.console, "console.\(level.rawValue): \(text)")], nil)
        case .error(let error):
            let location = display(error.sourceURL) + (error.line.map { ":\($0)" } ?? "") + (error.column.map { ":\($0)" } ?? "")
            return ([AppEvent(.scriptError, "script error: \(location): \(error.message)")], nil)
        case .timeout:
            return ([AppEvent(.scriptTimeout, "script timeout: \(display(pageURL)): a script ran longer than \(timeLimitMs) ms and was stopped")], nil)
        case .taskBoundReached:
            return ([AppEvent(.scriptTimeout, "script tasks: the task bound was reached; the rest wait for the next step")], nil)
        case .titleChanged:
            return ([], nil)
        case .history(let request):
            guard let screen else { return ([], nil) }
            switch request {
            case .push(let url, _):
                return ([AppEvent(.history, "pushState: \(display(url))")], .pageMoved(screen, to: url, push: true))
            case .replace(let url, _):
                return ([AppEvent(.history, "replaceState: \(display(url))")], .pageMoved(screen, to: url, push: false))
            case .go(0):
                return ([], .navigator(.scriptNavigated(screen, url: pageURL, replace: true)))
            case .go(let delta):
                return ([], .navigator(.historyStepped(screen, delta: delta)))
            }
        case .dialogSkipped(let kind, let message):
            return ([AppEvent(.dialog, "dialog skipped: \(kind.rawValue) \"\(message)\" (the app has no WKUIDelegate)")], nil)
        case .windowOpen(let url, let target):
            return ([AppEvent(.navigation, "window.open: \(display(url)) (\(target)) opened nothing: the app has no createWebViewWith delegate")], nil)
        case .scriptSkipped(let reason):
            return ([AppEvent(.scriptSkipped, "script skipped: \(reason)")], nil)
        case .scriptLoadFailed(let url, let reason):
            return ([AppEvent(.loadFailed, "script load failed: \(display(url)): \(reason)")], nil)
        case .message, .reply, .app, .intercepted, .download, .downloadFailed:
            return ([], nil)
        }
    }

    // MARK: - The engine

    /// Starts making the engine on a thread of its own: JavaScriptCore opened and the DOM
    /// prelude compiled (`ScriptEngine.warmUp`) while the host reads and parses the first page.
    /// The terminal UI does this at launch; the first page with scripts then waits only for
    /// what is left, if anything.
    func makeEngineAhead() {
        guard engine == nil, engineFailure == nil, engineInMaking == nil else { return }
        let making = EngineInMaking(configuration: engineConfiguration())
        if Threads.start(name: "webnav script engine", stackSize: 8 << 20, { making.make() }) { engineInMaking = making }
    }

    private func makeEngine() -> ScriptEngine? {
        if let engine { return engine }
        if engineFailure != nil { return nil }
        let made: Result<ScriptEngine, ScriptEngineError>
        if let making = engineInMaking {
            engineInMaking = nil
            made = making.wait()
        } else {
            made = Result { () throws(ScriptEngineError) in try ScriptEngine(configuration: engineConfiguration()) }
        }
        switch made {
        case .success(let made): engine = made
        case .failure(let error): engineFailure = error.message
        }
        return engine
    }

    private func engineConfiguration() -> ScriptEngine.Configuration {
        var configuration = ScriptEngine.Configuration()
        configuration.clock = settings.clock == .virtual ? .virtual(startingAt: Self.virtualStartMs) : .real
        configuration.seed = settings.seed
        configuration.timeLimitMs = settings.timeLimitMs
        configuration.hasUIDelegate = settings.hasUIDelegate
        configuration.userAgent = settings.userAgent
        configuration.dialogPresenter = settings.presenter
        configuration.bridge = settings.bridge
        return configuration
    }

    private func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// An engine made and warmed up on another thread, handed to the host's thread under a lock.
private final class EngineInMaking: @unchecked Sendable {
    private let condition = Condition()
    private var configuration: ScriptEngine.Configuration?
    private var result: Result<ScriptEngine, ScriptEngineError>?

    init(configuration: ScriptEngine.Configuration) {
        self.configuration = configuration
    }

    /// Runs on the making thread.
    func make() {
        condition.lock()
        let configuration = self.configuration
        self.configuration = nil
        condition.unlock()
        guard let configuration else { return }
        let made = Result { () throws(ScriptEngineError) -> ScriptEngine in
            let engine = try ScriptEngine(configuration: configuration)
            engine.warmUp()
            return engine
        }
        condition.lock()
        result = made
        condition.broadcast()
        condition.unlock()
    }

    /// The engine, once made: waits for the making thread.
    func wait() -> Result<ScriptEngine, ScriptEngineError> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}

/// A screen's `localStorage` (its data store's) and `sessionStorage` (its own) for its page's
/// scripts, over the stores the loader and flow checks share.
final class ScreenStorage: ScriptRuntime.WebStorage {
    private let local: StorageStore
    private let session: StorageStore

    init(local: StorageStore, session: StorageStore) {
        self.local = local
        self.session = session
    }

    private func store(_ kind: WebStorageKind) -> StorageStore { kind == .local ? local : session }

    func keys(origin: String, kind: WebStorageKind) -> [String] {
        store(kind).storage.area(for: origin).keys
    }

    func value(forKey key: String, origin: String, kind: WebStorageKind) -> String? {
        store(kind).storage.area(for: origin).getItem(key)
    }

    func setValue(_ value: String, forKey key: String, origin: String, kind: WebStorageKind) -> Bool {
        guard origin != "null" else { return false }
        return store(kind).update { $0.setItem(key, value, origin: origin) } == nil
    }

    func removeValue(forKey key: String, origin: String, kind: WebStorageKind) {
        store(kind).update { $0.removeItem(key, origin: origin) }
    }

    func clear(origin: String, kind: WebStorageKind) {
        store(kind).update { $0.clear(origin: origin) }
    }
}

/// `document.cookie` over a screen's cookie store (RFC 6265 as the loader keeps it).
final class ScreenCookies: ScriptRuntime.CookieJar {
    private let store: CookieStore

    init(_ store: CookieStore) {
        self.store = store
    }

    func cookieString(for url: String) -> String {
        store.documentCookie(for: url)
    }

    func setCookie(_ cookie: String, for url: String) {
        _ = store.setDocumentCookie(cookie, pageURL: url)
    }
}
