#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PageKit

/// Runs the page scripts of one simulated app: one JavaScriptCore virtual machine, the event
/// loop (tasks and timers of every page), the clock and the records pages produce.
///
/// Every call happens on one thread at a time: the host's engine thread, or the thread that made
/// the engine and warmed it up before handing it over with a lock (JavaScriptCore allows a
/// context group on several threads when they synchronise). The only calls back into the host
/// are the dialog presenter and the resource readers, both on the host's thread.
public final class ScriptEngine {
    /// How the engine behaves.
    public struct Configuration {
        /// A task (a script, a timer, an event) running longer than this is stopped
        /// (`scriptTimeLimitMs` in the profile).
        public var timeLimitMs: Int = 2000
        /// At most this many tasks run per `runUntilIdle` or `advance`.
        public var taskBound: Int = 10_000
        public var clock: ScriptClock = .virtual()
        /// Seeds `Math.random` (virtual clock only: with the real clock it stays random).
        public var seed: UInt64 = 0
        /// `navigator.userAgent`.
        public var userAgent: String = ScriptEngine.defaultUserAgent
        /// False simulates an app without a WKUIDelegate: `alert` returns at once, `confirm`
        /// gives false, `prompt` null, each with a `dialogSkipped` record.
        public var hasUIDelegate: Bool = true
        /// WKWebView's `allowFileAccessFromFileURLs`: without it a `file:` page's origin is
        /// opaque (`self.origin` is `"null"`).
        public var allowFileAccessFromFileURLs = false
        /// Shows a dialog and blocks until the user answers (on the engine's thread; the host
        /// answers from another). Without one, every dialog is answered at once with OK.
        public var dialogPresenter: ((ScriptDialog) -> ScriptDialogAnswer)?
        public var storage: WebStorage = InMemoryWebStorage()
        public var cookies: CookieJar = InMemoryCookieJar()
        /// The app's native side: message handlers, intercepts, the `app` object's values.
        public var bridge = ScriptBridge()
        /// The longest value that crosses between a page and the app (`ScriptBridge.maximumMessageLength`).
        public var messageLimit = ScriptBridge.maximumMessageLength
        /// Marks every call into page code, so that the host can tell one that never returns.
        public var entryWatch: ScriptEntryWatch?

        public init() {}
    }

    /// An iPhone's WKWebView user agent (no `Version/…Safari` part: apps' web views lack it).
    public static let defaultUserAgent =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"

    public let configuration: Configuration
    let machine: JavaScriptMachine
    private(set) var loop = EventLoop()
    /// Open pages, held weakly: a page the host lets go simply stops (its timers with it).
    private var pages: [Int: WeakPage] = [:]
    private var nextPageID = 1
    private var records: [ScriptRecord] = []
    private var virtualNow: Double
    /// Tasks run since the current `runUntilIdle`/`advance` began.
    private var tasksRun = 0
    /// The CPU time when the current task began (for the microtask bound).
    private(set) var taskStartCPU: Double = 0
    /// Virtual clock: how many times the running task has read the clock, and its latest reading
    /// (`readClock`).
    private var taskClockReads = 0
    private var taskClockLatest: Double?
    /// The timer nesting level of the running timer callback (0 outside one).
    var timerNestingLevel = 0
    /// The DOM prelude, converted once per machine (and so compiled once per machine).
    var prelude: JavaScriptSource { machine.prelude }
    /// The native side, when the app has handlers or intercepts.
    private(set) var nativeApp: NativeApp?
    /// Work of the engine's own waiting in the loop, by token (`EventLoop.Work.job`).
    private var jobs: [Int: () -> Void] = [:]
    private var nextJob = 1
    /// The page the host shows on top; nil for the newest open page.
    public weak var topPage: ScriptPage?

