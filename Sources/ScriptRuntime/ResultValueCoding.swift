#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// The tagged JSON values cross between global objects in: `{"t": tag, "v": value}` with tags
/// `u` undefined, `n` null, `b` boolean, `d` finite number, `x` NaN or an infinity (as text),
/// `s` string, `D` date (milliseconds), `a` array, `o` object (`[[key, value], …]`, keys in
/// enumeration order). The preludes' `convertResult`/`convert` make it, `reviveResult`/`revive`
/// read it back as values of the receiving global object: nothing else crosses.
extension ScriptResultValue {
    /// Reads tagged JSON; nil when it is not well formed.
    ///
    /// JavaScript strings may hold lone surrogates, which `JSON.stringify` writes as `\\uD800`
    /// escapes and a Swift string cannot hold: they read as U+FFFD here (the tagged JSON itself,
    /// passed on between global objects, keeps them).
    init?(taggedJSON json: String) {
        let parsed = (try? JSONReader.parse(Array(json.utf8), path: "", allowingDuplicateKeys: true))
            ?? (try? JSONReader.parse(Array(Self.replacingLoneSurrogateEscapes(json).utf8), path: "", allowingDuplicateKeys: true))
        guard let document = parsed, let value = Self.tagged(document.value) else { return nil }
        self = value
    }

    /// JSON text with `\\uD800`-style escapes of unpaired surrogates replaced by `\\uFFFD`.
    static func replacingLoneSurrogateEscapes(_ json: String) -> String {
        let units = Array(json.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        func escape(at index: Int) -> UInt16? {
            guard index + 5 < units.count, units[index] == UInt8(ascii: "\\"), units[index + 1] == UInt8(ascii: "u"),
                  let value = UInt16(String(decoding: units[(index + 2)...(index + 5)], as: UTF8.self), radix: 16) else { return nil }
            return value
        }
        var index = 0
        while index < units.count {
            if units[index] == UInt8(ascii: "\\"), index + 1 < units.count {
                if let unit = escape(at: index) {
                    if (0xD800...0xDBFF).contains(unit), let next = escape(at: index + 6), (0xDC00...0xDFFF).contains(next) {
                        output += units[index..<(index + 12)]
                        index += 12
                        continue
                    }
                    if (0xD800...0xDFFF).contains(unit) {
                        output += Array("\\ufffd".utf8)
                        index += 6
                        continue
                    }
                }
                output += units[index...(index + 1)]
                index += 2
                continue
            }
            output.append(units[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The value a tag object holds. A key written twice counts once, the last one winning (as
    /// `JSONSerialization` reads it); a `v` of another type than its tag's is not well formed.
    private static func tagged(_ json: JSONValue) -> ScriptResultValue? {
        guard case .object(let members) = json else { return nil }
        var tag: String?
        var content: JSONValue?
        for member in members {
            if member.key.value == "t" { tag = member.value.value.stringValue }
            if member.key.value == "v" { content = member.value.value }
        }
        guard let tag else { return nil }
        switch (tag, content) {
        case ("u", _): return .undefined
        case ("n", _): return .null
        case ("b", .bool(let flag)?): return .bool(flag)
        case ("d", .number(let number)?): return .number(number)
        case ("x", .string(let text)?): return Double(text).map(ScriptResultValue.number)
        case ("s", .string(let text)?): return .string(text)
        case ("D", .number(let milliseconds)?): return .date(milliseconds)
        case ("a", .array(let items)?):
            var values: [ScriptResultValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = Self.tagged(item.value) else { return nil }
                values.append(value)
            }
            return .array(values)
        case ("o", .array(let entries)?):
            var pairs: [(String, ScriptResultValue)] = []
            pairs.reserveCapacity(entries.count)
            for entry in entries {
                guard case .array(let pair) = entry.value, pair.count == 2, let key = pair[0].value.stringValue,
                      let value = Self.tagged(pair[1].value) else { return nil }
                pairs.append((key, value))
            }
            return .dictionary(pairs)
        default: return nil
        }
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
        case .null: text += #"{"t":"n"}"#
        case .bool(let flag): text += flag ? #"{"t":"b","v":true}"# : #"{"t":"b","v":false}"#
        case .number(let number):
            if number.isFinite {
                text += #"{"t":"d","v":"# + Self.numberText(number) + "}"
            } else {
                text += #"{"t":"x","v":""# + (number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity") + #""}"#
            }
        case .string(let string):
            text += #"{"t":"s","v":"#
            Self.appendQuoted(string, to: &text)
            text += "}"
        case .date(let milliseconds): text += #"{"t":"D","v":"# + Self.numberText(milliseconds) + "}"
        case .array(let items):
            text += #"{"t":"a","v":["#
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.appendTagged(to: &text)
            }
            text += "]}"
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

    /// A finite number as JavaScript writes it when it is whole (`3`, not `3.0`), else Swift's
    /// shortest round-tripping form (which JSON and JavaScript read back exactly).
    static func numberText(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return number == 0 ? "0" : String(Int64(number))
        }
        return "\(number)"
    }

    private static let lowerHexDigits = Array("0123456789abcdef".unicodeScalars)

    static func appendQuoted(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                text += "\\u"
                for shift in [12, 8, 4, 0] { text.unicodeScalars.append(lowerHexDigits[Int(scalar.value >> UInt32(shift) & 0xF)]) }
            default: text.unicodeScalars.append(scalar)
            }
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
        case .number(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
            return Self.numberText(number)
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
    public var bridgeEventText: String? {
        switch self {
        case .message(let name, let world, let body):
            return "message \(name): \(body)" + (world == "page" ? "" : " (in \(world))")
        case .reply(let name, .value(let value)): return "reply \(name): \(value)"
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
