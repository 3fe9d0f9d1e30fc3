import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
@testable import WebEngine
import TestSupport
import XCTest

/// The app's state machine: inputs in, whole effect lists out.
final class SimulatedAppTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let home = PageContent(url: "file:///app/Pages/index.html", document: HTMLParser.parse("<title>Home</title>"), title: "Home")

    func testLaunchAsksTheHostToLoadTheRootThenTakesThePage() {
        var app = SimulatedApp(profile: .builtIn, pagesBase: base)
        XCTAssertEqual(app.handle(.navigator(.appLaunched)), [.loadPage(ScreenID(1), url: "file:///app/Pages/index.html")])
        XCTAssertNil(app.topWebView, "nothing shows before the page has loaded")
        XCTAssertEqual(app.handle(.pageLoaded(ScreenID(1), url: "file:///app/Pages/index.html", content: home)), [])
        XCTAssertEqual(app.top?.currentPage, PageVisit(url: "file:///app/Pages/index.html", title: "Home"))
        XCTAssertEqual(app.topWebView?.loadNumber, 1)
        XCTAssertEqual(Array(app.eventLog.events), [AppEvent(.launch, "launch: index.html")])
    }

    func testPushPopAndWhatOpensOutside() {
        var app = SimulatedApp(profile: .builtIn, pagesBase: base)
        _ = app.handle(.navigator(.appLaunched))
        _ = app.handle(.pageLoaded(ScreenID(1), url: "file:///app/Pages/index.html", content: home))
        XCTAssertEqual(app.handle(.navigator(.linkActivated("mkwebview://webview?url=a.html&title=A", target: nil))),
                       [.loadPage(ScreenID(2), url: "file:///app/Pages/a.html")])
        XCTAssertEqual(app.handle(.navigator(.rightButtonTapped)), [.discardScreens([ScreenID(2)])])
        XCTAssertEqual(app.handle(.navigator(.linkActivated("tel:1", target: nil))), [])
        XCTAssertEqual(app.presentations, [SystemPresentation(kind: .external, url: "tel:1")])
        XCTAssertEqual(Array(app.eventLog.events.map(\.text)), [
            "launch: index.html", "deeplink: mkwebview://webview?url=a.html&title=A → push", "push: a.html",
            "pop: A", "opened externally: tel:1",
        ])
    }

    func testALoadForAScreenThatLeftIsIgnored() {
        var app = SimulatedApp(profile: .builtIn, pagesBase: base)
        _ = app.handle(.navigator(.appLaunched))
        XCTAssertEqual(app.handle(.pageLoaded(ScreenID(7), url: "file:///x.html", content: home)), [])
        XCTAssertTrue(app.webViews.isEmpty)
    }

    func testAChangedTitleRenamesTheScreen() {
        var app = SimulatedApp(profile: .builtIn, pagesBase: base)
        _ = app.handle(.navigator(.appLaunched))
        _ = app.handle(.pageLoaded(ScreenID(1), url: "file:///app/Pages/index.html", content: home))
        var changed = home
        changed.replaceDocument(home.document, title: "Renamed")
        XCTAssertEqual(app.handle(.pageChanged(ScreenID(1), content: changed)), [])
        XCTAssertEqual(app.top?.label, "Renamed")
        XCTAssertEqual(app.topWebView?.content.version, 1)
        XCTAssertEqual(app.topWebView?.loadNumber, 1, "a change in place is not a new load")
    }

    func testTheEventLogIsBoundedAndCountsEverything() {
        var app = SimulatedApp(profile: .builtIn, pagesBase: base)
        let events = (0..<(EventLog.capacity * 2 + 10)).map { AppEvent(.console, "console.log: \($0)") }
        _ = app.handle(.observed(events))
        XCTAssertEqual(app.eventLog.total, EventLog.capacity * 2 + 10)
        XCTAssertEqual(app.eventLog.events.count, EventLog.capacity)
        XCTAssertEqual(app.eventLog.events.first?.text, "console.log: \(EventLog.capacity + 10)")
        XCTAssertEqual(Array(app.eventLog.events(since: app.eventLog.total - 2).map(\.text)),
                       ["console.log: \(EventLog.capacity * 2 + 8)", "console.log: \(EventLog.capacity * 2 + 9)"])
    }
}

