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

/// What the pages of an app did, for the host to feed to the app's state machine.
public enum PageOutcome: Sendable {
    /// A page changed in place (a script changed its tree or title, the user typed in a field):
    /// the screen's new content.
    case changed(ScreenID, PageContent)
    /// A record of the script engine (console, errors, navigations, the bridge), with the screen
    /// of the page that made it (nil when it is gone).
    case record(ScriptRecord, screen: ScreenID?)
    /// Events the engine noted itself (a dialog opened or answered, a tap that did nothing).
    case events([AppEvent])
    /// An event for the navigation engine: a tapped link followed, a form posted.
    case navigator(NavigatorEvent)
}

/// What a page loaded into a screen's web view reaches outside itself: resources, storage,
/// cookies, and how long the screen's history is.
public struct PageServices {
    public var resources: ScriptResourceReader
    public var storage: ScriptRuntime.WebStorage
    public var cookies: ScriptRuntime.CookieJar
    public var historyLength: Int

    public init(resources: @escaping ScriptResourceReader, storage: ScriptRuntime.WebStorage, cookies: ScriptRuntime.CookieJar,
                historyLength: Int) {
        self.resources = resources
        self.storage = storage
        self.cookies = cookies
        self.historyLength = historyLength
    }
}

/// What the pages read of the app that holds them: the content each screen shows, which screen
/// is on top, and what a screen's page may reach.
public protocol WebPagesHost: AnyObject {
    /// The content a screen's web view shows now.
    func content(of screen: ScreenID) -> PageContent?
    /// The screen on top of the stack.
    var topScreen: ScreenID? { get }
    /// The URL a screen's web view was asked to load (with its fragment).
    func webViewURL(of screen: ScreenID) -> String?
    /// Resources, storage and cookies for a page a screen loads.
    func services(for screen: ScreenID, pageURL: String) -> PageServices
}

/// The page engine of one app: every screen's page, the only code that touches their node
/// trees. Pages without scripts are plain parsed documents; a page with scripts (or one the app
/// evaluates JavaScript in) gets a `ScriptPage` over one `ScriptEngine` for the app, made when
/// the first page needs it, so JavaScriptCore is opened only then.
///
/// Lives on the host's thread. It never touches the app's state machine: every call returns
/// the outcomes the host feeds to it once the engine has returned.
public final class WebPages {
    public struct Settings {
        /// Virtual time from `virtualStartMs` (flows), or the real clock (the terminal UI).
        public var isVirtualClock: Bool
        /// The start of virtual time, in milliseconds since 1970.
        public var virtualStartMs: Double
        public var seed: UInt64
        public var timeLimitMs: Int
        public var hasUIDelegate: Bool
        public var userAgent: String
        /// The app's native side (handlers, intercepts, downloads) and its user scripts.
        public var bridge = ScriptBridge()
        public var userScripts: [UserScript] = []
        /// The profile's `javaScriptEnabled`.
        public var javaScriptEnabled = true
        /// The profile's `allowFileAccessFromFileURLs`.
        public var allowFileAccessFromFileURLs = false
        /// Marks every call into page code (the host watches it for calls that never return).
        public var entryWatch: ScriptEntryWatch?
        /// Shows a dialog and waits for the answer (the host serves its queue meanwhile).
        public var presenter: (ScriptDialog) -> ScriptDialogAnswer

        public init(isVirtualClock: Bool, virtualStartMs: Double, seed: UInt64, timeLimitMs: Int, hasUIDelegate: Bool,
                    userAgent: String, presenter: @escaping (ScriptDialog) -> ScriptDialogAnswer) {
            self.isVirtualClock = isVirtualClock
            self.virtualStartMs = virtualStartMs
            self.seed = seed
            self.timeLimitMs = timeLimitMs
            self.hasUIDelegate = hasUIDelegate
            self.userAgent = userAgent
            self.presenter = presenter
        }
    }

    private let settings: Settings
    private weak var host: WebPagesHost?
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
    public struct HistoryEntry {
        public var state: HistoryStateID?
    }
    /// Records taken early and events the host noted while the engine ran (a dialog opened or
    /// answered), in the order they happened, delivered with the next records.
    private var held: [Held] = []

    private enum Held {
        case record(ScriptRecord)
        case event(AppEvent)
    }

    public init(settings: Settings, host: WebPagesHost) {
        self.settings = settings
        self.host = host
    }

