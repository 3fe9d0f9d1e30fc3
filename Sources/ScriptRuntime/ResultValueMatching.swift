/// Reading JSON as result values, and the flow steps' comparison (`expect js`, `expect
/// message`: bridge.md §3): a result holds when it is the expected string, or equals the
/// expected text read as JSON.
extension ScriptResultValue {
    /// Strict JSON (RFC 8259) as a value: objects keep their keys' order, numbers are doubles.
    /// Nil for anything else; nesting deeper than 512 is refused.
    public init?(json: String) {
        var reader = JSONValueReader(Array(json.utf8))
        guard let value = reader.readDocument() else { return nil }
        self = value
    }

    /// Whether this result is the string `expected`, or equals `expected` read as JSON
    /// (objects compared without regard to key order).
    public func matches(_ expected: String) -> Bool {
        if case .string(let text) = self, text == expected { return true }
        guard let value = ScriptResultValue(json: expected) else { return false }
        return Self.equalIgnoringKeyOrder(self, value)
    }

    static func equalIgnoringKeyOrder(_ left: ScriptResultValue, _ right: ScriptResultValue) -> Bool {
        switch (left, right) {
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { equalIgnoringKeyOrder($0, $1) }
        case let (.dictionary(a), .dictionary(b)):
            guard a.count == b.count else { return false }
            var remaining: [String: ScriptResultValue] = [:]
            for (key, value) in b { remaining[key] = value }
            return a.allSatisfy { pair in remaining[pair.0].map { equalIgnoringKeyOrder(pair.1, $0) } ?? false }
        default:
            return left == right
        }
    }
}

/// A strict JSON reader over UTF-8 bytes, linear in its input.
private struct JSONValueReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readDocument() -> ScriptResultValue? {
        guard let value = readValue() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func literal(_ word: String, _ value: ScriptResultValue) -> ScriptResultValue? {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else { return nil }
        index += expected.count
        return value
    }

    private mutating func readValue() -> ScriptResultValue? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "n"): return literal("null", .null)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "\""): return readString().map(ScriptResultValue.string)
        case UInt8(ascii: "["):
            guard depth < 512 else { return nil }
            depth += 1
            defer { depth -= 1 }
            index += 1
            var items: [ScriptResultValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                guard let item = readValue() else { return nil }
                items.append(item)
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                return nil
            }
        case UInt8(ascii: "{"):
            guard depth < 512 else { return nil }
            depth += 1
            defer { depth -= 1 }
            index += 1
            var pairs: [(String, ScriptResultValue)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .dictionary(pairs)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = readString() else { return nil }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let value = readValue() else { return nil }
                pairs.removeAll { $0.0 == key }
                pairs.append((key, value))
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .dictionary(pairs) }
                return nil
            }
        default:
            return readNumber()
        }
    }

    private mutating func readNumber() -> ScriptResultValue? {
        let start = index
        func digits() -> Bool {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index > first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return nil
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return nil }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)).map(ScriptResultValue.number)
    }

    private mutating func readString() -> String? {
        index += 1
        var units: [UInt16] = []
        var text = ""
        func flushUnits() {
            if !units.isEmpty {
                text += String(decoding: units, as: UTF16.self)
                units.removeAll()
            }
        }
        var chunkStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flushUnits()
                text += String(decoding: bytes[chunkStart..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte < 0x20 { return nil }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if index > chunkStart {
                flushUnits()
                text += String(decoding: bytes[chunkStart..<index], as: UTF8.self)
            }
            index += 1
            guard index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            if escape != UInt8(ascii: "u") { flushUnits() }
            if let character = JSONEscape.character(escape) {
                text.append(character)
                chunkStart = index
                continue
            }
            guard escape == UInt8(ascii: "u"), index + 4 <= bytes.count,
                  let unit = UInt16(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            units.append(unit)
            chunkStart = index
        }
        return nil
    }
}
