#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A request a page makes for a resource: a `<script src>`, `fetch` or `XMLHttpRequest`.
public struct ScriptResourceRequest: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case script, styleSheet, fetch, xhr
        /// An `<img>` or `<iframe>` the markup names: webnav loads neither; the host answers
        /// with what WebKit's console says of it (mixed content).
        case image, frame
        /// A same-origin iframe's document, which the engine loads into its own window.
        case frameDocument
    }

    /// How the request treats other origins (the Fetch standard's request mode).
    public enum Mode: String, Equatable, Sendable {
        /// `fetch` by default, `XMLHttpRequest`: another origin must allow the page (CORS).
        case cors
        /// `<script src>`, style sheets, `fetch(…, {mode: "no-cors"})`: another origin's
        /// response is opaque to scripts (a script still runs).
        case noCORS = "no-cors"
        /// `fetch(…, {mode: "same-origin"})`: another origin fails at once.
        case sameOrigin = "same-origin"
    }

    /// Whether the request carries cookies (the Fetch standard's credentials mode).
    public enum Credentials: String, Equatable, Sendable {
        case omit
        /// `fetch`'s default and `XMLHttpRequest` without `withCredentials`: only to the page's origin.
        case sameOrigin = "same-origin"
        /// `credentials: "include"`, `withCredentials = true`.
        case include
    }

    public var kind: Kind
    /// The absolute URL.
    public var url: String
    public var method: String
    public var headers: [(name: String, value: String)]
    public var body: Data?
    public var mode: Mode
    public var credentials: Credentials

    public init(kind: Kind, url: String, method: String = "GET", headers: [(name: String, value: String)] = [],
                body: Data? = nil, mode: Mode? = nil, credentials: Credentials = .sameOrigin) {
        self.kind = kind
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.mode = mode ?? (kind == .fetch || kind == .xhr ? .cors : .noCORS)
        self.credentials = credentials
    }

    public static func == (left: ScriptResourceRequest, right: ScriptResourceRequest) -> Bool {
        left.kind == right.kind && left.url == right.url && left.method == right.method && left.body == right.body
            && left.mode == right.mode && left.credentials == right.credentials
            && left.headers.map(\.name) == right.headers.map(\.name) && left.headers.map(\.value) == right.headers.map(\.value)
    }
}

/// A resource as the host's loader returned it.
public struct ScriptResourceResponse: Sendable {
    /// What a script may see of a response (the Fetch standard's response type).
    public enum Kind: String, Sendable {
        /// From the page's own origin.
        case basic
        /// From another origin that allowed the page: only the exposed headers.
        case cors
        /// From another origin in `no-cors` mode: status 0, no headers, no body.
        case opaque
    }

    public var status: Int
    public var statusText: String
    /// The URL after redirects (the request's when there were none).
    public var url: String
    /// The headers the script may read.
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// How much later the response arrives, in clock milliseconds (a route's `delay`): `fetch`
    /// and `XMLHttpRequest` settle in a task that late.
    public var delayMilliseconds: Double = 0
    public var kind: Kind

    public init(status: Int = 200, statusText: String = "OK", url: String,
                headers: [(name: String, value: String)] = [], body: Data, kind: Kind = .basic) {
        self.status = status
        self.statusText = statusText
        self.url = url
        self.headers = headers
        self.body = body
        self.kind = kind
    }
}

/// Reads resources for a page's scripts; called on the engine's thread (synchronously: the
/// runtime delivers `fetch` and `XMLHttpRequest` results in a later task, as a browser does).
/// A failure is a network error, with a reason for the console.
public typealias ScriptResourceReader = (ScriptResourceRequest) -> Result<ScriptResourceResponse, ScriptResourceError>

/// Why a resource could not be read.
public struct ScriptResourceError: Error, Equatable, Sendable {
    public var message: String
    /// What WebKit's console says about it (`Origin … is not allowed by
    /// Access-Control-Allow-Origin. …`), before the script learns of the failure.
    public var console: [ConsoleLine]
    /// What the app would need for the request to go through, when a setting of the app's
    /// allows it (`allowFileAccessFromFileURLs`); shown as webnav's own `blocked:` event.
    public var remedy: String?
    /// The URL refused, for the `blocked:` event.
    public var url: String?

    /// `console`: errors, as most refusals are.
    public init(_ message: String, console: [String] = []) {
        self.message = message
        self.console = console.map { ConsoleLine(.error, $0) }
    }

    public init(_ message: String, lines: [ConsoleLine]) {
        self.message = message
        console = lines
    }
}