    /// Makes an engine, loading JavaScriptCore on first use, on the machine of an engine that
    /// has gone when there is one (its compiled code is kept: `JavaScriptMachine`).
    public init(configuration: Configuration = Configuration()) throws(ScriptEngineError) {
        self.configuration = configuration
        machine = try JavaScriptMachine.pool.take()
        machine.setTimeLimit(seconds: Double(max(configuration.timeLimitMs, 1)) / 1000)
        machine.entryWatch = configuration.entryWatch
        switch configuration.clock {
        case .virtual(let start): virtualNow = start
        case .real: virtualNow = 0
        }
        if !configuration.bridge.isEmpty { nativeApp = NativeApp(engine: self, bridge: configuration.bridge) }
    }

    /// The machine goes back to the pool once the engine's own contexts are released.
    deinit {
        nativeApp = nil
        jobs.removeAll()
        records.removeAll()
        let machine = self.machine
        machine.entryWatch = nil
        JavaScriptMachine.pool.giveBack(machine)
    }

    /// Installs the DOM prelude once in a page that is never shown and takes no page number,
    /// so that the first real page finds the prelude compiled in JavaScriptCore's cache (the
    /// first install in a process parses 250 KB of JavaScript and runs it cold: about 20 ms,
    /// against 2–3 ms for each later one). Records nothing.
    public func warmUp() {
        let page = ScriptPage(engine: self, id: 0, url: "about:blank", resources: { _ in .failure(ScriptResourceError("not loaded")) },
                              userScripts: [], historyLength: 1, seed: nil, storage: configuration.storage,
                              cookies: configuration.cookies)
        page.installPageWorld()
        page.discardUnshown()
    }

    /// The page `app.evaluate` and `app.callAsync` run in: `topPage`, else the newest open page.
    var frontPage: ScriptPage? {
        if let topPage, !topPage.isClosed { return topPage }
        return pages.keys.sorted(by: >).lazy.compactMap { self.pages[$0]?.page }.first { !$0.isClosed }
    }

    /// Whether the app cancels a navigation to this URL and handles it natively (an intercept);
    /// if so, the intercept's function runs in a later task. For links the host follows itself;
    /// navigations scripts start are checked before they become records.
    public func interceptNavigation(to url: String, from page: ScriptPage? = nil) -> Bool {
        nativeApp?.intercept(url: url, page: page) ?? false
    }

    /// The clock's time, in milliseconds since 1970.
    public var now: Double {
        switch configuration.clock {
        case .virtual: return virtualNow
        case .real: return Date().timeIntervalSince1970 * 1000
        }
    }

    var isVirtual: Bool {
        if case .virtual = configuration.clock { return true }
        return false
    }

    /// Loads a page into a fresh global object and runs it until its `load` event has fired.
    ///
    /// Scripts run as the parser reaches them; records (console, errors, navigations…) wait
    /// for the next `takeRecords`, `runUntilIdle` or `advance`.
    ///
    /// `storage` and `cookies` replace the configuration's for this page (a host whose screens
    /// have their own data stores or `sessionStorage`).
    public func loadPage(_ source: PageSource, url: String, resources: @escaping ScriptResourceReader,
                         userScripts: [UserScript] = [], historyLength: Int = 1, storage: WebStorage? = nil,
                         cookies: CookieJar? = nil, response: PageResponse = PageResponse()) -> ScriptPage {
        let id = nextPageID
        nextPageID += 1
        let page = ScriptPage(engine: self, id: id, url: url, resources: resources, userScripts: userScripts,
                              historyLength: historyLength, seed: pageSeed(id), storage: storage ?? configuration.storage,
                              cookies: cookies ?? configuration.cookies, response: response)
        pages[id] = WeakPage(page: page)
        beginTask()
        page.load(source)
        return page
    }

