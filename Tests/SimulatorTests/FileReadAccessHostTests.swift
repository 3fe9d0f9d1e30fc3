import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
import XCTest

/// A `file:` page reads nothing outside the pages folder, whatever its URL says: `%2e%2e`
/// segments, symbolic links out of the folder, style sheets, scripts, `fetch` and taps alike.
final class FileReadAccessHostTests: XCTestCase {
    private var root: URL!
    private var pages: URL { root.appendingPathComponent("app/pages", isDirectory: true) }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-access-\(UUID().uuidString)", isDirectory: true)
        let manager = FileManager.default
        try manager.createDirectory(at: pages.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
        try Data("SECRET\n".utf8).write(to: root.appendingPathComponent("outside/secret.txt"))
        try Data("console.log('outside script ran')".utf8).write(to: root.appendingPathComponent("outside/x.js"))
        try Data("p { display: none }".utf8).write(to: root.appendingPathComponent("outside/hide.css"))
        try Data("inside\n".utf8).write(to: pages.appendingPathComponent("sub/inside.txt"))
        try manager.createSymbolicLink(atPath: pages.appendingPathComponent("link.txt").path, withDestinationPath: "../../outside/secret.txt")
        try manager.createSymbolicLink(atPath: pages.appendingPathComponent("out").path, withDestinationPath: "../../outside")
        try manager.createSymbolicLink(atPath: pages.appendingPathComponent("inner.txt").path, withDestinationPath: "sub/inside.txt")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// `fileAccess`: the app turns on `allowFileAccessFromFileURLs`, so `fetch` reads files at all.
    private func host(index: String, fileAccess: Bool = false) throws -> AppHost {
        try Data(index.utf8).write(to: pages.appendingPathComponent("index.html"))
        var profile = AppProfile.builtIn
        profile.allowFileAccessFromFileURLs = fileAccess
        let host = AppHost(profile: profile, pagesBase: pages, store: PageStore(reader: FilePageReader()))
        host.perform(.launch)
        return host
    }

    private func lines(_ snapshot: AppSnapshot) -> [String] {
        guard let top = snapshot.app.top else { return [] }
        return snapshot.app.layout(of: top.id, width: 70).lines.map(\.text).filter { !$0.isEmpty }
    }

    private func fetchLine(_ url: String) -> String {
        "fetch(\"\(url)\").then(r => r.text()).then(t => console.log(\"\(url): read\", JSON.stringify(t)), e => console.log(\"\(url): refused\", e.name, e.message));"
    }

    func testFetchReadsOnlyInsideThePagesFolder() throws {
        let urls = ["%2e%2e/%2e%2e/outside/secret.txt", "%2E%2e/%2e./.%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/hostname",
                    "sub/%2e%2e/sub/inside.txt", "link.txt", "out/secret.txt", "inner.txt", "nothere.txt", "..%2f..%2foutside/secret.txt"]
        let host = try host(index: "<title>Home</title><script>" + urls.map(fetchLine).joined(separator: "\n") + "</script>", fileAccess: true)
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), [
            "launch: index.html",
            "console.log: %2e%2e/%2e%2e/outside/secret.txt: refused TypeError Load failed",
            "console.log: %2E%2e/%2e./.%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/hostname: refused TypeError Load failed",
            "console.log: sub/%2e%2e/sub/inside.txt: read \"inside\\n\"",
            "console.log: link.txt: refused TypeError Load failed",
            "console.log: out/secret.txt: refused TypeError Load failed",
            "console.log: inner.txt: read \"inside\\n\"",
            "console.log: nothere.txt: refused TypeError Load failed",
            "console.log: ..%2f..%2foutside/secret.txt: refused TypeError Load failed",
        ])
    }

    func testScriptsAndStyleSheetsOutsideTheFolderAreNotRead() throws {
        let host = try host(index: """
            <title>Home</title><p>shown</p>
            <link rel=stylesheet href="%2e%2e/%2e%2e/outside/hide.css"><link rel=stylesheet href="out/hide.css">
            <script src="%2e%2e/%2e%2e/outside/x.js"></script><script src="out/x.js"></script>
            <script>console.log("inline ran")</script>
            """)
        XCTAssertEqual(lines(host.snapshot), ["shown"], "neither style sheet hides the paragraph")
        let outside = root.appendingPathComponent("outside/x.js").absoluteString
        let refused = "outside the folder the app gave read access to"
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), [
            "launch: index.html",
            "script load failed: \(outside): not allowed to read \(outside): \(refused)",
            "script load failed: out/x.js: not allowed to read out/x.js: \(refused)",
            "console.log: inline ran",
        ], "neither outside script ran")
    }

    func testATappedLinkOutOfTheFolderIsRefused() throws {
        for link in ["%2e%2e/%2e%2e/outside/secret.txt", "link.txt", "out/secret.txt"] {
            let host = try host(index: "<title>Home</title><a href=\"\(link)\">go</a>")
            let top = try XCTUnwrap(host.snapshot.app.top)
            let item = try XCTUnwrap(host.snapshot.app.layout(of: top.id, width: 70).items.first { $0.text == "go" })
            let snapshot = host.perform(.activate(item))
            XCTAssertFalse(lines(snapshot).joined().contains("SECRET"), link)
            XCTAssertEqual(snapshot.app.top?.currentPage.title, "Cannot Open Page", link)
            XCTAssertEqual(snapshot.newEvents.map(\.text).last?.hasPrefix("load refused: "), true, link)
            XCTAssertEqual(snapshot.newEvents.map(\.text).last?.hasSuffix(" (outside the pages folder)"), true, link)
        }
    }

    func testALinkInsideTheFolderThroughDotSegmentsAndLinksLoads() throws {
        let host = try host(index: "<title>Home</title><a href=\"sub/%2E%2E/inner.txt\">go</a>")
        let top = try XCTUnwrap(host.snapshot.app.top)
        let item = try XCTUnwrap(host.snapshot.app.layout(of: top.id, width: 70).items.first { $0.text == "go" })
        let snapshot = host.perform(.activate(item))
        XCTAssertEqual(snapshot.app.top?.currentPage.url, pages.appendingPathComponent("inner.txt").absoluteString,
                       "the URL Standard's %2e%2e is a .. segment")
        XCTAssertEqual(lines(snapshot), ["inside"])
    }
}