/// A line WebKit itself writes to a page's console (not the page's own `console.log`).
public struct ConsoleLine: Equatable, Sendable {
    public var level: ConsoleLevel
    public var text: String

    public init(_ level: ConsoleLevel, _ text: String) {
        self.level = level
        self.text = text
    }
}

/// `localStorage` and `sessionStorage`, one area per origin and kind.
public protocol WebStorage: AnyObject {
    /// The keys of an area in insertion order.
    func keys(origin: String, kind: WebStorageKind) -> [String]
    func value(forKey key: String, origin: String, kind: WebStorageKind) -> String?
    /// Stores a value; false when the area's quota would be exceeded (the value is not stored).
    func setValue(_ value: String, forKey key: String, origin: String, kind: WebStorageKind) -> Bool
    func removeValue(forKey key: String, origin: String, kind: WebStorageKind)
    func clear(origin: String, kind: WebStorageKind)
}

/// Which storage area.
public enum WebStorageKind: String, Sendable {
    case local, session
}

/// Web storage kept in memory for one engine, with WebKit's quota of 5 MB per area
/// (counted as UTF-16 code units of keys and values, two bytes each).
public final class InMemoryWebStorage: WebStorage {
    public static let quotaBytes = 5 * 1024 * 1024

    private struct Area {
        var keys: [String] = []
        var values: [String: String] = [:]
        var bytes = 0
    }

    private var areas: [String: Area] = [:]

    public init() {}

    private func name(_ origin: String, _ kind: WebStorageKind) -> String { kind.rawValue + " " + origin }

    public func keys(origin: String, kind: WebStorageKind) -> [String] { areas[name(origin, kind)]?.keys ?? [] }

    public func value(forKey key: String, origin: String, kind: WebStorageKind) -> String? {
        areas[name(origin, kind)]?.values[key]
    }

    public func setValue(_ value: String, forKey key: String, origin: String, kind: WebStorageKind) -> Bool {
        var area = areas[name(origin, kind)] ?? Area()
        let old = area.values[key]
        let bytes = area.bytes + 2 * value.utf16.count - 2 * (old?.utf16.count ?? -key.utf16.count)
        guard bytes <= Self.quotaBytes else { return false }
        if old == nil { area.keys.append(key) }
        area.values[key] = value
        area.bytes = bytes
        areas[name(origin, kind)] = area
        return true
    }

    public func removeValue(forKey key: String, origin: String, kind: WebStorageKind) {
        guard var area = areas[name(origin, kind)], let old = area.values.removeValue(forKey: key) else { return }
        area.keys.removeAll { $0 == key }
        area.bytes -= 2 * (old.utf16.count + key.utf16.count)
        areas[name(origin, kind)] = area
    }

    public func clear(origin: String, kind: WebStorageKind) {
        areas[name(origin, kind)] = nil
    }
}

/// `document.cookie` for pages whose URL has cookies (not `file:`, as in WebKit).
public protocol CookieJar: AnyObject {
    /// The `name=value; name2=value2` string a page at this URL reads.
    func cookieString(for url: String) -> String
    /// Stores one `Set-Cookie`-style string written by a page at this URL.
    func setCookie(_ cookie: String, for url: String)
}

/// Cookies kept in memory: name/value pairs per host, honouring `max-age=0`/past `expires`
/// deletions; path, domain and secure attributes are not modelled.
public final class InMemoryCookieJar: CookieJar {
    private var cookies: [String: [(name: String, value: String)]] = [:]

    public init() {}

    private func host(_ url: String) -> String {
        URLComponents(string: url)?.host?.lowercased() ?? ""
    }

    public func cookieString(for url: String) -> String {
        (cookies[host(url)] ?? []).map { $0.name.isEmpty ? $0.value : "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    public func setCookie(_ cookie: String, for url: String) {
        let parts = cookie.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = parts.first else { return }
        let pair = first.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = pair.count == 2 ? pair[0].trimmingSpaces() : ""
        let value = (pair.count == 2 ? pair[1] : pair[0]).trimmingSpaces()
        var expired = false
        for attribute in parts.dropFirst() {
            let item = attribute.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces().lowercased() }
            if item.first == "max-age", let seconds = item.last.flatMap({ Int($0) }), seconds <= 0 { expired = true }
            if item.first == "expires", item.count == 2, item[1].contains("1970") { expired = true }
        }
        let key = host(url)
        var list = cookies[key] ?? []
        list.removeAll { $0.name == name }
        if !expired { list.append((name, value)) }
        cookies[key] = list
    }
}