    /// Whether a screen's page runs scripts now.
    public func runsScripts(_ screen: ScreenID) -> Bool {
        pages[screen] != nil
    }

    /// Runs the scripts of the page a screen just loaded (the one it had is closed): the engine
    /// continues its paused parse, or, for a page whose only scripts are `on…` attributes,
    /// takes its tree over and fires `DOMContentLoaded` and `load`; then runs until idle.
    public func runScripts(in screen: ScreenID) -> [PageOutcome] {
        close(screen)
        guard let host, let content = host.content(of: screen), !content.isErrorPage else { return [] }
        guard let engine = makeEngine() else {
            var outcomes: [PageOutcome] = []
            if content.pausedParse != nil { outcomes.append(.changed(screen, content.finishingParseWithoutScripts())) }
            return outcomes + [.events([AppEvent(.scriptError, "scripts not run: \(engineFailure ?? "no script engine")")])]
        }
        let url = host.webViewURL(of: screen) ?? content.url
        let services = host.services(for: screen, pageURL: content.url)
        let page: ScriptPage
        if let paused = content.pausedParse {
            page = engine.loadPage(.paused(paused), url: url, resources: services.resources, userScripts: settings.userScripts,
                                   historyLength: services.historyLength, storage: services.storage, cookies: services.cookies,
                                   response: content.response)
        } else {
            page = engine.adoptPage(content.document, state: content.state, url: url, firingLoadEvents: true,
                                    resources: services.resources, userScripts: settings.userScripts,
                                    historyLength: services.historyLength, storage: services.storage, cookies: services.cookies,
                                   response: content.response)
        }
        register(page, for: screen, at: url)
        return settle(engine.runUntilIdle())
    }

    /// The script page of a screen, made over its tree as it is when it has none (the app
    /// evaluates JavaScript in any page, as WKWebView lets it; a `javascript:` link runs).
    private func scriptPage(for screen: ScreenID) -> ScriptPage? {
        if let page = pages[screen] { return page }
        guard let host, let content = host.content(of: screen), let engine = makeEngine() else { return nil }
        let url = host.webViewURL(of: screen) ?? content.url
        let services = host.services(for: screen, pageURL: content.url)
        let page: ScriptPage
        if let paused = content.pausedParse {
            page = engine.loadPage(.paused(paused), url: url, resources: services.resources, userScripts: settings.userScripts,
                                   historyLength: services.historyLength, storage: services.storage, cookies: services.cookies,
                                   response: content.response)
        } else {
            page = engine.adoptPage(content.document, state: content.state, url: url, firingLoadEvents: false,
                                    resources: services.resources, historyLength: services.historyLength,
                                    storage: services.storage, cookies: services.cookies, response: content.response)
        }
        register(page, for: screen, at: url)
        return page
    }

    private func register(_ page: ScriptPage, for screen: ScreenID, at url: String) {
        pages[screen] = page
        engine?.topPage = page
        screensByPage[page.id] = screen
        publishedVersions[screen] = -1
        historyStates[screen] = [url: HistoryEntry(state: nil)]
    }

    /// Closes the script page of a screen that left the stack or loads another page.
    public func close(_ screen: ScreenID) {
        guard let page = pages.removeValue(forKey: screen) else { return }
        page.close()
        screensByPage[page.id] = nil
        publishedVersions[screen] = nil
        historyStates[screen] = nil
    }

    // MARK: - Inputs

    /// A tap on a link or button of the top page (an item of its layout). On a page with
    /// scripts it fires `click` first and follows the link only when no handler called
    /// `preventDefault()`.
    public func activate(_ item: PageItem, on screen: ScreenID) -> [PageOutcome] {
        var outcomes: [PageOutcome] = []
        let node = startScriptsForScriptURL(item.href, tapped: item.node, in: screen, outcomes: &outcomes)
        if pages[screen] != nil {
            var follow = false
            outcomes += input(on: screen) { follow = $0.click(node) }
            if follow, let url = item.url { outcomes.append(followLink(url, target: item.target, from: screen)) }
            return outcomes
        }
        if item.url == nil, let reset = resetForm(of: item.node, on: screen) { return outcomes + reset }
        guard let url = item.url else {
            return outcomes + [.events([AppEvent(.page, "tap: \"\(item.text)\" does nothing (no link or form)")])]
        }
        if item.kind == .button, let plain = host?.content(of: screen),
           let (control, message) = ConstraintValidator(document: plain.document, state: plain.state).firstInvalidControl(submittedBy: item.node) {
            let text = ConstraintValidator.notSubmittedText(control: ConstraintValidator.describe(control, in: plain.document), message: message)
            return outcomes + [.events([AppEvent(.page, text)])]
        }
        if let post = item.post { return outcomes + [.navigator(.formPosted(nil, url: url, post: post, target: item.target))] }
        return outcomes + [.navigator(.linkActivated(url, target: item.target))]
    }

