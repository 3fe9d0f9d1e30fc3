#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading
import PageKit
import ScriptRuntime

/// How a web view parses the pages it loads.
public struct ParseMode: Hashable, Sendable {
    /// JavaScript is on (the profile's `javaScriptEnabled`): `<noscript>` holds raw text, and
    /// the parse stops at the first script for the engine to continue.
    public var scriptingEnabled: Bool
    /// The app's user scripts run on every page: the engine takes the parse over as soon as
    /// `<html>` is made (scripting on only).
    public var runsUserScripts: Bool

    public init(scriptingEnabled: Bool, runsUserScripts: Bool = false) {
        self.scriptingEnabled = scriptingEnabled
        self.runsUserScripts = runsUserScripts && scriptingEnabled
    }

    /// Markup parsed as without a script engine (`dump`, tests).
    public static let plain = ParseMode(scriptingEnabled: false)
}

/// A page as one web view holds it: its own document at a version, and that document's layouts.
///
/// A value: copying it copies the document lazily (copy on write). Every change to the tree
/// makes a new version with a new, empty layout cache, so a layout is never stale; unchanged
/// copies (two screens showing one static page) share their layouts.
public struct PageContent: Sendable {
    /// The URL the page was loaded from, without its fragment.
    public private(set) var url: String
    /// The tree: only the engine reads it (clients ask the content's queries).
    private(set) var document: HTMLDocument
    /// Changes whenever `document` or `title` does.
    public private(set) var version: Int
    /// The page title (the document's `<title>`, or what a script set).
    public private(set) var title: String?
    public private(set) var isErrorPage: Bool
    /// What went wrong reading the page that the page itself does not show (an unknown charset).
    public private(set) var warnings: [String]
    /// The page's file as it was when read (for a `file:` page): a later change means the
    /// page shown is out of date.
    public internal(set) var fileStamp: FileStamp?
    /// The style sheets the page links to, read when it loaded.
    public private(set) var styleSheets: LinkedStyleSheets
    /// Focus, typed values and checkedness as the page's scripts and inputs left them.
    private(set) var state = DocumentState()
    /// Whether the web view runs scripts (the profile's `javaScriptEnabled`): `<noscript>` is
    /// hidden and `@media (scripting)` matches, as in WKWebView.
    public var scriptsEnabled = false
    /// Whether the document is the live tree of the page's scripts (not the plain parse).
    public private(set) var isScripted = false
    /// Whether the page has something to run as it loads: a `<script>` or an `on…` handler
    /// attribute. A page without runs no script and loads no JavaScriptCore.
    public let hasScripts: Bool
    /// Whether it has `javascript:` links: its scripts start when one is tapped.
    public let hasScriptURLs: Bool
    /// The parse, stopped where the page's scripts (or the app's user scripts) must take
    /// over: the engine continues it, so a page is parsed once. The document is the tree up to
    /// there until then. Nil when the parse ran to its end.
    public internal(set) var pausedParse: PausedParse?
    /// What the response said that the page's scripts are held to (its status and
    /// Content-Security-Policy).
    public internal(set) var response = PageResponse()
    /// The method of the request that answered with this page: `POST` for a posted form (and
    /// its 307/308 redirects), else `GET`.
    public var method = "GET"
    private var layouts: LayoutCache

    /// A page freshly loaded.
    /// `paused`: the parse stopped at a script, so the page has one.
    init(url: String, document: HTMLDocument, title: String?, isErrorPage: Bool = false, warnings: [String] = [],
                styleSheets: LinkedStyleSheets = LinkedStyleSheets(), paused: Bool = false) {
        self.url = url
        self.document = document
        self.title = title
        self.isErrorPage = isErrorPage
        self.warnings = warnings
        self.styleSheets = styleSheets
        version = 0
        layouts = LayoutCache()
        (hasScripts, hasScriptURLs) = paused ? (true, false) : Self.scripts(in: document)
    }

    /// A page loaded by PageKit's loader.
    init(_ loaded: LoadedPage) {
        self.init(url: loaded.url.absoluteString, document: loaded.document, title: loaded.title, isErrorPage: loaded.isErrorPage,
                  warnings: loaded.warnings, styleSheets: loaded.styleSheets)
    }

    /// A page parsed from the bytes a load answered with, as `mode` says: to its end, or to
    /// where scripts take over (`pausedParse`). Its style sheets are read through
    /// `readStyleSheet` (nil when one cannot be read).
    public static func parsing(_ bytes: Data, url: String, mode: ParseMode, response: PageResponse = PageResponse(),
                               readStyleSheet: (URL) -> Data?) -> PageContent {
        var parser = HTMLParser(bytes: bytes, options: HTMLParser.Options(scriptingEnabled: mode.scriptingEnabled))
        var paused: PausedParse?
        parsing: while true {
            let pause = parser.resume()
            switch pause {
            case .documentElementCreated where mode.runsUserScripts, .script where mode.scriptingEnabled:
                paused = PausedParse(parser: parser, pause: pause, bytes: bytes)
                break parsing
            case .documentElementCreated, .script, .customElement:
                continue
            case .needsInput, .finished:
                break parsing
            }
        }
        let document = parser.document
        let styleSheets = LinkedStyleSheets(document: document, pageURL: url, read: readStyleSheet)
        var content = PageContent(url: url, document: document, title: document.title, warnings: parser.warnings, styleSheets: styleSheets,
                                  paused: paused != nil)
        content.pausedParse = paused
        content.response = response
        return content
    }

