import AppShell
import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
import TestSupport
import URLKit
import XCTest

/// The app shell through the host, against `Scripts/demo-server.py` on 127.0.0.1: the launch
/// check goes through the loader, cookies live in the right store, and time is virtual.
final class AppHostShellTests: XCTestCase {
    nonisolated(unsafe) static var server: DemoServer?

    override class func setUp() {
        server = try? DemoServer()
    }

    override class func tearDown() {
        server?.stop()
        server = nil
    }

    private var server: DemoServer {
        get throws {
            guard let server = Self.server else { throw DemoServer.Failure(description: "the demo server did not start") }
            return server
        }
    }

    private let pages = InMemoryPages(files: ["/app/Pages/index.html": "<title>Home</title>"])

    /// A profile that lets the web views reach 127.0.0.1 over http (iOS 17 refuses IP addresses).
    private func profile(_ change: (inout AppProfile) -> Void = { _ in }) -> AppProfile {
        var profile = AppProfile.builtIn
        profile.ats = AppProfile.AppTransportSecurity(
            dictionary: .object([(key: Located(value: "NSAllowsLocalNetworking", line: 1, column: 1), value: Located(value: .bool(true), line: 1, column: 1))]),
            location: SourceLocation(path: "test.json", line: 1))
        change(&profile)
        return profile
    }

    private func host(_ profile: AppProfile, store: PageStore? = nil) -> AppHost {
        AppHost(profile: profile, pagesBase: URL(fileURLWithPath: "/app/Pages/", isDirectory: true), store: store ?? PageStore(reader: pages))
    }

    /// The events' texts with the load timings (which vary) as `…`.
    private func texts(_ events: some Sequence<AppEvent>) -> [String] {
        events.map { event in
            guard event.kind == .load, let comma = event.text.range(of: ", ", options: .backwards) else { return event.text }
            return String(event.text[..<comma.lowerBound]) + ", …)"
        }
    }

    private func launchCheck(_ path: String, method: String = "HEAD", expect: Int = 200) throws -> AppProfile.Launch {
        AppProfile.Launch(checkAlive: WebURL(try server.url(path)), method: method, expect: expect, delayMs: 1000)
    }

    func testTheCheckGoesThroughTheLoaderWithTheProfilesHeaders() throws {
        let check = try launchCheck("/alive?require=X-Demo-App")
        let withHeader = host(profile {
            $0.launch = check
            $0.headers = [AppProfile.HTTPHeader(name: "X-Demo-App", value: "1")]
        })
        let launched = withHeader.perform(.launch)
        XCTAssertEqual(launched.app.shell.launch, .waiting)
        XCTAssertEqual(launched.nextTimer, .milliseconds(1000))
        XCTAssertEqual(texts(launched.newEvents), [
            "load: \(check.checkAlive) (200, 0 B, …)", "launch check: HEAD \(check.checkAlive) → 200",
        ])
        let ready = withHeader.perform(.wait(.seconds(1)))
        XCTAssertEqual(ready.app.shell.launch, .ready)
        XCTAssertEqual(texts(ready.newEvents), ["launch: index.html"])
        XCTAssertEqual(ready.app.top?.currentPage.title, "Home")

        let without = host(profile { $0.launch = check }).perform(.launch)
        XCTAssertEqual(without.app.shell.launch, .failed("status 412, expected 200"))
        XCTAssertEqual(texts(without.newEvents), [
            "load: \(check.checkAlive) (412, 0 B, …)", "launch check failed: HEAD \(check.checkAlive) (status 412, expected 200)",
        ])
    }

    func testATSAndTheTimeoutApplyToTheCheck() throws {
        let check = try launchCheck("/alive")
        // iOS 17 without an exception: an IP address over http is blocked before any connection.
        let blocked = host({ var profile = AppProfile.builtIn; profile.launch = check; return profile }()).perform(.launch)
        XCTAssertEqual(blocked.app.shell.launch, .failed(
            "error -1022: The resource could not be loaded because the App Transport Security policy requires the use of a secure connection. "
                + "(iOS 17.0 no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address)"))
        // NSAllowsArbitraryLoadsInWebContent frees web views, not the app's own request.
        let webContentOnly = host({
            var profile = AppProfile.builtIn
            profile.launch = check
            profile.ats = AppProfile.AppTransportSecurity(
                dictionary: .object([(key: Located(value: "NSAllowsArbitraryLoadsInWebContent", line: 1, column: 1),
                                      value: Located(value: .bool(true), line: 1, column: 1))]),
                location: SourceLocation(path: "t.json", line: 1))
            return profile
        }()).perform(.launch)
        guard case .failed(let reason) = webContentOnly.app.shell.launch else { return XCTFail("\(webContentOnly.app.shell.launch)") }
        XCTAssertTrue(reason.hasPrefix("error -1022:"), reason)

        let hanging = try launchCheck("/hang")
        let timedOut = host(profile {
            $0.launch = hanging
            $0.timeoutSeconds = 1
        }).perform(.launch)
        XCTAssertEqual(timedOut.app.shell.launch, .failed("error -1001: The request timed out. (libcurl: Timeout was reached)"))
    }

