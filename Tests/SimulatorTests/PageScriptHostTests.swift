import AppShell
import Foundation
import NavigatorCore
import PageKit
@testable import Simulator
@testable import WebEngine
import TestSupport
import XCTest

/// Page scripts through the host: loads, taps, fields, dialogs, timers and records as events.
final class PageScriptHostTests: XCTestCase {
    private static let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)

    private func host(_ files: [String: String], profile change: (inout AppProfile) -> Void = { _ in },
                      clock: AppClockMode = .virtual, seed: UInt64 = 0, engineAhead: Bool = false) -> AppHost {
        var pages: [String: String] = [:]
        for (name, text) in files { pages["/app/Pages/" + name] = text }
        var profile = AppProfile.builtIn
        change(&profile)
        let host = AppHost(profile: profile, pagesBase: Self.base, store: PageStore(reader: InMemoryPages(files: pages)),
                           clock: clock, scriptSeed: seed, makesScriptEngineAhead: engineAhead)
        host.perform(.launch)
        return host
    }

    private func texts(_ snapshot: AppSnapshot) -> [String] {
        snapshot.newEvents.map(\.text)
    }

    private func lines(_ snapshot: AppSnapshot) -> [String] {
        guard let top = snapshot.app.top else { return [] }
        return snapshot.app.layout(of: top.id, width: 40).lines.map(\.text).filter { !$0.isEmpty }
    }

    private func item(_ snapshot: AppSnapshot, _ text: String) throws -> PageItem {
        let top = try XCTUnwrap(snapshot.app.top)
        return try XCTUnwrap(snapshot.app.layout(of: top.id, width: 40).items.first { $0.text == text })
    }

    func testScriptsBuildThePageAndTheLayoutShowsTheirDocument() {
        let host = host(["index.html": """
            <title>Home</title><ul id=list></ul><noscript>Turn JavaScript on</noscript>
            <script>
            for (const name of ["Tea", "Coffee"]) {
              const li = document.createElement("li"); li.textContent = name; document.getElementById("list").append(li);
            }
            document.title = "Drinks"; console.log("built", 2);
            </script>
            """])
        let snapshot = host.snapshot
        XCTAssertEqual(lines(snapshot), ["• Tea", "• Coffee"])
        XCTAssertEqual(snapshot.app.top?.currentPage.title, "Drinks")
        XCTAssertEqual(snapshot.app.eventLog.events.map(\.text), ["launch: index.html", "console.log: built 2"])
    }

    func testAnEngineMadeAheadOnAnotherThreadRunsThePageAsOneMadeOnDemand() throws {
        let files = ["index.html": """
            <title>Home</title><ul id=list></ul>
            <script>
            const li = document.createElement("li"); li.textContent = "n" + Math.floor(Math.random() * 1e9);
            document.getElementById("list").append(li); console.log(li.textContent, location.href);
            </script>
            <a href="two.html">Two</a>
            """, "two.html": "<title>Two</title><script>console.log(document.title, Math.random())</script>"]
        let onDemand = host(files, seed: 3)
        let ahead = host(files, seed: 3, engineAhead: true)
        XCTAssertEqual(lines(ahead.snapshot), lines(onDemand.snapshot))
        XCTAssertEqual(lines(ahead.snapshot).count, 2, "the script's item and the link")
        for host in [onDemand, ahead] {
            XCTAssertEqual(host.perform(.activate(try item(host.snapshot, "Two"))).app.top?.currentPage.title, "Two")
        }
        XCTAssertEqual(ahead.snapshot.app.eventLog.events.map(\.text), onDemand.snapshot.app.eventLog.events.map(\.text))
        XCTAssertEqual(ahead.snapshot.app.eventLog.events.map(\.text), [
            "launch: index.html", "console.log: n88478247 file:///app/Pages/index.html", "load: two.html",
            "console.log: Two 0.41721404483541846",
        ], "seeded: the numbers are the ones an engine made on demand gives")
    }

    func testWithJavaScriptOffNoscriptShowsAndNothingRuns() {
        let host = host(["index.html": "<p id=p>static</p><noscript>Turn JavaScript on</noscript><script>document.getElementById('p').textContent = 'ran'</script>"],
                        profile: { $0.javaScriptEnabled = false })
        let snapshot = host.snapshot
        XCTAssertEqual(lines(snapshot), ["static", "Turn JavaScript on"])
        XCTAssertEqual(snapshot.app.eventLog.events.map(\.text), ["launch: index.html"])
    }

    func testAClickHandlerThatPushesADeeplinkDrivesTheStackAsATap() throws {
        let host = host([
            "index.html": """
                <a id=go href="#">Details</a>
                <script>document.getElementById("go").onclick = e => { e.preventDefault(); location.href = "mkwebview://webview?url=detail.html&title=Detail" }</script>
                """,
            "detail.html": "<title>Detail page</title><p>Detail",
        ])
        let snapshot = host.perform(.activate(try item(host.snapshot, "Details")))
        XCTAssertEqual(texts(snapshot), [
            "navigation: mkwebview://webview?url=detail.html&title=Detail (by location)",
            "deeplink: mkwebview://webview?url=detail.html&title=Detail → push",
            "push: detail.html",
        ])
        XCTAssertEqual(snapshot.app.navigator.screens.map(\.label), ["index.html", "Detail"])
        XCTAssertEqual(snapshot.app.navigator.screens[0].history.map(\.url), [Self.base.absoluteString + "index.html"])
    }

    func testPreventDefaultKeepsTheLinkFromBeingFollowedAndWithoutItTheLinkIsFollowed() throws {
        let host = host([
            "index.html": """
                <a id=a href="a.html">Stay</a> <a id=b href="b.html">Go</a>
                <script>document.getElementById("a").onclick = e => { e.preventDefault(); console.log("stayed") };
                document.getElementById("b").onclick = () => console.log("going")</script>
                """,
            "b.html": "<title>B</title>B",
        ])
        XCTAssertEqual(texts(host.perform(.activate(try item(host.snapshot, "Stay")))), ["console.log: stayed"])
        XCTAssertEqual(texts(host.perform(.activate(try item(host.snapshot, "Go")))), ["console.log: going", "load: b.html"])
        XCTAssertEqual(host.snapshot.app.top?.history.map(\.url).map { $0.replacingOccurrences(of: Self.base.absoluteString, with: "") },
                       ["index.html", "b.html"])
    }

    func testLocationReplaceReplacesTheHistoryEntry() throws {
        let host = host([
            "index.html": "<a href=step.html>Next</a>",
            "step.html": "<script>location.replace('done.html')</script>",
            "done.html": "<title>Done</title>done",
        ])
        let snapshot = host.perform(.activate(try item(host.snapshot, "Next")))
        XCTAssertEqual(texts(snapshot), [
            "load: step.html",
            "navigation: done.html (by location, replacing)",
            "load: done.html (replacing the entry)",
        ])
        XCTAssertEqual(snapshot.app.top?.history.map(\.url).map { $0.replacingOccurrences(of: Self.base.absoluteString, with: "") },
                       ["index.html", "done.html"])
    }

    func testAPageWithOnlyJavaScriptLinksStartsItsScriptsWhenOneIsTapped() throws {
        let host = host(["index.html": """
            <noscript><p>one</p><p>two</p></noscript>
            <a href="javascript:console.log('first')">First</a> <a href="  JavaScript:console.log(document.links.length)">Second</a>
            """])
        XCTAssertFalse(host.snapshot.app.topWebView?.content.isScripted ?? true)
        XCTAssertEqual(texts(host.perform(.activate(try item(host.snapshot, "Second")))), ["console.log: 2"])
        XCTAssertTrue(host.snapshot.app.topWebView?.content.isScripted ?? false)
        XCTAssertEqual(texts(host.perform(.activate(try item(host.snapshot, "First")))), ["console.log: first"])
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), ["launch: index.html", "console.log: 2", "console.log: first"])
    }

    func testWithJavaScriptOffAJavaScriptLinkIsAnInvalidURL() throws {
        let host = host(["index.html": "<a href=\"javascript:void(0)\">Nothing</a>"], profile: { $0.javaScriptEnabled = false })
        XCTAssertEqual(texts(host.perform(.activate(try item(host.snapshot, "Nothing")))),
                       ["invalid URL: javascript:void(0) (unsupported scheme \"javascript\")"])
    }

    func testErrorsConsoleAndUnknownScriptTypesAreEvents() {
        let host = host(["index.html": """
            <script type="text/x-template">not javascript</script>
            <script>console.warn("careful"); undefined.x</script>
            """])
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), [
            "launch: index.html",
            "console.warn: careful",
            "script error: index.html:2:43: TypeError: undefined is not an object (evaluating 'undefined.x')",
        ])
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.kind), [.launch, .console, .scriptError])
    }

    func testAnAlertWaitsForTheAnswerAndOtherActionsAreRefused() throws {
        let host = host(["index.html": """
            <button id=b>Delete</button><p id=out>-</p>
            <script>const out = document.getElementById("out");
            document.getElementById("b").onclick = () => { out.textContent = confirm("Delete it?") ? "deleted" : "kept"; console.log(out.textContent) }</script>
            """])
        let opened = host.perform(.activate(try item(host.snapshot, "Delete")))
        XCTAssertEqual(opened.dialog, OpenDialog(kind: .confirm, message: "Delete it?", defaultText: nil,
                                                 pageURL: Self.base.absoluteString + "index.html"))
        XCTAssertEqual(host.snapshot.dialog?.message, "Delete it?")
        let refused = host.perform(.navigator(.reloadRequested))
        XCTAssertEqual(refused.refusal, "a dialog is open: confirm \"Delete it?\"")
        XCTAssertEqual(host.perform(.answerDialog(.answer("x"))).refusal,
                       "answer: the dialog (confirm \"Delete it?\") has no text field")
        let answered = host.perform(.answerDialog(.dismiss))
        XCTAssertNil(answered.dialog)
        XCTAssertEqual(texts(answered), ["dialog: confirm \"Delete it?\"", "dialog: Cancel", "console.log: kept"])
        XCTAssertEqual(lines(answered), ["[Delete]", "kept"])
        let none = host.perform(.answerDialog(.accept))
        XCTAssertEqual(none.refusal, "no dialog is open")
        XCTAssertEqual(texts(none), [])
    }

    func testPromptTakesTheAnswerAndAcceptGivesTheDefault() throws {
        let host = host(["index.html": """
            <button id=b>Name</button>
            <script>document.getElementById("b").onclick = () => { console.log("asking"); console.log(prompt("Your name?", "Ann")); console.log(prompt("Again?", "Bo")) }</script>
            """])
        XCTAssertEqual(host.perform(.activate(try item(host.snapshot, "Name"))).dialog?.defaultText, "Ann")
        XCTAssertEqual(host.perform(.answerDialog(.answer("Eve"))).dialog?.message, "Again?")
        let done = host.perform(.answerDialog(.accept))
        XCTAssertEqual(texts(done), ["console.log: asking", "dialog: prompt \"Your name?\"", "dialog: answered \"Eve\"",
                                     "console.log: Eve", "dialog: prompt \"Again?\"", "dialog: OK", "console.log: Bo"])
    }

    func testWithoutAUIDelegateDialogsAreSkippedWithAnEvent() {
        let host = host(["index.html": "<script>alert('Hi'); console.log(confirm('Sure?'), prompt('Name?'))</script>"],
                        profile: { $0.uiDelegate = false })
        XCTAssertNil(host.snapshot.dialog)
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), [
            "launch: index.html",
            "dialog skipped: alert \"Hi\" (the app has no WKUIDelegate)",
            "dialog skipped: confirm \"Sure?\" (the app has no WKUIDelegate)",
            "dialog skipped: prompt \"Name?\" (the app has no WKUIDelegate)",
            "console.log: false null",
        ])
    }

    func testTimersRunOnTheAppClockAndTheSnapshotNamesTheNext() {
        let host = host(["index.html": """
            <p id=n>0</p><script>let count = 0; setInterval(() => { document.getElementById('n').textContent = ++count; console.log(count) }, 1000)</script>
            """])
        XCTAssertEqual(host.snapshot.nextTimer, .seconds(1))
        let waited = host.perform(.wait(.milliseconds(2500)))
        XCTAssertEqual(texts(waited), ["console.log: 1", "console.log: 2"])
        XCTAssertEqual(lines(waited), ["2"])
        XCTAssertEqual(waited.nextTimer, .seconds(3))
        XCTAssertEqual(waited.time, .milliseconds(2500))
    }

    func testFillAndSelectChangeTheFieldsAsTypingWould() throws {
        let host = host(["index.html": """
            <input id=name><select id=size><option>S<option>M</select><p id=out>-</p>
            <script>
            const [name, size, out] = ["name", "size", "out"].map(id => document.getElementById(id));
            name.oninput = () => out.textContent = name.value;
            size.onchange = () => console.log("size", size.value);
            </script>
            """])
        let document = try XCTUnwrap(host.snapshot.app.topWebView?.content.document)
        let field = try XCTUnwrap(document.element(withID: "name"))
        let select = try XCTUnwrap(document.element(withID: "size"))
        let medium = try XCTUnwrap(document.elements(named: "option").last)
        host.perform(.fill(field, text: "Ada"))
        XCTAssertEqual(host.snapshot.app.topWebView?.content.state.values[field], "Ada")
        let selected = host.perform(.select(select, option: medium))
        XCTAssertEqual(texts(selected), ["console.log: size M"])
        XCTAssertEqual(lines(selected).last, "Ada")
    }

    func testCookiesAndStorageReachTheAppsStores() {
        let host = host(["index.html": "<script>localStorage.setItem('k', 'v'); sessionStorage.setItem('s', '1'); document.cookie = 'a=1'; console.log(document.cookie)</script>"])
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), ["launch: index.html", "console.log: "])
        XCTAssertEqual(host.dataStores.shared.localStorage.storage.area(for: "file://").getItem("k"), "v")
    }

    // MARK: - The state machine's effects

    func testAPageWithScriptsAsksTheHostToRunThemAndAPlainPageDoesNot() throws {
        var profile = AppProfile.builtIn
        var app = SimulatedApp(profile: profile, pagesBase: Self.base)
        XCTAssertEqual(app.handle(.shell(.launch)), [.loadPage(ScreenID(1), url: Self.base.absoluteString + "index.html")])
        let scripted = PageContent.parsing(Data("<script>1</script>".utf8), url: Self.base.absoluteString + "index.html",
                                           mode: ParseMode(scriptingEnabled: true)) { _ in nil }
        XCTAssertNotNil(scripted.pausedParse, "the parse stops at the script for the engine")
        XCTAssertEqual(app.handle(.pageLoaded(ScreenID(1), url: Self.base.absoluteString + "index.html", content: scripted)),
                       [.runScripts(ScreenID(1))])
        let plain = PageContent(url: Self.base.absoluteString + "index.html", document: HTMLParser.parse("<p onclick-free>x"), title: nil)
        XCTAssertEqual(app.handle(.pageLoaded(ScreenID(1), url: Self.base.absoluteString + "index.html", content: plain)), [])
        profile.javaScriptEnabled = false
        app = SimulatedApp(profile: profile, pagesBase: Self.base)
        _ = app.handle(.shell(.launch))
        XCTAssertEqual(app.handle(.pageLoaded(ScreenID(1), url: Self.base.absoluteString + "index.html", content: scripted)), [])
    }

    func testPushStateMovesTheWebViewAndAddsAHistoryEntry() throws {
        let host = host(["index.html": "<button id=b>Next</button><script>document.getElementById('b').onclick = () => history.pushState({n: 1}, '', 'page/2')</script>"])
        let pushed = host.perform(.activate(try item(host.snapshot, "Next")))
        XCTAssertEqual(texts(pushed), ["pushState: page/2"])
        XCTAssertEqual(pushed.app.topWebView?.url, Self.base.absoluteString + "page/2")
        XCTAssertEqual(pushed.app.top?.history.map(\.url), [Self.base.absoluteString + "index.html", Self.base.absoluteString + "page/2"])
        let back = host.perform(.navigator(.backGesturePerformed))
        XCTAssertEqual(texts(back), ["back: index.html (web history)"])
        XCTAssertEqual(back.app.topWebView?.url, Self.base.absoluteString + "index.html")
        XCTAssertTrue(back.app.topWebView?.content.isScripted ?? false)
    }

    func testNavigatorUserAgentIsTheWebViewsOwn() {
        let host = host(["index.html": "<script>console.log(navigator.userAgent)</script>"], profile: { $0.applicationNameForUserAgent = "Shop/2" })
        let expected = WebViewIdentity.userAgent(platformVersion: AppProfile.builtIn.platformVersion.description, applicationName: "Shop/2")
        XCTAssertEqual(host.snapshot.app.eventLog.events.map(\.text), ["launch: index.html", "console.log: " + expected])
    }

    func testInRealTimeATickRunsTheTimersThatAreDue() {
        // Long enough that a loaded machine still takes the snapshot before the timer is due.
        let host = host(["index.html": "<script>setTimeout(() => console.log('due'), 400)</script>"], clock: .real)
        let first = host.snapshot
        let next = try? XCTUnwrap(first.nextTimer)
        XCTAssertLessThanOrEqual(next ?? .zero, first.time + .milliseconds(400))
        XCTAssertGreaterThan(next ?? .zero, first.time)
        Thread.sleep(forTimeInterval: 0.45)
        XCTAssertEqual(host.perform(.tick).newEvents.map(\.text), ["console.log: due"])
        XCTAssertNil(host.snapshot.nextTimer)
    }

    func testOnAPageWithoutScriptsFieldsChangeWhatTheLayoutShows() throws {
        let host = host(["index.html": """
            <form action="mkwebview://webview" method="get"><input name="title" value="A">
            <input type=radio name=size value=s checked><input type=radio name=size value=m>
            <input type=checkbox name=leftBtn value=true><input type=submit value=Go></form>
            """])
        let document = try XCTUnwrap(host.snapshot.app.topWebView?.content.document)
        let inputs = document.elements(named: "input")
        host.perform(.fill(inputs[0], text: "Typed"))
        host.perform(.click(inputs[2]))
        host.perform(.click(inputs[3]))
        let state = try XCTUnwrap(host.snapshot.app.topWebView?.content.state)
        XCTAssertEqual(state.values, [inputs[0]: "Typed"])
        XCTAssertEqual(state.checkedness, [inputs[1]: false, inputs[2]: true, inputs[3]: true])
        let submitted = host.perform(.click(inputs[4]))
        XCTAssertEqual(submitted.newEvents.map(\.text), [
            "deeplink: mkwebview://webview?title=Typed&size=m&leftBtn=true → push",
            "warning unknown-parameter: unknown parameter \"size\": the app ignores it",
            "warning missing-url: a push without a url: the new screen shows a blank page",
            "push: about:blank",
        ])
    }

    func testOnAPageWithoutScriptsAResetButtonRestoresItsFormOnly() throws {
        let host = host(["index.html": """
            <form><input name=a value=A><input type=checkbox name=c checked><input type=reset value=Clear></form>
            <form><input name=b value=B></form>
            """])
        let document = try XCTUnwrap(host.snapshot.app.topWebView?.content.document)
        let inputs = document.elements(named: "input")
        host.perform(.fill(inputs[0], text: "Typed"))
        host.perform(.click(inputs[1]))
        host.perform(.fill(inputs[3], text: "Other"))
        let reset = host.perform(.click(inputs[2]))
        XCTAssertEqual(reset.newEvents.map(\.text), [])
        let state = try XCTUnwrap(host.snapshot.app.topWebView?.content.state)
        XCTAssertEqual(state.values, [inputs[3]: "Other"])
        XCTAssertEqual(state.checkedness, [:])
    }
}
