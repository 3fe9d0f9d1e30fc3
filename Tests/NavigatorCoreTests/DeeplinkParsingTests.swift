import XCTest
@testable import NavigatorCore

/// Deeplink parsing: query rules, booleans, colours, bar visibility, appearance and every warning code.
final class DeeplinkParsingTests: XCTestCase {
    private let classifier = URLClassifier(profile: .builtIn)

    private func deeplink(_ url: String, file: StaticString = #filePath, line: UInt = #line) -> Deeplink {
        let classification = classifier.classify(url)
        guard let deeplink = classification.deeplink else {
            XCTFail("\(url) is \(classification.kind), not a deeplink", file: file, line: line)
            return Deeplink(url: url, host: "", queryItems: [], configuration: DeeplinkConfiguration(host: ""), action: .unhandled, warnings: [])
        }
        return deeplink
    }

    private func codes(_ url: String) -> [DeeplinkWarning.Code] {
        deeplink(url).warnings.map(\.code)
    }

    func testFullConfiguration() {
        let link = deeplink("mkwebview://webview?url=detail.html&title=Detail&leftBtn=true&rightBtn=false&navigationColor=%23FF0000&statusBarColor=000&tintColor=FFFFFF&removeStack=yes")
        XCTAssertEqual(link.configuration, DeeplinkConfiguration(
            host: "webview", urlString: "detail.html", title: "Detail", leftBtn: true, rightBtn: false,
            navigationColor: "#FF0000", statusBarColor: "000", tintColor: "FFFFFF", removeStack: true
        ))
        XCTAssertEqual(link.action, .push)
        XCTAssertEqual(link.warnings, [])
        XCTAssertEqual(link.configuration.appearance, BarAppearance(
            barVisible: true, title: "Detail", leftButton: true, rightButton: false,
            navigationColor: RGBColor(red: 255, green: 0, blue: 0), tintColor: .white, statusBarColor: .black
        ))
    }

    func testPlusIsNotASpace() {
        let link = deeplink("mkwebview://webview?url=a.html&title=Hello+World")
        XCTAssertEqual(link.configuration.title, "Hello+World")
        XCTAssertEqual(link.warnings, [DeeplinkWarning(.plusInValue, "title \"Hello+World\" contains \"+\": Foundation does not turn it into a space; use %20")])
        XCTAssertEqual(deeplink("mkwebview://webview?url=a.html&title=Hello%20World").configuration.title, "Hello World")
        XCTAssertEqual(codes("mkwebview://webview?url=a.html&title=Hello%2BWorld"), [], "an encoded plus is what the writer meant")
    }

    func testLastDuplicateWinsAndIsReported() {
        let link = deeplink("mkwebview://webview?url=a.html&title=A&title=B")
        XCTAssertEqual(link.configuration.title, "B")
        XCTAssertEqual(link.warnings, [DeeplinkWarning(.duplicateParameter, "title is given 2 times: the last one wins, \"B\"")])
        let valuelessLast = deeplink("mkwebview://webview?url=a.html&title=A&title")
        XCTAssertNil(valuelessLast.configuration.title, "a valueless last duplicate leaves the parameter absent")
        XCTAssertEqual(valuelessLast.warnings.map(\.code), [.duplicateParameter, .valuelessParameter])
    }

    func testValuelessItemIsAbsentButEmptyValueIsPresent() {
        let valueless = deeplink("mkwebview://webview?url=a.html&leftBtn")
        XCTAssertNil(valueless.configuration.leftBtn)
        XCTAssertFalse(valueless.configuration.navigationBarIsEnable)
        XCTAssertEqual(valueless.warnings, [DeeplinkWarning(.valuelessParameter, "leftBtn has no \"=\": it has no value and counts as absent")])

        let empty = deeplink("mkwebview://webview?url=a.html&title=")
        XCTAssertEqual(empty.configuration.title, "")
        XCTAssertTrue(empty.configuration.navigationBarIsEnable, "title= is present, so the bar shows")
        XCTAssertEqual(empty.warnings, [])
    }

