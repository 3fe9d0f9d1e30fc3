import URLKit

/// A JSON value with the place each value starts, for errors that point at the user's file.
///
/// Equality compares values only, not where they were written (two documents holding the same
/// data are equal); object members are compared in order.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Located<JSONValue>])
    case object([(key: Located<String>, value: Located<JSONValue>)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.value == $1.value }
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key.value == $1.key.value && $0.value.value == $1.value.value }
        default: return false
        }
    }

    /// A short name of the value's type for messages ("a string", "an array", …).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A value and the 1-based line and column where it starts.
extension JSONValue {
    /// The text of a string; nil for other values.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An object's members by key, the last one winning where a key is repeated (as
    /// `JSONSerialization` reads them); nil for other values.
    public var lastMembers: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        var result: [String: JSONValue] = [:]
        for member in members { result[member.key.value] = member.value.value }
        return result
    }
}

public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var line: Int
    public var column: Int

    public init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }
}

extension Located: Equatable where Value: Equatable {}

/// Reads JSON text (RFC 8259) into `JSONValue`, reporting the line and column of any mistake.
///
/// The reader is a loop over an explicit stack of open containers, so its work is linear in the
/// size of the text and its depth (at most 512) never reaches the thread's stack. A key that
/// appears twice in one object is an error: RFC 8259 leaves the meaning of duplicates open, and
/// in a hand-written file the second one is nearly always a mistake that would silently win.
public struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let path: String
    private var depth = 0
    private var allowsDuplicateKeys = false

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// Parses a whole document; throws a `UserError` located in `path`. With
    /// `allowingDuplicateKeys`, an object keeps every member as written (for text a program
    /// wrote, which `JSONSerialization` reads with the last one winning).
    public static func parse(_ text: [UInt8], path: String, allowingDuplicateKeys: Bool = false) throws(UserError) -> Located<JSONValue> {
        var reader = JSONReader(bytes: text, path: path)
        reader.allowsDuplicateKeys = allowingDuplicateKeys
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3; reader.lineStart = 3 }
        let value = try reader.readValue()
        reader.skipWhitespace()
        if reader.index < reader.bytes.count { throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    private var column: Int { index - lineStart + 1 }

    private func error(_ message: String) -> UserError {
        UserError(message, at: SourceLocation(path: path, line: line, column: column))
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    /// An array or object whose members are still being read.
    private struct OpenContainer {
        let isObject: Bool
        let line: Int
        let column: Int
        var elements: [Located<JSONValue>] = []
        var members: [(key: Located<String>, value: Located<JSONValue>)] = []
        /// The key whose value is being read (objects only).
        var pendingKey: Located<String>?
        /// Member positions by key, built once an object is large enough that scanning would cost more.
        var keyIndex: [LiteralKey: Int]?

        /// Below this many members a key is looked for by scanning, above it through `keyIndex`.
        private static let scanLimit = 8

        /// Records the next member's key; returns the earlier member spelt exactly as `key` (same
        /// bytes), if any. Small objects are scanned, large ones indexed.
        mutating func addKey(_ key: Located<String>) -> Located<String>? {
            let position = members.count
            if keyIndex == nil {
                if let earlier = members.first(where: { LiteralKey($0.key.value) == LiteralKey(key.value) }) { return earlier.key }
                guard position >= Self.scanLimit else { return nil }
                var index: [LiteralKey: Int] = [:]
                index.reserveCapacity(position * 2)
                for (offset, member) in members.enumerated() { index[LiteralKey(member.key.value)] = offset }
                keyIndex = index
            }
            if let earlier = keyIndex?.updateValue(position, forKey: LiteralKey(key.value)) { return members[earlier].key }
            return nil
        }
    }

    /// Reads one value, with everything nested in it.
    private mutating func readValue() throws(UserError) -> Located<JSONValue> {
        var open: [OpenContainer] = []
        while true {
            skipWhitespace()
            let startLine = line, startColumn = column
            guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
            var completed: Located<JSONValue>
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                depth += 1
                if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    depth -= 1
                    completed = Located(value: isObject ? .object([]) : .array([]), line: startLine, column: startColumn)
                } else {
                    open.append(OpenContainer(isObject: isObject, line: startLine, column: startColumn))
                    if isObject { try readKey(into: &open[open.count - 1]) }
                    continue
                }
            case UInt8(ascii: "\""): completed = Located(value: .string(try readString()), line: startLine, column: startColumn)
            case UInt8(ascii: "t"): try readLiteral("true"); completed = Located(value: .bool(true), line: startLine, column: startColumn)
            case UInt8(ascii: "f"): try readLiteral("false"); completed = Located(value: .bool(false), line: startLine, column: startColumn)
            case UInt8(ascii: "n"): try readLiteral("null"); completed = Located(value: .null, line: startLine, column: startColumn)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                completed = Located(value: .number(try readNumber()), line: startLine, column: startColumn)
            default: throw error("unexpected \(describeCurrent()), expected a value")
            }
            // Hand the value to its container; close every container that ends here.
            while true {
                guard !open.isEmpty else { return completed }
                let top = open.count - 1
                if open[top].isObject {
                    if let key = open[top].pendingKey { open[top].members.append((key, completed)) }
                    open[top].pendingKey = nil
                } else {
                    open[top].elements.append(completed)
                }
                skipWhitespace()
                let closer = open[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '\(Character(Unicode.Scalar(closer)))'") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    if open[top].isObject { try readKey(into: &open[top]) }
                    break
                }
                guard bytes[index] == closer else {
                    throw error("expected ',' or '\(Character(Unicode.Scalar(closer)))', found \(describeCurrent())")
                }
                index += 1
                depth -= 1
                let finished = open.removeLast()
                let value: JSONValue = finished.isObject ? .object(finished.members) : .array(finished.elements)
                completed = Located(value: value, line: finished.line, column: finished.column)
            }
        }
    }

    /// Reads `"key":` inside an object, rejecting a key the object already has.
    private mutating func readKey(into container: inout OpenContainer) throws(UserError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a quoted key, found \(describeCurrent())")
        }
        let keyLine = line, keyColumn = column
        let key = try readString()
        let located = Located(value: key, line: keyLine, column: keyColumn)
        if !allowsDuplicateKeys, let first = container.addKey(located) {
            throw UserError("duplicate key \(JSONText.excerpt(key)) (first at \(first.line):\(first.column))",
                            at: SourceLocation(path: path, line: keyLine, column: keyColumn))
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after key \(JSONText.excerpt(key)), found \(describeCurrent())")
        }
        index += 1
        container.pendingKey = located
    }

    private mutating func readLiteral(_ word: StaticString) throws(UserError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += expected.count
    }

    private mutating func readNumber() throws(UserError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ reader: inout JSONReader) -> Int {
            let from = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) { reader.index += 1 }
            return reader.index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits(&self) > 0 else { throw error("malformed number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("malformed number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("malformed number: digits expected in the exponent") }
        }
        // Up to 15 digits an integer is exact in a Double: no need for strtod.
        if index - start <= 15, !bytes[start..<index].contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            var whole = 0
            for byte in bytes[start..<index] where byte != UInt8(ascii: "-") { whole = whole * 10 + Int(byte - 0x30) }
            return bytes[start] == UInt8(ascii: "-") ? -Double(whole) : Double(whole)
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
    }

    private mutating func readString() throws(UserError) -> String {
        index += 1
        // Most strings hold no escape: they are validated straight from the input.
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            guard let string = String(validating: bytes[start..<index - 1], as: UTF8.self) else { throw error("string is not valid UTF-8") }
            return string
        }
        var output = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: output, as: UTF8.self) else { throw error("string is not valid UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                let escapeStart = index
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): output.append(0x22)
                case UInt8(ascii: "\\"): output.append(0x5C)
                case UInt8(ascii: "/"): output.append(0x2F)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800...0xDBFF).contains(scalar), bytes.count - index >= 6,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    UTF8.encode(unicode) { output.append($0) }
                default:
                    index -= 1
                    let found = describeCurrent()
                    index = escapeStart
                    throw error("invalid escape \\\(found)")
                }
            case 0x00..<0x20:
                throw error("control character in string (write it as an escape)")
            default:
                output.append(byte)
                index += 1
            }
        }
    }

    private mutating func readHex4() throws(UserError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = PercentEncoding.hexValue(bytes[index]) else { throw error("invalid hex digit in \\u escape") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// A string compared by its exact UTF-8 bytes: JSON keys that differ only in Unicode
/// normalisation are different keys (as in JavaScript and Foundation), while `String`'s own
/// equality would call them equal.
struct LiteralKey: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool {
        // Equal bytes are equal Strings, so String's fast comparison rules out nearly every pair.
        lhs.string == rhs.string && lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(string.utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }
}
