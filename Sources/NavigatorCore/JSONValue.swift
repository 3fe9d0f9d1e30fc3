import URLKit
/// A JSON value with the place each value starts, for errors that point at the user's file.
public indirect enum JSONValue: Equatable, Sendable {
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
        case let (.array(a), .array(b)): return a.map(\.value) == b.map(\.value)
        case let (.object(a), .object(b)):
            return a.map(\.key.value) == b.map(\.key.value) && a.map(\.value.value) == b.map(\.value.value)
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
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var line: Int
    public var column: Int
}

/// Reads JSON text (RFC 8259) into `JSONValue`, reporting the line and column of any mistake.
public struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private let path: String
    private var depth = 0

    /// Parses a whole document; throws a `UserError` located in `path`.
    public static func parse(_ text: [UInt8], path: String) throws(UserError) -> Located<JSONValue> {
        var reader = JSONReader(bytes: text, path: path)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3; reader.lineStart = 3 }
        reader.skipWhitespace()
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

    private mutating func readValue() throws(UserError) -> Located<JSONValue> {
        let startLine = line, startColumn = column
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try readObject()
        case UInt8(ascii: "["): value = try readArray()
        case UInt8(ascii: "\""): value = .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try readNumber())
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
        return Located(value: value, line: startLine, column: startColumn)
    }

    private mutating func enterContainer() throws(UserError) {
        depth += 1
        if depth > 512 { throw error("nesting deeper than 512 levels") }
    }

    private mutating func readObject() throws(UserError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var members: [(key: Located<String>, value: Located<JSONValue>)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describeCurrent())")
            }
            let keyLine = line, keyColumn = column
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try readValue()
            members.append((Located(value: key, line: keyLine, column: keyColumn), value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}', found \(describeCurrent())")
        }
    }

    private mutating func readArray() throws(UserError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        var elements: [Located<JSONValue>] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']', found \(describeCurrent())")
        }
    }

    private mutating func readLiteral(_ word: String) throws(UserError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
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
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? 0
    }

    private mutating func readString() throws(UserError) -> String {
        index += 1
        var output: [UInt8] = []
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
                    output.append(contentsOf: Array(String(Character(unicode)).utf8))
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