    func testURLIsReEncodedWithTheQueryAllowedSet() {
        XCTAssertEqual(deeplink("mkwebview://webview?url=%2520").configuration.urlString, "%2520")
        XCTAssertEqual(deeplink("mkwebview://webview?url=테스트.html").configuration.urlString, "%ED%85%8C%EC%8A%A4%ED%8A%B8.html")
        XCTAssertEqual(deeplink("mkwebview://webview?url=https%3A%2F%2Fa.com%2Fp%3Fx%3D1%26y%3D2").configuration.urlString, "https://a.com/p?x=1&y=2")
        XCTAssertEqual(deeplink("mkwebview://webview?url=a%23b").configuration.urlString, "a%23b")
    }

    func testBarVisibilityByPresenceWhateverTheValue() {
        XCTAssertTrue(deeplink("mkwebview://webview?url=a.html&leftBtn=false").configuration.navigationBarIsEnable)
        let onlyLeftFalse = deeplink("mkwebview://webview?url=a.html&leftBtn=false").configuration.appearance
        XCTAssertEqual(onlyLeftFalse, BarAppearance(barVisible: true, title: "", leftButton: false, rightButton: false,
                                                    navigationColor: .white, tintColor: .defaultTint, statusBarColor: .white))
        for parameter in ["title=", "rightBtn=0", "navigationColor=", "statusBarColor=FFF", "tintColor=x"] {
            XCTAssertTrue(deeplink("mkwebview://webview?url=a.html&\(parameter)").configuration.navigationBarIsEnable, parameter)
        }
        for parameter in ["removeStack=true", "url=b.html", "foo=bar", "leftBtn"] {
            XCTAssertFalse(deeplink("mkwebview://webview?url=a.html&\(parameter)").configuration.navigationBarIsEnable, parameter)
        }
        let hidden = deeplink("mkwebview://webview?url=a.html&statusBarColor=%23000000").configuration.appearance
        XCTAssertTrue(hidden.barVisible, "statusBarColor alone shows the bar")
        XCTAssertEqual(deeplink("mkwebview://webview?url=a.html").configuration.appearance, .noBar)
    }

    func testAppearanceDefaults() {
        let appearance = deeplink("mkwebview://webview?url=a.html&title=T&rightBtn=1").configuration.appearance
        XCTAssertEqual(appearance, BarAppearance(barVisible: true, title: "T", leftButton: false, rightButton: true,
                                                 navigationColor: RGBColor(hex: "#FFFFFF")!, tintColor: RGBColor(hex: "#292F33")!,
                                                 statusBarColor: RGBColor(hex: "#FFFFFF")!))
    }

