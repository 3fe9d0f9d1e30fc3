import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
import TestSupport
import XCTest

/// Pages behave as WebKit's do (checked against WebKitGTK): fragment navigations.
final class DeviceFidelityHostTests: XCTestCase {
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

    private func item(_ snapshot: AppSnapshot, _ text: String) throws -> PageItem {
        let top = try XCTUnwrap(snapshot.app.top)
        return try XCTUnwrap(snapshot.app.layout(of: top.id, width: 40).items.first { $0.text == text })
    }

    private func lines(_ snapshot: AppSnapshot) -> [String] {
        guard let top = snapshot.app.top else { return [] }
        return snapshot.app.layout(of: top.id, width: 40).lines.map(\.text).filter { !$0.isEmpty }
    }

    private static let fragmentPage = """
        <style>p:target { display: none }</style>
        <a href="#part">Part</a><p id=part>the part</p><p id=two>two</p>
        <script>
        addEventListener("popstate", e => console.log("popstate", location.hash, e.state));
        addEventListener("hashchange", e => console.log("hashchange", location.hash, e.oldURL.split("/").pop(), e.newURL.split("/").pop()));
        </script>
        """

    /// WebKitGTK: a tapped `#part` link fires `popstate` at once, then `hashchange` in a task;
    /// `location` changes and `:target` matches.
    func testATappedFragmentLinkFiresPopstateThenHashchangeAndTargets() throws {
        let host = host(["index.html": Self.fragmentPage])
        let tapped = host.perform(.activate(try item(host.snapshot, "Part")))
        XCTAssertEqual(tapped.newEvents.map(\.text), [
            "pushState: index.html#part", "console.log: popstate #part null", "console.log: hashchange #part index.html index.html#part",
        ])
        XCTAssertEqual(tapped.app.topWebView?.url, Self.base.absoluteString + "index.html#part")
        XCTAssertEqual(tapped.app.topWebView?.fragmentNavigations, 1, "the viewport scrolls to the target")
        XCTAssertEqual(lines(tapped), ["Part", "two"], ":target matches the part")
        XCTAssertEqual(host.perform(.evaluate("location.href.split('/').pop() + ' ' + document.querySelector(':target').id", world: "page")).evaluation,
                       .value(.string("index.html#part part")))
    }

    func testSettingLocationHashFiresPopstateAtOnceAndHashchangeAfter() throws {
        let host = host(["index.html": Self.fragmentPage])
        let set = host.perform(.evaluate("console.log('before'); location.hash = 'two'; console.log('after', location.hash)", world: "page"))
        XCTAssertEqual(set.newEvents.map(\.text), [
            "console.log: before", "pushState: index.html#two", "console.log: popstate #two null", "console.log: after #two",
            "console.log: hashchange #two index.html index.html#two",
        ])
        XCTAssertEqual(lines(set), ["Part", "the part"])
    }

    func testOnAPageWithoutScriptsAFragmentLinkTargetsItsElement() throws {
        let host = host(["index.html": "<style>p:target { display: none }</style><a href=\"#part\">Part</a><p id=part>the part</p><p>rest</p>"])
        let tapped = host.perform(.activate(try item(host.snapshot, "Part")))
        XCTAssertEqual(tapped.app.topWebView?.url, Self.base.absoluteString + "index.html#part")
        XCTAssertEqual(lines(tapped), ["Part", "rest"])
    }

    /// Promise jobs that never give the thread back (`for (;;) await null`): JavaScriptCore's
    /// limit counts each job alone, so the host gives up on the web view after three limits of
    /// CPU in the one call. The action gets a script timeout; later actions are refused and
    /// see the app as it was; another app in the same process goes on.
    func testAnAwaitLoopGivesUpOnTheWebViewAndRefusesLaterActions() throws {
        let page = """
            <title>Home</title><p id=out>-</p>
            <button onclick="(async function () { for (;;) await null; })()">Spin</button>
            <button onclick="document.getElementById('out').textContent = 'fine'">Fine</button>
            """
        let hung = host(["index.html": page]) { $0.scriptTimeLimitMs = 50 }
        hung.perform(.navigator(.urlOpened("index.html", base: nil)))
        let spun = hung.perform(.activate(try item(hung.snapshot, "Spin")))
        XCTAssertEqual(spun.newEvents.map(\.text), ["script timeout: index.html: a script's promise jobs ran longer than 150 ms "
                       + "without giving the page its thread back (an await loop), and webnav gave up on the web view; on a device "
                       + "the web view would hang"])
        XCTAssertNil(spun.refusal)
        let fine = try item(spun, "Fine")
        let refused = hung.perform(.activate(fine))
        XCTAssertEqual(refused.refusal, "the web view hangs in a script (see the script timeout above); nothing more can happen in it")
        XCTAssertEqual(refused.newEvents.count, 0)
        XCTAssertEqual(lines(hung.snapshot), ["-", "[Spin] [Fine]"])
        let other = host(["index.html": page]) { $0.scriptTimeLimitMs = 50 }
        other.perform(.navigator(.urlOpened("index.html", base: nil)))
        let tapped = other.perform(.activate(try item(other.snapshot, "Fine")))
        XCTAssertEqual(lines(tapped), ["fine", "[Spin] [Fine]"])
    }
}
