import AppShell
import Foundation
@testable import Flows
import NavigatorCore
import PageKit
import Simulator
import TestSupport
import URLKit
import XCTest

/// The app shell's steps (shell.md): parsed into whole commands with located errors, and run
/// against a host, each expectation passing when its rule holds and failing with its message.
final class AppShellStepTests: XCTestCase {
    private let folder = URL(fileURLWithPath: "/flows/")
    private static let payloads = [
        "/flows/category.apns": """
        {"aps": {"alert": {"title": "New message", "subtitle": "Anna", "body": "Lunch?"}, "category": "MESSAGE", "badge": 2},
         "link": "mkwebview://webview?url=a.html&title=Chat&leftBtn=true"}
        """,
        "/flows/plain.apns": #"{"aps": {"alert": "Shipped"}}"#,
        "/flows/bad.apns": "not json",
        "/flows/big.apns": #"{"aps": {"alert": ""# + String(repeating: "x", count: 5000) + #""}}"#,
        "/flows/other.apns": #"{"Simulator Target Bundle": "com.other", "aps": {"alert": "x"}}"#,
        "/flows/huge.apns": String(repeating: " ", count: 70_000) + "{}",
    ]

    private func parser(_ files: [String: String] = payloads) -> FlowParser {
        FlowParser { url in
            guard let text = files[url.path] else { throw CocoaError(.fileReadNoSuchFile) }
            return Data(text.utf8)
        }
    }

    private var flowText: FlowText { FlowText(parser: parser(), folder: folder) }

    // MARK: - Parsing

    func testEveryShellStep() throws {
        let plain = PayloadFile(path: "plain.apns", bytes: Array(Self.payloads["/flows/plain.apns"]!.utf8))
        XCTAssertEqual(try flowText.commands("""
        clear data
        background
        foreground
        restart
        push plain.apns
        notify plain.apns
        notify plain.apns after 1.5s
        tap notification
        tap notification action "Reply"
        tap "notification"
        """), [
            .clearData, .lifecycle(.background), .lifecycle(.foreground), .lifecycle(.restart), .push(plain),
            .notify(plain, after: .zero), .notify(plain, after: .milliseconds(1500)), .tap(.notification(action: nil)),
            .tap(.notification(action: "Reply")), .tap(.text("notification")),
        ])
        XCTAssertEqual(try flowText.commands("""
        expect cookie "theme" "dark"
        expect launch ready
        expect launch failed "status 503"
        expect notification "New message"
        expect badge 3
        expect privacy guard visible
        expect privacy guard hidden
        """), [
            .expect(.cookie(name: "theme", value: "dark")), .expect(.launchReady), .expect(.launchFailed("status 503")),
            .expect(.notification("New message")), .expect(.badge(3)), .expect(.privacyGuard(.visible)), .expect(.privacyGuard(.hidden)),
        ])
    }

    func testALargePayloadFileKeepsOnlyItsStartAndItsSize() throws {
        guard case .push(let file) = try flowText.commands("push huge.apns")[0] else { return XCTFail() }
        XCTAssertEqual(file.bytes.count, PayloadFile.keptBytes)
        XCTAssertEqual(file.size, 70_002)
    }