    func testBooleansFollowNSStringBoolValue() {
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftBtn=ture").configuration.leftBtn, true)
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftBtn=on").configuration.leftBtn, false)
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftBtn=-1").configuration.leftBtn, true)
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftBtn=0x1").configuration.leftBtn, false)
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftBtn=").configuration.leftBtn, false)
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftBtn=ture").warnings, [
            DeeplinkWarning(.suspiciousBool, "leftBtn \"ture\" is read as true (NSString.boolValue looks at the first significant character); write true or false"),
        ])
        XCTAssertEqual(codes("mkwebview://webview?url=a&leftBtn=on&rightBtn=YES&removeStack=0"), [.suspiciousBool])
    }

    func testColoursFollowTheAppsHexRules() {
        func color(_ value: String) -> String { HexColor(parameter: value).color.hex }
        XCTAssertEqual(color("#FFF"), "#FFFFFF")
        XCTAssertEqual(color("%23FFF"), "#000000", "an undecoded %23 is trimmed to 23FFF: 5 characters, black")
        XCTAssertEqual(color("#1a2"), "#11AA22")
        XCTAssertEqual(color("#ff0000"), "#FF0000")
        XCTAssertEqual(color("#80FF0000"), "#FF0000")
        XCTAssertEqual(HexColor(parameter: "#80FF0000").alpha, 0x80)
        XCTAssertEqual(color("#FF00"), "#000000", "4 digits is no format: black")
        XCTAssertEqual(color("#FG0000"), "#00000F", "only F is read, and the length still picks RRGGBB")
        XCTAssertEqual(color("0x1234"), "#001234", "the scanner skips 0x")
        XCTAssertEqual(color(""), "#000000")
        XCTAssertEqual(color("!!#abc!!"), "#AABBCC")

        let decoded = deeplink("mkwebview://webview?url=a&navigationColor=%23FFF")
        XCTAssertEqual(decoded.configuration.appearance.navigationColor, .white, "%23 decodes to # in the query")
        XCTAssertEqual(decoded.warnings, [])
    }

    func testColourWarnings() {
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&navigationColor=%23FF00").warnings, [
            DeeplinkWarning(.invalidColor, "navigationColor \"#FF00\" is not 3, 6 or 8 hex digits: \"FF00\" has 4 characters, not 3, 6 or 8; it resolves to #000000"),
        ])
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&tintColor=FG0000").warnings, [
            DeeplinkWarning(.invalidColor, "tintColor \"FG0000\" is not 3, 6 or 8 hex digits: only 1 of its 6 characters are hex digits; it resolves to #00000F"),
        ])
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&statusBarColor=80FF0000").warnings, [
            DeeplinkWarning(.alphaDropped, "statusBarColor \"80FF0000\" has alpha 80 (AARRGGBB, alpha first): the simulator shows #FF0000 opaque"),
        ])
        XCTAssertEqual(codes("mkwebview://webview?url=a&statusBarColor=FFFF0000"), [])
    }

    func testUnknownParameterSuggestsTheNearestName() {
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&titel=X").warnings, [
            DeeplinkWarning(.unknownParameter, "unknown parameter \"titel\": the app ignores it (did you mean \"title\"?)"),
        ])
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&leftbtn=true").warnings.first?.message,
                       "unknown parameter \"leftbtn\": the app ignores it (did you mean \"leftBtn\"?)")
        XCTAssertEqual(deeplink("mkwebview://webview?url=a&foo=1").warnings.first?.message, "unknown parameter \"foo\": the app ignores it")
        XCTAssertNil(deeplink("mkwebview://webview?url=a&titel=X").configuration.title)
        XCTAssertEqual(codes("mkwebview://webview?url=a&&title=T&"), [], "empty items from && and a trailing & are harmless")
    }

    func testUnencodedNestedURL() {
        let link = deeplink("mkwebview://webview?url=https://a/p?x=1&y=2&title=T")
        XCTAssertEqual(link.configuration.urlString, "https://a/p?x=1")
        XCTAssertEqual(link.configuration.title, "T")
        XCTAssertEqual(link.warnings, [
            DeeplinkWarning(.unencodedURL, "\"y=2\" looks like part of the nested url \"https://a/p?x=1\": the app reads it as separate parameters; percent-encode the nested url (? → %3F, & → %26, = → %3D)"),
        ])
        XCTAssertEqual(codes("mkwebview://webview?y=2&url=https://a/p?x=1"), [.unknownParameter], "before the url it is just unknown")
        XCTAssertEqual(codes("mkwebview://webview?url=a.html&y=2"), [.unknownParameter], "a url without ? has no nested query")
    }

    func testHostRoutingIsCaseSensitive() {
        let link = deeplink("mkwebview://WebView?url=a")
        XCTAssertEqual(link.action, .unhandled)
        XCTAssertEqual(link.warnings, [
            DeeplinkWarning(.hostCase, "host \"WebView\" matches the route \"webview\" only when case is ignored; the app compares hosts exactly, so this deeplink is unhandled"),
        ])
        XCTAssertEqual(deeplink("MKWEBVIEW://webview?url=a").action, .push, "the scheme is case-insensitive")
    }

    func testRoutes() {
        XCTAssertEqual(deeplink("mkwebview://webview?url=a").action, .push)
        XCTAssertEqual(deeplink("mkwebview://push?url=a").action, .push)
        XCTAssertEqual(deeplink("mkwebview://close-webview").action, .pop)
        XCTAssertEqual(deeplink("mkwebview://pop").action, .pop)
        XCTAssertEqual(deeplink("mkwebview://popToRoot").action, .popToRoot)
        XCTAssertEqual(deeplink("mkwebview://reload-webview").action, .reload)
        XCTAssertEqual(deeplink("mkwebview://reload").action, .reload)
        XCTAssertEqual(deeplink("mkwebview://poptoroot").action, .unhandled)
        let login = deeplink("mkwebview://login")
        XCTAssertEqual(login.action, .unhandled)
        XCTAssertEqual(login.warnings.map(\.code), [.unhandledHost])
        XCTAssertEqual(login.warnings.first?.message.hasPrefix("no route for host \"login\": the app ignores this deeplink"), true)
    }

    func testMissingURLOnPush() {
        XCTAssertEqual(deeplink("mkwebview://webview?title=T").warnings, [
            DeeplinkWarning(.missingURL, "a push without a url: the new screen shows a blank page"),
        ])
        XCTAssertEqual(codes("mkwebview://webview?url=&title=T"), [.missingURL])
        XCTAssertEqual(codes("mkwebview://close-webview"), [], "pop needs no url")
    }

    func testRemoveStackOnANonPushIsIgnored() {
        XCTAssertEqual(deeplink("mkwebview://close-webview?removeStack=true").warnings, [
            DeeplinkWarning(.ignoredRemoveStack, "removeStack is ignored on pop: only a push removes screens"),
        ])
        XCTAssertEqual(codes("mkwebview://popToRoot?removeStack=false"), [.ignoredRemoveStack])
        XCTAssertEqual(codes("mkwebview://reload?removeStack=1"), [.ignoredRemoveStack])
    }

    func testFragmentCutsTheQuery() {
        let link = deeplink("mkwebview://webview?url=a&navigationColor=#FF0000&title=T")
        XCTAssertEqual(link.configuration.navigationColor, "", "the value stops at #")
        XCTAssertNil(link.configuration.title, "title=T is inside the fragment")
        XCTAssertEqual(link.warnings.map(\.code), [.invalidColor, .fragment])
        XCTAssertEqual(link.warnings.last?.message, "everything after \"#\" (\"FF0000&title=T\") is a fragment the app never reads; write # as %23 (navigationColor=%23FF0000)")
    }

    func testUndecodableValueIsAbsent() {
        let link = deeplink("mkwebview://webview?url=a&title=%E3%85")
        XCTAssertNil(link.configuration.title)
        XCTAssertEqual(link.warnings.map(\.code), [.undecodableValue])
    }

    func testMalformedQueryDecodesNoEscape() {
        let link = deeplink("mkwebview://webview?url=a&title=A%20B&x=[1]")
        XCTAssertEqual(link.configuration.title, "A%20B", "Foundation re-encodes the whole query")
        XCTAssertEqual(link.warnings.first, DeeplinkWarning(.malformedQuery, "the query holds \"[\", which a query may not contain, so Foundation re-encodes the whole query and decodes none of its %-escapes (\"%20\" stays \"%20\"); percent-encode \"[\""))
    }

    func testRawSpacesAndNonASCIIAreEncodedFirst() {
        let link = deeplink("mkwebview://webview?url=a&title=My Page 한국")
        XCTAssertEqual(link.url, "mkwebview://webview?url=a&title=My%20Page%20%ED%95%9C%EA%B5%AD")
        XCTAssertEqual(link.configuration.title, "My Page 한국")
    }

    func testEveryWarningCodeHasACase() {
        let examples: [DeeplinkWarning.Code: String] = [
            .unknownParameter: "mkwebview://webview?url=a&titel=x",
            .plusInValue: "mkwebview://webview?url=a&title=a+b",
            .unencodedURL: "mkwebview://webview?url=https://a/p?x=1&y=2",
            .suspiciousBool: "mkwebview://webview?url=a&leftBtn=on",
            .invalidColor: "mkwebview://webview?url=a&tintColor=12",
            .alphaDropped: "mkwebview://webview?url=a&tintColor=00FFFFFF",
            .duplicateParameter: "mkwebview://webview?url=a&url=b",
            .valuelessParameter: "mkwebview://webview?url=a&rightBtn",
            .hostCase: "mkwebview://Webview?url=a",
            .unhandledHost: "mkwebview://nowhere",
            .missingURL: "mkwebview://webview",
            .ignoredRemoveStack: "mkwebview://pop?removeStack=true",
            .fragment: "mkwebview://webview?url=a#x",
            .undecodableValue: "mkwebview://webview?url=a&title=%FF",
            .malformedQuery: "mkwebview://webview?url=a%20&title={",
        ]
        for code in DeeplinkWarning.Code.allCases where code != .removeStackNoop {
            guard let url = examples[code] else { XCTFail("no example for \(code)"); continue }
            XCTAssertEqual(codes(url), [code], url)
        }
    }
}
