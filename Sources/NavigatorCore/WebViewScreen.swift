import URLKit

/// Identifies a screen for the whole run (never reused).
public struct ScreenID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// One entry of a web view's own history.
public struct PageVisit: Equatable, Sendable {
    /// Absolute URL; `about:blank` for a screen pushed without a url.
    public var url: String
    /// The page's `<title>`, once the page has loaded.
    public var title: String?
    /// The body a form posted to `url` for this entry: a reload or a step back to it sends it
    /// again (WKWebView's `formResubmitted` navigation). Nil for a GET.
    public var post: FormBody?

    public init(url: String, title: String? = nil, post: FormBody? = nil) {
        self.url = url
        self.title = title
        self.post = post
    }
}

/// A native screen of the stack, holding a web view with its own history.
public struct WebViewScreen: Equatable, Sendable {
    public var id: ScreenID
    /// The deeplink configuration it was pushed with; nil for a root without a title.
    public var configuration: DeeplinkConfiguration?
    public var appearance: BarAppearance
    public var history: [PageVisit]
    public var historyIndex: Int

    public init(id: ScreenID, configuration: DeeplinkConfiguration?, page: PageVisit) {
        self.id = id
        self.configuration = configuration
        self.appearance = BarAppearance(configuration: configuration)
        self.history = [page]
        self.historyIndex = 0
    }

    /// The page the web view shows.
    public var currentPage: PageVisit { history[historyIndex] }

    /// Whether the web view can go back in its own history.
    public var canGoBack: Bool { historyIndex > 0 }

    /// The name flows and the stack panel use: bar title, else page `<title>`, else the URL's last path component.
    public var label: String {
        if !appearance.title.isEmpty { return appearance.title }
        if let title = currentPage.title, !title.isEmpty { return title }
        return Self.lastPathComponent(of: currentPage.url)
    }

    static func lastPathComponent(of url: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        while path.hasSuffix("/") { path = path.dropLast() }
        if let slash = path.lastIndex(of: "/") { path = path[path.index(after: slash)...] }
        if let colon = path.lastIndex(of: ":"), !path.contains("/") { path = path[path.index(after: colon)...] }
        return path.isEmpty ? url : String(path)
    }

    /// Adds a page to the web view's history, dropping any forward entries.
    mutating func visit(_ url: String, post: FormBody? = nil) {
        history.removeSubrange((historyIndex + 1)...)
        history.append(PageVisit(url: url, post: post))
        historyIndex = history.count - 1
    }
}
