import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Threading
import NavigatorCore
import PageKit
import ScriptRuntime
import URLKit

/// Something a user, a flow or the terminal UI does to the app.
public enum AppAction: Equatable, Sendable {
    /// Start the app: the root screen loads.
    case launch
    /// An event for the navigation engine: a URL from outside, a bar button, back, reload.
    case navigator(NavigatorEvent)
    /// A tap on a link or button of the top page. On a page with scripts it fires `click`
    /// first and follows the link only when no handler called `preventDefault()`.
    case activate(PageItem)
    /// A tap on any element of the top page (`tap css`, a checkbox): `click` with its default
    /// action (a checkbox toggles, a submit button submits, a link is followed).
    case click(NodeID)
    /// Types into a field of the top page as the keyboard would (`focus`, an `input` event per
    /// character, `change`).
    case fill(NodeID, text: String)
    /// Chooses an option (`option`) of a `<select>` (`select`) of the top page: `input`, `change`.
    case select(NodeID, option: NodeID)
    /// Answers the open JavaScript dialog (`AppSnapshot.dialog`).
    case answerDialog(DialogAnswer)
    /// Events from outside the app to put in its log (the profile's warnings at launch).
    case observe([AppEvent])
    /// Virtual time (flows): move the clock on, running every timer that falls due, in order.
    case wait(Duration)
    /// Real time (the terminal UI): run the timers due by now.
    case tick
    /// The app shell: lifecycle, notifications, website data (`ShellAction`).
    case shell(ShellAction)
    /// The app calls `evaluateJavaScript` on the top page, in a content world
    /// (`AppSnapshot.evaluation` holds the result).
    case evaluate(String, world: String)
    /// The app calls `callAsyncJavaScript(body, arguments:, contentWorld:)` on the top page.
    case callAsync(String, arguments: [CallArgument], world: String)
    /// The network the app's requests meet: a route added, offline or online again.
    case network(NetworkAction)
}

/// A change to the network (`route`, `offline`, `online`).
public enum NetworkAction: Equatable, Sendable {
    /// From now on the route answers the requests its pattern matches (the last added wins).
    case route(NetworkRoute)
    case offline(Bool)
}

/// One named argument of `callAsyncJavaScript`.
public struct CallArgument: Equatable, Sendable {
    public var name: String
    public var value: ScriptResultValue

    public init(name: String, value: ScriptResultValue) {
        self.name = name
        self.value = value
    }
}

/// The app as its clients see it after an action settled.
///
/// A copy of the host's state that shares its storage: hold it only while looking at it, for
/// as long as a client holds one the host's next change copies what it changes.
public struct AppSnapshot: Sendable {
    public var app: SimulatedApp
    /// How many events the log had counted when the action began: its own events follow.
    public var eventsBefore = 0
    /// Every page URL the host loaded since launch (without fragments), in order, once each:
    /// what a flow depends on, for `run --watch`.
    public var loadedURLs: [String]

    /// When the app's next timer fires, as time since launch (the terminal UI ticks then).
    public var nextTimer: Duration?
    /// The app's time since launch when the snapshot was taken.
    public var time: Duration = .zero
    /// The JavaScript dialog waiting for an answer (`AppAction.answerDialog`); while it is open
    /// nothing else happens to the app.
    public var dialog: OpenDialog?
    /// Why the action was not performed (`a dialog is open: alert "Saved"`); nil when it was.
    public var refusal: String?
    /// What an `evaluate` or `callAsync` action returned, as WebKit hands it to the app; nil
    /// for other actions, when no page runs scripts, or while a `callAsync` Promise waits.
    public var evaluation: ScriptEvaluation?
    /// The app's recent http(s) requests, and how many it had made when the action began.
    public var requestLog = RequestLog()
    public var requestsBefore = 0
    /// The element of the top page that has focus (`document.activeElement` on a page with
    /// scripts; the field last typed into on one without); only in `AppHost.snapshotWithFocus`.
    public var focusedNode: NodeID?

    /// The events the action caused.
    public var newEvents: ArraySlice<AppEvent> { app.eventLog.events(since: eventsBefore) }
    /// The requests the action made.
    public var newRequests: ArraySlice<RequestRecord> { requestLog.requests(since: requestsBefore) }
}

/// How the user answers a JavaScript dialog.
public enum DialogAnswer: Equatable, Sendable {
    /// OK (a `prompt` gives the text in its field: its default text).
    case accept
    /// Cancel (`confirm` gives false, `prompt` null).
    case dismiss
    /// Types this text into a `prompt`'s field (replacing the default) and presses OK.
    case answer(String)
}

