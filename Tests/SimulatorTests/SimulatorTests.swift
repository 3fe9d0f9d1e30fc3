import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
import TestSupport
import XCTest

final class SimulatorTests: XCTestCase {
    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)

    private func app(_ files: [String: String], reader: InMemoryPages? = nil) -> (SimulatedApp, InMemoryPages) {
        let reader = reader ?? InMemoryPages(files: files)
        var app = SimulatedApp(profile: .builtIn, pagesBase: base, store: PageStore(reader: reader))
        app.launch()
        return (app, reader)
    }

    private let pages = [
        "/app/Pages/index.html": "<title>Home</title><a href='mkwebview://webview?url=a.html&title=A'>A</a> <a href='tel:1'>Call</a> <button>Nothing</button>",
        "/app/Pages/a.html": "<title>Page A</title><p>Alpha</p>",
    ]

    func testLaunchLoadsTheRootAndRecordsItsTitle() {
        let (app, _) = app(pages)
        XCTAssertEqual(app.navigator.screens.count, 1)
        XCTAssertEqual(app.top?.currentPage, PageVisit(url: base.absoluteString + "index.html", title: "Home"))
        XCTAssertEqual(app.topWebView?.page.title, "Home")
        XCTAssertEqual(app.eventLog, [LogEntry(.launch, "launch: index.html")])
    }

    func testEffectsArePerformed() {
        var (app, _) = app(pages)
        let items = app.layout(of: app.top!.id, width: 78).items
        XCTAssertEqual(items.map(\.text), ["A", "Call", "Nothing"])
        XCTAssertEqual(app.activate(items[0]).map(\.text), [
            "deeplink: mkwebview://webview?url=a.html&title=A → push", "push: a.html",
        ])
        XCTAssertEqual(Set(app.webViews.keys), [ScreenID(1), ScreenID(2)])
        XCTAssertEqual(app.topWebView?.page.title, "Page A")
        app.send(.rightButtonTapped)
        XCTAssertEqual(Set(app.webViews.keys), [ScreenID(1)], "a popped screen's page is dropped")
        XCTAssertEqual(app.activate(items[1]).map(\.text), ["opened externally: tel:1"])
        XCTAssertEqual(app.presentations, [SystemPresentation(kind: .external, url: "tel:1")])
        XCTAssertEqual(app.activate(items[2]), [LogEntry(.page, "tap: \"Nothing\" does nothing (no link or form)")])
        XCTAssertEqual(app.eventLog.count, 6)
    }

    func testEachPageIsReadOncePerStore() {
        let reader = InMemoryPages(files: pages)
        let store = PageStore(reader: reader)
        for _ in 0..<5 {
            var app = SimulatedApp(profile: .builtIn, pagesBase: base, store: store)
            app.launch()
            app.send(.urlOpened("mkwebview://webview?url=a.html", base: nil))
            app.send(.reloadRequested)
            _ = app.layout(of: app.top!.id, width: 40)
        }
        XCTAssertEqual(reader.reads, ["/app/Pages/index.html": 1, "/app/Pages/a.html": 1])
    }

    func testLayoutsAreCachedPerWidth() {
        let (app, _) = app(pages)
        let id = app.top!.id
        XCTAssertEqual(app.layout(of: id, width: 40), app.layout(of: id, width: 40))
        XCTAssertEqual(app.layout(of: ScreenID(99), width: 40), PageLayout(), "no screen, no lines")
    }

    func testMissingPageAndBlankPage() {
        var (app, _) = app(pages)
        app.send(.urlOpened("mkwebview://webview?url=gone.html&title=G", base: nil))
        XCTAssertEqual(app.topWebView?.page.isErrorPage, true)
        XCTAssertEqual(app.top?.currentPage.title, "Error")
        XCTAssertTrue(app.layout(of: app.top!.id, width: 60).lines.map(\.text).joined(separator: "\n").contains("/app/Pages/gone.html"))
        app.send(.urlOpened("mkwebview://webview?title=Blank", base: nil))
        XCTAssertEqual(app.topWebView?.page.title, nil)
        XCTAssertEqual(app.layout(of: app.top!.id, width: 60).lines, [])
        XCTAssertEqual(app.top?.label, "Blank")
    }

    func testRevalidatingStoreReparsesAChangedFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let page = folder.appendingPathComponent("p.html")
        try Data("<title>One</title>".utf8).write(to: page)
        let store = PageStore(reader: FilePageReader(), revalidates: true)
        XCTAssertEqual(store.page(at: page.absoluteString).page.title, "One")
        try Data("<title>Two, longer</title>".utf8).write(to: page)
        XCTAssertEqual(store.page(at: page.absoluteString).page.title, "Two, longer")
        let fixed = PageStore(reader: FilePageReader(), revalidates: false)
        XCTAssertEqual(fixed.page(at: page.absoluteString).page.title, "Two, longer")
        try Data("<title>Three</title>".utf8).write(to: page)
        XCTAssertEqual(fixed.page(at: page.absoluteString).page.title, "Two, longer", "without revalidation a page is parsed once")
    }

    func testStackDescription() {
        var (app, _) = app(pages)
        app.send(.urlOpened("mkwebview://webview?url=a.html&title=A&leftBtn=true&navigationColor=%23000", base: nil))
        XCTAssertEqual(StackDescription.lines(of: app), [
            "stack (bottom to top):",
            "  1. Home  index.html  no bar (status #FFFFFF)",
            "  2. A  a.html  bar: title \"A\", ‹, nav #000000, tint #292F33, status #FFFFFF",
        ])
    }
}