/// The host: effects performed against a page store, on its own thread.
final class AppHostTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)

    private let pages = [
        "/app/Pages/index.html": "<title>Home</title><a href='mkwebview://webview?url=a.html&title=A'>A</a> <a href='tel:1'>Call</a> <button>Nothing</button>",
        "/app/Pages/a.html": "<title>Page A</title><p>Alpha</p>",
    ]

    private func host(_ files: [String: String], store: PageStore? = nil) -> AppHost {
        let host = AppHost(profile: .builtIn, pagesBase: base, store: store ?? PageStore(reader: InMemoryPages(files: files)))
        host.perform(.launch)
        return host
    }

    func testLaunchLoadsTheRootAndRecordsItsTitle() {
        let app = host(pages).snapshot.app
        XCTAssertEqual(app.navigator.screens.count, 1)
        XCTAssertEqual(app.top?.currentPage, PageVisit(url: base.absoluteString + "index.html", title: "Home"))
        XCTAssertEqual(app.topWebView?.content.title, "Home")
        XCTAssertEqual(Array(app.eventLog.events), [AppEvent(.launch, "launch: index.html")])
    }

    func testActionsArePerformedUntilSettled() {
        let host = host(pages)
        let items = host.snapshot.app.layout(of: ScreenID(1), width: 78).items
        XCTAssertEqual(items.map(\.text), ["A", "Call", "Nothing"])
        var app = host.perform(.activate(items[0])).app
        XCTAssertEqual(Set(app.webViews.keys), [ScreenID(1), ScreenID(2)])
        XCTAssertEqual(app.topWebView?.content.title, "Page A")
        app = host.perform(.navigator(.rightButtonTapped)).app
        XCTAssertEqual(Set(app.webViews.keys), [ScreenID(1)], "a popped screen's page is dropped")
        app = host.perform(.activate(items[1])).app
        XCTAssertEqual(app.presentations, [SystemPresentation(kind: .external, url: "tel:1")])
        app = host.perform(.activate(items[2])).app
        XCTAssertEqual(Array(app.eventLog.events.map(\.text)), [
            "launch: index.html", "deeplink: mkwebview://webview?url=a.html&title=A → push", "push: a.html",
            "pop: A", "opened externally: tel:1", "tap: \"Nothing\" does nothing (no link or form)",
        ])
    }

    /// A store that does not load remote pages answers every http(s) load at once with a failure
    /// (the linter runs flows this way).
    func testAStoreWithoutTheNetworkFailsRemoteLoadsAtOnce() {
        let store = PageStore(reader: InMemoryPages(files: pages), loadsRemotePages: false)
        let host = host(pages, store: store)
        let app = host.perform(.navigator(.urlOpened("https://example.com/page", base: nil))).app
        XCTAssertEqual(Array(app.eventLog.events.map(\.text)), [
            "launch: index.html", "load: https://example.com/page",
            "load failed: https://example.com/page (error -1004: Could not connect to the server. (not loaded: this run does not reach the network))",
        ])
        XCTAssertEqual(app.topWebView?.content.isErrorPage, true)
    }

    func testEachPageIsReadOncePerStore() {
        let reader = InMemoryPages(files: pages)
        let store = PageStore(reader: reader)
        for _ in 0..<5 {
            let host = host(pages, store: store)
            host.perform(.navigator(.urlOpened("mkwebview://webview?url=a.html", base: nil)))
            host.perform(.navigator(.reloadRequested))
            _ = host.snapshot.app.layout(of: ScreenID(2), width: 40)
        }
        XCTAssertEqual(reader.reads, ["/app/Pages/index.html": 1, "/app/Pages/a.html": 1])
    }

    func testThreadsOpeningOnePageAtOnceReadItOnce() {
        let reader = SlowPages(files: pages)
        let store = PageStore(reader: reader)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            _ = store.page(at: "file:///app/Pages/a.html")
        }
        XCTAssertEqual(reader.reads, 1)
    }

    func testLayoutsAreCachedPerVersionAndWidthAndOnlyAFewAreKept() {
        let content = host(pages).snapshot.app.webViews[ScreenID(1)]!.content
        XCTAssertEqual(content.layout(LayoutOptions(width: 40)), content.layout(LayoutOptions(width: 40)))
        for width in 20..<70 { _ = content.layout(LayoutOptions(width: width)) }
        XCTAssertEqual(host(pages).snapshot.app.layout(of: ScreenID(99), width: 40), PageLayout(), "no screen, no lines")
        var changed = content
        changed.replaceDocument(HTMLParser.parse("<p>Changed</p>"), title: nil)
        XCTAssertEqual(changed.layout(LayoutOptions(width: 40)).lines.map(\.text), ["Changed"])
        XCTAssertEqual(content.layout(LayoutOptions(width: 40)).lines.map(\.text), ["A Call [Nothing]"], "the old version keeps its own")
    }

    func testMissingPageAndBlankPage() {
        let host = host(pages)
        var app = host.perform(.navigator(.urlOpened("mkwebview://webview?url=gone.html&title=G", base: nil))).app
        XCTAssertEqual(app.topWebView?.content.isErrorPage, true)
        XCTAssertEqual(app.top?.currentPage.title, "Error")
        XCTAssertTrue(app.layout(of: app.top!.id, width: 60).lines.map(\.text).joined(separator: "\n").contains("/app/Pages/gone.html"))
        app = host.perform(.navigator(.urlOpened("mkwebview://webview?title=Blank", base: nil))).app
        XCTAssertEqual(app.topWebView?.content.title, nil)
        XCTAssertEqual(app.layout(of: app.top!.id, width: 60).lines, [])
        XCTAssertEqual(app.top?.label, "Blank")
    }

    func testRevalidatingStoreReparsesAChangedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("p.html")
        try Data("<title>One</title>".utf8).write(to: page)
        let store = PageStore(reader: FilePageReader(), revalidates: true)
        XCTAssertEqual(store.page(at: page.absoluteString).title, "One")
        try Data("<title>Two, longer</title>".utf8).write(to: page)
        XCTAssertEqual(store.page(at: page.absoluteString).title, "Two, longer")
        let fixed = PageStore(reader: FilePageReader(), revalidates: false)
        XCTAssertEqual(fixed.page(at: page.absoluteString).title, "Two, longer")
        try Data("<title>Three</title>".utf8).write(to: page)
        XCTAssertEqual(fixed.page(at: page.absoluteString).title, "Two, longer", "without revalidation a page is parsed once")
    }

    func testStackDescription() {
        let host = host(pages)
        let app = host.perform(.navigator(.urlOpened("mkwebview://webview?url=a.html&title=A&leftBtn=true&navigationColor=%23000", base: nil))).app
        XCTAssertEqual(StackDescription.lines(of: app), [
            "stack (bottom to top):",
            "  1. Home  index.html  no bar (status #FFFFFF)",
            "  2. A  a.html  bar: title \"A\", ‹, nav #000000, tint #292F33, status #FFFFFF",
        ])
    }
}