    func testMistakesAreLocated() {
        XCTAssertEqual(flowText.error("clear cookies"), "t.flow:1:7: error: clear takes data: clear data")
        XCTAssertEqual(flowText.error("background now"), "t.flow:1:12: error: background: expected 0 arguments, got 1")
        XCTAssertEqual(flowText.error("push"), "t.flow:1:1: error: push FILE: expected 1 argument, got 0")
        XCTAssertEqual(flowText.error("push missing.apns"), "t.flow:1:6: error: cannot read payload \"missing.apns\": No such file")
        XCTAssertEqual(flowText.error("notify plain.apns in 5s"), "t.flow:1:19: error: notify FILE [after DURATION]: expected after, got \"in\"")
        XCTAssertEqual(flowText.error("notify plain.apns after soon"), "t.flow:1:25: error: notify takes a duration such as 500ms, 2s or 1m after after, got \"soon\"")
        XCTAssertEqual(flowText.error("notify plain.apns after"), "t.flow:1:1: error: notify FILE [after DURATION]: expected 1 or 3 arguments, got 2")
        XCTAssertEqual(flowText.error("tap notification now"), "t.flow:1:18: error: tap notification takes nothing, or action \"TITLE\"")
        XCTAssertEqual(flowText.error("tap notification action"), "t.flow:1:18: error: tap notification action \"TITLE\": expected 1 argument, got 0")
        XCTAssertEqual(flowText.error("expect cookie theme"), "t.flow:1:8: error: expect cookie \"NAME\" \"VALUE\": expected 2 arguments, got 1")
        XCTAssertEqual(flowText.error("expect launch done"), "t.flow:1:15: error: expect launch takes ready, or failed \"REASON\"")
        XCTAssertEqual(flowText.error("expect launch ready now"), "t.flow:1:21: error: expect launch ready: expected 0 arguments, got 1")
        XCTAssertEqual(flowText.error("expect badge -1"), "t.flow:1:14: error: expect badge takes a number, got \"-1\"")
        XCTAssertEqual(flowText.error("expect privacy cover visible"), "t.flow:1:16: error: expect privacy takes guard: expect privacy guard visible|hidden")
        XCTAssertEqual(flowText.error("expect privacy guard shown"), "t.flow:1:22: error: expect privacy guard takes visible or hidden, got \"shown\"")
    }

    func testTheHelpListsEveryStep() {
        for word in FlowCommandParser.commandWords where word != "include" {
            XCTAssertTrue(FlowHelp.steps.contains { $0.syntax.hasPrefix(word) || $0.syntax.contains(", \(word)") }, word)
        }
        for word in FlowCommandParser.expectationWords {
            XCTAssertTrue(FlowHelp.steps.contains { $0.syntax.contains("expect \(word)") }, word)
        }
    }

    // MARK: - Running

    private let base = URL(fileURLWithPath: "/app/Pages/", isDirectory: true)
    private let pages = InMemoryPages(files: [
        "/app/Pages/index.html": "<title>Home</title><a href='a.html'>A</a>",
        "/app/Pages/a.html": "<title>A</title>",
    ])

    private func host(_ change: (inout AppProfile) -> Void = { _ in }) -> AppHost {
        var profile = AppProfile.builtIn
        profile.notifications.categories = [AppProfile.NotificationCategory(name: "MESSAGE", actions: [
            AppProfile.NotificationAction(id: "reply", title: "Reply"),
        ])]
        change(&profile)
        let host = AppHost(profile: profile, pagesBase: base, store: PageStore(reader: pages))
        host.perform(.launch)
        return host
    }

    private func run(_ text: String, on host: AppHost, context: inout FlowContext) throws -> [StepOutcome] {
        try parser().parse(text: text, path: "t.flow", folder: folder).map { StepExecutor.perform($0, host: host, context: &context) }
    }

    func testNotificationsFromPushToTap() throws {
        let host = host()
        var context = FlowContext()
        XCTAssertEqual(try run("""
        expect notification "New message"
        tap notification
        push category.apns
        expect notification "New message"
        expect badge 2
        expect badge 1
        tap notification action "Forward"
        tap notification action "Reply"
        expect event "notification action: reply (\\"Reply\\") on \\"New message\\" → mkwebview://"
        expect depth 2
        expect notification "New message"
        push category.apns
        tap notification
        expect title "Chat"
        """, on: host, context: &context), [
            .failed("expected notification \"New message\", got no notifications"),
            .failed("tap notification: no notification on the banner or in the list"),
            .done(note: "notification: \"New message\" (push): banner, list, badge 2"),
            .held(note: "ok: expect notification \"New message\""),
            .held(note: "ok: expect badge 2"),
            .failed("expected badge 1, got 2"),
            .failed("tap notification action \"Forward\": \"New message\" has no such action; its actions: \"Reply\""),
            .done(note: "push: a.html"),
            .held(note: "ok: expect event \"notification action: reply (\\\"Reply\\\") on \\\"New message\\\" → mkwebview://\""),
            .held(note: "ok: expect depth 2"),
            .failed("expected notification \"New message\", got no notifications"),
            .done(note: "notification: \"New message\" (push): banner, list, badge 2"),
            .done(note: "push: a.html"),
            .held(note: "ok: expect title \"Chat\""),
        ])
    }

