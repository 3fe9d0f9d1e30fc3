import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading
import NavigatorCore

/// `localStorage` or `sessionStorage` shared by the host's thread and page scripts: a
/// `WebStorage` value behind a lock (what WebKit's storage area is to a page).
public final class StorageStore: @unchecked Sendable {
    private let lock = Lock()
    private var stored: WebStorage

    public init(_ storage: WebStorage = WebStorage()) {
        stored = storage
    }

    /// A copy of every origin's items now.
    public var storage: WebStorage {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Changes the storage under the lock (`WebStorage.origin(of:)` gives a page's origin,
    /// nil for a page that may not use storage).
    public func update<T>(_ change: (inout WebStorage) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return change(&stored)
    }
}

/// One website data store as the host keeps it (WKWebsiteDataStore): cookies and `localStorage`.
public final class WebsiteData: Sendable {
    public let cookies: CookieStore
    public let localStorage: StorageStore
    /// Whether `--data DIR` keeps it between runs (the shared store, never a per-screen one).
    public let isPersistent: Bool

    init(cookies: CookieStore, localStorage: StorageStore, isPersistent: Bool) {
        self.cookies = cookies
        self.localStorage = localStorage
        self.isPersistent = isPersistent
    }

    /// Its contents as a value, for `--data DIR`.
    public var contents: WebsiteDataStore {
        WebsiteDataStore(cookies: cookies.jar, localStorage: localStorage.storage, isPersistent: isPersistent)
    }
}

/// Every screen's website data: the shared store (every screen's, or with `"dataStore":
/// "perScreen"` the root's while each pushed screen gets a fresh non-persistent one), and each
/// web view's own `sessionStorage`.
///
/// Thread-safe: the host changes it as screens come and go, page scripts and flow checks read
/// it from their threads.
public final class WebsiteDataStores: @unchecked Sendable {
    public let shared: WebsiteData
    private let lock = Lock()
    private var perScreen: [ScreenID: WebsiteData] = [:]
    private var sessions: [ScreenID: StorageStore] = [:]
    private let profile: AppProfile
    private let policy: CookiePolicy
    private let clock: @Sendable () -> Double

    /// The stores of a fresh app run, the shared one starting from `initial` (`--data DIR`);
    /// `clock` gives the app's time in seconds since 1970 (virtual in flows).
    init(profile: AppProfile, initial: WebsiteDataStore?, clock: @escaping @Sendable () -> Double) {
        self.profile = profile
        self.clock = clock
        policy = CookiePolicy.webKit(platformVersion: profile.platformVersion)
        var jar = initial?.cookies ?? CookieJar(policy: policy)
        jar.policy = policy
        shared = WebsiteData(cookies: CookieStore(jar: jar, clock: clock), localStorage: StorageStore(initial?.localStorage ?? WebStorage()),
                             isPersistent: true)
        setProfileCookies(in: shared.cookies)
    }

    /// The store a screen's web view uses.
    public func data(for screen: ScreenID) -> WebsiteData {
        lock.lock()
        defer { lock.unlock() }
        return perScreen[screen] ?? shared
    }

    /// A screen's `sessionStorage` (made on first use, gone with the screen).
    public func sessionStorage(for screen: ScreenID) -> StorageStore {
        lock.lock()
        defer { lock.unlock() }
        if let store = sessions[screen] { return store }
        let store = StorageStore()
        sessions[screen] = store
        return store
    }

    /// A screen appeared: with `perScreen` data stores a pushed one gets a fresh, non-persistent store.
    func screenAppeared(_ screen: ScreenID, isRoot: Bool) {
        lock.lock()
        guard !isRoot, profile.dataStore == .perScreen, perScreen[screen] == nil else {
            lock.unlock()
            return
        }
        let data = WebsiteData(cookies: CookieStore(jar: CookieJar(policy: policy), clock: clock), localStorage: StorageStore(),
                               isPersistent: false)
        perScreen[screen] = data
        lock.unlock()
        setProfileCookies(in: data.cookies)
    }

    /// Screens left the stack: their per-screen stores and `sessionStorage` go with them.
    func screensLeft(_ screens: [ScreenID]) {
        lock.lock()
        defer { lock.unlock() }
        for screen in screens {
            perScreen[screen] = nil
            sessions[screen] = nil
        }
    }

    /// `clear data` (`WKWebsiteDataStore.removeData` of every type): every store is emptied.
    /// The profile's cookies are not set again: the app sets them at launch.
    func removeAll() {
        lock.lock()
        let stores = [shared] + Array(perScreen.values)
        let sessionStores = Array(sessions.values)
        lock.unlock()
        for data in stores {
            data.cookies.update { jar, _ in jar.removeAll() }
            data.localStorage.update { $0 = WebStorage(quota: $0.quota) }
        }
        for store in sessionStores { store.update { $0 = WebStorage(quota: $0.quota) } }
    }

    /// The profile's cookies, set as the app's `WKHTTPCookieStore` setup sets them.
    private func setProfileCookies(in store: CookieStore) {
        let cookies = profile.cookies
        guard !cookies.isEmpty else { return }
        store.update { jar, now in
            for cookie in cookies { jar.set(cookie.cookie(now: now), now: now) }
        }
    }
}

/// The app's time as cookies and storage see it: the wall clock in the terminal UI, the
/// virtual clock in flows (set by the host as its clock moves).
final class AppDate: @unchecked Sendable {
    private let lock = Lock()
    private var virtualSeconds: Double?

    /// Virtual mode starts at `AppClock.virtualStart`; real mode reads the system clock.
    init(mode: AppClockMode) {
        virtualSeconds = mode == .virtual ? AppClock.virtualStart.timeIntervalSince1970 : nil
    }

    var seconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return virtualSeconds ?? Date().timeIntervalSince1970
    }

    /// Virtual mode: the clock moved to `date`.
    func moved(to date: Date) {
        lock.lock()
        defer { lock.unlock() }
        if virtualSeconds != nil { virtualSeconds = date.timeIntervalSince1970 }
    }
}
