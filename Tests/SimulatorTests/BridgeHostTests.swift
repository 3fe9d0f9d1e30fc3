import AppShell
import Foundation
import NavigatorCore
import PageKit
import ScriptRuntime
@testable import Simulator
@testable import WebEngine
import TestSupport
import XCTest

/// The bridge through the host: the profile's handlers, script files, user scripts and the
/// app's requests become events and inputs of the app.
final class BridgeHostTests: XCTestCase {
    private static let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let place = SourceLocation(path: "webnav.json", line: 1)

    private func host(_ files: [String: String], profile change: (inout AppProfile) -> Void) -> AppHost {
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
        return try XCTUnwrap(snapshot.app.layout(of: top.id, width: 60).items.first { $0.text == text })
    }

    func testTheProfilesNativeSideReachesTheApp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("webnav-bridge-host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let handlerFile = folder.appendingPathComponent("native.js").path
        try Data("var calls = 0; (function (body, app) { calls += 1; app.toast('call ' + calls); return body.toUpperCase(); })".utf8)
            .write(to: URL(fileURLWithPath: handlerFile))
        let fixed = try AppProfile.decode(json: Array(#"{"messageHandlers": {"fixed": {"reply": {"ok": [true]}}}}"#.utf8), path: "webnav.json")
            .profile.messageHandlers[0]
        let host = host(["index.html": """
            <title>Home</title><p id=label>none</p>
            <button onclick="webkit.messageHandlers.shout.postMessage('hi').then((r) => { label.textContent = r + ' ' + window.started; })">Shout</button>
            <button onclick="webkit.messageHandlers.fixed.postMessage(1).then((r) => { label.textContent = JSON.stringify(r); })">Fixed</button>
            <button onclick="webkit.messageHandlers.native.postMessage('detail.html')">Open</button>
            <button onclick="webkit.messageHandlers.native.postMessage('notify')">Notify</button>
            <button onclick="webkit.messageHandlers.native.postMessage('restart')">Restart</button>
            <script>var label = document.getElementById('label');</script>
            """, "detail.html": "<title>Detail</title><p>Detail page</p>"]) { profile in
            profile.messageHandlers = [
                AppProfile.MessageHandler(name: "shout", behaviour: .script(.file(AppProfile.FileReference(path: handlerFile, location: self.place)), replies: true), location: self.place),
                fixed,
                AppProfile.MessageHandler(name: "native", behaviour: .script(.inline("""
                    function (body, app) {
                        if (body === 'notify') app.notify({aps: {alert: {title: 'Hello', body: 'From the page'}}}, {afterMs: 2000});
                        else if (body === 'restart') app.restart();
                        else app.open('mkwebview://webview?url=' + body + '&title=Detail');
                    }
                    """, location: self.place), replies: false), location: self.place),
            ]
            profile.userScripts = [AppProfile.UserScript(source: .inline("window.started = 'yes'", location: self.place), injectionTime: .documentStart)]
        }
        var snapshot = host.perform(.activate(try item(host.snapshot, "Shout")))
        XCTAssertEqual(snapshot.newEvents.map(\.text), ["message shout: \"hi\"", "toast: call 1", "reply shout: \"HI\""])
        XCTAssertEqual(snapshot.app.webViews[try XCTUnwrap(snapshot.app.top).id]?.content.document.textContent(of: try XCTUnwrap(snapshot.app.webViews[snapshot.app.top!.id]?.content.document.element(withID: "label"))), "HI yes")
        snapshot = host.perform(.activate(try item(host.snapshot, "Fixed")))
        XCTAssertEqual(snapshot.newEvents.map(\.text), ["message fixed: 1", "reply fixed: {\"ok\":[true]}"])
        snapshot = host.perform(.activate(try item(host.snapshot, "Notify")))
        XCTAssertEqual(snapshot.newEvents.map(\.kind), [.message, .native, .notification])
        snapshot = host.perform(.wait(.seconds(2)))
        XCTAssertEqual(snapshot.app.shell.notifications.map(\.payload.title), ["Hello"])
        snapshot = host.perform(.activate(try item(host.snapshot, "Open")))
        XCTAssertEqual(snapshot.app.navigator.screens.count, 2)
        XCTAssertEqual(snapshot.app.top?.appearance.title, "Detail")
        snapshot = host.perform(.navigator(.leftButtonTapped))
        snapshot = host.perform(.activate(try item(host.snapshot, "Restart")))
        XCTAssertTrue(snapshot.newEvents.map(\.text).contains("app restart"), "\(snapshot.newEvents.map(\.text))")
        XCTAssertEqual(snapshot.app.navigator.screens.count, 1)
    }

    /// WebKit injects user scripts into every page, scripts or not.
    func testUserScriptsRunOnPagesWithoutScripts() throws {
        let host = host(["index.html": "<title>Plain</title><p id=p>Plain text</p>"]) { profile in
            profile.userScripts = [
                AppProfile.UserScript(source: .inline("document.getElementById('p').textContent = 'Injected in ' + document.readyState", location: self.place)),
                AppProfile.UserScript(source: .inline("window.client = 1", location: self.place), world: .defaultClient),
            ]
        }
        let snapshot = host.snapshot
        let top = try XCTUnwrap(snapshot.app.top)
        XCTAssertEqual(snapshot.app.layout(of: top.id, width: 40).lines.map(\.text).filter { !$0.isEmpty }, ["Injected in interactive"])
        XCTAssertEqual(host.perform(.evaluate("typeof client", world: "defaultClient")).evaluation, .value(.string("number")))
        XCTAssertEqual(host.perform(.evaluate("typeof client", world: "page")).evaluation, .value(.string("undefined")))
    }
}