    /// A tap on any element of the top page: `click` on a page with scripts (then the link, if
    /// any and not cancelled); on a page without, the link or button the element is part of,
    /// a checkbox or radio button toggled.
    public func click(_ tapped: NodeID, on screen: ScreenID) -> [PageOutcome] {
        guard let plain = host?.content(of: screen) else { return [] }
        var outcomes: [PageOutcome] = []
        let plainLink = HTMLDocument.enclosingLink(of: tapped, in: plain.document)
        let node = startScriptsForScriptURL(plainLink.flatMap { plain.document.attribute("href", of: $0) }, tapped: tapped,
                                            in: screen, outcomes: &outcomes)
        if let page = pages[screen] {
            let live = page.document
            let link = HTMLDocument.enclosingLink(of: node, in: live)
            let target = link.flatMap { live.attribute("target", of: $0) }
            let url = link.flatMap { live.attribute("href", of: $0) }.flatMap { WebURL(plain.url).resolving($0) }
            var follow = false
            outcomes += input(on: screen) { follow = $0.click(node) }
            if follow, let url { outcomes.append(followLink(url, target: target, from: screen)) }
            return outcomes
        }
        let content = plain
        let document = content.document
        let link = HTMLDocument.enclosingLink(of: node, in: document)
        let items = content.layout(LayoutOptions(width: 80)).items
        if let item = items.first(where: { $0.node == node || $0.node == link }) {
            return outcomes + activate(item, on: screen)
        }
        if document.name(of: node) == "input", let type = document.attribute("type", of: node)?.lowercased(),
           type == "checkbox" || type == "radio" {
            return outcomes + editPlain(content, on: screen) { state, document in
                let checked = state.checkedness[node] ?? (document.attribute("checked", of: node) != nil)
                guard type == "radio" else {
                    state.checkedness[node] = !checked
                    return
                }
                // A radio button unchecks the others of its group (same name; forms are not told apart).
                if let name = document.attribute("name", of: node), !name.isEmpty {
                    for other in document.elements(named: "input") where document.attribute("name", of: other) == name
                        && document.attribute("type", of: other)?.lowercased() == "radio" {
                        state.checkedness[other] = false
                    }
                }
                state.checkedness[node] = true
            }
        }
        return outcomes + [.events([AppEvent(.page, "tap: <\(document.name(of: node) ?? "node")> does nothing (no link, form or script)")])]
    }

    /// Types into a field of the top page as the keyboard would (`focus`, an `input` event per
    /// character, `change`); on a page without scripts the page's form state takes the text.
    public func fill(_ node: NodeID, text: String, on screen: ScreenID) -> [PageOutcome] {
        if pages[screen] != nil { return input(on: screen) { $0.fill(node, text: text) } }
        guard let content = host?.content(of: screen) else { return [] }
        return editPlain(content, on: screen) { state, document in
            // Typing stops at `maxlength` (counted in UTF-16 code units, as WebKit counts).
            var typed = text
            if let limit = document.attribute("maxlength", of: node).flatMap({ Int($0) }), limit >= 0, typed.utf16.count > limit {
                typed = ""
                for character in text {
                    if typed.utf16.count + character.utf16.count > limit { break }
                    typed.append(character)
                }
            }
            state.values[node] = typed
            state.userEditedValues.insert(Int32(node.rawValue))
            state.focused = node
        }
    }

    /// The element of a screen's page that has focus (`document.activeElement`); nil on a page
    /// without scripts, whose focus is its form state's.
    public func focusedElement(on screen: ScreenID) -> NodeID? {
        pages[screen]?.focusedElement
    }

    /// Chooses an option of a `<select>` of the top page (`input`, `change` on a page with scripts).
    public func select(_ select: NodeID, option: NodeID, on screen: ScreenID) -> [PageOutcome] {
        if pages[screen] != nil { return input(on: screen) { $0.select(option, in: select) } }
        guard let content = host?.content(of: screen) else { return [] }
        return editPlain(content, on: screen) { state, document in
            for other in document.elements(named: "option") where Self.isInside(other, select, document) {
                state.checkedness[other] = other == option
            }
        }
    }