/// A JavaScript dialog open over the device: the app's alert controller for `alert`,
/// `confirm` or `prompt`, its script waiting for the answer.
public struct OpenDialog: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case alert, confirm, prompt
    }

    public var kind: Kind
    public var message: String
    /// A `prompt`'s default text (`""` when none); nil for the other kinds.
    public var defaultText: String?
    /// The URL of the page that opened it.
    public var pageURL: String

    public init(kind: Kind, message: String, defaultText: String? = nil, pageURL: String) {
        self.kind = kind
        self.message = message
        self.defaultText = defaultText
        self.pageURL = pageURL
    }

    /// The dialog as messages name it: `alert "Saved"`.
    public var description: String { "\(kind.rawValue) \"\(message)\"" }
}

/// Runs a simulated app: performs the effects its state machine returns (loading pages,
/// running their scripts), on a thread of its own.
///
/// Clients (a flow, the terminal UI) send actions with `perform(_:)`, which returns once
/// the app has settled: every effect performed and every ready task run. The state machine
/// (`SimulatedApp`) is changed only on the host's thread, and only between effects: nothing
/// the host calls out to (the page loader, JavaScriptCore) re-enters it. A script that opens
/// a dialog waits on the host's thread; `perform` returns with `AppSnapshot.dialog` set and
/// the host answers snapshots (and the dialog's answer) from inside the dialog until then.
public final class AppHost: @unchecked Sendable {
    private let worker: HostWorker

    /// A host for a fresh app; `launch` it before anything else. Flows run on virtual time,
    /// the terminal UI on real time.
    /// `websiteData` is where the shared data store starts (`--data DIR`); flows start empty.
    /// `scriptSeed` seeds the pages' `Math.random` (virtual time only). `downloads` is where
    /// the bridge's `app.saveDownload` saves files (none: downloads fail with an event).
    /// `makesScriptEngineAhead` opens JavaScriptCore and compiles the DOM prelude on another
    /// thread at once (when the profile runs scripts), so the first page with scripts shows
    /// sooner: the terminal UI's choice.
    public init(profile: AppProfile, pagesBase: URL, store: PageStore, clock: AppClockMode = .virtual,
                websiteData: WebsiteDataStore? = nil, scriptSeed: UInt64 = 0, downloads: DownloadFolder? = nil,
                makesScriptEngineAhead: Bool = false) {
        let app = SimulatedApp(profile: profile, pagesBase: pagesBase)
        let date = AppDate(mode: clock)
        dataStores = WebsiteDataStores(profile: profile, initial: websiteData, clock: { date.seconds })
        worker = HostWorker(app: app, fetcher: PageFetcher(profile: profile, pagesBase: app.navigator.pagesBase, store: store,
                                                           dataStores: dataStores),
                            clock: AppClock(mode: clock), date: date, scriptSeed: scriptSeed, downloads: downloads)
        if makesScriptEngineAhead && profile.javaScriptEnabled { worker.makeScriptEngineAhead() }
        worker.start()
    }

    /// Every screen's cookies and storage (for page scripts, flow checks and `--data DIR`).
    public let dataStores: WebsiteDataStores

    deinit {
        worker.stop()
    }

    /// Performs an action and waits until the app has settled, or a script opened a dialog;
    /// returns the app as it is then.
    @discardableResult
    public func perform(_ action: AppAction) -> AppSnapshot {
        worker.perform(action)
    }

    /// The app as it is now, once the action in progress (if any) has settled.
    public var snapshot: AppSnapshot { worker.perform(nil) }

    /// The app as it is now, with the top page's focused element (`AppSnapshot.focusedNode`),
    /// which other snapshots leave out: finding it costs a look into the page.
    public var snapshotWithFocus: AppSnapshot { worker.perform(nil, includingFocus: true) }
}

/// The host's thread and everything only it touches.
private final class HostWorker: @unchecked Sendable {
    private let condition = Condition()
    private var queue: [Job] = []
    private var stopped = false
    /// Marks the host thread's calls into page code, which callers watch while they wait.
    private let entryWatch = ScriptEntryWatch()
    /// CPU time in one call into page code after which the web view is given up on: JavaScriptCore's
    /// limit stops plain loops at `scriptTimeLimitMs`; only promise jobs that never end get this far.
    private let hangLimitMs: Double
    /// The app as it was when the web view was given up on (under `condition`): every later
    /// action gets it, refused.
    private var hungApp: SimulatedApp?
    /// The loaded URLs and the time when the web view was given up on.
    private var hungLoads: (urls: [String], time: Duration) = ([], .zero)

