@testable import ScriptRuntime
import TestSupport
import XCTest

/// The tagged JSON reader and writer without Foundation: what `JSONSerialization` and
/// `String(format:)` did, and `Date.prototype.toISOString`'s dates.
final class ResultValueReadingTests: XCTestCase {
    func testPlainValuesAndTagObjects() {
        let cases: [(String, ScriptResultValue?)] = [
            (" null ", .null), ("1", .number(1)), (#""s""#, .string("s")), ("true", .bool(true)), ("-2.5e-3", .number(-0.0025)),
            ("[]", .array([])), (#"[1,"a",[null]]"#, .array([.number(1), .string("a"), .array([.null])])),
            (#"{"t":"u"}"#, .undefined), (#"{"v":"NaN","t":"x"}"#, .number(.nan)), (#"{"t":"x","v":"-Infinity"}"#, .number(-.infinity)),
            (#"{"t":"D","v":-1}"#, .date(-1)), (#"{"t":"D","v":"NaN"}"#, .date(.nan)), (#"{"t":"o","v":[]}"#, .dictionary([])),
            (#"{"t":"u","t":"x","v":"1"}"#, .number(1)),
            (#"{"t":"o","v":[["k",[]],["k",null]]}"#, .dictionary([("k", .array([])), ("k", .null)])),
            ("1e999", .number(.infinity)), ("-0", .number(-0.0)),
            ("{}", nil), (#"{"t":1}"#, nil), (#"{"v":1}"#, nil), (#"{"t":"s","v":"a"}"#, nil), (#"{"t":"x","v":1}"#, nil),
            (#"{"t":"x","v":"one"}"#, nil), (#"{"t":"o","v":[["k"]]}"#, nil), (#"{"t":"o","v":{}}"#, nil), ("null x", nil),
            (#"{"t":"u",}"#, nil), ("[1,]", nil), ("01", nil), ("1.", nil), ("tru", nil), (#""a"#, nil), ("\"\u{1}\"", nil),
            (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), nil),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(ScriptResultValue(taggedJSON: text), expected, text)
        }
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertEqual(ScriptResultValue(taggedJSON: deepest)?.taggedJSON, deepest)
    }

    func testLoneSurrogatesInKeysAndNestedStrings() {
        XCTAssertEqual(ScriptResultValue(taggedJSON: #"{"t":"o","v":[["\udc00k",["\ud83d"]]]}"#),
                       .dictionary([("\u{FFFD}k", .array([.string("\u{FFFD}")]))]))
        XCTAssertEqual(ScriptResultValue(taggedJSON: #""\ud83d\ude00\\ud800""#), .string("😀\\ud800"))
    }

    func testControlCharactersAreEscapedInLowerCaseHex() {
        XCTAssertEqual(ScriptResultValue.string("\u{0}\u{1F}\u{7F}\u{2028}\u{2029}\u{85}").taggedJSON,
                       #""\u0000\u001f"# + "\u{7F}" + #"\u2028\u2029"# + "\u{85}\"")
    }

    func testDatesAsToISOStringWritesThem() {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00.000Z"), (-1, "1969-12-31T23:59:59.999Z"), (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (1_767_260_460_000, "2026-01-01T09:41:00.000Z"), (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
            (253_402_300_800_000, "+010000-01-01T00:00:00.000Z"), (8.64e15, "+275760-09-13T00:00:00.000Z"),
            (-8.64e15, "-271821-04-20T00:00:00.000Z"), (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
            (-62_167_219_200_001, "-000001-12-31T23:59:59.999Z"), (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
            (1.5, "1970-01-01T00:00:00.002Z"), (-0.5, "1970-01-01T00:00:00.000Z"), (.nan, "Invalid Date"), (9e15, "Invalid Date"),
        ]
        XCTAssertEqual(cases.map { ScriptResultValue.dateText($0.0) }, cases.map(\.1))
        XCTAssertEqual(ScriptResultValue.date(86_400_000).description, "Date(1970-01-02T00:00:00.000Z)")
    }

    /// Every day of 1900–2100 (leap centuries included) follows the day before it.
    func testConsecutiveDays() {
        var previous = ScriptResultValue.dateText(-2_208_988_800_000 - 86_400_000)
        XCTAssertEqual(previous, "1899-12-31T00:00:00.000Z")
        let daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for day in 0..<73_414 {
            let text = ScriptResultValue.dateText(-2_208_988_800_000 + Double(day) * 86_400_000)
            let parts = text.prefix(10).split(separator: "-").compactMap { Int($0) }
            let old = previous.prefix(10).split(separator: "-").compactMap { Int($0) }
            let leap = old[0] % 4 == 0 && (old[0] % 100 != 0 || old[0] % 400 == 0)
            let length = old[1] == 2 && leap ? 29 : daysInMonth[old[1] - 1]
            let expected = old[2] < length ? [old[0], old[1], old[2] + 1] : old[1] < 12 ? [old[0], old[1] + 1, 1] : [old[0] + 1, 1, 1]
            XCTAssertEqual(parts, expected, text)
            if parts != expected { return }
            previous = text
        }
        XCTAssertEqual(previous, "2100-12-31T00:00:00.000Z")
    }

    /// Generated text never crashes the reader, and whatever it reads writes back to the same value.
    func testGeneratedTextReadsOrFails() {
        var generator = SeededGenerator(seed: 10)
        let pieces = [#"{"t":"#, #""x""#, #""o""#, #""D""#, #","v":"#, "[", "]", "{", "}", ",", #""\ud800""#, "1e999", "-0", "\"", "\\", "null",
                      #""NaN""#, "12", ":", #""u""#]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if let value = ScriptResultValue(taggedJSON: text) {
                XCTAssertEqual(ScriptResultValue(taggedJSON: value.taggedJSON), value, text)
            }
        }
    }
}