    func testCookiesExpireInVirtualTimeAndClearDataEmptiesEveryStore() throws {
        let host = host(profile())
        host.perform(.launch)
        let url = try server.url("/cookies/raw?h=short%3D1%3B%20Max-Age%3D2&h=long%3D2%3B%20Max-Age%3D3600")
        host.perform(.navigator(.urlOpened(url, base: nil)))
        let top = try XCTUnwrap(host.snapshot.app.top?.id)
        let names = { host.dataStores.data(for: top).cookies.cookies(for: url).map(\.name) }
        XCTAssertEqual(names(), ["short", "long"])
        host.perform(.wait(.seconds(3)))
        XCTAssertEqual(names(), ["long"], "Max-Age=2 is over after three virtual seconds")
        host.dataStores.shared.localStorage.update { _ = $0.setItem("k", "v", origin: "http://127.0.0.1") }
        host.dataStores.sessionStorage(for: top).update { _ = $0.setItem("s", "v", origin: "http://127.0.0.1") }
        let cleared = host.perform(.shell(.clearData))
        XCTAssertEqual(texts(cleared.newEvents), ["clear data: cookies, localStorage and sessionStorage emptied"])
        XCTAssertEqual(names(), [])
        XCTAssertEqual(host.dataStores.shared.localStorage.storage, WebStorage())
        XCTAssertEqual(host.dataStores.sessionStorage(for: top).storage, WebStorage())
    }

    func testPerScreenStoresAndTheProfilesCookies() throws {
        let host = host(profile {
            $0.dataStore = .perScreen
            $0.cookies = [AppProfile.Cookie(name: "device", value: "sim", domain: "127.0.0.1")]
        })
        host.perform(.launch)
        let set = try server.url("/cookies/raw?h=pushed%3D1")
        host.perform(.navigator(.urlOpened("mkwebview://webview?url=\(set)", base: nil)))
        let screens = host.snapshot.app.navigator.screens.map(\.id)
        XCTAssertEqual(screens.count, 2)
        XCTAssertEqual(host.dataStores.data(for: screens[1]).cookies.cookies(for: set).map(\.name), ["pushed", "device"], "the longer path first")
        XCTAssertEqual(host.dataStores.data(for: screens[0]).cookies.cookies(for: set).map(\.name), ["device"],
                       "the root's store never saw the pushed screen's cookie")
        XCTAssertFalse(host.dataStores.data(for: screens[1]).isPersistent)
        host.perform(.navigator(.rightButtonTapped))
        XCTAssertTrue(host.dataStores.data(for: screens[1]) === host.dataStores.shared, "a screen's store goes with it")
    }

    func testAResponseThatSetsCookiesIsNotSharedBetweenApps() throws {
        let store = PageStore(reader: pages)
        let url = try server.url("/cookies/set")
        var jars: [[String]] = []
        for _ in 0..<2 {
            let host = host(profile(), store: store)
            host.perform(.launch)
            host.perform(.navigator(.urlOpened(url, base: nil)))
            jars.append(host.dataStores.shared.cookies.cookies(for: url).map(\.name))
        }
        XCTAssertEqual(jars, [["session", "theme", "strict"], ["session", "theme", "strict"]])
    }

    /// Apps of one run (`run --jobs` threads) opening one http page at the same time share one
    /// load and one parse, and `r` loads it again from the server (which counts its requests).
    func testAppsOpeningOnePageShareOneLoadAndReloadFetchesAgain() throws {
        let url = try server.url("/count?name=\(UUID().uuidString)&delay=0.3")
        let store = PageStore(reader: pages)
        let hosts = (0..<4).map { _ in host(profile(), store: store) }
        for host in hosts { host.perform(.launch) }
        DispatchQueue.concurrentPerform(iterations: hosts.count) { index in
            hosts[index].perform(.navigator(.urlOpened(url, base: nil)))
        }
        XCTAssertEqual(hosts.map { $0.snapshot.app.top?.currentPage.title }, Array(repeating: "request 1", count: 4))
        let reloaded = hosts[0].perform(.navigator(.reloadRequested))
        XCTAssertEqual(reloaded.app.top?.currentPage.title, "request 2")
        XCTAssertEqual(texts(reloaded.newEvents), ["reload: \(url)", "load: \(url) (200, 40 B, …)"])
        XCTAssertEqual(hosts[1].perform(.navigator(.reloadRequested)).app.top?.currentPage.title, "request 3")
    }

    func testTheDataDirectorysStoreIsWhereTheSharedStoreStarts() throws {
        var initial = WebsiteDataStore(isPersistent: true)
        initial.cookies.set(Cookie(name: "kept", value: "1", domain: "127.0.0.1", expires: 4_000_000_000), now: 1_767_260_460)
        let host = AppHost(profile: profile(), pagesBase: URL(fileURLWithPath: "/app/Pages/", isDirectory: true), store: PageStore(reader: pages),
                           websiteData: initial)
        host.perform(.launch)
        let echo = try server.url("/echo")
        let snapshot = host.perform(.navigator(.urlOpened(echo, base: nil)))
        let text = StepTextProbe.text(of: snapshot.app)
        XCTAssertTrue(text.contains("[\"Cookie\", \"kept=1\"]"), text)
        XCTAssertEqual(host.dataStores.shared.contents.cookies.cookies.map(\.name), ["kept"])
    }
}

/// The top page's text, for a look at what a server echoed.
enum StepTextProbe {
    static func text(of app: SimulatedApp) -> String {
        guard let top = app.top else { return "" }
        return app.layout(of: top.id, width: 400).lines.map(\.text).joined(separator: " ")
    }
}