    // Only the host thread touches these.
    private var app: SimulatedApp
    private let fetcher: PageFetcher
    private var clock: AppClock
    /// The clock's date as cookies see it (virtual in flows).
    private let date: AppDate
    private var loadedURLs: [String] = []
    private var loadedURLSet: Set<String> = []
    /// Every screen's page: the only code that reads their trees.
    private var pages: WebPages!
    private var translation: PageOutcomeTranslation!
    /// The job whose caller waits for the app to settle, and the event and request counts when it began.
    private var current: (job: Job, eventsBefore: Int, requestsBefore: Int)?
    /// The dialog a script waits on.
    private var dialog: OpenDialog?
    /// Why the current action was not performed.
    private var refusal: String?
    /// The result of the current `evaluate` or `callAsync` action.
    private var evaluation: ScriptEvaluation?

    /// One action waiting for the host (none: only a look at the app), and where its caller
    /// waits for the result.
    private final class Job: @unchecked Sendable {
        let action: AppAction?
        var includesFocus = false
        let done = DispatchSemaphore(value: 0)
        var result: AppSnapshot?

        init(_ action: AppAction?) { self.action = action }
    }

    init(app: SimulatedApp, fetcher: PageFetcher, clock: AppClock, date: AppDate, scriptSeed: UInt64, downloads: DownloadFolder?) {
        self.app = app
        self.fetcher = fetcher
        self.clock = clock
        self.date = date
        let profile = app.navigator.profile
        hangLimitMs = 3 * Double(profile.scriptTimeLimitMs)
        let navigator = app.navigator
        var settings = WebPages.Settings(
            isVirtualClock: clock.mode == .virtual, virtualStartMs: AppClock.virtualStart.timeIntervalSince1970 * 1000,
            seed: scriptSeed, timeLimitMs: profile.scriptTimeLimitMs, hasUIDelegate: profile.uiDelegate,
            userAgent: fetcher.userAgent, presenter: { [weak self] dialog in self?.present(dialog) ?? .cancel })
        settings.bridge = AppBridge.bridge(for: profile, downloads: downloads)
        settings.userScripts = AppBridge.userScripts(for: profile)
        settings.javaScriptEnabled = profile.javaScriptEnabled
        settings.allowFileAccessFromFileURLs = profile.allowFileAccessFromFileURLs
        settings.entryWatch = entryWatch
        translation = PageOutcomeTranslation(profile: profile, timeLimitMs: profile.scriptTimeLimitMs, display: { navigator.displayURL($0) })
        pages = WebPages(settings: settings, host: self)
    }

    func start() {
        Threads.start(name: "webnav app host", stackSize: 8 << 20) { [self] in run() }
    }

    /// Before `start`: the host's thread takes the engine over when a page first needs it.
    func makeScriptEngineAhead() {
        pages.makeEngineAhead()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    func perform(_ action: AppAction?, includingFocus: Bool = false) -> AppSnapshot {
        let job = Job(action)
        job.includesFocus = includingFocus
        condition.lock()
        if let hungApp {
            condition.unlock()
            return hungSnapshot(of: hungApp, eventsBefore: hungApp.eventLog.total,
                                refusal: action == nil ? nil : "the web view hangs in a script (see the script timeout above); nothing more can happen in it")
        }
        queue.append(job)
        condition.signal()
        condition.unlock()
        // The host thread may never come back from page code (`ScriptEntryWatch`): looked at
        // every 50 ms while waiting.
        while job.done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            guard entryWatch.abandon(ifInsideLongerThan: hangLimitMs) else { continue }
            return givenUp()
        }
        return job.result!
    }

    /// The web view was given up on while an action waited: the host thread stays inside page code
    /// for ever and changes nothing more, so its app can be read here. The step gets a script
    /// timeout, as on a device, where the web view would hang.
    private func givenUp() -> AppSnapshot {
        condition.lock()
        defer { condition.unlock() }
        if let hungApp { return hungSnapshot(of: hungApp, eventsBefore: hungApp.eventLog.total, refusal: nil) }
        var hung = app
        let eventsBefore = current?.eventsBefore ?? hung.eventLog.total
        let page = hung.topWebView.map { hung.navigator.displayURL($0.url) } ?? "the page"
        _ = hung.handle(.observed([AppEvent(.scriptTimeout, "script timeout: \(page): a script's promise jobs ran longer than "
            + "\(Int(hangLimitMs)) ms without giving the page its thread back (an await loop), and webnav gave up on the web view; "
            + "on a device the web view would hang")]))
        hungApp = hung
        hungLoads = (loadedURLs, clock.now)
        queue.removeAll()
        return hungSnapshot(of: hung, eventsBefore: eventsBefore, refusal: nil)
    }