    /// Returns to an entry the live page of a screen made (`pushState`): the document stays,
    /// `popstate` tells it.
    public func restoreHistoryEntry(url: String, state: HistoryStateID?, on screen: ScreenID) -> [PageOutcome] {
        input(on: screen) { $0.restoreHistoryEntry(url: url, state: state) }
    }

    /// A tapped link followed: in the tapped screen's web view (`_blank`: as the app's rule says).
    private func followLink(_ url: String, target: String?, from screen: ScreenID) -> PageOutcome {
        if let target, !target.isEmpty, target.lowercased() != "_self", target.lowercased() != "_top",
           target.lowercased() != "_parent" {
            return .navigator(.linkActivated(url, target: target))
        }
        return .navigator(.scriptNavigated(screen, url: url, replace: false))
    }

    /// Changes the form state of a page without scripts (what its layout shows).
    private func editPlain(_ content: PageContent, on screen: ScreenID, _ change: (inout DocumentState, HTMLDocument) -> Void) -> [PageOutcome] {
        var content = content
        var state = content.state
        change(&state, content.document)
        content.replaceDocument(content.document, title: content.title, state: state)
        return [.changed(screen, content)]
    }

    /// A reset button on a page without scripts: its form's fields go back to their markup's
    /// values and checks (HTML's reset algorithm); nil for any other node.
    private func resetForm(of button: NodeID, on screen: ScreenID) -> [PageOutcome]? {
        guard let content = host?.content(of: screen) else { return nil }
        let document = content.document
        guard let name = document.name(of: button), name == "input" || name == "button",
              document.attribute("type", of: button)?.lowercased() == "reset" else { return nil }
        var form = document.parent(of: button)
        while let candidate = form, document.name(of: candidate) != "form" { form = document.parent(of: candidate) }
        guard let form else { return nil }
        return editPlain(content, on: screen) { state, document in
            state.values = state.values.filter { !Self.isInside($0.key, form, document) }
            state.checkedness = state.checkedness.filter { !Self.isInside($0.key, form, document) }
        }
    }

    static func isInside(_ node: NodeID, _ ancestor: NodeID, _ document: HTMLDocument) -> Bool {
        var current = document.parent(of: node)
        while let candidate = current {
            if candidate == ancestor { return true }
            current = document.parent(of: candidate)
        }
        return false
    }

    /// A page whose only scripts are `javascript:` links gets its script context when one is
    /// tapped (a page with nothing to run stays off JavaScriptCore until then), over the same
    /// tree: the node tapped is the node the scripts see.
    private func startScriptsForScriptURL(_ href: String?, tapped node: NodeID, in screen: ScreenID,
                                          outcomes: inout [PageOutcome]) -> NodeID {
        guard let href, PageContent.isScriptURL(href), pages[screen] == nil, settings.javaScriptEnabled,
              let content = host?.content(of: screen), content.hasScriptURLs, !content.isErrorPage,
              let engine = makeEngine(), scriptPage(for: screen) != nil else { return node }
        outcomes += settle(engine.runUntilIdle())
        return node
    }

    /// Runs an input on a screen's script page (a click, typing) and returns what it led to.
    private func input(on screen: ScreenID, _ body: (ScriptPage) -> Void) -> [PageOutcome] {
        guard let page = pages[screen], let engine else { return [] }
        engine.topPage = host?.topScreen.flatMap { pages[$0] }
        body(page)
        return settle(engine.runUntilIdle())
    }

    /// Whether the app cancels a navigation of its web view to `url` (an intercept); if so the
    /// intercept runs and its outcomes come back.
    public func intercept(_ url: String, from screen: ScreenID?) -> [PageOutcome]? {
        guard !settings.bridge.intercepts.isEmpty, let engine = makeEngine() else { return nil }
        engine.topPage = host?.topScreen.flatMap { pages[$0] }
        guard engine.interceptNavigation(to: url, from: screen.flatMap { pages[$0] }) else { return nil }
        return settle(engine.runUntilIdle())
    }

