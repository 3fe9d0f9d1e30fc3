#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// The tagged JSON values cross between global objects in (SharedPrelude/tagged-value.js makes
/// and revives it in JavaScript): strings, finite numbers, booleans and `null` are plain JSON
/// and arrays plain JSON arrays, so a message of three million short strings costs its
/// characters and no object per element; the rest are tag objects: `{"t":"u"}` undefined,
/// `{"t":"x","v":"NaN"}` NaN, the infinities and -0, `{"t":"D","v":ms}` a date (`"NaN"` when
/// invalid), `{"t":"o","v":[[key, value], …]}` an object (keys in enumeration order).
extension ScriptResultValue {
    /// How deeply arrays and objects may nest in tagged JSON (each object is three levels).
    static let maximumTaggedDepth = 512

    /// Reads tagged JSON; nil when it is not well formed. Linear in the text.
    ///
    /// JavaScript strings may hold lone surrogates, which `JSON.stringify` writes as `\uD800`
    /// escapes and a Swift string cannot hold: they read as U+FFFD here (the tagged JSON itself,
    /// passed on between global objects, keeps them).
    init?(taggedJSON json: String) {
        var reader = TaggedJSONReader(Array(json.utf8))
        guard let value = reader.readDocument() else { return nil }
        self = value
    }

    /// The value of the first `budget` bytes or so of tagged JSON, its arrays, objects and strings
    /// cut where the reading stopped; `complete` when nothing was cut.
    static func prefix(ofTaggedJSON json: String, readingAbout budget: Int) -> (value: ScriptResultValue?, complete: Bool) {
        let bytes = json.utf8.count > budget ? Array(json.utf8.prefix(budget)) : Array(json.utf8)
        var reader = TaggedJSONReader(bytes, partial: bytes.count < json.utf8.count)
        let value = reader.readDocument()
        return (value, !reader.truncated)
    }

    /// The value as tagged JSON.
    var taggedJSON: String {
        var text = ""
        appendTagged(to: &text)
        return text
    }

    private func appendTagged(to text: inout String) {
        switch self {
        case .undefined: text += #"{"t":"u"}"#
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number):
            if number.isFinite, number != 0 || number.sign == .plus {
                text += Self.numberText(number)
            } else {
                text += #"{"t":"x","v":""# + Self.numberText(number) + #""}"#
            }
        case .string(let string): Self.appendQuoted(string, to: &text)
        case .date(let milliseconds):
            text += #"{"t":"D","v":"# + (milliseconds.isFinite ? Self.numberText(milliseconds == 0 ? 0 : milliseconds) : #""NaN""#) + "}"
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.appendTagged(to: &text)
            }
            text += "]"
        case .dictionary(let pairs):
            text += #"{"t":"o","v":["#
            for (index, pair) in pairs.enumerated() {
                if index > 0 { text += "," }
                text += "["
                Self.appendQuoted(pair.0, to: &text)
                text += ","
                pair.1.appendTagged(to: &text)
                text += "]"
            }
            text += "]}"
        }
    }

    /// A number as JavaScript writes it when it is whole (`3`, not `3.0`; `-0` for negative zero,
    /// as WebKit's NSNumber keeps it), `NaN` and `Infinity` spelt out, else Swift's shortest
    /// round-tripping form (which JSON and JavaScript read back exactly).
    static func numberText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return number.sign == .minus ? "-0" : "0" }
        if let whole = WholeNumber.exactly(number, in: -999_999_999_999_999...999_999_999_999_999) { return String(whole) }
        return "\(number)"
    }

    private static let lowerHexDigits = Array("0123456789abcdef".unicodeScalars)

    /// A string as a JSON string: `"`, `\\`, controls and U+2028/U+2029 escaped, the rest copied
    /// in runs of bytes (a message may be a 50 MB string).
    static func appendQuoted(_ string: String, to text: inout String) {
        var string = string
        text += "\""
        string.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            func flush() {
                if index > runStart { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self) }
            }
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 {
                    index += 1
                    continue
                }
                let escape: String?
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0..<0x20: escape = "\\u00" + String(lowerHexDigits[Int(byte >> 4)]) + String(lowerHexDigits[Int(byte & 0xF)])
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                default: escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                flush()
                text += escape
                index += byte == 0xE2 ? 3 : 1
                runStart = index
            }
            flush()
        }
        text += "\""
    }
}

extension ScriptResultValue: CustomStringConvertible {
    /// The value as the event log shows it: JSON (`"Hello"`, `[1,"a"]`, `{"a":1}`), with
    /// `undefined`, `NaN`, `Infinity` and dates (`Date(2026-01-01T09:41:00.000Z)`) spelt out.
    public var description: String {
        switch self {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return Self.numberText(number)
        case .string(let string):
            var text = ""
            Self.appendQuoted(string, to: &text)
            return text
        case .date(let milliseconds): return "Date(" + Self.dateText(milliseconds) + ")"
        case .array(let items): return "[" + items.map(\.description).joined(separator: ",") + "]"
        case .dictionary(let pairs):
            return "{" + pairs.map { pair in
                var key = ""
                Self.appendQuoted(pair.0, to: &key)
                return key + ":" + pair.1.description
            }.joined(separator: ",") + "}"
        }
    }
}

