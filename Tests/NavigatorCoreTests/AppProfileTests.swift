import TestSupport
import XCTest
@testable import NavigatorCore

/// The app profile (`webnav.json`): fields, defaults, located errors and unknown-key warnings.
final class AppProfileTests: XCTestCase {
    private func decode(_ json: String) throws(UserError) -> (profile: AppProfile, warnings: [String]) {
        try AppProfile.decode(json: Array(json.utf8), path: "webnav.json")
    }

    private func error(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try decode(json)
            XCTFail("expected an error for \(json)", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testEmptyObjectIsTheBuiltInProfile() throws {
        let result = try decode("{}")
        XCTAssertEqual(result.profile, .builtIn)
        XCTAssertEqual(result.warnings, [])
    }

    func testEveryField() throws {
        let result = try decode("""
        {
          "schemes": ["myapp", "MyApp2"],
          "routes": {"open": "push", "close": "pop", "home": "popToRoot", "refresh": "reload"},
          "externalSchemes": ["tel"],
          "root": {"url": "start.html", "title": "Start"},
          "pages": "site"
        }
        """)
        XCTAssertEqual(result.profile, AppProfile(
            schemes: ["myapp", "MyApp2"],
            routes: ["open": .push, "close": .pop, "home": .popToRoot, "refresh": .reload],
            externalSchemes: ["tel"],
            root: .init(url: "start.html", title: "Start"),
            pagesFolder: "site"
        ))
        XCTAssertEqual(result.warnings, [])
    }

    func testUnknownKeysAreWarningsWithSuggestions() throws {
        let result = try decode("""
        {"scheme": ["x"], "root": {"url": "a.html", "titel": "T"},
         "bridge": {}}
        """)
        XCTAssertEqual(result.profile, .builtIn.with { $0.root.url = "a.html" })
        XCTAssertEqual(result.warnings, [
            "webnav.json:1:2: warning: unknown key \"scheme\" ignored (did you mean \"schemes\"?)",
            "webnav.json:1:45: warning: unknown key \"root.titel\" ignored (did you mean \"root.title\"?)",
            "webnav.json:2:2: warning: \"bridge\" is not supported yet; ignored",
        ])
    }

    func testMalformedProfilesNameFileLineAndColumn() {
        XCTAssertEqual(error("{\n  \"schemes\": \"mkwebview\"\n}"), "webnav.json:2:14: error: \"schemes\" must be an array of strings, found a string")
        XCTAssertEqual(error("{\"schemes\": [\"ok\", 3]}"), "webnav.json:1:20: error: \"schemes\" must hold only strings, found a number")
        XCTAssertEqual(error("{\"schemes\": [\"1bad\"]}"), "webnav.json:1:13: error: \"1bad\" is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')")
        XCTAssertEqual(error("{\"routes\": {\"x\": \"jump\"}}"), "webnav.json:1:18: error: route \"x\" must be one of push, pop, popToRoot, reload")
        XCTAssertEqual(error("{\"routes\": []}"), "webnav.json:1:12: error: \"routes\" must be an object of host: action, found an array")
        XCTAssertEqual(error("{\"root\": \"index.html\"}"), "webnav.json:1:10: error: \"root\" must be an object {\"url\": …, \"title\": …}, found a string")
        XCTAssertEqual(error("{\"root\": {\"url\": 1}}"), "webnav.json:1:18: error: \"root.url\" must be a string, found a number")
        XCTAssertEqual(error("{\"pages\": \"\"}"), "webnav.json:1:11: error: \"pages\" must be a folder path string, found a string")
        XCTAssertEqual(error("[]"), "webnav.json:1:1: error: a profile is a JSON object, found an array")
    }

    func testJSONSyntaxErrorsAreLocated() {
        XCTAssertEqual(error("{\n  \"schemes\": [\"a\",]\n}"), "webnav.json:2:19: error: unexpected ']', expected a value")
        XCTAssertEqual(error("{\"a\" 1}"), "webnav.json:1:6: error: expected ':' after key \"a\", found '1'")
        XCTAssertEqual(error("{\"a\": \"x"), "webnav.json:1:9: error: unterminated string")
        XCTAssertEqual(error(""), "webnav.json:1:1: error: unexpected end of file, expected a value")
        XCTAssertEqual(error("{} x"), "webnav.json:1:4: error: unexpected 'x' after the JSON value")
        XCTAssertEqual(error("{\"a\": tru}"), "webnav.json:1:7: error: unexpected 't', expected a value")
        XCTAssertEqual(error("{\"a\": 01x}"), "webnav.json:1:8: error: expected ',' or '}', found '1'")
        XCTAssertEqual(error("{\"a\": \"\\q\"}"), "webnav.json:1:8: error: invalid escape \\'q'")
        XCTAssertEqual(error(String(repeating: "[", count: 600)), "webnav.json:1:513: error: nesting deeper than 512 levels")
    }

    func testJSONValues() throws {
        let value = try JSONReader.parse(Array(#"{"s": "a\"\u00e9\ud83d\ude00", "n": -1.5e2, "b": [true, false, null]}"#.utf8), path: "x").value
        XCTAssertEqual(value, .object([
            (Located(value: "s", line: 1, column: 2), Located(value: .string("a\"é😀"), line: 1, column: 7)),
            (Located(value: "n", line: 1, column: 30), Located(value: .number(-150), line: 1, column: 35)),
            (Located(value: "b", line: 1, column: 43), Located(value: .array([
                Located(value: .bool(true), line: 1, column: 49), Located(value: .bool(false), line: 1, column: 55),
                Located(value: .null, line: 1, column: 62),
            ]), line: 1, column: 48)),
        ]))
    }

    func testNeverCrashesOnGeneratedInput() {
        var generator = SeededGenerator(seed: 0x5EED_0009)
        let alphabet = ["{", "}", "[", "]", "\"", ":", ",", "1", "-", "e", ".", "true", "null", "\\", "\\u", "d8", "\n", " ",
                        "\"schemes\"", "\"routes\"", "\"root\"", "\"url\"", "\"push\"", "é", "\u{0}"]
        for _ in 0..<20_000 {
            let text = generator.string(from: alphabet, length: Int.random(in: 0...24, using: &generator))
            do { _ = try decode(text) } catch { XCTAssertTrue(error.description.hasPrefix("webnav.json:"), error.description) }
        }
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...48, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            do { _ = try AppProfile.decode(json: bytes, path: "p") } catch { XCTAssertNotNil(error.location) }
        }
    }
}

private extension AppProfile {
    func with(_ change: (inout AppProfile) -> Void) -> AppProfile {
        var copy = self
        change(&copy)
        return copy
    }
}
