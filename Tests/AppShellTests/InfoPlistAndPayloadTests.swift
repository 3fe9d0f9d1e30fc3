import AppShell
import NavigatorCore
import Foundation
import TestSupport
import XCTest

final class InfoPlistTests: XCTestCase {
    nonisolated(unsafe) static let plist: [String: Any] = [
        "CFBundleIdentifier": "com.example.app",
        "CFBundleURLTypes": [
            ["CFBundleURLName": "main", "CFBundleURLSchemes": ["mkwebview", "mkweb"]],
            ["CFBundleURLSchemes": ["mkwebview", "$(PRODUCT_SCHEME)"]],
            "not a dictionary",
        ],
        "LSApplicationQueriesSchemes": ["kakaotalk", "tel", 3],
        "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoadsInWebContent": true,
            "NSExceptionDomains": ["example.com": ["NSIncludesSubdomains": true, "NSExceptionMinimumTLSVersion": "TLSv1.0"]],
        ],
    ]

    static let expected = InfoPlist(
        bundleIdentifier: "com.example.app", urlSchemes: ["mkwebview", "mkweb"],
        appTransportSecurity: .dictionary([
            "NSAllowsArbitraryLoadsInWebContent": .bool(true),
            "NSExceptionDomains": .dictionary(["example.com": .dictionary([
                "NSIncludesSubdomains": .bool(true), "NSExceptionMinimumTLSVersion": .string("TLSv1.0"),
            ])]),
        ]),
        queriesSchemes: ["kakaotalk", "tel"],
        warnings: [
            "App.plist: URL scheme $(PRODUCT_SCHEME) is a build setting, not a value; ignored",
            "App.plist: CFBundleURLTypes[2] must be a dictionary, found a string; ignored",
            "App.plist: LSApplicationQueriesSchemes holds an integer, not a string; ignored",
        ])

    func testXMLAndBinaryPlistsGiveTheSameValue() throws {
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: Self.plist, format: format, options: 0)
            XCTAssertEqual(try InfoPlist.parse(data, path: "App.plist"), Self.expected, "\(format)")
        }
    }

    /// Every kind of value, written by Foundation's `PropertyListSerialization` in both formats,
    /// reads back as the same `PropertyValue` through `PropertyListReader`.
    func testEveryValueTypeReadsTheSameFromXMLAndBinary() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let plist: [String: Any] = [
            "string": "héllo <&> ' \" 😀", "empty": "", "digits": "12", "word": "true", "integer": 42, "negative": -7, "large": 1 << 62,
            "min": Int.min, "byte": 200, "short": 40_000, "real": 2.5, "float": Float(0.5), "wide": "wide ☃ string", "yes": true, "no": false, "date": date, "data": Data([0, 1, 255]), "emptyData": Data(),
            "array": ["x", 1, ["nested": true]] as [Any], "emptyArray": [Any](), "emptyDictionary": [String: Any](),
        ]
        let expected = PropertyValue.dictionary([
            "string": .string("héllo <&> ' \" 😀"), "empty": .string(""), "digits": .string("12"), "word": .string("true"),
            "integer": .integer(42), "negative": .integer(-7), "large": .integer(1 << 62), "min": .integer(Int.min), "byte": .integer(200),
            "short": .integer(40_000), "real": .real(2.5), "float": .real(0.5), "wide": .string("wide ☃ string"),
            "yes": .bool(true), "no": .bool(false), "date": .date(date), "data": .data([0, 1, 255]), "emptyData": .data([]),
            "array": .array([.string("x"), .integer(1), .dictionary(["nested": .bool(true)])]),
            "emptyArray": .array([]), "emptyDictionary": .dictionary([:]),
        ])
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
            XCTAssertEqual(try PropertyListReader.read([UInt8](data)), expected, "\(format)")
        }
    }

    func testTheSampleInPagesHasSeed000sExceptionAndTheDemoServers() throws {
        let path = DemoServer.repositoryRoot.appendingPathComponent("Pages/Info.plist").path
        let plist = try InfoPlist.read(path: path)
        XCTAssertEqual(plist, InfoPlist(
            bundleIdentifier: "com.example.webnav.demo", urlSchemes: ["mkwebview"],
            appTransportSecurity: .dictionary(["NSExceptionDomains": .dictionary([
                "127.0.0.1": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
                "192.168.1.87:8080": .dictionary(["NSExceptionAllowsInsecureHTTPLoads": .bool(true)]),
            ])]),
            queriesSchemes: ["tel", "mailto", "sms"]))
        XCTAssertEqual(ATSLinter.check(plist.appTransportSecurity).map(\.code), ["ats-domain-port"])
    }

    func testBuildSettingsAreNotValues() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"], format: .xml, options: 0)
        XCTAssertEqual(try InfoPlist.parse(data, path: "Info.plist"), InfoPlist(warnings: [
            "Info.plist: CFBundleIdentifier is a build setting ($(PRODUCT_BUNDLE_IDENTIFIER)), not a value; set bundleId in the profile",
        ]))
    }

    func testMalformedTruncatedAndMissingFilesAreOneLineErrors() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.plist, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: Self.plist, format: .xml, options: 0)
        let xmlLines = String(decoding: xml, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (bytes, reason) in [
            (data.prefix(data.count / 2), "not a property list: the binary trailer does not fit the file"),
            (xml.prefix(xml.count - 20), "\(xmlLines.count - 3):2: not a property list: <dic is not closed with >"),
            (xml.prefix(xml.count - 9), "3:1: not a property list: <plist> is not closed"),
            (Data("{\"json\": true}".utf8), "1:1: not a property list: text outside an element"),
            (Data("<plist><dict><key>a</key></dict></plist>".utf8), "1:14: not a property list: key \"a\" has no value"),
            (Data("<plist><array><string>a</string></dict></plist>".utf8), "1:33: not a property list: unexpected </dict>; expected </array>"),
            (Data("<plist>\n  <dict><string>x</string></dict></plist>".utf8), "2:9: not a property list: a value in a dictionary must follow a <key>"),
            (Data("<plist><integer>12x</integer></plist>".utf8), "1:8: not a property list: <integer> holds \"12x\", not an integer in range"),
            (Data("<plist><date>2024-13-01T00:00:00Z</date></plist>".utf8), "1:8: not a property list: <date> holds \"2024-13-01T00:00:00Z\", not YYYY-MM-DDTHH:MM:SSZ"),
            (Data("<plist><string>a &bogus; b</string></plist>".utf8), "1:18: not a property list: unknown entity &bogus;"),
            (Data("<plist><widget/></plist>".utf8), "1:8: not a property list: <widget> is not a property-list element"),
            (try PropertyListSerialization.data(fromPropertyList: ["a", "b"], format: .xml, options: 0), "the top level is not a dictionary"),
        ] {
            XCTAssertThrowsError(try InfoPlist.parse(Data(bytes), path: "Bad.plist")) { error in
                XCTAssertEqual("\(error)", reason.first?.isNumber == true ? "Bad.plist:\(reason)" : "Bad.plist: \(reason)")
            }
        }
        XCTAssertThrowsError(try InfoPlist.read(path: "/nonexistent/Info.plist")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/Info.plist: no such file")
        }
        var generator = SeededGenerator(seed: 4)
        for source in [xml, data] {
            for _ in 0..<300 {
                var bytes = [UInt8](source)
                for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
                _ = try? InfoPlist.parse(Data(bytes), path: "Fuzz.plist")
            }
        }
    }

    func testEntitiesCDATACommentsAndADoctypeReadAsFoundationWritesThem() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd" [ <!ENTITY x "y"> ]>
            <!-- a comment -->
            <plist version="1.0">
            <dict>
              <key>a&amp;b</key><string>&lt;&#65;&#x42;&gt;<![CDATA[<raw & text>]]><!-- gone --></string>
              <key>hex</key><integer>0x1F</integer>
              <key>n</key><real>-1.5e3</real>
              <key>empty</key><string/>
              <key>when</key><date>2001-01-01T00:00:00Z</date>
              <key>bytes</key><data>
                AAEC
                /w==
              </data>
              <key>t</key><true/>
            </dict>
            </plist>
            """
        XCTAssertEqual(try PropertyListReader.read(Array(text.utf8)), .dictionary([
            "a&b": .string("<AB><raw & text>"), "hex": .integer(31), "n": .real(-1500), "empty": .string(""),
            "when": .date(Date(timeIntervalSince1970: 978_307_200)), "bytes": .data([0, 1, 2, 255]), "t": .bool(true),
        ]))
    }
}

/// Issue 23, items 4 and 5: deep XML nesting, and binary lists that contain themselves, share
/// objects or chain deeply, end in a clear error at once.
final class PropertyListBombTests: XCTestCase {
    private func nestedXML(_ depth: Int) -> [UInt8] {
        Array(("<plist><dict><key>k</key>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</dict></plist>").utf8)
    }

    func testTenThousandNestedArraysAreRefusedAtTheFirstTooDeep() {
        for depth in [10_000, 2_000] {
            XCTAssertThrowsError(try InfoPlist.parse(Data(nestedXML(depth)), path: "Deep.plist")) { error in
                XCTAssertEqual("\(error)", "Deep.plist:1:\(25 + 511 * 7 + 1): not a property list: nesting deeper than 512 levels")
            }
        }
        XCTAssertEqual(try PropertyListReader.read(nestedXML(511)).dictionaryValue?["k"].map { _ in true }, true)
    }

    func testXMLTimeIsLinearInDepthAndWidth() {
        assertGrowsLinearly("nested arrays", size: 40, input: nestedXML) { bytes in _ = try? PropertyListReader.read(bytes) }
        assertGrowsLinearly("wide dictionary", size: 300, input: { count in
            Array(("<plist><dict>" + (0..<count).map { "<key>k\($0)</key><array><integer>\($0)</integer></array>" }.joined()
                + "</dict></plist>").utf8)
        }) { bytes in _ = try? PropertyListReader.read(bytes) }
    }

    /// A binary list from objects (each its bytes) and the top object's number.
    private func binaryList(_ objects: [[UInt8]], top: Int = 0) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2] + be(objects.count) + be(top) + be(table)
        return bytes
    }

    func testAnArrayThatContainsItselfIsACycle() {
        let list = binaryList([[0xA1, 0x00, 0x00]])  // object 0: an array holding object 0
        XCTAssertLessThan(list.count, 60)
        XCTAssertThrowsError(try PropertyListReader.read(list)) { error in
            XCTAssertEqual("\(error)", "the list contains itself (object 0 is inside object 0)")
        }
        let dictionary = binaryList([[0xD1, 0x00, 0x01, 0x00, 0x00], [0x51, 0x6B]])  // {"k": itself}
        XCTAssertThrowsError(try PropertyListReader.read(dictionary)) { error in
            XCTAssertEqual("\(error)", "the list contains itself (object 0 is inside object 0)")
        }
    }

    func testSharedReferencesCannotExpandBeyondTheBound() {
        // Object i is an array holding object i+1 twice: 2^40 values from 40 objects.
        var objects: [[UInt8]] = (0..<40).map { [0xA2, 0x00, UInt8($0 + 1), 0x00, UInt8($0 + 1)] }
        objects.append([0x09])
        let list = binaryList(objects)
        XCTAssertLessThan(list.count, 330)
        XCTAssertThrowsError(try PropertyListReader.read(list)) { error in
            XCTAssertEqual("\(error)", "the list expands to more than 100000 values (shared references)")
        }
        // Shared, but within the bound: read whole.
        let small = binaryList([[0xA2, 0x00, 0x01, 0x00, 0x01], [0xA2, 0x00, 0x02, 0x00, 0x02], [0x08]])
        XCTAssertEqual(try PropertyListReader.read(small), .array([.array([.bool(false), .bool(false)]), .array([.bool(false), .bool(false)])]))
    }

    /// Found by `make fuzz`: a UID of more than seven bytes beyond Int.max trapped.
    func testWideUIDsKeepTheirLowEightBytes() throws {
        XCTAssertEqual(try PropertyListReader.read(binaryList([[0x8F] + [UInt8](repeating: 0xFF, count: 16)])), .integer(-1))
        XCTAssertEqual(try PropertyListReader.read(binaryList([[0x87] + [UInt8](repeating: 0xFF, count: 8)])), .integer(-1))
        XCTAssertEqual(try PropertyListReader.read(binaryList([[0x81, 0x01, 0x02]])), .integer(258))
    }

    func testALongChainStopsAtTheDepthBound() {
        // Object i is an array holding object i+1 (two-byte offsets reach 65,535 bytes).
        var objects: [[UInt8]] = []
        for index in 1...2000 { objects.append([0xA1, UInt8(index >> 8), UInt8(index & 0xFF)]) }
        objects.append([0x08])
        let list = binaryList(objects)
        XCTAssertThrowsError(try PropertyListReader.read(list)) { error in
            XCTAssertEqual("\(error)", "nesting deeper than 512 levels")
        }
    }
}

final class NotificationPayloadTests: XCTestCase {
    let settings = NotificationSettings(bundleIdentifier: "com.example.webnav.demo", categories: ["MESSAGE"])

    func payload(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: DemoServer.repositoryRoot.appendingPathComponent("Pages/notifications/\(name).apns")))
    }

    func testTheSeedPayloads() throws {
        let rich = NotificationPayload.parse(try payload("rich"), settings: settings)
        XCTAssertEqual(rich.payload, NotificationPayload(
            title: "Summer sale", subtitle: "Today only", body: "Everything in the shop is 30% off until midnight.", badge: 1,
            sound: "default", link: "mkwebview://webview?url=product.html&title=Product&leftBtn=true",
            image: "https://example.com/images/summer-sale.jpg", targetBundle: "com.example.webnav.demo", isMutableContent: true))
        XCTAssertEqual(rich.problems.map(\.description), [
            "warning payload-mutable-content-no-extension: \"mutable-content\" is set but the app declares no notification service extension: it is shown unmodified",
        ])
        var withExtension = settings
        withExtension.hasServiceExtension = true
        XCTAssertEqual(NotificationPayload.parse(try payload("rich"), settings: withExtension).problems, [])

        XCTAssertEqual(NotificationPayload.parse(try payload("plain"), settings: settings).payload,
                       NotificationPayload(body: "Your order has shipped.", sound: "default", targetBundle: "com.example.webnav.demo"))
        let category = NotificationPayload.parse(try payload("category"), settings: settings)
        XCTAssertEqual(category.payload, NotificationPayload(
            title: "New message", body: "Anna: are we still on for lunch?", category: "MESSAGE", threadIdentifier: "chat-anna",
            link: "mkwebview://webview?url=detail.html&title=Messages&leftBtn=true", targetBundle: "com.example.webnav.demo"))
        XCTAssertEqual(category.problems, [])
        XCTAssertEqual(NotificationPayload.parse(try payload("category"), settings: NotificationSettings()).problems.map(\.code),
                       ["payload-category-unregistered"])
    }

    /// Values read as `JSONSerialization` and `NSNumber` read them: a repeated key's last value
    /// wins, a number's integer part counts, `true` is 1.
    func testValuesReadAsJSONSerializationReadThem() {
        let text = """
            {"aps": {"alert": "first", "badge": 3.7, "mutable-content": true, "content-available": 1.5,
                     "sound": {"name": "chime", "critical": 1}, "alert": {"title": "T", "body": 5}},
             "link": "a", "link": "b"}
            """
        XCTAssertEqual(NotificationPayload.parse(Array(text.utf8), settings: NotificationSettings(hasServiceExtension: true)).payload,
                       NotificationPayload(title: "T", badge: 3, sound: "chime", link: "b", isMutableContent: true, isContentAvailable: true))
        for (value, isOne) in [("0", false), ("1", true), ("1.99", true), ("2", false), ("false", false), ("\"1\"", false), ("-1", false), ("1e300", false)] {
            let parsed = NotificationPayload.parse(Array("{\"aps\": {\"content-available\": \(value)}}".utf8)).payload
            XCTAssertEqual(parsed?.isContentAvailable, isOne, value)
        }
        XCTAssertEqual(NotificationPayload.parse(Array("{\"aps\": {\"badge\": -2.5}}".utf8)).payload?.badge, -2)
        XCTAssertEqual(NotificationPayload.parse(Array("{\"aps\": {\"badge\": 1e300}}".utf8)).payload?.badge, Int.max)
    }

    func testSettingsComeFromTheProfile() {
        var profile = AppProfile.builtIn
        profile.bundleId = "com.example.app"
        profile.notifications.categories = [AppProfile.NotificationCategory(name: "MESSAGE", actions: [])]
        profile.notifications.contentExtension = true
        profile.notifications.linkKey = "url"
        profile.notifications.imageKey = "picture"
        XCTAssertEqual(NotificationSettings(profile: profile), NotificationSettings(
            bundleIdentifier: "com.example.app", categories: ["MESSAGE"], hasServiceExtension: true, linkKey: "url", imageKey: "picture"))
    }

    func testALocalNotificationHasNoSizeLimitNorTargetBundle() {
        let big = Array(("{\"Simulator Target Bundle\": \"com.other\", \"aps\": {\"alert\": \"" + String(repeating: "x", count: 5000) + "\"}}").utf8)
        let local = NotificationPayload.parse(big, settings: settings, isRemote: false)
        XCTAssertEqual(local.problems, [])
        XCTAssertEqual(local.payload?.body?.count, 5000)
        XCTAssertEqual(NotificationPayload.parse(big, settings: settings).problems.map(\.code), ["payload-too-large", "payload-bundle-mismatch"])
    }

    func testOnlyTheStartOfALargeFileIsRead() {
        let start = Array("{\"aps\": {\"alert\": \"".utf8)
        XCTAssertEqual(NotificationPayload.parse(start, settings: settings, size: 70_000).problems.map(\.description),
                       ["error payload-too-large: the payload is 70000 bytes; APNs accepts at most 4096"],
                       "the size decides; the cut JSON is not read")
    }

    func testEachProblemHasItsCode() {
        let big = "{\"aps\":{\"alert\":\"" + String(repeating: "x", count: 4100) + "\"}}"
        let cases: [(String, [String])] = [
            ("not json", ["error payload-not-json: the payload is not JSON"]),
            ("[1, 2]", ["error payload-not-object: the payload must be a JSON object, found an array"]),
            ("\"text\"", ["error payload-not-object: the payload must be a JSON object, found a string"]),
            ("{\"alert\": \"hi\"}", ["error payload-no-aps: the payload has no \"aps\" dictionary"]),
            ("{\"aps\": true}", ["error payload-aps-not-object: \"aps\" must be an object, found a boolean"]),
            ("{\"aps\": {\"alert\": 42}}", ["error payload-alert-type: \"aps.alert\" must be a string or an object, found a number"]),
            ("{\"aps\": {\"alert\": [\"a\"]}}", ["error payload-alert-type: \"aps.alert\" must be a string or an object, found an array"]),
            (big, ["error payload-too-large: the payload is \(big.utf8.count) bytes; APNs accepts at most 4096"]),
            ("{\"Simulator Target Bundle\": \"com.other\", \"aps\": {\"alert\": \"hi\"}}",
             ["error payload-bundle-mismatch: \"Simulator Target Bundle\" is com.other, but the app is com.example.webnav.demo: simctl would deliver it to another app"]),
            ("{\"aps\": {\"alert\": \"hi\", \"badge\": true}, \"link\": 5}", [
                "warning payload-badge-type: \"aps.badge\" must be a number, found a boolean; the badge is left alone",
                "warning payload-link-type: \"link\" must be a URL string; tapping the notification opens nothing",
            ]),
            ("{\"aps\": {\"content-available\": 1}}", []),
        ]
        for (text, expected) in cases {
            let result = NotificationPayload.parse(Array(text.utf8), settings: settings)
            XCTAssertEqual(result.problems.map(\.description), expected, text)
            XCTAssertEqual(result.payload == nil, expected.contains { $0.hasPrefix("error") }, text)
        }
        XCTAssertEqual(NotificationPayload.parse(Array("{\"aps\": {\"content-available\": 1}}".utf8)).payload,
                       NotificationPayload(isContentAvailable: true))
        var custom = settings
        custom.linkKey = "url"
        custom.imageKey = "picture"
        XCTAssertEqual(NotificationPayload.parse(Array("{\"aps\":{\"alert\":\"a\"},\"url\":\"https://x/\",\"picture\":\"p.png\"}".utf8), settings: custom).payload,
                       NotificationPayload(body: "a", link: "https://x/", image: "p.png"))
    }

    func testGeneratedPayloadsNeverCrash() {
        var generator = SeededGenerator(seed: 2)
        let pieces = ["{", "}", "[", "]", "\"aps\"", ":", ",", "\"alert\"", "1", "true", "null", "\"x\"", "{\"title\":", "\"badge\"", " "]
        for _ in 0..<2000 {
            let text = generator.string(from: pieces, length: Int.random(in: 0..<30, using: &generator))
            _ = NotificationPayload.parse(Array(text.utf8), settings: settings)
        }
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertEqual(NotificationPayload.parse(Array(deep.utf8)).problems.map(\.code), ["payload-too-large", "payload-not-json"])
    }
}