    /// A page that loaded without a script context, given one over its tree as it is
    /// (`ScriptPage.adopt`): the app evaluates JavaScript in it, or it has only `on…` handlers.
    public func adoptPage(_ document: HTMLDocument, state: DocumentState, url: String, firingLoadEvents: Bool,
                          resources: @escaping ScriptResourceReader, userScripts: [UserScript] = [], historyLength: Int = 1,
                          storage: WebStorage? = nil, cookies: CookieJar? = nil, response: PageResponse = PageResponse()) -> ScriptPage {
        let id = nextPageID
        nextPageID += 1
        let page = ScriptPage(engine: self, id: id, url: url, resources: resources, userScripts: userScripts,
                              historyLength: historyLength, seed: pageSeed(id), storage: storage ?? configuration.storage,
                              cookies: cookies ?? configuration.cookies, response: response)
        pages[id] = WeakPage(page: page)
        beginTask()
        page.adopt(document, state: state, firingLoadEvents: firingLoadEvents)
        return page
    }

    /// Runs every task that is ready (posted tasks, then timers due now), draining microtasks
    /// after each, up to the task bound; returns the records made since the last call.
    public func runUntilIdle() -> [ScriptRecord] {
        tasksRun = 0
        runReadyTasks()
        return takeRecords()
    }

    /// Moves the virtual clock forward, running the timers that come due in order (each at its
    /// own time) and then everything ready; returns the records made since the last call.
    public func advance(by milliseconds: Double) -> [ScriptRecord] {
        advance(to: now + max(0, milliseconds))
    }

    /// Moves the virtual clock to a time (never backwards); see `advance(by:)`. With the real
    /// clock, runs what is ready.
    public func advance(to time: Double) -> [ScriptRecord] {
        tasksRun = 0
        guard isVirtual else {
            runReadyTasks()
            return takeRecords()
        }
        while tasksRun < configuration.taskBound, let timer = loop.earliestTimer(), timer.due <= time {
            virtualNow = max(virtualNow, timer.due)
            if !runReadyTasks() { break }
        }
        if tasksRun < configuration.taskBound {
            virtualNow = max(virtualNow, time)
            runReadyTasks()
        } else {
            virtualNow = max(virtualNow, time)
        }
        return takeRecords()
    }

    /// When the earliest timer is due (clock milliseconds), for a real-time loop to sleep until.
    public var nextTimerDate: Double? {
        loop.earliestTimer()?.due
    }

    /// Whether a posted task is waiting (a real-time loop should run `runUntilIdle` at once).
    public var hasReadyTasks: Bool {
        var loop = self.loop
        return loop.hasTasks || (loop.earliestTimer().map { $0.due <= now } ?? false)
    }

    /// The records made since the last call.
    public func takeRecords() -> [ScriptRecord] {
        defer { records.removeAll() }
        return records
    }

    // MARK: - Internal

    /// Runs ready tasks until none is left or the bound is reached; false when the bound stopped it.
    @discardableResult
    private func runReadyTasks() -> Bool {
        while true {
            if tasksRun >= configuration.taskBound {
                records.append(ScriptRecord(page: ScriptPage.ID(rawValue: 0), pageURL: "", output: .taskBoundReached))
                return false
            }
            if let task = loop.nextTask() {
                tasksRun += 1
                if case .job(let token) = task.work {
                    beginTask()
                    jobs.removeValue(forKey: token)?()
                    continue
                }
                guard let page = pages[task.page]?.page else { continue }
                beginTask()
                page.runTask(world: task.world, work: task.work)
                page.afterTask()
            } else if let timer = loop.takeDueTimer(now: now) {
                tasksRun += 1
                guard let page = pages[timer.page]?.page else { continue }
                beginTask()
                timerNestingLevel = min(timer.nestingLevel + 1, EventLoop.maxNestingLevel)
                page.runTimer(world: timer.world, id: timer.id, repeating: timer.interval != nil)
                timerNestingLevel = 0
                page.afterTask()
            } else {
                return true
            }
        }
    }

