import Foundation
import TestSupport
import URLKit
import XCTest
@testable import NavigatorCore

/// The app profile (`webnav.json`): every field and its default, located errors, unknown-key
/// warnings, files, the Info.plist merge, hostile input and fuzzing.
final class AppProfileTests: XCTestCase {
    private func decode(_ json: String) throws(UserError) -> DecodedProfile {
        try AppProfile.decode(json: Array(json.utf8), path: "webnav.json")
    }

    private func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try decode(json)
            XCTFail("expected an error for \(json)", file: file, line: line)
            return ""
        } catch {
            XCTAssertNotNil(error.location, "errors are located", file: file, line: line)
            return error.description
        }
    }

    private func at(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(path: "webnav.json", line: line, column: column)
    }

    /// A JSON value built in the test (places do not take part in equality).
    private func value(_ json: JSONValue) -> Located<JSONValue> { Located(value: json, line: 0, column: 0) }
    private func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { (Located(value: $0.0, line: 0, column: 0), value($0.1)) })
    }

    // MARK: - Fields and defaults

    func testEmptyObjectIsTheBuiltInProfile() throws {
        XCTAssertEqual(try decode("{}"), DecodedProfile(profile: .builtIn, warnings: [], givenFields: []))
    }

    func testBuiltInDefaults() {
        let profile = AppProfile.builtIn
        XCTAssertEqual(profile.schemes, ["mkwebview"])
        XCTAssertEqual(profile.routes, RouteAction.defaultRoutes)
        XCTAssertEqual(profile.externalSchemes, ["tel", "telprompt", "sms", "mailto", "facetime", "message", "shareddocuments", "app-settings"])
        XCTAssertEqual(profile.root, AppProfile.RootPage(url: "index.html", title: nil))
        XCTAssertEqual(profile.pagesFolder, "Pages")
        XCTAssertEqual(profile.javaScriptEnabled, true)
        XCTAssertEqual(profile.uiDelegate, true)
        XCTAssertEqual(profile.scriptTimeLimitMs, 2000)
        XCTAssertEqual(profile.messageHandlers, [])
        XCTAssertEqual(profile.intercepts, [])
        XCTAssertEqual(profile.userScripts, [])
        XCTAssertNil(profile.pushToken)
        XCTAssertEqual(profile.headers, [])
        XCTAssertNil(profile.userAgent)
        XCTAssertNil(profile.applicationNameForUserAgent)
        XCTAssertEqual(profile.cookies, [])
        XCTAssertEqual(profile.dataStore, .shared)
        XCTAssertNil(profile.ats)
        XCTAssertNil(profile.infoPlist)
        XCTAssertEqual(profile.bundleId, "com.example.webnav")
        XCTAssertEqual(profile.platformVersion, AppProfile.PlatformVersion(major: 17, minor: 0, patch: 0))
        XCTAssertEqual(profile.platformVersion.description, "17.0")
        XCTAssertNil(profile.launch)
        XCTAssertNil(profile.launchTitle)
        XCTAssertEqual(profile.launchScreenTitle, "com.example.webnav")
        XCTAssertEqual(profile.notifications.foreground, [.banner, .list, .sound, .badge])
        XCTAssertEqual(profile.notifications.categories, [])
        XCTAssertEqual(profile.notifications.linkKey, "link")
        XCTAssertEqual(profile.notifications.imageKey, "image")
        XCTAssertEqual(profile.notifications.contentExtension, false)
        XCTAssertNil(profile.privacyGuard)
        XCTAssertEqual(profile.timeoutSeconds, 30)
        XCTAssertEqual(profile.pageSizeLimitMB, 1024)
        XCTAssertEqual(profile.pageSizeLimit, 1 << 30)
        XCTAssertNil(profile.queriesSchemes)
    }

    func testDefaultsInsideObjects() throws {
        let result = try decode("""
        {
          "messageHandlers": {"plain": {"script": "f"}, "file": {"scriptFile": "h.js"}},
          "intercepts": {"app://x": {"scriptFile": "i.js"}},
          "userScripts": [{"source": "s"}],
          "cookies": [{"name": "n", "value": "v", "domain": "d.com"}],
          "launch": {"checkAlive": "http://127.0.0.1:8080/"},
          "notifications": {},
          "privacyGuard": {}
        }
        """)
        var expected = AppProfile.builtIn
        expected.messageHandlers = [
            AppProfile.MessageHandler(name: "plain", world: .page, behaviour: .script(.inline("f", location: at(2, 43)), replies: false), location: at(2, 23)),
            AppProfile.MessageHandler(name: "file", world: .page, behaviour: .script(.file(AppProfile.FileReference(path: "h.js", location: at(2, 72))), replies: false), location: at(2, 49)),
        ]
        expected.intercepts = [AppProfile.Intercept(prefix: "app://x", script: .file(AppProfile.FileReference(path: "i.js", location: at(3, 44))))]
        expected.userScripts = [AppProfile.UserScript(source: .inline("s", location: at(4, 30)), injectionTime: .documentEnd, forMainFrameOnly: true, world: .page)]
        expected.cookies = [AppProfile.Cookie(name: "n", value: "v", domain: "d.com", path: "/", secure: false, httpOnly: false, expires: nil)]
        expected.launch = AppProfile.Launch(checkAlive: WebURL("http://127.0.0.1:8080/"), method: "HEAD", expect: 200, delayMs: 0)
        expected.notifications = AppProfile.Notifications()
        expected.privacyGuard = AppProfile.PrivacyGuard(title: nil)
        assertNoDifference(DecodedProfile(profile: expected, warnings: [],
                                          givenFields: ["messageHandlers", "intercepts", "userScripts", "cookies", "launch", "notifications", "privacyGuard"]), result)
        XCTAssertEqual(result.profile.messageHandlers.map(\.replies), [false, false])
    }

    func testEveryField() throws {
        let result = try decode("""
        {
          "schemes": ["shop", "Shop2"],
          "routes": {"open": "push", "back": "pop", "home": "popToRoot", "again": "reload"},
          "externalSchemes": ["tel", "mailto"],
          "root": {"url": "home.html", "title": "Home"},
          "pages": "site",
          "javaScriptEnabled": false,
          "uiDelegate": false, "allowFileAccessFromFileURLs": true,
          "scriptTimeLimitMs": 500,
          "messageHandlers": {
            "myTopic": {"world": "page", "replies": true, "scriptFile": "native/myTopic.js"},
            "getToken": {"world": "defaultClient", "script": "function (body, app) { return app.uuid() }"},
            "testWithPromise": {"reply": {"data": [1, "two", null]}},
            "nothing": {"reply": null, "replies": true},
            "failing": {"error": "oops! something wrong", "world": "sandbox"}
          },
          "intercepts": {
            "app://home": {"script": "function (url, app) {}"},
            "app://downloadFile": {"scriptFile": "native/download.js"}
          },
          "userScripts": [
            {"source": "window.started = true", "injectionTime": "documentStart", "forMainFrameOnly": false, "world": "tools"},
            {"file": "inject/end.js", "injectionTime": "documentEnd", "forMainFrameOnly": true, "world": "defaultClient"}
          ],
          "pushToken": "f00dcafe",
          "headers": {"X-App-Version": "3.1", "Accept-Language": "ko-KR"},
          "userAgent": "ShopApp/3.1 (iPhone)",
          "applicationNameForUserAgent": "ShopApp/3.1",
          "cookies": [
            {"name": "session", "value": "abc", "domain": "example.com", "path": "/app", "secure": true, "httpOnly": true, "expires": "2026-12-31T23:59:59Z"},
            {"name": "lang", "value": "", "domain": ".example.com", "expires": null}
          ],
          "dataStore": "perScreen",
          "ats": {"NSExceptionDomains": {"192.168.1.87:8080": {"NSExceptionAllowsInsecureHTTPLoads": true}}},
          "infoPlist": "Info.plist",
          "bundleId": "com.example.shop",
          "platformVersion": "16.4.1",
          "launch": {"checkAlive": "https://example.com/health", "method": "GET", "expect": 204, "delayMs": 2000},
          "launchTitle": "Shop",
          "notifications": {
            "foreground": ["banner", "sound"],
            "categories": {
              "MyCategory": {"actions": [{"id": "reply", "title": "Reply"}, {"id": "later", "title": "Later", "options": ["foreground", "destructive"]}]},
              "Empty": {}
            },
            "linkKey": "url",
            "imageKey": "picture",
            "contentExtension": true
          },
          "privacyGuard": {"title": "Shop"},
          "timeoutSeconds": 12.5,
          "env": {"USER": "ada", "_x1": ""},
          "networkRoutes": [{"url": "**/api/items", "file": "fixtures/items.json", "status": 201, "headers": {"X-A": "1"}, "delayMs": 250},
                            {"url": "**/ads/**", "abort": true}],
          "trustedCertificates": "certs/dev.pem",
          "pageSizeLimitMB": 200
        }
        """)
        var expected = AppProfile(
            schemes: ["shop", "Shop2"],
            routes: ["open": .push, "back": .pop, "home": .popToRoot, "again": .reload],
            externalSchemes: ["tel", "mailto"],
            root: .init(url: "home.html", title: "Home"),
            pagesFolder: "site"
        )
        expected.javaScriptEnabled = false
        expected.uiDelegate = false
        expected.allowFileAccessFromFileURLs = true
        expected.scriptTimeLimitMs = 500
        expected.messageHandlers = [
            AppProfile.MessageHandler(name: "myTopic", world: .page,
                                      behaviour: .script(.file(AppProfile.FileReference(path: "native/myTopic.js", location: at(11, 65))), replies: true), location: at(11, 5)),
            AppProfile.MessageHandler(name: "getToken", world: .defaultClient,
                                      behaviour: .script(.inline("function (body, app) { return app.uuid() }", location: at(12, 54)), replies: false), location: at(12, 5)),
            AppProfile.MessageHandler(name: "testWithPromise", behaviour: .reply(object([("data", .array([value(.number(1)), value(.string("two")), value(.null)]))])),
                                      location: at(13, 5)),
            AppProfile.MessageHandler(name: "nothing", behaviour: .reply(.null), location: at(14, 5)),
            AppProfile.MessageHandler(name: "failing", world: .named("sandbox"), behaviour: .error("oops! something wrong"), location: at(15, 5)),
        ]
        expected.intercepts = [
            AppProfile.Intercept(prefix: "app://home", script: .inline("function (url, app) {}", location: at(18, 30))),
            AppProfile.Intercept(prefix: "app://downloadFile", script: .file(AppProfile.FileReference(path: "native/download.js", location: at(19, 42)))),
        ]
        expected.userScripts = [
            AppProfile.UserScript(source: .inline("window.started = true", location: at(22, 16)), injectionTime: .documentStart, forMainFrameOnly: false, world: .named("tools")),
            AppProfile.UserScript(source: .file(AppProfile.FileReference(path: "inject/end.js", location: at(23, 14))), injectionTime: .documentEnd,
                                  forMainFrameOnly: true, world: .defaultClient),
        ]
        expected.pushToken = "f00dcafe"
        expected.headers = [AppProfile.HTTPHeader(name: "X-App-Version", value: "3.1"), AppProfile.HTTPHeader(name: "Accept-Language", value: "ko-KR")]
        expected.userAgent = "ShopApp/3.1 (iPhone)"
        expected.applicationNameForUserAgent = "ShopApp/3.1"
        expected.cookies = [
            AppProfile.Cookie(name: "session", value: "abc", domain: "example.com", path: "/app", secure: true, httpOnly: true,
                              expires: Date(timeIntervalSince1970: 1_798_761_599)),
            AppProfile.Cookie(name: "lang", value: "", domain: ".example.com"),
        ]
        expected.dataStore = .perScreen
        expected.ats = AppProfile.AppTransportSecurity(
            dictionary: object([("NSExceptionDomains", object([("192.168.1.87:8080", object([("NSExceptionAllowsInsecureHTTPLoads", .bool(true))]))]))]),
            location: at(34, 10))
        expected.infoPlist = AppProfile.FileReference(path: "Info.plist", location: at(35, 16))
        expected.bundleId = "com.example.shop"
        expected.platformVersion = AppProfile.PlatformVersion(major: 16, minor: 4, patch: 1)
        expected.launch = AppProfile.Launch(checkAlive: WebURL("https://example.com/health"), method: "GET", expect: 204, delayMs: 2000)
        expected.launchTitle = "Shop"
        expected.notifications.foreground = [.banner, .sound]
        expected.notifications.categories = [
            AppProfile.NotificationCategory(name: "MyCategory", actions: [
                AppProfile.NotificationAction(id: "reply", title: "Reply"),
                AppProfile.NotificationAction(id: "later", title: "Later", options: [.foreground, .destructive]),
            ]),
            AppProfile.NotificationCategory(name: "Empty", actions: []),
        ]
        expected.notifications.linkKey = "url"
        expected.notifications.imageKey = "picture"
        expected.notifications.contentExtension = true
        expected.privacyGuard = AppProfile.PrivacyGuard(title: "Shop")
        expected.timeoutSeconds = 12.5
        expected.env = ["USER": "ada", "_x1": ""]
        expected.networkRoutes = [
            AppProfile.NetworkRouteSetting(url: "**/api/items", answer: .file(AppProfile.FileReference(path: "fixtures/items.json", location: at(53, 53)),
                                                                              status: 201, headers: [AppProfile.HTTPHeader(name: "X-A", value: "1")],
                                                                              delayMs: 250), location: at(53, 21)),
            AppProfile.NetworkRouteSetting(url: "**/ads/**", answer: .abort, location: at(54, 21)),
        ]
        expected.trustedCertificates = AppProfile.FileReference(path: "certs/dev.pem", location: at(55, 26))
        expected.pageSizeLimitMB = 200
        assertNoDifference(DecodedProfile(profile: expected, warnings: [], givenFields: Set(ProfileDecoder.topLevelKeys)), result)
        XCTAssertEqual(result.profile.messageHandlers.map(\.replies), [true, false, true, true, true])
        XCTAssertEqual(result.profile.launchScreenTitle, "Shop")
        // The nested places of `ats` are kept, for the linter's findings.
        guard case .object(let domains) = result.profile.ats?.dictionary, case .object(let hosts) = domains.first?.value.value else { return XCTFail() }
        XCTAssertEqual(hosts.first?.key, Located(value: "192.168.1.87:8080", line: 34, column: 34))
    }

    func testNullMeansNotSetForFieldsWithoutADefault() throws {
        let result = try decode("""
        {"pushToken": null, "userAgent": null, "applicationNameForUserAgent": null, "ats": null, "infoPlist": null,
         "launch": null, "launchTitle": null, "privacyGuard": null, "root": {"title": null}}
        """)
        XCTAssertEqual(result.profile, .builtIn)
        XCTAssertEqual(result.givenFields, ["pushToken", "userAgent", "applicationNameForUserAgent", "ats", "infoPlist", "launch", "launchTitle", "privacyGuard", "root"])
    }

    func testWorldsAndVersions() throws {
        XCTAssertEqual(["page", "defaultClient", "page2", "Page"].map(AppProfile.ContentWorld.init(name:)), [.page, .defaultClient, .named("page2"), .named("Page")])
        XCTAssertEqual(AppProfile.ContentWorld.named("tools").description, "tools")
        XCTAssertEqual(["17", "17.0", "17.4.1", "9999.0"].map { AppProfile.PlatformVersion($0)?.description }, ["17.0", "17.0", "17.4.1", "9999.0"])
        XCTAssertEqual(["", "17.", ".1", "17.0.0.0", "1a", "+17", "17 ", "10000", "١٧"].map { AppProfile.PlatformVersion($0) }, Array(repeating: nil, count: 9))
        XCTAssertEqual(AppProfile.PlatformVersion("17"), AppProfile.PlatformVersion("17.0.0"))
        XCTAssertLessThan(AppProfile.PlatformVersion("9.3")!, AppProfile.PlatformVersion("10.0")!)
        XCTAssertLessThan(AppProfile.PlatformVersion("17.4")!, AppProfile.PlatformVersion("17.4.1")!)
    }

    func testInternetDates() {
        XCTAssertEqual(InternetDate.parse("2026-12-31T23:59:59Z"), Date(timeIntervalSince1970: 1_798_761_599))
        XCTAssertEqual(InternetDate.parse("2026-01-01T09:41:00.25+09:00"), Date(timeIntervalSince1970: 1_767_228_060.25))
        XCTAssertEqual(InternetDate.parse("1969-12-31T00:00:00-00:00"), Date(timeIntervalSince1970: -86_400))
        XCTAssertEqual(InternetDate.parse("2024-02-29T12:00:00Z"), Date(timeIntervalSince1970: 1_709_208_000))
        XCTAssertEqual(InternetDate.parse("0001-01-01T00:00:00Z"), Date(timeIntervalSince1970: -62_135_596_800))
        let rejected = ["", "2026-12-31", "2026-12-31T23:59:59", "2026-12-31 23:59:59Z", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z",
                        "2026-12-31T24:00:00Z", "2026-12-31T23:60:00Z", "2026-12-31T23:59:60Z", "2026-12-31T23:59:59.Z", "2026-12-31T23:59:59+0900",
                        "2026-12-31T23:59:59Zjunk", "26-12-31T23:59:59Z", "2026-12-31t23:59:59z", "1798761599"]
        XCTAssertEqual(rejected.map(InternetDate.parse), Array(repeating: nil, count: rejected.count))
    }

    // MARK: - Errors

    func testEveryErrorNamesItsKeyAndPlace() {
        let cases: [(json: String, message: String)] = [
            ("{\n  \"schemes\": \"mkwebview\"\n}", "webnav.json:2:14: error: \"schemes\" must be an array of strings, found a string"),
            ("{\"schemes\": [\"ok\", 3]}", "webnav.json:1:20: error: \"schemes\" must hold only strings, found a number"),
            ("{\"schemes\": [\"1bad\"]}", "webnav.json:1:13: error: \"1bad\" is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')"),
            ("{\"routes\": {\"x\": \"jump\"}}", "webnav.json:1:18: error: route \"x\" must be one of push, pop, popToRoot, reload"),
            ("{\"routes\": []}", "webnav.json:1:12: error: \"routes\" must be an object of host: action, found an array"),
            ("{\"root\": \"index.html\"}", "webnav.json:1:10: error: \"root\" must be an object {\"url\": …, \"title\": …}, found a string"),
            ("{\"root\": {\"url\": 1}}", "webnav.json:1:18: error: \"root.url\" must be a string, found a number"),
            ("{\"pages\": \"\"}", "webnav.json:1:11: error: \"pages\" must be a folder path, found an empty string"),
            ("{\"pages\": 3}", "webnav.json:1:11: error: \"pages\" must be a folder path, found a number"),
            ("[]", "webnav.json:1:1: error: a profile is a JSON object, found an array"),
            ("{\"routes\": {}, \"pages\": \"p\", \"routes\": {}}", "webnav.json:1:30: error: duplicate key \"routes\" (first at 1:2)"),
            ("{\"javaScriptEnabled\": \"yes\"}", "webnav.json:1:23: error: \"javaScriptEnabled\" must be true or false, found a string"),
            ("{\"uiDelegate\": null}", "webnav.json:1:16: error: \"uiDelegate\" must be true or false, found null"),
            ("{\"scriptTimeLimitMs\": 0}", "webnav.json:1:23: error: \"scriptTimeLimitMs\" must be a whole number of milliseconds from 1 to 2147483647, found 0"),
            ("{\"scriptTimeLimitMs\": 2.5}", "webnav.json:1:23: error: \"scriptTimeLimitMs\" must be a whole number of milliseconds from 1 to 2147483647, found 2.5"),
            ("{\"scriptTimeLimitMs\": 1e300}", "webnav.json:1:23: error: \"scriptTimeLimitMs\" must be a whole number of milliseconds from 1 to 2147483647, found 1e+300"),
            ("{\"scriptTimeLimitMs\": \"2000\"}", "webnav.json:1:23: error: \"scriptTimeLimitMs\" must be a whole number of milliseconds from 1 to 2147483647, found a string"),
            ("{\"messageHandlers\": []}", "webnav.json:1:21: error: \"messageHandlers\" must be an object of name: handler, found an array"),
            ("{\"messageHandlers\": {\"myTopic\": \"f\"}}", "webnav.json:1:33: error: \"messageHandlers.myTopic\" must be an object such as {\"script\": …}, found a string"),
            ("{\"messageHandlers\": {\"myTopic\": {\"world\": 3, \"script\": \"f\"}}}", "webnav.json:1:43: error: \"messageHandlers.myTopic.world\" must be a string, found a number"),
            ("{\"messageHandlers\": {\"myTopic\": {\"world\": \"\", \"script\": \"f\"}}}", "webnav.json:1:43: error: \"messageHandlers.myTopic.world\" must be page, defaultClient or a world's name, found an empty string"),
            ("{\"messageHandlers\": {\"x\": {\"script\": \"f\", \"reply\": 1}}}", "webnav.json:1:43: error: \"messageHandlers.x\" has both \"script\" and \"reply\": give exactly one"),
            ("{\"messageHandlers\": {\"x\": {\"scriptFile\": \"a.js\", \"script\": \"f\"}}}", "webnav.json:1:50: error: \"messageHandlers.x\" has both \"scriptFile\" and \"script\": give exactly one"),
            ("{\"messageHandlers\": {\"x\": {\"error\": \"e\", \"reply\": null}}}", "webnav.json:1:42: error: \"messageHandlers.x\" has both \"error\" and \"reply\": give exactly one"),
            ("{\"messageHandlers\": {\"x\": {}}}", "webnav.json:1:27: error: \"messageHandlers.x\" needs one of \"script\", \"scriptFile\", \"reply\" or \"error\""),
            ("{\"messageHandlers\": {\"x\": {\"world\": \"page\", \"replies\": true}}}", "webnav.json:1:27: error: \"messageHandlers.x\" needs one of \"script\", \"scriptFile\", \"reply\" or \"error\""),
            ("{\"messageHandlers\": {\"\": {\"script\": \"f\"}}}", "webnav.json:1:22: error: a message handler's name must not be empty"),
            ("{\"messageHandlers\": {\"x\": {\"script\": 1}}}", "webnav.json:1:38: error: \"messageHandlers.x.script\" must be a string, found a number"),
            ("{\"messageHandlers\": {\"x\": {\"scriptFile\": \"\"}}}", "webnav.json:1:42: error: \"messageHandlers.x.scriptFile\" must be a file path, found an empty string"),
            ("{\"messageHandlers\": {\"x\": {\"error\": false}}}", "webnav.json:1:37: error: \"messageHandlers.x.error\" must be a string, found a boolean"),
            ("{\"messageHandlers\": {\"x\": {\"replies\": \"yes\", \"script\": \"f\"}}}", "webnav.json:1:39: error: \"messageHandlers.x.replies\" must be true or false, found a string"),
            ("{\"messageHandlers\": {\"x\": {\"reply\": 1, \"replies\": false}}}", "webnav.json:1:40: error: \"messageHandlers.x.replies\" is false, but a handler with \"reply\" always replies"),
            ("{\"messageHandlers\": {\"x\": {\"replies\": false, \"error\": \"e\"}}}", "webnav.json:1:28: error: \"messageHandlers.x.replies\" is false, but a handler with \"error\" always replies"),
            ("{\"intercepts\": {\"app://home\": {}}}", "webnav.json:1:31: error: \"intercepts.app://home\" needs \"script\" or \"scriptFile\""),
            ("{\"intercepts\": {\"app://home\": {\"script\": \"f\", \"scriptFile\": \"f.js\"}}}", "webnav.json:1:47: error: \"intercepts.app://home\" has both \"script\" and \"scriptFile\": give exactly one"),
            ("{\"intercepts\": {\"\": {\"script\": \"f\"}}}", "webnav.json:1:17: error: an intercept's URL prefix must not be empty"),
            ("{\"intercepts\": {\"home\": {\"script\": \"f\"}}}", "webnav.json:1:17: error: intercept \"home\" must start with a URL scheme, such as \"app://home\""),
            ("{\"intercepts\": [\"app://home\"]}", "webnav.json:1:16: error: \"intercepts\" must be an object of URL prefix: handler, found an array"),
            ("{\"userScripts\": {}}", "webnav.json:1:17: error: \"userScripts\" must be an array of user scripts, found an object"),
            ("{\"userScripts\": [\"alert(1)\"]}", "webnav.json:1:18: error: \"userScripts[0]\" must be an object such as {\"source\": …}, found a string"),
            ("{\"userScripts\": [{\"source\": \"a\"}, {\"injectionTime\": \"documentEnd\"}]}", "webnav.json:1:35: error: \"userScripts[1]\" needs \"source\" or \"file\""),
            ("{\"userScripts\": [{\"source\": \"a\", \"file\": \"a.js\"}]}", "webnav.json:1:34: error: \"userScripts[0]\" has both \"source\" and \"file\": give exactly one"),
            ("{\"userScripts\": [{\"source\": \"a\", \"injectionTime\": \"documentstart\"}]}", "webnav.json:1:51: error: \"userScripts[0].injectionTime\" must be documentStart or documentEnd, found \"documentstart\" (did you mean \"documentStart\"?)"),
            ("{\"userScripts\": [{\"source\": \"a\", \"injectionTime\": \"atDocumentEnd\"}]}", "webnav.json:1:51: error: \"userScripts[0].injectionTime\" must be documentStart or documentEnd, found \"atDocumentEnd\" (did you mean \"documentEnd\"?)"),
            ("{\"userScripts\": [{\"source\": \"a\", \"injectionTime\": 0}]}", "webnav.json:1:51: error: \"userScripts[0].injectionTime\" must be documentStart or documentEnd, found a number"),
            ("{\"userScripts\": [{\"source\": \"a\", \"forMainFrameOnly\": 1}]}", "webnav.json:1:54: error: \"userScripts[0].forMainFrameOnly\" must be true or false, found a number"),
            ("{\"userScripts\": [{\"file\": \"\", \"world\": \"page\"}]}", "webnav.json:1:27: error: \"userScripts[0].file\" must be a file path, found an empty string"),
            ("{\"pushToken\": 42}", "webnav.json:1:15: error: \"pushToken\" must be a string, found a number"),
            ("{\"headers\": [[\"X-A\", \"1\"]]}", "webnav.json:1:13: error: \"headers\" must be an object of header name: value, found an array"),
            ("{\"headers\": {\"X-Token\": 1}}", "webnav.json:1:25: error: \"headers.X-Token\" must be a string, found a number"),
            ("{\"headers\": {\"X Token\": \"1\"}}", "webnav.json:1:14: error: header name \"X Token\" is not an HTTP token (use letters, digits and !#$%&'*+-.^_`|~)"),
            ("{\"headers\": {\"\": \"1\"}}", "webnav.json:1:14: error: a header name must not be empty"),
            ("{\"headers\": {\"X-A\": \"1\\r\\nX-B: 2\"}}", "webnav.json:1:21: error: \"headers.X-A\" must not hold a line break or NUL (it is sent in a header)"),
            ("{\"headers\": {\"Accept\": \"a\",\n  \"accept\": \"b\"}}", "webnav.json:2:3: error: header \"accept\" repeats \"Accept\" (first at 1:14); header names ignore case"),
            ("{\"userAgent\": \"A\\nB\"}", "webnav.json:1:15: error: \"userAgent\" must not hold a line break or NUL (it is sent in a header)"),
            ("{\"applicationNameForUserAgent\": [\"x\"]}", "webnav.json:1:33: error: \"applicationNameForUserAgent\" must be a string, found an array"),
            ("{\"cookies\": {\"name\": \"a\"}}", "webnav.json:1:13: error: \"cookies\" must be an array of cookies, found an object"),
            ("{\"cookies\": [{\"value\": \"1\", \"domain\": \"a.com\"}]}", "webnav.json:1:14: error: \"cookies[0]\" needs \"name\""),
            ("{\"cookies\": [{\"name\": \"a\", \"domain\": \"a.com\"}]}", "webnav.json:1:14: error: \"cookies[0]\" needs \"value\""),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\"}]}", "webnav.json:1:14: error: \"cookies[0]\" needs \"domain\""),
            ("{\"cookies\": [{\"name\": \"\", \"value\": \"1\", \"domain\": \"a.com\"}]}", "webnav.json:1:23: error: \"cookies[0].name\" must not be empty"),
            ("{\"cookies\": [{\"name\": \"a b\", \"value\": \"1\", \"domain\": \"a.com\"}]}", "webnav.json:1:23: error: cookie name \"a b\" is not an HTTP token (use letters, digits and !#$%&'*+-.^_`|~)"),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1;x\", \"domain\": \"a.com\"}]}", "webnav.json:1:37: error: \"cookies[0].value\" must not hold ';' or control characters"),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"\"}]}", "webnav.json:1:52: error: \"cookies[0].domain\" must be a domain such as \"example.com\", found an empty string"),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a com\"}]}", "webnav.json:1:52: error: \"cookies[0].domain\" must be a domain such as \"example.com\", found \"a com\""),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a.com\", \"path\": \"app\"}]}", "webnav.json:1:69: error: \"cookies[0].path\" must be a path starting with \"/\", found \"app\""),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a.com\", \"secure\": \"true\"}]}", "webnav.json:1:71: error: \"cookies[0].secure\" must be true or false, found a string"),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a.com\", \"httpOnly\": 0}]}", "webnav.json:1:73: error: \"cookies[0].httpOnly\" must be true or false, found a number"),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a.com\", \"expires\": 1798761599}]}", "webnav.json:1:72: error: \"cookies[0].expires\" must be a string, found a number"),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a.com\", \"expires\": \"2026-02-30T00:00:00Z\"}]}", "webnav.json:1:72: error: \"cookies[0].expires\" must be an ISO 8601 date such as \"2026-12-31T23:59:59Z\", found \"2026-02-30T00:00:00Z\""),
            ("{\"cookies\": [{\"name\": \"a\", \"value\": \"1\", \"domain\": \"a.com\", \"expires\": \"2026-12-31\"}]}", "webnav.json:1:72: error: \"cookies[0].expires\" must be an ISO 8601 date such as \"2026-12-31T23:59:59Z\", found \"2026-12-31\""),
            ("{\"dataStore\": \"perscreen\"}", "webnav.json:1:15: error: \"dataStore\" must be shared or perScreen, found \"perscreen\" (did you mean \"perScreen\"?)"),
            ("{\"dataStore\": \"private\"}", "webnav.json:1:15: error: \"dataStore\" must be shared or perScreen, found \"private\""),
            ("{\"ats\": true}", "webnav.json:1:9: error: \"ats\" must be an object (the NSAppTransportSecurity dictionary), found a boolean"),
            ("{\"infoPlist\": \"\"}", "webnav.json:1:15: error: \"infoPlist\" must be a file path, found an empty string"),
            ("{\"bundleId\": \"\"}", "webnav.json:1:14: error: \"bundleId\" must be a bundle identifier such as \"com.example.app\", found an empty string"),
            ("{\"bundleId\": \"com.example/app\"}", "webnav.json:1:14: error: \"bundleId\" must hold only letters, digits, '-' and '.' (CFBundleIdentifier), found \"com.example/app\""),
            ("{\"platformVersion\": 17}", "webnav.json:1:21: error: \"platformVersion\" must be a string, found a number"),
            ("{\"platformVersion\": \"17.x\"}", "webnav.json:1:21: error: \"platformVersion\" must be a version such as \"17.0\", found \"17.x\""),
            ("{\"platformVersion\": \"17.0.0.1\"}", "webnav.json:1:21: error: \"platformVersion\" must be a version such as \"17.0\", found \"17.0.0.1\""),
            ("{\"launch\": \"https://a.com\"}", "webnav.json:1:12: error: \"launch\" must be an object such as {\"checkAlive\": \"https://…\"}, found a string"),
            ("{\"launch\": {\"method\": \"GET\"}}", "webnav.json:1:12: error: \"launch\" needs \"checkAlive\" (the URL to check)"),
            ("{\"launch\": {\"checkAlive\": \"example.com/health\"}}", "webnav.json:1:27: error: \"launch.checkAlive\" must be an http or https URL, found \"example.com/health\""),
            ("{\"launch\": {\"checkAlive\": \"ftp://example.com\"}}", "webnav.json:1:27: error: \"launch.checkAlive\" must be an http or https URL, found \"ftp://example.com\""),
            ("{\"launch\": {\"checkAlive\": \"https://a.com\", \"method\": \"GE T\"}}", "webnav.json:1:54: error: \"launch.method\" must be an HTTP method such as \"HEAD\" or \"GET\", found \"GE T\""),
            ("{\"launch\": {\"checkAlive\": \"https://a.com\", \"expect\": 700}}", "webnav.json:1:54: error: \"launch.expect\" must be an HTTP status from 100 to 599, found 700"),
            ("{\"launch\": {\"checkAlive\": \"https://a.com\", \"expect\": \"200\"}}", "webnav.json:1:54: error: \"launch.expect\" must be an HTTP status from 100 to 599, found a string"),
            ("{\"launch\": {\"checkAlive\": \"https://a.com\", \"delayMs\": -1}}", "webnav.json:1:55: error: \"launch.delayMs\" must be a whole number of milliseconds from 0 to 2147483647, found -1"),
            ("{\"launchTitle\": 1}", "webnav.json:1:17: error: \"launchTitle\" must be a string, found a number"),
            ("{\"notifications\": []}", "webnav.json:1:19: error: \"notifications\" must be an object such as {\"foreground\": […]}, found an array"),
            ("{\"notifications\": {\"foreground\": \"banner\"}}", "webnav.json:1:34: error: \"notifications.foreground\" must be an array of banner, list, sound or badge, found a string"),
            ("{\"notifications\": {\"foreground\": [\"banner\", \"alert\"]}}", "webnav.json:1:45: error: \"notifications.foreground[1]\" must be one of banner, list, sound or badge, found \"alert\""),
            ("{\"notifications\": {\"foreground\": [\"banners\"]}}", "webnav.json:1:35: error: \"notifications.foreground[0]\" must be one of banner, list, sound or badge, found \"banners\" (did you mean \"banner\"?)"),
            ("{\"notifications\": {\"categories\": {\"\": {}}}}", "webnav.json:1:35: error: a notification category's name must not be empty"),
            ("{\"notifications\": {\"categories\": {\"C\": {\"actions\": {}}}}}", "webnav.json:1:52: error: \"notifications.categories.C.actions\" must be an array of {\"id\": …, \"title\": …}, found an object"),
            ("{\"notifications\": {\"categories\": {\"C\": {\"actions\": [{\"title\": \"T\"}]}}}}", "webnav.json:1:53: error: \"notifications.categories.C.actions[0]\" needs \"id\""),
            ("{\"notifications\": {\"categories\": {\"C\": {\"actions\": [{\"id\": \"i\"}]}}}}", "webnav.json:1:53: error: \"notifications.categories.C.actions[0]\" needs \"title\""),
            ("{\"notifications\": {\"categories\": {\"C\": {\"actions\": [{\"id\": \"\", \"title\": \"T\"}]}}}}", "webnav.json:1:60: error: \"notifications.categories.C.actions[0].id\" must be an action identifier, found an empty string"),
            ("{\"notifications\": {\"categories\": {\"C\": {\"actions\": [{\"id\": \"i\", \"title\": \"T\", \"options\": [\"forground\"]}]}}}}", "webnav.json:1:91: error: \"notifications.categories.C.actions[0].options[0]\" must be one of foreground, destructive or authenticationRequired, found \"forground\" (did you mean \"foreground\"?)"),
            ("{\"notifications\": {\"categories\": {\"C\": {\"actions\": [{\"id\": \"i\", \"title\": \"T\", \"options\": \"foreground\"}]}}}}", "webnav.json:1:90: error: \"notifications.categories.C.actions[0].options\" must be an array of foreground, destructive or authenticationRequired, found a string"),
            ("{\"notifications\": {\"linkKey\": \"\"}}", "webnav.json:1:31: error: \"notifications.linkKey\" must be a payload key, found an empty string"),
            ("{\"notifications\": {\"imageKey\": 1}}", "webnav.json:1:32: error: \"notifications.imageKey\" must be a payload key, found a number"),
            ("{\"notifications\": {\"contentExtension\": \"no\"}}", "webnav.json:1:40: error: \"notifications.contentExtension\" must be true or false, found a string"),
            ("{\"privacyGuard\": \"Shop\"}", "webnav.json:1:18: error: \"privacyGuard\" must be an object {\"title\": …}, found a string"),
            ("{\"privacyGuard\": {\"title\": 1}}", "webnav.json:1:28: error: \"privacyGuard.title\" must be a string, found a number"),
            ("{\"timeoutSeconds\": 0}", "webnav.json:1:20: error: \"timeoutSeconds\" must be a positive number of seconds (at most 2147483647), found 0"),
            ("{\"timeoutSeconds\": -5}", "webnav.json:1:20: error: \"timeoutSeconds\" must be a positive number of seconds (at most 2147483647), found -5"),
            ("{\"timeoutSeconds\": 1e400}", "webnav.json:1:20: error: \"timeoutSeconds\" must be a positive number of seconds (at most 2147483647), found an out-of-range number"),
            ("{\"timeoutSeconds\": \"30\"}", "webnav.json:1:20: error: \"timeoutSeconds\" must be a positive number of seconds (at most 2147483647), found a string"),
            ("{\"pageSizeLimitMB\": 0}", "webnav.json:1:21: error: \"pageSizeLimitMB\" must be a whole number of megabytes from 1 to 2047, found 0"),
            ("{\"pageSizeLimitMB\": 2048}", "webnav.json:1:21: error: \"pageSizeLimitMB\" must be a whole number of megabytes from 1 to 2047, found 2048"),
            ("{\"pageSizeLimitMB\": 1.5}", "webnav.json:1:21: error: \"pageSizeLimitMB\" must be a whole number of megabytes from 1 to 2047, found 1.5"),
            ("{\"pageSizeLimitMB\": \"64\"}", "webnav.json:1:21: error: \"pageSizeLimitMB\" must be a whole number of megabytes from 1 to 2047, found a string"),
        ]
        for (json, message) in cases {
            XCTAssertEqual(error(json), message, json)
        }
    }

    func testUnknownKeysAreWarningsWithSuggestions() throws {
        let result = try decode("""
        {"scheme": ["x"], "root": {"url": "a.html", "titel": "T"},
         "bridge": {}, "messageHandlers": {"h": {"scirpt": "s", "script": "f", "wrold": "page"}},
         "intercepts": {"app://a": {"script": "f", "replies": true}},
         "userScripts": [{"source": "s", "injectTime": "documentEnd"}],
         "cookies": [{"name": "n", "value": "v", "domain": "d", "maxAge": 3}],
         "launch": {"checkAlive": "https://a.com", "metod": "GET"},
         "notifications": {"forground": [], "categories": {"C": {"action": [], "actions": [{"id": "i", "title": "t", "icon": "x"}]}}},
         "privacyGuard": {"titel": "G"}, "timeout": 3}
        """)
        XCTAssertEqual(result.warnings, [
            "webnav.json:1:2: warning: unknown key \"scheme\" ignored (did you mean \"schemes\"?)",
            "webnav.json:1:45: warning: unknown key \"root.titel\" ignored (did you mean \"root.title\"?)",
            "webnav.json:2:2: warning: unknown key \"bridge\" ignored",
            "webnav.json:2:42: warning: unknown key \"messageHandlers.h.scirpt\" ignored (did you mean \"messageHandlers.h.script\"?)",
            "webnav.json:2:72: warning: unknown key \"messageHandlers.h.wrold\" ignored (did you mean \"messageHandlers.h.world\"?)",
            "webnav.json:3:44: warning: unknown key \"intercepts.app://a.replies\" ignored",
            "webnav.json:4:34: warning: unknown key \"userScripts[0].injectTime\" ignored",
            "webnav.json:5:57: warning: unknown key \"cookies[0].maxAge\" ignored",
            "webnav.json:6:44: warning: unknown key \"launch.metod\" ignored (did you mean \"launch.method\"?)",
            "webnav.json:7:20: warning: unknown key \"notifications.forground\" ignored (did you mean \"notifications.foreground\"?)",
            "webnav.json:7:58: warning: unknown key \"notifications.categories.C.action\" ignored (did you mean \"notifications.categories.C.actions\"?)",
            "webnav.json:7:110: warning: unknown key \"notifications.categories.C.actions[0].icon\" ignored",
            "webnav.json:8:19: warning: unknown key \"privacyGuard.titel\" ignored (did you mean \"privacyGuard.title\"?)",
            "webnav.json:8:34: warning: unknown key \"timeout\" ignored",
        ])
        XCTAssertEqual(result.profile.root.url, "a.html")
        XCTAssertEqual(result.givenFields, ["root", "messageHandlers", "intercepts", "userScripts", "cookies", "launch", "notifications", "privacyGuard"])
    }

    func testOnlyTheFirstTwentyUnknownKeysAreListed() throws {
        let keys = (0..<100_000).map { "\"key\($0)\": \($0)" }
        let json = "{\"schemes\": [\"a\"],\n" + keys.joined(separator: ",\n") + "}"
        let result = try decode(json)
        XCTAssertEqual(result.warnings, (0..<20).map { "webnav.json:\($0 + 2):1: warning: unknown key \"key\($0)\" ignored" }
            + ["webnav.json:22:1: warning: … and 99,980 more unknown keys"])
        XCTAssertEqual(result.profile.schemes, ["a"])
        let twentyOne = try decode("{" + keys.prefix(21).joined(separator: ",") + "}")
        XCTAssertEqual(twentyOne.warnings.last, "webnav.json:1:\(keys.prefix(20).joined(separator: ",").utf8.count + 3): warning: … and 1 more unknown key")
        XCTAssertEqual(twentyOne.warnings.count, 21)
    }

    func testAHugeUnknownKeyIsCut() throws {
        let key = String(repeating: "x", count: 100_000)
        XCTAssertEqual(try decode("{\"\(key)\": 1}").warnings, ["webnav.json:1:2: warning: unknown key \"\(String(repeating: "x", count: 80))…\" ignored"])
    }

    // MARK: - Files and scripts

    func testFilesResolveAgainstTheProfilesFolder() throws {
        let profile = try decode("""
        {"infoPlist": "Info.plist",
         "messageHandlers": {"a": {"scriptFile": "native/a.js", "replies": true}, "b": {"script": "f"}},
         "intercepts": {"app://x": {"scriptFile": "../shared/x.js"}},
         "userScripts": [{"file": "/abs/u.js"}, {"source": "s"}]}
        """).profile
        let existing: Set = ["/app/Info.plist", "/app/native/a.js", "/shared/x.js", "/abs/u.js"]
        var asked: [String] = []
        let resolved = try profile.resolvingFiles(in: "/app/", fileExists: { asked.append($0); return existing.contains($0) })
        XCTAssertEqual(asked, ["/app/Info.plist", "/app/native/a.js", "/shared/x.js", "/abs/u.js"])
        var expected = profile
        expected.infoPlist?.path = "/app/Info.plist"
        expected.messageHandlers[0].behaviour = .script(.file(AppProfile.FileReference(path: "/app/native/a.js", location: at(2, 42))), replies: true)
        expected.intercepts[0].script = .file(AppProfile.FileReference(path: "/shared/x.js", location: at(3, 43)))
        expected.userScripts[0].source = .file(AppProfile.FileReference(path: "/abs/u.js", location: at(4, 27)))
        assertNoDifference(expected, resolved)
        XCTAssertEqual(try AppProfile.builtIn.resolvingFiles(in: "/nowhere", fileExists: { _ in false }), .builtIn)
    }

    func testAMissingFileIsAnErrorAtItsPath() {
        func missing(_ json: String) -> String {
            do {
                _ = try decode(json).profile.resolvingFiles(in: "/app", fileExists: { $0 == "/app/here.js" })
                return "no error"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(missing("{\"messageHandlers\": {\"myTopic\": {\"scriptFile\": \"native/myTopic.js\"}}}"),
                       "webnav.json:1:48: error: \"messageHandlers.myTopic.scriptFile\": no such file: /app/native/myTopic.js")
        XCTAssertEqual(missing("{\"intercepts\": {\"app://home\": {\"scriptFile\": \"./home.js\"}}}"),
                       "webnav.json:1:46: error: \"intercepts.app://home.scriptFile\": no such file: /app/home.js")
        XCTAssertEqual(missing("{\"userScripts\": [{\"file\": \"here.js\"}, {\"file\": \"there.js\"}]}"),
                       "webnav.json:1:48: error: \"userScripts[1].file\": no such file: /app/there.js")
        XCTAssertEqual(missing("{\"infoPlist\": \"ios/Info.plist\"}"), "webnav.json:1:15: error: \"infoPlist\": no such file: /app/ios/Info.plist")
        XCTAssertEqual(missing("{\"messageHandlers\": {\"a\": {\"scriptFile\": \"here.js\"}}}"), "no error")
    }

    func testEveryScriptWithItsKeyPath() throws {
        let profile = try decode("""
        {"messageHandlers": {"a": {"scriptFile": "a.js"}, "r": {"reply": 1}, "b": {"script": "f", "replies": true}},
         "intercepts": {"app://x": {"script": "g"}},
         "userScripts": [{"file": "u.js"}, {"source": "s"}]}
        """).profile
        XCTAssertEqual(profile.scripts, [
            AppProfile.ProfileScript(keyPath: "messageHandlers.a.scriptFile", source: .file(AppProfile.FileReference(path: "a.js", location: at(1, 42))), mustBeFunction: true),
            AppProfile.ProfileScript(keyPath: "messageHandlers.b.script", source: .inline("f", location: at(1, 86)), mustBeFunction: true),
            AppProfile.ProfileScript(keyPath: "intercepts.app://x.script", source: .inline("g", location: at(2, 39)), mustBeFunction: true),
            AppProfile.ProfileScript(keyPath: "userScripts[0].file", source: .file(AppProfile.FileReference(path: "u.js", location: at(3, 27))), mustBeFunction: false),
            AppProfile.ProfileScript(keyPath: "userScripts[1].source", source: .inline("s", location: at(3, 47)), mustBeFunction: false),
        ])
    }

    // MARK: - Info.plist

    func testJSONFieldsOverrideThePlist() throws {
        let plistATS = AppProfile.AppTransportSecurity(dictionary: object([("NSAllowsArbitraryLoads", .bool(true))]), location: SourceLocation(path: "Info.plist", line: 1))
        let plist = InfoPlistValues(schemes: ["plistapp"], bundleId: "com.plist.app", ats: plistATS, queriesSchemes: ["kakaotalk", "tel"])

        let alone = DecodedProfile().merging(plist)
        var expected = AppProfile.builtIn
        expected.schemes = ["plistapp"]
        expected.bundleId = "com.plist.app"
        expected.ats = plistATS
        expected.queriesSchemes = ["kakaotalk", "tel"]
        assertNoDifference(expected, alone)
        XCTAssertEqual(alone.launchScreenTitle, "com.plist.app", "the launch title follows the imported bundle id")

        let decoded = try decode("{\"schemes\": [\"jsonapp\"], \"ats\": {}, \"infoPlist\": \"Info.plist\", \"launchTitle\": \"Shop\"}")
        var overridden = decoded.profile
        overridden.bundleId = "com.plist.app"
        overridden.queriesSchemes = ["kakaotalk", "tel"]
        assertNoDifference(overridden, decoded.merging(plist))
        XCTAssertEqual(decoded.merging(plist).schemes, ["jsonapp"])
        XCTAssertEqual(decoded.merging(plist).ats, AppProfile.AppTransportSecurity(dictionary: .object([]), location: at(1, 33)))

        let explicitNull = try decode("{\"ats\": null, \"bundleId\": \"com.json.app\"}")
        XCTAssertNil(explicitNull.merging(plist).ats, "an explicit null in the JSON profile overrides the plist too")
        XCTAssertEqual(explicitNull.merging(plist).bundleId, "com.json.app")
        XCTAssertEqual(DecodedProfile().merging(InfoPlistValues()), .builtIn, "a plist without these keys changes nothing")
    }

    // MARK: - Hostile input (issue 12)

    func testDecodingGrowsLinearly() {
        func profile(_ body: String) -> [UInt8] { Array(("{" + body + "}").utf8) }
        let decodes: ([UInt8]) -> Void = { _ = try? AppProfile.decode(json: $0, path: "p") }
        assertGrowsLinearly("unknown keys", size: 300, input: { count in
            profile((0..<count).map { "\"schemez\($0)\": {\"a\": [1, 2]}" }.joined(separator: ","))
        }, work: decodes)
        assertGrowsLinearly("message handlers", size: 150, input: { count in
            profile("\"messageHandlers\": {" + (0..<count).map { "\"h\($0)\": {\"script\": \"f\", \"world\": \"w\($0)\", \"replies\": true}" }.joined(separator: ",") + "}")
        }, work: decodes)
        assertGrowsLinearly("headers", size: 250, input: { count in
            profile("\"headers\": {" + (0..<count).map { "\"X-Header-\($0)\": \"value \($0)\"" }.joined(separator: ",") + "}")
        }, work: decodes)
        assertGrowsLinearly("cookies", size: 120, input: { count in
            profile("\"cookies\": [" + (0..<count).map { "{\"name\": \"c\($0)\", \"value\": \"v\", \"domain\": \"a.com\", \"expires\": \"2026-12-31T23:59:59Z\"}" }
                .joined(separator: ",") + "]")
        }, work: decodes)
        assertGrowsLinearly("a long unknown key", size: 10_000, input: { length in
            profile("\"" + String(repeating: "schemes", count: length / 7) + "\": 1")
        }, work: decodes)
    }

    func testNeverCrashesOnMutatedProfiles() throws {
        let full = Array("""
        {
          "schemes": ["shop", "Shop2"],
          "routes": {"open": "push", "back": "pop", "home": "popToRoot", "again": "reload"},
          "externalSchemes": ["tel", "mailto"],
          "root": {"url": "home.html", "title": "Home"},
          "pages": "site",
          "javaScriptEnabled": false,
          "uiDelegate": false,
          "scriptTimeLimitMs": 500,
          "messageHandlers": {
            "myTopic": {"world": "page", "replies": true, "scriptFile": "native/myTopic.js"},
            "getToken": {"world": "defaultClient", "script": "function (body, app) { return app.uuid() }"},
            "testWithPromise": {"reply": {"data": [1, "two", null]}},
            "nothing": {"reply": null, "replies": true},
            "failing": {"error": "oops! something wrong", "world": "sandbox"}
          },
          "intercepts": {
            "app://home": {"script": "function (url, app) {}"},
            "app://downloadFile": {"scriptFile": "native/download.js"}
          },
          "userScripts": [
            {"source": "window.started = true", "injectionTime": "documentStart", "forMainFrameOnly": false, "world": "tools"},
            {"file": "inject/end.js", "injectionTime": "documentEnd", "forMainFrameOnly": true, "world": "defaultClient"}
          ],
          "pushToken": "f00dcafe",
          "headers": {"X-App-Version": "3.1", "Accept-Language": "ko-KR"},
          "userAgent": "ShopApp/3.1 (iPhone)",
          "applicationNameForUserAgent": "ShopApp/3.1",
          "cookies": [
            {"name": "session", "value": "abc", "domain": "example.com", "path": "/app", "secure": true, "httpOnly": true, "expires": "2026-12-31T23:59:59Z"},
            {"name": "lang", "value": "", "domain": ".example.com", "expires": null}
          ],
          "dataStore": "perScreen",
          "ats": {"NSExceptionDomains": {"192.168.1.87:8080": {"NSExceptionAllowsInsecureHTTPLoads": true}}},
          "infoPlist": "Info.plist",
          "bundleId": "com.example.shop",
          "platformVersion": "16.4.1",
          "launch": {"checkAlive": "https://example.com/health", "method": "GET", "expect": 204, "delayMs": 2000},
          "launchTitle": "Shop",
          "notifications": {
            "foreground": ["banner", "sound"],
            "categories": {
              "MyCategory": {"actions": [{"id": "reply", "title": "Reply"}, {"id": "later", "title": "Later", "options": ["foreground", "destructive"]}]},
              "Empty": {}
            },
            "linkKey": "url",
            "imageKey": "picture",
            "contentExtension": true
          },
          "privacyGuard": {"title": "Shop"},
          "timeoutSeconds": 12.5,
          "pageSizeLimitMB": 200
        }
        """.utf8)
        XCTAssertNoThrow(try AppProfile.decode(json: full, path: "webnav.json"))
        var generator = SeededGenerator(seed: 0x5EED_0011)
        let pieces: [[UInt8]] = ["\"", "{", "}", "[", "]", ",", ":", "null", "true", "0", "-1", "1e999", "\"\"", "\"x\"", "\\", "\n", "{}", "[]",
                                 "\"script\"", "\"reply\"", "\"world\"", "\"page\"", "\u{0}", "é"].map { Array($0.utf8) }
        var outcomes = (decoded: 0, failed: 0)
        for _ in 0..<3_000 {
            var bytes = full
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(contentsOf: pieces.randomElement(using: &generator)!, at: position)
                case 2: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                default:
                    let end = min(bytes.count, position + Int.random(in: 1...12, using: &generator))
                    bytes.replaceSubrange(position..<end, with: pieces.randomElement(using: &generator)!)
                }
            }
            do {
                let decoded = try AppProfile.decode(json: bytes, path: "webnav.json")
                outcomes.decoded += 1
                for warning in decoded.warnings { XCTAssertTrue(warning.hasPrefix("webnav.json:"), warning) }
                XCTAssertLessThanOrEqual(decoded.warnings.count, 21)
                _ = decoded.profile.scripts
                do { _ = try decoded.profile.resolvingFiles(in: "/app", fileExists: { $0.count % 2 == 0 }) } catch {
                    XCTAssertEqual(error.location?.path, "webnav.json")
                }
            } catch {
                outcomes.failed += 1
                XCTAssertEqual(error.location?.path, "webnav.json", error.description)
                XCTAssertFalse(error.description.contains("\n"), error.description)
            }
        }
        XCTAssertGreaterThan(outcomes.decoded, 100, "mutations keep some profiles valid")
        XCTAssertGreaterThan(outcomes.failed, 1_000)
    }
}
