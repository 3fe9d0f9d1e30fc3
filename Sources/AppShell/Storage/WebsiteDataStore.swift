#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore

/// What a WKWebsiteDataStore holds for the simulated app: cookies and `localStorage`.
/// (`sessionStorage` belongs to a web view, not to the store: each screen keeps its own.)
public struct WebsiteDataStore: Equatable, Sendable {
    public var cookies: CookieJar
    public var localStorage: WebStorage
    /// Whether `--data DIR` keeps it between runs (never for a per-screen store).
    public var isPersistent: Bool

    public init(cookies: CookieJar = CookieJar(), localStorage: WebStorage = WebStorage(), isPersistent: Bool) {
        self.cookies = cookies
        self.localStorage = localStorage
        self.isPersistent = isPersistent
    }

    /// A fresh store for a screen pushed under `mode`: nil means "use the shared one".
    public static func forNewScreen(mode: AppProfile.DataStore, policy: CookiePolicy) -> WebsiteDataStore? {
        switch mode {
        case .shared: return nil
        case .perScreen: return WebsiteDataStore(cookies: CookieJar(policy: policy), isPersistent: false)
        }
    }
}

/// `--data DIR`: the shared store's persistent cookies and `localStorage`, as two small JSON
/// files, each written to a temporary file and renamed over the old one.
public struct DataDirectory: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    public var cookiesPath: String { path + "/cookies.json" }
    public var localStoragePath: String { path + "/localStorage.json" }

    struct CookiesFile: Codable {
        var version: Int
        var cookies: [Cookie]
    }

    struct StorageFile: Codable {
        var version: Int
        var quota: Int
        var origins: [String: [[String]]]
    }

    /// Reads the store (empty when the folder has no files yet); a damaged file is an error
    /// naming it.
    public func load(policy: CookiePolicy, now: Double) throws(DataDirectoryError) -> WebsiteDataStore {
        var store = WebsiteDataStore(cookies: CookieJar(policy: policy), isPersistent: true)
        if let data = FileManager.default.contents(atPath: cookiesPath) {
            guard let file = try? JSONDecoder().decode(CookiesFile.self, from: data), file.version == 1 else {
                throw DataDirectoryError(path: cookiesPath, reason: "not a webnav cookies file")
            }
            for cookie in file.cookies where !cookie.isExpired(at: now) {
                store.cookies.set(cookie, now: now)
            }
        }
        if let data = FileManager.default.contents(atPath: localStoragePath) {
            guard let file = try? JSONDecoder().decode(StorageFile.self, from: data), file.version == 1 else {
                throw DataDirectoryError(path: localStoragePath, reason: "not a webnav localStorage file")
            }
            store.localStorage = WebStorage(quota: file.quota)
            for (origin, pairs) in file.origins.sorted(by: { $0.key < $1.key }) {
                for pair in pairs where pair.count == 2 {
                    _ = store.localStorage.setItem(pair[0], pair[1], origin: origin)
                }
            }
        }
        return store
    }

    /// Writes the store's persistent cookies (session cookies end with the run) and its
    /// `localStorage`.
    public func save(_ store: WebsiteDataStore, now: Double) throws(DataDirectoryError) {
        guard store.isPersistent else { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryError(path: path, reason: "cannot create the folder")
        }
        let cookies = store.cookies.cookies.filter { $0.expires != nil && !$0.isExpired(at: now) }.sorted { $0.creationIndex < $1.creationIndex }
        var origins: [String: [[String]]] = [:]
        for (origin, area) in store.localStorage.areas {
            origins[origin] = area.keys.map { [$0, area.getItem($0) ?? ""] }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try write(encoder.encode(CookiesFile(version: 1, cookies: cookies)), to: cookiesPath)
            try write(encoder.encode(StorageFile(version: 1, quota: store.localStorage.quota, origins: origins)), to: localStoragePath)
        } catch let error as DataDirectoryError {
            throw error
        } catch {
            throw DataDirectoryError(path: path, reason: "cannot encode the store")
        }
    }

    /// Writes to `PATH.tmp-PID` then renames it over `PATH`, so a reader never sees half a file;
    /// a page's bidi overrides and C1 controls are written as `\uXXXX`, never raw.
    private func write(_ data: Data, to destination: String) throws(DataDirectoryError) {
        let temporary = "\(destination).tmp-\(ProcessInfo.processInfo.processIdentifier)"
        let text = JSONText.escapingUnsafe(String(decoding: data, as: UTF8.self))
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw DataDirectoryError(path: temporary, reason: "cannot write")
        }
        guard rename(temporary, destination) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw DataDirectoryError(path: destination, reason: "cannot replace")
        }
    }
}

/// A `--data DIR` file that could not be read or written: one line naming it.
public struct DataDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}