extension ScriptResultValue {
    /// A time value as `Date.prototype.toISOString` writes it (`2026-01-01T09:41:00.000Z`):
    /// the proleptic Gregorian calendar in UTC, the milliseconds rounded, a year outside
    /// 0...9999 as six digits with its sign (`+275760`, `-000001`).
    static func dateText(_ milliseconds: Double) -> String {
        guard milliseconds.isFinite, abs(milliseconds) <= 8.64e15 else { return "Invalid Date" }
        let whole = Int64((milliseconds + 0.5).rounded(.down))
        let dayMilliseconds: Int64 = 86_400_000
        var days = whole / dayMilliseconds, inDay = whole % dayMilliseconds
        if inDay < 0 { inDay += dayMilliseconds; days -= 1 }
        // Days since 1970-01-01 to a civil date, by 400-year eras of 146,097 days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let yearText = (0...9999).contains(year) ? padded(year, 4) : (year < 0 ? "-" : "+") + padded(abs(year), 6)
        return yearText + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(inDay / 3_600_000, 2) + ":"
            + padded(inDay / 60_000 % 60, 2) + ":" + padded(inDay / 1000 % 60, 2) + "." + padded(inDay % 1000, 3) + "Z"
    }
}

extension ScriptOutput {
    /// The event log's line for a record of the bridge (bridge.md's wording: `message myTopic:
    /// "Hello"`, `reply myTopic: error "oops"`, `download: report.txt (12 B, text/plain)`);
    /// nil for the other records.
    /// How much of a message's or reply's body the event log shows (then `…`).
    public static let bodyLimit = 1000

    public var bridgeEventText: String? {
        switch self {
        case .message(let name, let world, let body):
            return "message \(name): \(body.description(limit: Self.bodyLimit))" + (world == "page" ? "" : " (in \(world))")
        case .reply(let name, .value(let value)): return "reply \(name): \(value.description(limit: Self.bodyLimit))"
        case .reply(let name, .error(let text)): return "reply \(name): error \(ScriptResultValue.string(text))"
        case .app(.open(let url)): return "app open: \(url)"
        case .app(.alert(let title, let message)): return "app alert: \(ScriptResultValue.string(title)) \(ScriptResultValue.string(message))"
        case .app(.toast(let text)): return "toast: \(text)"
        case .app(.restart): return "app restart"
        case .app(.openStore(let url)): return "app store sheet: \(url)"
        case .app(.notify(let payload, let afterMs)):
            return "app notification: \(payload)" + (afterMs > 0 ? " after \(ScriptResultValue.numberText(afterMs)) ms" : "")
        case .app(.log(let text)): return "app log: \(text)"
        case .intercepted(let url, let prefix): return "intercepted: \(url) (\(prefix))"
        case .download(let name, let bytes, let type): return "download: \(name) (\(bytes) B, \(type))"
        case .downloadFailed(let reason): return "download failed: \(reason)"
        default: return nil
        }
    }
}

extension ScriptEvaluation {
    /// What `evaluateJavaScript` or `callAsyncJavaScript` handed the app, in one line: the
    /// value, or WebKit's error (`error 5: …`, `error 4: MESSAGE (line L, column C)`).
    public var resultText: String {
        switch self {
        case .value(let value): return value.description
        case .unsupportedType: return "error 5: JavaScript execution returned a result of an unsupported type"
        case .exception(let error):
            var place = ""
            if let line = error.line { place = " (line \(line)" + (error.column.map { ", column \($0)" } ?? "") + ")" }
            return "error 4: \(error.message)\(place)"
        case .timeout: return "error 4: JavaScript execution terminated."
        }
    }
}