    /// `evaluateJavaScript` on the top screen's page, as the app would call it: any page has a
    /// context for it. With the profile's JavaScript off the page's own scripts stay off, so a
    /// context made for the call is closed after it (each call gets a fresh one).
    public func evaluate(_ source: String, world: String) -> (ScriptEvaluation?, [PageOutcome]) {
        guard let screen = host?.topScreen, let page = scriptPage(for: screen), let engine else { return (nil, []) }
        engine.topPage = page
        let result = page.evaluate(source, world: world)
        let outcomes = settle(engine.runUntilIdle())
        if !settings.javaScriptEnabled { close(screen) }
        return (result, outcomes)
    }

    /// `callAsyncJavaScript` on the top screen's page: the result once its Promise settled
    /// (nil while it waits for a timer or a reply).
    public func callAsync(_ body: String, arguments: [(String, ScriptResultValue)], world: String) -> (ScriptEvaluation?, [PageOutcome]) {
        guard let screen = host?.topScreen, let page = scriptPage(for: screen), let engine else { return (nil, []) }
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
        let outcomes = settle(engine.runUntilIdle())
        completion.returned = true
        if !settings.javaScriptEnabled, completion.result != nil { close(screen) }
        return (completion.result, outcomes)
    }

    /// The entry of a screen's history at `url` that its live page made, if any.
    public func historyEntry(for url: String, in screen: ScreenID) -> HistoryEntry? {
        historyStates[screen]?[url]
    }

    // MARK: - Time

    /// The engine's next timer, as time since launch given the app clock's `now`.
    public func nextTimer(now: Duration) -> Duration? {
        guard let engine, let due = engine.nextTimerDate else { return nil }
        if settings.isVirtualClock { return .milliseconds(max(0, due - settings.virtualStartMs)) }
        return now + .milliseconds(max(0, due - engine.now))
    }

    /// Runs the script timers due by `time` since launch (virtual: the engine's clock moves
    /// there; real: what is due now runs).
    public func advance(to time: Duration) -> [PageOutcome] {
        guard let engine else { return [] }
        if settings.isVirtualClock { return settle(engine.advance(to: settings.virtualStartMs + milliseconds(time))) }
        return settle(engine.runUntilIdle())
    }

    /// Notes an event to deliver with the next records (a dialog opened or answered), after
    /// what the page did before it.
    public func note(_ event: AppEvent) {
        held += (engine?.takeRecords() ?? []).map(Held.record)
        held.append(.event(event))
    }

    // MARK: - Records into outcomes

    /// The outcomes of what the engine did: changed pages first, then the records in order.
    private func settle(_ records: [ScriptRecord]) -> [PageOutcome] {
        var outcomes: [PageOutcome] = []
        for (screen, page) in pages.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard var content = host?.content(of: screen),
                  publishedVersions[screen] != page.version || !content.isScripted else { continue }
            publishedVersions[screen] = page.version
            content.replaceDocument(page.document, title: page.title, state: page.documentState, styleSheets: page.linkedStyleSheets())
            outcomes.append(.changed(screen, content))
        }
        let all = held + records.map(Held.record)
        held = []
        for item in all {
            switch item {
            case .event(let event):
                outcomes.append(.events([event]))
            case .record(let record):
                let screen = screensByPage[record.page]
                if let screen, case .history(let request) = record.output {
                    switch request {
                    case .push(let url, let state), .replace(let url, let state):
                        historyStates[screen, default: [:]][url] = HistoryEntry(state: state)
                    default: break
                    }
                }
                outcomes.append(.record(record, screen: screen))
            }
        }
        return outcomes
    }

    // MARK: - The engine

    /// Starts making the engine on a thread of its own: JavaScriptCore opened and the DOM
    /// prelude compiled (`ScriptEngine.warmUp`) while the host reads and parses the first page.
    /// The terminal UI does this at launch; the first page with scripts then waits only for
    /// what is left, if anything.
    public func makeEngineAhead() {
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
        configuration.clock = settings.isVirtualClock ? .virtual(startingAt: settings.virtualStartMs) : .real
        configuration.seed = settings.seed
        configuration.timeLimitMs = settings.timeLimitMs
        configuration.hasUIDelegate = settings.hasUIDelegate
        configuration.allowFileAccessFromFileURLs = settings.allowFileAccessFromFileURLs
        configuration.userAgent = settings.userAgent
        configuration.dialogPresenter = settings.presenter
        configuration.bridge = settings.bridge
        configuration.entryWatch = settings.entryWatch
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

