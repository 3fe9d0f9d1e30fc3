import TestSupport
import XCTest
@testable import NavigatorCore

/// The JSON reader: values with their places, located syntax errors, duplicate keys, and work
/// that grows linearly with the size and depth of the text.
final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String) throws(UserError) -> Located<JSONValue> {
        try JSONReader.parse(Array(text.utf8), path: "x.json")
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try parse(text)
            XCTFail("expected an error for \(text)", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    /// Every value and key of a document with its place, in document order: `path @line:column = value`.
    private func places(_ located: Located<JSONValue>, _ path: String = "$") -> [String] {
        let here = "\(path) @\(located.line):\(located.column)"
        switch located.value {
        case .null: return [here + " = null"]
        case .bool(let flag): return [here + " = \(flag)"]
        case .number(let number): return [here + " = \(number)"]
        case .string(let string): return [here + " = " + JSONText.quote(string)]
        case .array(let elements):
            return [here + " = array"] + elements.enumerated().flatMap { places($1, "\(path)[\($0)]") }
        case .object(let members):
            return [here + " = object"] + members.flatMap { member in
                ["\(path).\(member.key.value) key @\(member.key.line):\(member.key.column)"] + places(member.value, "\(path).\(member.key.value)")
            }
        }
    }

    func testValuesAndTheirPlaces() throws {
        let document = try parse("\u{FEFF}{\"s\": \"a\\\"\\u00e9\\ud83d\\ude00\", \"n\": -1.5e2,\n \"b\": [true, false, null],\r\n\t\"o\": {\"k\": 0, \"e\": {}, \"a\": []}, \"i\": -12, \"z\": -0}")
        XCTAssertEqual(places(document), [
            "$ @1:1 = object",
            "$.s key @1:2", "$.s @1:7 = \"a\\\"é😀\"",
            "$.n key @1:32", "$.n @1:37 = -150.0",
            "$.b key @2:2", "$.b @2:7 = array", "$.b[0] @2:8 = true", "$.b[1] @2:14 = false", "$.b[2] @2:21 = null",
            "$.o key @3:2", "$.o @3:7 = object", "$.o.k key @3:8", "$.o.k @3:13 = 0.0",
            "$.o.e key @3:16", "$.o.e @3:21 = object", "$.o.a key @3:25", "$.o.a @3:30 = array",
            "$.i key @3:35", "$.i @3:40 = -12.0", "$.z key @3:45", "$.z @3:50 = -0.0",
        ])
        guard case .object(let members) = document.value, case .number(let zero) = members[5].value.value else { return XCTFail() }
        XCTAssertEqual(zero.sign, .minus, "-0 keeps its sign, as strtod gives it")
    }

    func testNumbers() throws {
        let text = "[0, 7, -7, 123456789012345, 1234567890123456789, 1e3, 2.5E-1, 0.1, 1e400, -1e400, 1e-400]"
        guard case .array(let elements) = try parse(text).value else { return XCTFail() }
        XCTAssertEqual(elements.map(\.value), [0, 7, -7, 123_456_789_012_345, 1_234_567_890_123_456_768, 1000, 0.25, 0.1, .infinity, -.infinity, 0].map(JSONValue.number))
    }

    func testEqualityComparesValuesNotPlaces() throws {
        XCTAssertEqual(try parse("{\"a\": [1, {\"b\": null}]}").value, try parse("{\n  \"a\" :\n [ 1 ,{ \"b\":null } ] }").value)
        XCTAssertNotEqual(try parse("{\"a\": 1, \"b\": 2}").value, try parse("{\"b\": 2, \"a\": 1}").value)
        XCTAssertNotEqual(try parse("[1, 2]").value, try parse("[1, 2, 3]").value)
        XCTAssertNotEqual(try parse("[1, 2]"), try parse(" [1, 2]"), "Located compares its own place")
    }

    func testSyntaxErrorsAreLocated() {
        XCTAssertEqual(error("{\n  \"schemes\": [\"a\",]\n}"), "x.json:2:19: error: unexpected ']', expected a value")
        XCTAssertEqual(error("{\"a\" 1}"), "x.json:1:6: error: expected ':' after key \"a\", found '1'")
        XCTAssertEqual(error("{\"a\": \"x"), "x.json:1:9: error: unterminated string")
        XCTAssertEqual(error(""), "x.json:1:1: error: unexpected end of file, expected a value")
        XCTAssertEqual(error("  \n "), "x.json:2:2: error: unexpected end of file, expected a value")
        XCTAssertEqual(error("{} x"), "x.json:1:4: error: unexpected 'x' after the JSON value")
        XCTAssertEqual(error("{\"a\": tru}"), "x.json:1:7: error: unexpected 't', expected a value")
        XCTAssertEqual(error("{\"a\": 01x}"), "x.json:1:8: error: expected ',' or '}', found '1'")
        XCTAssertEqual(error("[1 2]"), "x.json:1:4: error: expected ',' or ']', found '2'")
        XCTAssertEqual(error("[1,"), "x.json:1:4: error: unexpected end of file, expected a value")
        XCTAssertEqual(error("[1"), "x.json:1:3: error: unexpected end of file, expected ',' or ']'")
        XCTAssertEqual(error("{\"a\": 1"), "x.json:1:8: error: unexpected end of file, expected ',' or '}'")
        XCTAssertEqual(error("{\"a\": 1,}"), "x.json:1:9: error: expected a quoted key, found '}'")
        XCTAssertEqual(error("{a: 1}"), "x.json:1:2: error: expected a quoted key, found 'a'")
        XCTAssertEqual(error("{\"a\": \"\\q\"}"), "x.json:1:8: error: invalid escape \\'q'")
        XCTAssertEqual(error("[\"\\ud800\"]"), "x.json:1:9: error: invalid \\u escape")
        XCTAssertEqual(error("[\"\\ud800\\u0041\"]"), "x.json:1:15: error: invalid surrogate pair in \\u escape")
        XCTAssertEqual(error("[\"\\u12\"]"), "x.json:1:7: error: invalid hex digit in \\u escape")
        XCTAssertEqual(error("[\"a\tb\"]"), "x.json:1:4: error: control character in string (write it as an escape)")
        XCTAssertEqual(error("[-]"), "x.json:1:3: error: malformed number")
        XCTAssertEqual(error("[1.]"), "x.json:1:4: error: malformed number: digits expected after '.'")
        XCTAssertEqual(error("[1e+]"), "x.json:1:5: error: malformed number: digits expected in the exponent")
        XCTAssertEqual(error("\u{0}"), "x.json:1:1: error: unexpected byte 0x00, expected a value")
        XCTAssertEqual(error(String(repeating: "[", count: 600)), "x.json:1:513: error: nesting deeper than 512 levels")
        XCTAssertEqual(error(String(repeating: "{\"a\":", count: 513)), "x.json:1:2561: error: nesting deeper than 512 levels")
    }

    func testInvalidUTF8IsAnError() {
        do {
            _ = try JSONReader.parse([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], path: "x.json")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.description, "x.json:1:6: error: string is not valid UTF-8")
        }
    }

    func testNestingUpToTheLimitIsAccepted() throws {
        let depth = JSONReader.maximumDepth
        var value = try parse(String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth))
        var levels = 0
        while case .array(let elements) = value.value {
            levels += 1
            XCTAssertEqual(elements.count, 1)
            XCTAssertEqual(value.column, levels)
            value = elements[0]
        }
        XCTAssertEqual(levels, 512)
        XCTAssertEqual(value, Located(value: .number(7), line: 1, column: 513))
    }

    // MARK: Duplicate keys (issue 11 item 8)

    func testADuplicateKeyIsAnErrorAtTheSecondOccurrence() {
        XCTAssertEqual(error("{\"a\": 1, \"b\": {\"c\": 2, \"c\": 3}}"), "x.json:1:24: error: duplicate key \"c\" (first at 1:16)")
        XCTAssertEqual(error("{\n  \"routes\": {},\n  \"pages\": \"x\",\n  \"routes\": {}\n}"), "x.json:4:3: error: duplicate key \"routes\" (first at 2:3)")
        XCTAssertEqual(error("[{\"x\": 1}, {\"x\": 1, \"x\": 2}]"), "x.json:1:21: error: duplicate key \"x\" (first at 1:13)")
        XCTAssertEqual(error("{\"\\u0061\": 1, \"a\": 2}"), "x.json:1:15: error: duplicate key \"a\" (first at 1:2)", "escapes are decoded before comparing")
    }

    func testDuplicatesAreFoundInLargeObjectsToo() {
        let members = (0..<1000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{" + members + ", \"k999\": 0}"
        XCTAssertEqual(error(text), "x.json:1:\(members.utf8.count + 4): error: duplicate key \"k999\" (first at 1:\(members.utf8.count - 9))")
        let early = "{" + members + ", \"k3\": 0}"
        XCTAssertEqual(error(early), "x.json:1:\(members.utf8.count + 4): error: duplicate key \"k3\" (first at 1:29)")
    }

    func testKeysDifferingOnlyInNormalisationAreDifferent() throws {
        // "é" precomposed and "e" + combining acute: one String to Swift, two keys to JSON.
        guard case .object(let members) = try parse("{\"\u{E9}\": 1, \"e\u{301}\": 2, \"\u{E9}x\": 3}").value else { return XCTFail() }
        XCTAssertEqual(members.map { Array($0.key.value.unicodeScalars) }, [["\u{E9}"], ["e", "\u{301}"], ["\u{E9}", "x"]])
        let many = (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        guard case .object(let large) = try parse("{\(many), \"\u{E9}\": 1, \"e\u{301}\": 2}").value else { return XCTFail() }
        XCTAssertEqual(large.count, 22)
    }

    func testAHugeKeyIsCutInMessages() {
        let key = String(repeating: "k", count: 10_000)
        let expected = "x.json:1:\(10_009): error: duplicate key \"\(String(repeating: "k", count: 80))…\" (first at 1:2)"
        XCTAssertEqual(error("{\"\(key)\": 1, \"\(key)\": 2}"), expected)
        XCTAssertEqual(error("{\"a\\nb\" 1}"), "x.json:1:9: error: expected ':' after key \"a\\nb\", found '1'", "one line, whatever the key holds")
    }

    // MARK: Hostile input (issue 12)

    func testWorkGrowsLinearly() {
        assertGrowsLinearly("many keys", size: 600, input: { count in
            Array(("{" + (0..<count).map { "\"key\($0)\": \($0)" }.joined(separator: ",") + "}").utf8)
        }, work: { _ = try? JSONReader.parse($0, path: "x") })
        assertGrowsLinearly("long string", size: 20_000, input: { count in
            Array(("[\"" + String(repeating: "abc\\n\\u00e9\\\"x", count: count / 14) + String(repeating: "y", count: count) + "\"]").utf8)
        }, work: { _ = try? JSONReader.parse($0, path: "x") })
        assertGrowsLinearly("long array", size: 1_500, input: { count in
            Array(("[" + (0..<count).map { $0 % 3 == 0 ? "1.5e3" : $0 % 3 == 1 ? "\"s\"" : "null" }.joined(separator: ",") + "]").utf8)
        }, work: { _ = try? JSONReader.parse($0, path: "x") })
        assertGrowsLinearly("a long number", size: 50_000, input: { count in
            Array(("[1." + String(repeating: "0", count: count) + "1]").utf8)
        }, work: { _ = try? JSONReader.parse($0, path: "x") })
        assertGrowsLinearly("deep nesting", size: 50, input: { depth in
            Array((String(repeating: "{\"a\": [", count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)).utf8)
        }, work: { text in for _ in 0..<30 { _ = try? JSONReader.parse(text, path: "x") } })
        assertGrowsLinearly("too deep: stops at level 513 however long the text", size: 40_000, input: { depth in
            Array(String(repeating: "[", count: depth).utf8)
        }, work: { _ = try? JSONReader.parse($0, path: "x") })
    }

    func testNeverCrashesOnGeneratedInput() {
        var generator = SeededGenerator(seed: 0x5EED_0010)
        let alphabet = ["{", "}", "[", "]", "\"", ":", ",", "1", "-", "e", ".", "0", "true", "false", "null", "\\", "\\u", "d8", "dc",
                        "\n", " ", "\"a\"", "\"a\":", "é", "\u{0}", "\u{FEFF}"]
        for _ in 0..<20_000 {
            let text = generator.string(from: alphabet, length: Int.random(in: 0...32, using: &generator))
            do { _ = try parse(text) } catch { XCTAssertNotNil(error.location, text) }
        }
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...48, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            do { _ = try JSONReader.parse(bytes, path: "x") } catch { XCTAssertNotNil(error.location) }
        }
    }
}