    func testBadPayloadsFailTheStepWithTheValidatorsWords() throws {
        let host = host { $0.bundleId = "com.example.app" }
        var context = FlowContext()
        XCTAssertEqual(try run("""
        push bad.apns
        push big.apns
        push other.apns
        push huge.apns
        notify big.apns
        notify other.apns after 2s
        notify huge.apns
        """, on: host, context: &context), [
            .failed("push bad.apns: error payload-not-json: the payload is not JSON"),
            .failed("push big.apns: error payload-too-large: the payload is 5022 bytes; APNs accepts at most 4096"),
            .failed("push other.apns: error payload-bundle-mismatch: \"Simulator Target Bundle\" is com.other, but the app is com.example.app: simctl would deliver it to another app"),
            .failed("push huge.apns: error payload-too-large: the payload is 70002 bytes; APNs accepts at most 4096"),
            .done(note: "notification: \"\(String(repeating: "x", count: 5000))\" (local): banner, list"),
            .done(note: "notification scheduled: \"x\" in 2s"),
            .failed("notify huge.apns: the file is 70002 bytes; a payload file is read up to 65536"),
        ])
    }

    func testLaunchLifecycleAndPrivacyGuardExpectations() throws {
        var context = FlowContext()
        XCTAssertEqual(try run("""
        expect launch ready
        expect launch failed "x"
        expect privacy guard hidden
        expect privacy guard visible
        background
        expect privacy guard visible
        tap "A"
        foreground
        restart
        expect event "app: restart"
        """, on: host { $0.privacyGuard = AppProfile.PrivacyGuard(title: "Cover") }, context: &context), [
            .held(note: "ok: expect launch ready"),
            .failed("expected launch failed \"x\", got launch ready"),
            .held(note: "ok: expect privacy guard hidden"),
            .failed("expected privacy guard visible, got hidden (the app is in the foreground)"),
            .done(note: "app: background"),
            .held(note: "ok: expect privacy guard visible"),
            .done(note: "tap: the app is in the background"),
            .done(note: "app: foreground"),
            .done(note: "launch: index.html"),
            .held(note: "ok: expect event \"app: restart\""),
        ])
        var plain = FlowContext()
        XCTAssertEqual(try run("background\nexpect privacy guard visible", on: host(), context: &plain).last,
                       .failed("expected privacy guard visible, got hidden (the profile has no privacyGuard)"))
    }

    func testTheLaunchScreenWhileTheCheckFails() throws {
        // Port 9 (discard) on the loopback: nothing listens, so the check cannot connect.
        let host = host {
            $0.launch = AppProfile.Launch(checkAlive: WebURL("http://127.0.0.1:9/alive"), delayMs: 500)
            $0.ats = AppProfile.AppTransportSecurity(
                dictionary: .object([(key: Located(value: "NSAllowsLocalNetworking", line: 1, column: 1), value: Located(value: .bool(true), line: 1, column: 1))]),
                location: SourceLocation(path: "t.json", line: 1))
        }
        var context = FlowContext()
        let reason = "error -1004: Could not connect to the server. (libcurl: Couldn't connect to server)"
        XCTAssertEqual(try run("""
        expect launch ready
        expect launch failed "-1004"
        expect depth 0
        tap "A"
        reload
        expect event "launch check failed: HEAD http://127.0.0.1:9/alive"
        """, on: host, context: &context), [
            .failed("expected launch ready, got launch failed \"\(reason)\""),
            .held(note: "ok: expect launch failed \"-1004\""),
            .held(note: "ok: expect depth 0"),
            .failed("no screen to tap"),
            .done(note: "launch check failed: HEAD http://127.0.0.1:9/alive (\(reason))"),
            .held(note: "ok: expect event \"launch check failed: HEAD http://127.0.0.1:9/alive\""),
        ])
    }

    func testCookieExpectationsOnAFilePage() throws {
        var context = FlowContext()
        XCTAssertEqual(try run("expect cookie \"a\" \"1\"\nclear data", on: host(), context: &context), [
            .failed("expected cookie \"a\" \"1\", got a file: page, which has no cookies"),
            .done(note: "clear data: cookies, localStorage and sessionStorage emptied"),
        ])
    }
}