    /// The rest of a paused parse run without scripts (no engine could be made): the whole tree.
    func finishingParseWithoutScripts() -> PageContent {
        guard var parser = pausedParse?.parser else { return self }
        while true {
            switch parser.resume() {
            case .needsInput, .finished:
                var content = self
                content.pausedParse = nil
                content.replaceDocument(parser.document, title: parser.document.title, state: state, isScripted: false)
                return content
            default: continue
            }
        }
    }

    /// A page the web view makes itself (WebKit's page for a failed load), from its markup.
    public static func errorPage(html: String, url: String) -> PageContent {
        let document = HTMLParser.parse(html)
        return PageContent(url: url, document: document, title: document.title, isErrorPage: true)
    }

    /// An empty page (`about:blank`).
    public static func blank(url: String = "about:blank") -> PageContent {
        PageContent(url: url, document: HTMLParser.parse(""), title: nil)
    }

    /// The page laid out with `options`, computed once per version and options.
    public func layout(_ options: LayoutOptions) -> PageLayout {
        layouts.layout(options) {
            var options = options
            options.scriptsEnabled = scriptsEnabled
            var state = self.state
            if let fragment = options.targetFragment { state.fragment = fragment }
            return PageLayoutEngine.layout(document, baseURL: URL(string: url) ?? URL(string: "about:blank")!, options: options,
                                           styleSheets: styleSheets, state: state)
        }
    }

    /// Replaces the document (a script changed it), making a new version.
    mutating func replaceDocument(_ document: HTMLDocument, title: String?, state: DocumentState = DocumentState(),
                                  styleSheets: LinkedStyleSheets? = nil, isScripted: Bool = true) {
        self.document = document
        self.title = title
        self.state = state
        if let styleSheets { self.styleSheets = styleSheets }
        self.isScripted = isScripted
        version += 1
        layouts = LayoutCache()
    }

    /// Whether an attribute can be an event handler content attribute: `on` and an event's
    /// name in ASCII letters (`onclick`, `onload`; not `onclick-free`).
    static func isEventHandlerName(_ name: String) -> Bool {
        name.utf8.count > 2 && name.hasPrefix("on") && name.utf8.dropFirst(2).allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }

    /// Whether a link's `href` is a `javascript:` URL (leading whitespace and case as URLs allow).
    public static func isScriptURL(_ href: String) -> Bool {
        href.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).lowercased().hasPrefix("javascript:")
    }

    /// Whether a parsed document has scripts to run as it loads (`webnav dump` asks before it
    /// opens an app on the page).
    public static func hasScripts(_ document: HTMLDocument) -> Bool {
        scripts(in: document).onLoad
    }

    private static func scripts(in document: HTMLDocument) -> (onLoad: Bool, inLinks: Bool) {
        // An iframe's document loads through the script engine (its frames' windows), so a page
        // with one gets a script page as a page with scripts does.
        var onLoad = !document.elements(named: "script").isEmpty || (document.mayContainFrames && !document.elements(named: "iframe").isEmpty)
        var inLinks = false
        for raw in 0..<document.arenaCount where !onLoad {
            guard let node = document.node(rawValue: raw), document.kind(of: node) == .element else { continue }
            for attribute in document.attributes(of: node) {
                if isEventHandlerName(attribute.name) { onLoad = true }
                if attribute.name == "href", isScriptURL(attribute.value) { inLinks = true }
            }
        }
        return (onLoad, inLinks)
    }
}

/// The layouts of one version of a document: the few most recently used options.
///
/// Shared by the copies of a `PageContent` and thread-safe (flows lay pages out on their
/// `--jobs` threads). Only a handful of widths are kept: resizing the terminal through fifty
/// widths must not keep fifty layouts of a large page.
final class LayoutCache: @unchecked Sendable {
    /// How many layouts one version keeps (least recently used goes first).
    static let capacity = 3

    private let lock = Lock()
    private var entries: [(options: LayoutOptions, layout: PageLayout)] = []

    func layout(_ options: LayoutOptions, compute: () -> PageLayout) -> PageLayout {
        lock.lock()
        if let index = entries.firstIndex(where: { $0.options == options }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            lock.unlock()
            return entry.layout
        }
        lock.unlock()
        let layout = compute()
        lock.lock()
        defer { lock.unlock() }
        if !entries.contains(where: { $0.options == options }) {
            entries.append((options, layout))
            if entries.count > Self.capacity { entries.removeFirst() }
        }
        return layout
    }

    /// How many layouts are kept (for tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}

extension HTMLDocument {
    /// The link (`<a href>` or `<area href>`) a node is part of: itself or its nearest such ancestor.
    static func enclosingLink(of node: NodeID, in document: HTMLDocument) -> NodeID? {
        var current: NodeID? = node
        while let candidate = current {
            if let name = document.name(of: candidate), name == "a" || name == "area", document.attribute("href", of: candidate) != nil {
                return candidate
            }
            current = document.parent(of: candidate)
        }
        return nil
    }
}
