import Foundation

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
        guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]))
                ?? (try? JSONSerialization.jsonObject(with: Data(Self.replacingLoneSurrogateEscapes(json).utf8), options: [.fragmentsAllowed])),
              let value = Self.tagged(object) else { return nil }
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

    private static func tagged(_ object: Any) -> ScriptResultValue? {
        guard let tagged = object as? [String: Any], let tag = tagged["t"] as? String else { return nil }
        switch tag {
        case "u": return .undefined
        case "n": return .null
        case "b": return (tagged["v"] as? Bool).map(ScriptResultValue.bool)
        case "d": return (tagged["v"] as? NSNumber).map { .number($0.doubleValue) }
        case "x": return (tagged["v"] as? String).flatMap(Double.init).map(ScriptResultValue.number)
        case "s": return (tagged["v"] as? String).map(ScriptResultValue.string)
        case "D": return (tagged["v"] as? NSNumber).map { .date($0.doubleValue) }
        case "a":
            guard let items = tagged["v"] as? [Any] else { return nil }
            var values: [ScriptResultValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = Self.tagged(item) else { return nil }
                values.append(value)
            }
            return .array(values)
        case "o":
            guard let entries = tagged["v"] as? [[Any]] else { return nil }
            var pairs: [(String, ScriptResultValue)] = []
            pairs.reserveCapacity(entries.count)
            for entry in entries {
                guard entry.count == 2, let key = entry[0] as? String, let value = Self.tagged(entry[1]) else { return nil }
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
                text += String(format: "\\u%04x", scalar.value)
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
        case .date(let milliseconds):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return "Date(" + formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000)) + ")"
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