/// Pages that take a while to read, counting reads: two threads asking at once must share one read.
private final class SlowPages: PageReader, @unchecked Sendable {
    private let lock = NSLock()
    private let files: [String: String]
    private var count = 0

    init(files: [String: String]) { self.files = files }

    var reads: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func canonicalPath(_ url: URL) -> String? { FileReadAccess.lexicalPath(url.path) }

    func read(_ url: URL) throws -> Data {
        lock.lock()
        count += 1
        lock.unlock()
        Thread.sleep(forTimeInterval: 0.05)
        return Data((files[url.path] ?? "").utf8)
    }
}

/// `#fragment` URLs: the web view starts at the anchor, and another fragment of the page shown
/// scrolls the same document without fetching it again.
final class AnchorTests: XCTestCase {
    func testAnchorsAndSameDocumentNavigation() {
        let reader = InMemoryPages(files: [
            "/app/Pages/index.html": "<title>Home</title><a href='#end'>to end</a>" + (1...40).map { "<p>Line \($0)</p>" }.joined()
                + "<h2 id=end>The end</h2><a name='old'>Old style</a><p>bye</p>",
        ])
        let host = AppHost(profile: .builtIn, pagesBase: URL(fileURLWithPath: "/app/Pages/", isDirectory: true), store: PageStore(reader: reader))
        host.perform(.launch)
        var app = host.snapshot.app
        XCTAssertEqual(app.initialScrollOffset(of: ScreenID(1), width: 40), 0)
        let link = app.layout(of: ScreenID(1), width: 40).items[0]
        app = host.perform(.activate(link)).app
        XCTAssertEqual(app.top?.currentPage.url, "file:///app/Pages/index.html#end")
        let lines = app.layout(of: ScreenID(1), width: 40).lines.map(\.text)
        XCTAssertEqual(lines[app.initialScrollOffset(of: ScreenID(1), width: 40)], "The end")
        app = host.perform(.navigator(.urlOpened("index.html#old", base: "file:///app/Pages/"))).app
        XCTAssertEqual(lines[app.initialScrollOffset(of: ScreenID(1), width: 40)], "Old style", "an <a name> anchor")
        XCTAssertEqual(reader.reads, ["/app/Pages/index.html": 1], "fragments of the page shown are not fetched again")
        app = host.perform(.navigator(.backGesturePerformed)).app
        XCTAssertEqual(app.top?.currentPage.url, "file:///app/Pages/index.html#end")
        XCTAssertEqual(app.webViews[ScreenID(1)]?.loadNumber, 4, "each scroll to an anchor is a new position for the viewport")
    }
}

private extension PageStore {
    /// A page read with access to its own folder.
    func page(at url: String) -> PageContent {
        var access = FileReadAccess()
        grant(folder: URL(string: url)!.deletingLastPathComponent(), to: &access)
        return try! page(at: url, access: access).get()
    }
}