    func beginTask() {
        taskStartCPU = cpuMilliseconds()
        if let latest = taskClockLatest { virtualNow = Self.wholeMilliseconds(from: virtualNow, to: latest) }
        taskClockReads = 0
        taskClockLatest = nil
    }

    /// How far the virtual clock moves at each read of it within a task, in milliseconds (1 µs).
    static let clockReadStep = 0.001

    /// The time a page's script reads (`Date.now()`, `new Date()`, `performance.now()`), in
    /// milliseconds since 1970.
    ///
    /// On the virtual clock time moves within a task as the task reads it: the first read gives
    /// the task's virtual time, and each later read in the same task 1 µs more, so a script
    /// that waits for the clock (`while (Date.now() - t0 < 50) {}`) ends after the time it asks
    /// for, about as long in real time, and every run reads the same times. The next task
    /// starts at the last reading's whole millisecond: no time a script sees goes back.
    func readClock() -> Double {
        guard isVirtual else { return now }
        let reading = virtualNow + Double(taskClockReads) * Self.clockReadStep
        taskClockReads += 1
        taskClockLatest = reading
        return reading
    }

    /// The time a timer set now counts from: the task's clock as its script last read it, in
    /// whole milliseconds (a timer set after a busy-wait is due after it), else the virtual time.
    private var timerBase: Double {
        guard isVirtual, let latest = taskClockLatest else { return now }
        return Self.wholeMilliseconds(from: virtualNow, to: latest)
    }

    /// `start` moved by the whole milliseconds a task's clock reads went past it: the
    /// microseconds of reading the clock do not move timers or the next task off the
    /// milliseconds a flow waits in, and no reading a script sees (whole milliseconds) goes back.
    static func wholeMilliseconds(from start: Double, to latest: Double) -> Double {
        start + max(0, latest - start).rounded(.down)
    }

    /// Whether the running task has used more CPU time than the time limit.
    var taskIsOverBudget: Bool {
        cpuMilliseconds() - taskStartCPU > Double(configuration.timeLimitMs)
    }

    func record(_ output: ScriptOutput, page: ScriptPage) {
        records.append(ScriptRecord(page: page.id, pageURL: page.url, output: output))
    }

    func post(_ task: EventLoop.Task) {
        loop.post(task)
    }

    /// Runs work of the engine's own in a later task.
    func postJob(_ body: @escaping () -> Void) {
        let token = nextJob
        nextJob += 1
        jobs[token] = body
        loop.post(EventLoop.Task(page: 0, world: 0, work: .job(token)))
    }

    func record(_ output: ScriptOutput, pageID: ScriptPage.ID, url: String) {
        records.append(ScriptRecord(page: pageID, pageURL: url, output: output))
    }

    /// Sets a timer for a page and returns nothing: the page chose the id.
    func setTimer(page: Int, world: Int, id: Int, delay: Double, repeating: Bool) {
        let nesting = timerNestingLevel
        let interval = EventLoop.clampedInterval(delay, repeating: repeating, nestingLevel: nesting)
        loop.addTimer(EventLoop.Timer(page: page, world: world, id: id, due: timerBase + interval,
                                      interval: repeating ? interval : nil, requestedInterval: delay,
                                      nestingLevel: nesting, sequence: 0))
    }

    func clearTimer(page: Int, id: Int) {
        loop.removeTimer(page: page, id: id)
    }

    func pageClosed(_ page: ScriptPage) {
        pages[page.id.rawValue] = nil
        loop.removePage(page.id.rawValue)
    }