    private func hungSnapshot(of hung: SimulatedApp, eventsBefore: Int, refusal: String?) -> AppSnapshot {
        AppSnapshot(app: hung, eventsBefore: eventsBefore, loadedURLs: hungLoads.urls, nextTimer: nil, time: hungLoads.time, dialog: nil,
                    refusal: refusal, evaluation: nil, requestLog: RequestLog(), requestsBefore: 0, focusedNode: nil)
    }

    // MARK: - The host thread

    private func run() {
        while let job = nextJob() {
            current = (job, app.eventLog.total, fetcher.requests.total)
            if let action = job.action { execute(action) }
            finishCurrent()
        }
    }

    /// Hands the waiting caller the app as it is now.
    private func finishCurrent() {
        guard let (job, before, requestsBefore) = current else { return }
        current = nil
        reply(job, eventsBefore: before, requestsBefore: requestsBefore, refusal: refusal)
        refusal = nil
    }

    private func reply(_ job: Job, eventsBefore: Int, requestsBefore: Int? = nil, refusal: String? = nil) {
        // No copy is kept here: when the client lets go of its snapshot, the next change
        // finds the storage unshared and changes it in place (10,000 pushes stay linear).
        let scriptTimer = pages.nextTimer(now: clock.now)
        let nextTimer = [clock.nextDue, scriptTimer].compactMap { $0 }.min()
        job.result = AppSnapshot(app: app, eventsBefore: eventsBefore, loadedURLs: loadedURLs, nextTimer: nextTimer,
                                 time: clock.now, dialog: dialog, refusal: refusal, evaluation: evaluation,
                                 requestLog: fetcher.requests, requestsBefore: requestsBefore ?? fetcher.requests.total,
                                 focusedNode: job.includesFocus ? focusedNode : nil)
        evaluation = nil
        job.done.signal()
    }

