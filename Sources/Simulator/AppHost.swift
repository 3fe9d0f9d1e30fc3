import AppShell
import Foundation
import NavigatorCore
import PageKit
import URLKit

/// Something a user, a flow or the terminal UI does to the app.
public enum AppAction: Equatable, Sendable {
    /// Start the app: the root screen loads.
    case launch
    /// An event for the navigation engine: a URL from outside, a bar button, back, reload.
    case navigator(NavigatorEvent)
    /// A tap on a link or button of the top page.
    case activate(PageItem)
    /// Events from outside the app to put in its log (the profile's warnings at launch).
    case observe([AppEvent])
    /// Virtual time (flows): move the clock on, running every timer that falls due, in order.
    case wait(Duration)
    /// Real time (the terminal UI): run the timers due by now.
    case tick
    /// The app shell: lifecycle, notifications, website data (`ShellAction`).
    case shell(ShellAction)
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

    /// The events the action caused.
    public var newEvents: ArraySlice<AppEvent> { app.eventLog.events(since: eventsBefore) }
}

/// Runs a simulated app: performs the effects its state machine returns (loading pages,
/// later running their scripts), on a thread of its own.
///
/// Clients (a flow, the terminal UI) send actions with `perform(_:)`, which returns once
/// the app has settled: every effect performed and every ready task run. The state machine
/// (`SimulatedApp`) is changed only on the host's thread, and only between effects: nothing
/// the host calls out to (the page loader, later JavaScriptCore) re-enters it.
public final class AppHost: @unchecked Sendable {
    private let worker: HostWorker

    /// A host for a fresh app; `launch` it before anything else. Flows run on virtual time,
    /// the terminal UI on real time.
    /// `websiteData` is where the shared data store starts (`--data DIR`); flows start empty.
    public init(profile: AppProfile, pagesBase: URL, store: PageStore, clock: AppClockMode = .virtual,
                websiteData: WebsiteDataStore? = nil) {
        let app = SimulatedApp(profile: profile, pagesBase: pagesBase)
        let date = AppDate(mode: clock)
        dataStores = WebsiteDataStores(profile: profile, initial: websiteData, clock: { date.seconds })
        worker = HostWorker(app: app, fetcher: PageFetcher(profile: profile, pagesBase: app.navigator.pagesBase, store: store,
                                                           dataStores: dataStores),
                            clock: AppClock(mode: clock), date: date)
        worker.start()
    }

    /// Every screen's cookies and storage (for page scripts, flow checks and `--data DIR`).
    public let dataStores: WebsiteDataStores

    deinit {
        worker.stop()
    }

    /// Performs an action and waits until the app has settled; returns the app as it is then.
    @discardableResult
    public func perform(_ action: AppAction) -> AppSnapshot {
        worker.perform(action)
    }

    /// The app as it is now, once the action in progress (if any) has settled.
    public var snapshot: AppSnapshot { worker.perform(nil) }
}

/// The host's thread and everything only it touches.
private final class HostWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var stopped = false

    // Only the host thread touches these.
    private var app: SimulatedApp
    private let fetcher: PageFetcher
    private var clock: AppClock
    /// The clock's date as cookies see it (virtual in flows).
    private let date: AppDate
    private var loadedURLs: [String] = []
    private var loadedURLSet: Set<String> = []

    /// One action waiting for the host (none: only a look at the app), and where its caller
    /// waits for the result.
    private final class Job: @unchecked Sendable {
        let action: AppAction?
        let done = DispatchSemaphore(value: 0)
        var result: AppSnapshot?

        init(_ action: AppAction?) { self.action = action }
    }

    init(app: SimulatedApp, fetcher: PageFetcher, clock: AppClock, date: AppDate) {
        self.app = app
        self.fetcher = fetcher
        self.clock = clock
        self.date = date
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "webnav app host"
        thread.stackSize = 8 << 20
        thread.start()
    }

    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    func perform(_ action: AppAction?) -> AppSnapshot {
        let job = Job(action)
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
        job.done.wait()
        return job.result!
    }

    // MARK: - The host thread

    private func run() {
        while let job = nextJob() {
            let before = app.eventLog.total
            if let action = job.action { execute(action) }
            // No copy is kept here: when the client lets go of its snapshot, the next change
            // finds the storage unshared and changes it in place (10,000 pushes stay linear).
            job.result = AppSnapshot(app: app, eventsBefore: before, loadedURLs: loadedURLs, nextTimer: clock.nextDue,
                                     time: clock.now)
            job.done.signal()
        }
    }

    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !stopped { condition.wait() }
        if stopped && queue.isEmpty { return nil }
        return queue.removeFirst()
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
            guard let url = item.url else {
                apply(.observed([AppEvent(.page, "tap: \"\(item.text)\" does nothing (no link or form)")]))
                return
            }
            apply(.navigator(.linkActivated(url, target: item.target)))
        case .observe(let events):
            apply(.observed(events))
        case .wait(let duration):
            let target = clock.now + duration
            runTimers(upTo: target)
            clock.advance(to: target)
            date.moved(to: clock.date)
        case .tick:
            runTimers(upTo: clock.now)
        case .shell(let action):
            if action == .clearData { fetcher.dataStores.removeAll() }
            apply(action.input)
        }
        runTimers(upTo: clock.now)
    }

    /// Runs the timers due by `limit`, in order, each settling before the next.
    private func runTimers(upTo limit: Duration) {
        while let event = clock.takeDue(upTo: limit) {
            date.moved(to: clock.date)
            apply(.timerFired(event))
        }
    }

    /// Feeds an input to the state machine and performs the effects, and theirs, until none is left.
    private func apply(_ input: AppInput) {
        var pending = [input]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            for effect in app.handle(next) {
                switch effect {
                case .loadPage(let id, let url):
                    if let current = app.webViews[id], current.url != url, WebURL(url).fragment != nil,
                       WebURL(current.url).withoutFragment == WebURL(url).withoutFragment {
                        // Another fragment of the page shown: the same document scrolls, nothing is fetched.
                        pending.append(.pageLoaded(id, url: url, content: current.content))
                        continue
                    }
                    fetcher.screenAppeared(id, isRoot: app.navigator.screens.first?.id == id)
                    let reload = app.webViews[id].map { WebURL($0.url).withoutFragment == WebURL(url).withoutFragment } ?? false
                    let fetched = fetcher.fetch(url, for: id, reload: reload)
                    if loadedURLSet.insert(fetched.content.url).inserted { loadedURLs.append(fetched.content.url) }
                    if !fetched.events.isEmpty { pending.append(.observed(fetched.events)) }
                    if let target = fetched.handOff {
                        pending.append(.navigator(.linkActivated(target, target: nil)))
                    } else {
                        pending.append(.pageLoaded(id, url: url, content: fetched.content))
                    }
                case .discardScreens(let ids):
                    fetcher.screensLeft(ids)
                case .schedule(let event, let delay):
                    clock.schedule(event, after: delay)
                case .checkAlive(let check):
                    let (outcome, events) = fetcher.checkAlive(check)
                    if !events.isEmpty { pending.append(.observed(events)) }
                    pending.append(.shell(.launchCheckAnswered(outcome)))
                }
            }
        }
    }
}