/// A reader of tagged JSON over UTF-8 bytes: strict JSON, values built as they are read (no
/// document tree first), linear in its input, nesting bounded by `maximumTaggedDepth`.
private struct TaggedJSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// The bytes are the start of a longer text: running out of them ends the reading with what
    /// was read so far (`truncated`) instead of failing.
    private let partial: Bool
    private(set) var truncated = false

    init(_ bytes: [UInt8], partial: Bool = false) {
        self.bytes = bytes
        self.partial = partial
    }

    mutating func readDocument() -> ScriptResultValue? {
        guard let value = readValue() else { return nil }
        if truncated { return value }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    /// Whether a partial reading has run out of bytes (and so stops here).
    private mutating func ranOut() -> Bool {
        // A literal, number or escape cut at the end fails a few bytes before it.
        if partial && index + 16 >= bytes.count { truncated = true }
        return truncated
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard current == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: String, _ value: ScriptResultValue) -> ScriptResultValue? {
        let expected = word.utf8
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else { return nil }
        index += expected.count
        return value
    }

    private mutating func readValue() -> ScriptResultValue? {
        skipSpace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "\""): return readString().map(ScriptResultValue.string)
        case UInt8(ascii: "["):
            return nested { reader in reader.readArray().map(ScriptResultValue.array) }
        case UInt8(ascii: "{"):
            return nested { reader in reader.readTag() }
        default: return readNumber().map(ScriptResultValue.number)
        }
    }

    private mutating func nested(_ body: (inout TaggedJSONReader) -> ScriptResultValue?) -> ScriptResultValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= ScriptResultValue.maximumTaggedDepth else { return nil }
        index += 1
        return body(&self)
    }

    private mutating func readArray() -> [ScriptResultValue]? {
        var items: [ScriptResultValue] = []
        if consume(UInt8(ascii: "]")) || ranOut() { return items }
        while true {
            guard let item = readValue() else { return ranOut() ? items : nil }
            items.append(item)
            if truncated { return items }
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]")) || ranOut() ? items : nil
        }
    }

    /// A tag object, its members in any order; a key given twice counts once, the last winning
    /// (as `JSONSerialization` reads it), and keys other than `t` and `v` are ignored.
    private mutating func readTag() -> ScriptResultValue? {
        var tag: String?
        var content: ScriptResultValue?
        if !consume(UInt8(ascii: "}")) {
            while !ranOut() {
                skipSpace()
                guard current == UInt8(ascii: "\""), let key = readString(), !truncated, consume(UInt8(ascii: ":")),
                      let value = readValue() else {
                    if ranOut() { break }
                    return nil
                }
                switch key {
                case "t":
                    guard case .string(let name) = value else { return nil }
                    tag = name
                case "v": content = value
                default: break
                }
                if truncated || consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "}")) || ranOut() else { return nil }
                break
            }
        }
        switch (tag, content) {
        case ("u"?, _): return .undefined
        case ("x"?, .string(let text)?): return Double(text).map(ScriptResultValue.number)
        case ("D"?, .number(let milliseconds)?): return .date(milliseconds)
        case ("D"?, .string("NaN")?): return .date(.nan)
        case ("o"?, .array(let entries)?):
            var pairs: [(String, ScriptResultValue)] = []
            pairs.reserveCapacity(entries.count)
            for entry in entries {
                guard case .array(let pair) = entry, pair.count == 2, case .string(let key) = pair[0] else {
                    if truncated { break }
                    return nil
                }
                pairs.append((key, pair[1]))
            }
            return .dictionary(pairs)
        case ("o"?, nil) where truncated: return .dictionary([])
        case (nil, _) where truncated: return .undefined
        default: return nil
        }
    }

    private mutating func readNumber() -> Double? {
        let start = index
        func digits() -> Bool {
            let first = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index > first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return nil
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return nil }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// A JSON string; escapes of lone surrogates become U+FFFD.
    private mutating func readString() -> String? {
        index += 1
        var text = ""
        var runStart = index
        var pendingHigh: UInt16?
        func flushHigh() {
            if pendingHigh != nil { text.unicodeScalars.append("\u{FFFD}") }
            pendingHigh = nil
        }
        while true {
            // The run up to the next quote, backslash or control, scanned without the reader's
            // bookkeeping (a string may be 50 MB).
            index = bytes.withUnsafeBufferPointer { buffer in
                var position = index
                let count = buffer.count
                while position < count {
                    let byte = buffer[position]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    position += 1
                }
                return position
            }
            guard let byte = current else {
                guard ranOut() else { return nil }
                flushHigh()
                if index > runStart { text += String(decoding: bytes[runStart..<index], as: UTF8.self) }
                return text
            }
            do {
                if index > runStart {
                    flushHigh()
                    text += String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                if byte < 0x20 { return nil }
                if byte == UInt8(ascii: "\"") {
                    flushHigh()
                    index += 1
                    return text
                }
                index += 1
                guard let escape = current else { return nil }
                index += 1
                if escape == UInt8(ascii: "u") {
                    guard index + 4 <= bytes.count,
                          let unit = UInt16(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else { return nil }
                    index += 4
                    if let high = pendingHigh, (0xDC00...0xDFFF).contains(unit) {
                        let scalar = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                        text.unicodeScalars.append(Unicode.Scalar(scalar)!)
                        pendingHigh = nil
                    } else {
                        flushHigh()
                        if (0xD800...0xDBFF).contains(unit) {
                            pendingHigh = unit
                        } else {
                            text.unicodeScalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                        }
                    }
                } else {
                    flushHigh()
                    guard let character = JSONEscape.character(escape) else { return nil }
                    text.append(character)
                }
                runStart = index
            }
        }
    }
}

/// The characters JSON's one-letter escapes stand for (`\n`, `\"`…; not `\u`).
enum JSONEscape {
    static func character(_ letter: UInt8) -> Character? {
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        default: return nil
        }
    }
}