    /// The focused element of the top page.
    private var focusedNode: NodeID? {
        guard let screen = app.top?.id else { return nil }
        if pages.runsScripts(screen) { return pages.focusedElement(on: screen) }
        return app.webViews[screen]?.content.focusedNode
    }

    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !stopped { condition.wait() }
        if stopped && queue.isEmpty { return nil }
        return queue.removeFirst()
    }

    /// A script opened a dialog (called by JavaScriptCore, on this thread): the waiting caller
    /// gets the app with the dialog, and the host serves its queue here until an answer comes.
    /// Nothing here touches the state machine.
    private func present(_ script: ScriptDialog) -> ScriptDialogAnswer {
        let kind = OpenDialog.Kind(rawValue: script.kind.rawValue) ?? .alert
        let open = OpenDialog(kind: kind, message: script.message, defaultText: script.defaultText, pageURL: script.pageURL)
        dialog = open
        pages.note(AppEvent(.dialog, "dialog: \(open.description)"))
        finishCurrent()
        while let job = nextJob() {
            guard let action = job.action, action != .tick else {
                reply(job, eventsBefore: app.eventLog.total)
                continue
            }
            guard case .answerDialog(let answer) = action else {
                reply(job, eventsBefore: app.eventLog.total, refusal: "a dialog is open: \(open.description)")
                continue
            }
            if case .answer = answer, kind != .prompt {
                reply(job, eventsBefore: app.eventLog.total, refusal: "answer: the dialog (\(open.description)) has no text field")
                continue
            }
            dialog = nil
            current = (job, app.eventLog.total, fetcher.requests.total)
            switch answer {
            case .accept:
                pages.note(AppEvent(.dialog, "dialog: OK"))
                return .ok(text: kind == .prompt ? open.defaultText ?? "" : nil)
            case .dismiss:
                pages.note(AppEvent(.dialog, "dialog: Cancel"))
                return .cancel
            case .answer(let text):
                pages.note(AppEvent(.dialog, "dialog: answered \"\(text)\""))
                return .ok(text: text)
            }
        }
        dialog = nil
        return .cancel
    }

    private func execute(_ action: AppAction) {
        switch action {
        case .launch:
            apply(.shell(.launch))
        case .navigator(let event):
            if case .urlOpened(let url, let base) = event {
                fetcher.grantReadAccess(toFolderOf: base.flatMap { WebURL($0).resolving(url) } ?? url)
            }
            apply(.navigator(event))
        case .activate(let item):
            if let refusal = app.userInputRefusal("tap") {
                apply(.observed([refusal]))
                return
            }
            guard let screen = app.top?.id else { return }
            apply(outcomes: pages.activate(item, on: screen))
        case .click(let node):
            if let refusal = app.userInputRefusal("tap") {
                apply(.observed([refusal]))
                return
            }
            guard let screen = app.top?.id else { return }
            apply(outcomes: pages.click(node, on: screen))
        case .fill(let node, let text):
            if let refusal = app.userInputRefusal("fill") {
                apply(.observed([refusal]))
                return
            }
            guard let screen = app.top?.id else { return }
            apply(outcomes: pages.fill(node, text: text, on: screen))
        case .select(let select, let option):
            if let refusal = app.userInputRefusal("select") {
                apply(.observed([refusal]))
                return
            }
            guard let screen = app.top?.id else { return }
            apply(outcomes: pages.select(select, option: option, on: screen))
        case .answerDialog:
            refusal = "no dialog is open"
        case .observe(let events):
            apply(.observed(events))
        case .wait(let duration):
            let target = clock.now + duration
            runTimers(upTo: target)
            clock.advance(to: target)
            date.moved(to: clock.date)
            apply(outcomes: pages.advance(to: target))
        case .tick:
            runTimers(upTo: clock.now)
        case .shell(let action):
            if action == .clearData { fetcher.dataStores.removeAll() }
            apply(action.input)
        case .evaluate(let source, let world):
            let (result, outcomes) = pages.evaluate(source, world: world)
            evaluation = result
            apply(outcomes: outcomes)
        case .callAsync(let body, let arguments, let world):
            let (result, outcomes) = pages.callAsync(body, arguments: arguments.map { ($0.name, $0.value) }, world: world)
            evaluation = result
            apply(outcomes: outcomes)
        case .network(.route(let route)):
            fetcher.network.routes.append(route)
        case .network(.offline(let offline)):
            fetcher.network.isOffline = offline
            apply(.observed([AppEvent(.note, offline ? "network: offline" : "network: online")]))
        }
        runTimers(upTo: clock.now)
    }

    /// The URL and screen of a navigation inside a web view (a link, a script), which the
    /// app's navigation delegate sees; nil for URLs from outside the app.
    private static func webViewNavigation(_ event: NavigatorEvent, top: ScreenID?) -> (String, ScreenID?)? {
        switch event {
        case .linkActivated(let url, _): return (url, top)
        case .scriptNavigated(let screen, let url, _): return (url, screen)
        default: return nil
        }
    }

    /// Runs the timers due by `limit`, the app's and the scripts', in order, each settling before
    /// the next. Script timers that the task bound left due wait for the next call.
    private func runTimers(upTo limit: Duration) {
        var scriptsRanTo: Duration?
        while true {
            let appDue = clock.nextDue.flatMap { $0 <= limit ? $0 : nil }
            // Real time: what the engine finds due by its own clock counts as due at `limit`.
            var scriptDue = pages.nextTimer(now: clock.mode == .virtual ? clock.now : limit).flatMap { $0 <= limit ? $0 : nil }
            if let due = scriptDue, let ran = scriptsRanTo, due <= ran { scriptDue = nil }
            if let appDue, scriptDue.map({ appDue <= $0 }) ?? true, let event = clock.takeDue(upTo: limit) {
                _ = appDue
                date.moved(to: clock.date)
                apply(.timerFired(event))
            } else if let scriptDue {
                let time = max(scriptDue, clock.now)
                clock.advance(to: time)
                date.moved(to: clock.date)
                scriptsRanTo = clock.mode == .virtual ? time : clock.now
                apply(outcomes: pages.advance(to: time))
            } else {
                return
            }
        }
    }

    /// Loads a URL into a screen's web view (with a form's body when it was posted) and says
    /// what happened as inputs.
    private func load(_ url: String, into id: ScreenID, post: FormBody?) -> [AppInput] {
        var inputs: [AppInput] = []
        if post == nil, let current = app.webViews[id], current.url != url, WebURL(url).fragment != nil,
           WebURL(current.url).withoutFragment == WebURL(url).withoutFragment {
            // Another fragment of the page shown: the same document scrolls, nothing is fetched.
            inputs.append(.pageLoaded(id, url: url, content: current.content))
            return inputs
        }
        if post == nil, let current = app.webViews[id], current.url != url, let entry = pages.historyEntry(for: url, in: id) {
            // An entry of the live page (`pushState`): the document stays, `popstate` tells it.
            inputs += translation.inputs(for: pages.restoreHistoryEntry(url: url, state: entry.state, on: id))
            inputs.append(.pageLoaded(id, url: url, content: app.webViews[id]?.content ?? current.content))
            return inputs
        }
        pages.close(id)
        fetcher.screenAppeared(id, isRoot: app.navigator.screens.first?.id == id)
        let reload = app.webViews[id].map { WebURL($0.url).withoutFragment == WebURL(url).withoutFragment } ?? false
        let fetched = fetcher.fetch(url, for: id, reload: reload, post: post, from: app.webViews[id]?.content.url)
        waitOut(fetched.delay)
        if loadedURLSet.insert(fetched.content.url).inserted { loadedURLs.append(fetched.content.url) }
        if !fetched.events.isEmpty { inputs.append(.observed(fetched.events)) }
        if let target = fetched.handOff {
            inputs.append(.navigator(.linkActivated(target, target: nil)))
        } else {
            inputs.append(.pageLoaded(id, url: url, content: fetched.content))
        }
        return inputs
    }

    /// A response that arrives late (a route's delay) moves the app's clock on; the timers that
    /// fell due meanwhile run once the load is done, as the step's own `runTimers` does.
    private func waitOut(_ delay: Duration) {
        guard delay > .zero, clock.mode == .virtual else { return }
        clock.advance(to: clock.now + delay)
        date.moved(to: clock.date)
    }

    private func apply(_ inputs: [AppInput]) {
        for input in inputs { apply(input) }
    }

    private func apply(outcomes: [PageOutcome]) {
        apply(translation.inputs(for: outcomes))
    }

    /// Feeds an input to the state machine and performs the effects, and theirs, until none is left.
    private func apply(_ input: AppInput) {
        var pending = [input]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            // The app's decidePolicyFor cancels a web view navigation to an intercept's URL.
            if case .navigator(let event) = next, let (url, screen) = Self.webViewNavigation(event, top: app.top?.id),
               let outcomes = pages.intercept(url, from: screen) {
                pending += translation.inputs(for: outcomes)
                continue
            }
            for effect in app.handle(next) {
                switch effect {
                case .loadPage(let id, let url):
                    pending += load(url, into: id, post: nil)
                case .postPage(let id, let url, let post):
                    pending += load(url, into: id, post: post)
                case .runScripts(let id):
                    pending += translation.inputs(for: pages.runScripts(in: id))
                case .discardScreens(let ids):
                    for id in ids { pages.close(id) }
                    fetcher.screensLeft(ids)
                case .schedule(let event, let delay):
                    clock.schedule(event, after: delay)
                case .checkAlive(let check):
                    let (outcome, events, delay) = fetcher.checkAlive(check)
                    waitOut(delay)
                    if !events.isEmpty { pending.append(.observed(events)) }
                    pending.append(.shell(.launchCheckAnswered(outcome)))
                }
            }
        }
    }
}

extension HostWorker: WebPagesHost {
    func content(of screen: ScreenID) -> PageContent? {
        app.webViews[screen]?.content
    }

    var topScreen: ScreenID? { app.top?.id }

    func webViewURL(of screen: ScreenID) -> String? {
        app.webViews[screen]?.url
    }

    /// A screen's page reaches resources through the fetcher's rules, its data store's storage,
    /// and its cookie store (none for a `file:` page).
    func services(for screen: ScreenID, pageURL: String) -> PageServices {
        let data = fetcher.dataStores.data(for: screen)
        let isFile = WebURL(pageURL).normalizedScheme == "file"
        let storage = ScreenStorage(local: data.localStorage, session: fetcher.dataStores.sessionStorage(for: screen))
        let cookies = ScreenCookies(isFile ? CookieStore() : data.cookies)
        let fetcher = self.fetcher
        let history = app.navigator.screens.first { $0.id == screen }?.history.count ?? 1
        return PageServices(resources: { fetcher.scriptResource($0, for: screen, pageURL: pageURL) }, storage: storage,
                            cookies: cookies, historyLength: history)
    }
}
