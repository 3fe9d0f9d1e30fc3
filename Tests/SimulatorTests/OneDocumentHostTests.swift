import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
import TestSupport
@testable import WebEngine
import XCTest

/// One document for every page: a page is parsed once (the engine continues the parse the
/// store began), and any page gets a script context when the app needs one, over its own tree.
final class OneDocumentHostTests: XCTestCase {
    private static let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)

    private func host(_ files: [String: String], profile change: (inout AppProfile) -> Void = { _ in }) -> AppHost {
        var pages: [String: String] = [:]
        for (name, text) in files { pages["/app/Pages/" + name] = text }
        var profile = AppProfile.builtIn
        change(&profile)
        let host = AppHost(profile: profile, pagesBase: Self.base, store: PageStore(reader: InMemoryPages(files: pages)))
        host.perform(.launch)
        return host
    }

    private func lines(_ snapshot: AppSnapshot) -> [String] {
        guard let top = snapshot.app.top else { return [] }
        return snapshot.app.layout(of: top.id, width: 40).lines.map(\.text).filter { !$0.isEmpty }
    }

    func testTheParseStopsAtTheFirstScriptAndTheEngineContinuesIt() throws {
        let source = Data("<title>T</title><p>one</p><script>document.write('<p>written</p>')</script><p>two</p>".utf8)
        let scripted = PageContent.parsing(source, url: "file:///app/Pages/index.html", mode: ParseMode(scriptingEnabled: true)) { _ in nil }
        XCTAssertNotNil(scripted.pausedParse)
        XCTAssertTrue(scripted.hasScripts)
        XCTAssertEqual(scripted.document.textContent(of: scripted.document.root), "Tonedocument.write('<p>written</p>')",
                       "the tree up to the script's end tag")
        let plain = PageContent.parsing(source, url: "file:///app/Pages/index.html", mode: ParseMode(scriptingEnabled: false)) { _ in nil }
        XCTAssertNil(plain.pausedParse, "without JavaScript the parse runs to its end")
        XCTAssertEqual(plain.document.textContent(of: plain.document.root), "Tonedocument.write('<p>written</p>')two")

        let host = host(["index.html": String(decoding: source, as: UTF8.self)])
        XCTAssertEqual(lines(host.snapshot), ["one", "written", "two"], "written where the script ran, the rest parsed after")
    }

    func testTheAppEvaluatesInAPageWithoutScriptsOverItsTreeAndFormState() throws {
        let host = host(["index.html": "<title>Plain</title><label>Name <input id=name></label><noscript>no</noscript>"])
        let field = try XCTUnwrap(host.snapshot.app.topWebView?.content.field(.text("Name")).get())
        host.perform(.fill(field.node, text: "Ada"))
        XCTAssertEqual(host.perform(.evaluate("document.title + ' ' + document.getElementById('name').value", world: "page")).evaluation,
                       .value(.string("Plain Ada")), "what was typed before the context existed")
        XCTAssertEqual(host.perform(.evaluate("document.querySelector('noscript').innerHTML", world: "page")).evaluation,
                       .value(.string("no")), "parsed with scripting on, as WebKit parses a page it runs scripts for")
        host.perform(.evaluate("window.kept = 7; document.body.append('added')", world: "page"))
        XCTAssertEqual(host.perform(.evaluate("kept", world: "page")).evaluation, .value(.number(7)), "the context stays")
        XCTAssertEqual(lines(host.snapshot), ["Name [Ada_________]added"])
    }

    func testOnlyOnAttributesRunWithLoadEventsOverThePlainParse() {
        let host = host(["index.html": "<body onload=\"console.log('loaded', document.readyState)\"><p onclick-free>x</p></body>"])
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), ["launch: index.html", "console.log: loaded complete"])
    }

    func testAJavaScriptLinkRunsOverTheSameTree() throws {
        let host = host(["index.html": "<p id=p>before</p><a href=\"javascript:document.getElementById('p').textContent = 'after'\">Go</a>"])
        XCTAssertNil(host.snapshot.app.topWebView?.content.pausedParse)
        let top = try XCTUnwrap(host.snapshot.app.top)
        let item = try XCTUnwrap(host.snapshot.app.layout(of: top.id, width: 40).items.first { $0.text == "Go" })
        XCTAssertEqual(lines(host.perform(.activate(item))), ["after", "Go"])
    }

    func testWithJavaScriptOffTheAppStillEvaluatesButThePageRunsNothing() throws {
        let host = host(["index.html": "<title>Off</title><button onclick=\"document.title = 'ran'\">B</button><script>document.title = 'script'</script>"],
                        profile: { $0.javaScriptEnabled = false })
        XCTAssertEqual(host.snapshot.app.top?.currentPage.title, "Off")
        XCTAssertEqual(host.perform(.evaluate("window.x = 1; document.title", world: "page")).evaluation, .value(.string("Off")))
        XCTAssertEqual(host.perform(.evaluate("typeof x", world: "page")).evaluation, .value(.string("undefined")),
                       "each call of the app gets a context of its own: the page's scripts stay off")
        let top = try XCTUnwrap(host.snapshot.app.top)
        let button = try XCTUnwrap(host.snapshot.app.layout(of: top.id, width: 40).items.first { $0.text == "B" })
        host.perform(.activate(button))
        XCTAssertEqual(host.perform(.evaluate("document.title", world: "page")).evaluation, .value(.string("Off")), "onclick did not run")
    }
}