    /// The seed of a page's `Math.random`: the engine's seed mixed with the page's number
    /// (SplitMix64), so pages differ but each run is the same.
    private func pageSeed(_ page: Int) -> UInt64? {
        guard isVirtual else { return nil }
        var z = configuration.seed &+ UInt64(page) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The source of an external script, reused while its bytes stay the same: by every engine
    /// of this machine.
    func scriptSource(url: String, bytes: Data) -> JavaScriptSource {
        machine.scriptSource(url: url, bytes: bytes, decode: ScriptPage.decodeScript)
    }

    func ask(_ dialog: ScriptDialog) -> ScriptDialogAnswer {
        configuration.dialogPresenter?(dialog) ?? .ok(text: dialog.defaultText)
    }
}

private struct WeakPage {
    weak var page: ScriptPage?
}

/// The engine's clock.
public enum ScriptClock: Sendable {
    /// Stands still until the host advances it; starts at 2026-01-01T09:41:00Z by default.
    case virtual(startingAt: Double = ScriptClock.flowEpoch)
    /// The system's clock (the terminal UI).
    case real

    /// 2026-01-01T09:41:00Z in milliseconds since 1970.
    public static let flowEpoch: Double = 1_767_260_460_000
}

/// The bytes or text of a page.
public enum PageSource: Sendable {
    /// Bytes whose encoding is sniffed (BOM, `<meta charset>`, else UTF-8).
    case bytes(Data)
    case text(String)
    /// A parse that ran without scripts up to its first pause for them (`pause`, which the page
    /// handles first), and the bytes it parses: the page continues it, so it is parsed once.
    case paused(PausedParse)
}

/// What the response that brought a page said that its scripts are held to.
public struct PageResponse: Sendable {
    /// The HTTP status (200 for files), reported in `securitypolicyviolation` events.
    public var status: Int
    /// The `Content-Security-Policy` header fields.
    public var contentSecurityPolicy: [String]
    /// The MIME type's essence when it is an XML one (`application/xhtml+xml`, `image/svg+xml`,
    /// …): the page is then parsed as an XML document; nil for HTML.
    public var xmlContentType: String?

    public init(status: Int = 200, contentSecurityPolicy: [String] = [], xmlContentType: String? = nil) {
        self.status = status
        self.contentSecurityPolicy = contentSecurityPolicy
        self.xmlContentType = xmlContentType
    }

    /// Whether a MIME type (its essence) is an XML one (MIME Sniffing §4.6, "XML MIME type").
    public static func isXMLType(_ essence: String) -> Bool {
        essence == "text/xml" || essence == "application/xml" || (essence.hasSuffix("+xml") && essence.contains("/"))
    }
}

/// An HTML parse stopped at a pause a script host must handle (`<html>` made for the user
/// scripts, or a `</script>`), before anything ran: a value, so every page that loads it
/// continues its own copy.
public struct PausedParse: @unchecked Sendable {
    // @unchecked: HTMLParser holds only values (arrays, Data, strings, enums), like HTMLDocument.
    public var parser: HTMLParser
    public var pause: HTMLParserPause
    public var bytes: Data

    public init(parser: HTMLParser, pause: HTMLParserPause, bytes: Data) {
        self.parser = parser
        self.pause = pause
        self.bytes = bytes
    }
}

/// A script the app adds to every page (`WKUserScript`).
public struct UserScript: Equatable, Sendable {
    public enum InjectionTime: String, Equatable, Sendable {
        /// Right after `<html>` is created, before any page script.
        case documentStart
        /// After the `DOMContentLoaded` listeners, before `load`.
        case documentEnd
    }

    public var source: String
    public var injectionTime: InjectionTime
    public var forMainFrameOnly: Bool
    /// The content world: `page`, `defaultClient` or any name.
    public var world: String
    /// The name errors and stack traces give the script.
    public var sourceURL: String

    public init(source: String, injectionTime: InjectionTime, forMainFrameOnly: Bool = true, world: String = "page",
                sourceURL: String = "user-script") {
        self.source = source
        self.injectionTime = injectionTime
        self.forMainFrameOnly = forMainFrameOnly
        self.world = world
        self.sourceURL = sourceURL
    }
}

/// The CPU time of this thread in milliseconds.
func cpuMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}
