/// A token of JavaScript source as the linter needs it: where it is, and for strings their value.
struct JavaScriptToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identifier
        case punctuator
        case number
        /// A string literal, or a template literal without substitutions: `value` is its cooked text.
        case string
        /// A piece of a template literal with substitutions (`` `a${``, `}b${`, `` }c` ``).
        case templatePart
        case regularExpression
        case comment
    }

    var kind: Kind
    /// Byte offsets into the source: the whole token, quotes and delimiters included.
    var range: Range<Int>
    /// The cooked value of a string; the text of an identifier, punctuator or comment (a
    /// comment without its `//`, `/*` `*/`, `<!--` or `-->`).
    var value: String
}

/// Splits JavaScript source (UTF-8 bytes) into tokens, finding string and template literals and
/// skipping comments and regular expressions as ECMAScript's lexical grammar does.
///
/// Whether a `/` starts a regular expression or divides depends on the syntax around it; like
/// tools that tokenize without parsing, the scanner decides from the previous token: after a
/// value (a name, a number, a string, `)`, `]`) it divides, after an operator, `(`, `{`, `}`, `;`,
/// `,` or a keyword such as `return` it starts a regular expression. Every byte is read once;
/// malformed input (an unterminated string or comment) ends the token at the line's or the
/// input's end, never an error.
struct JavaScriptScanner {
    private let source: [UInt8]
    private var index = 0
    /// For each open `{` or `${`: whether it opened a template substitution.
    private var braces: [Bool] = []
    private var previous: JavaScriptToken?

    /// The names after which a `/` starts a regular expression, not a division.
    private static let regexKeywords: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
        "yield", "await", "extends",
    ]

    /// Punctuators, longest first within each first byte.
    private static let punctuators: [[UInt8]] = [
        ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
        "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
        "**", "<<", ">>",
    ].map { Array($0.utf8) }

    init(source: [UInt8]) {
        self.source = source
    }

    /// Every token of `source`, comments included, in order.
    static func tokens(_ source: [UInt8]) -> [JavaScriptToken] {
        var scanner = JavaScriptScanner(source: source)
        var tokens: [JavaScriptToken] = []
        while let token = scanner.next() { tokens.append(token) }
        return tokens
    }

    /// The next token, or nil at the end.
    mutating func next() -> JavaScriptToken? {
        var lineStart = index == 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x0A || byte == 0x0D { lineStart = true; index += 1; continue }
            if Self.isSpace(byte) { index += 1; continue }
            if byte == 0xE2, index + 2 < source.count, source[index + 1] == 0x80 {
                // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR, and the other spaces of U+2000…U+200A, U+202F.
                let third = source[index + 2]
                if third == 0xA8 || third == 0xA9 { lineStart = true; index += 3; continue }
                if third <= 0x8A || third == 0xAF { index += 3; continue }
            }
            if byte == 0xC2, index + 1 < source.count, source[index + 1] == 0xA0 { index += 2; continue }
            if byte == 0xEF, index + 2 < source.count, source[index + 1] == 0xBB, source[index + 2] == 0xBF { index += 3; continue }
            break
        }
        guard index < source.count else { return nil }
        let start = index
        let byte = source[index]
        let token: JavaScriptToken
        if index == 0, matches("#!") {
            token = lineComment(from: start, skipping: 2)
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
            token = lineComment(from: start, skipping: 2)
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
            token = blockComment(from: start)
        } else if byte == UInt8(ascii: "<"), matches("<!--") {
            token = lineComment(from: start, skipping: 4)
        } else if byte == UInt8(ascii: "-"), lineStart, matches("-->") {
            token = lineComment(from: start, skipping: 3)
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            token = string(from: start, quote: byte)
        } else if byte == UInt8(ascii: "`") {
            index += 1
            token = template(from: start)
        } else if byte == UInt8(ascii: "}"), braces.last == true {
            braces.removeLast()
            index += 1
            token = template(from: start)
        } else if byte == UInt8(ascii: "/"), regexAllowed {
            token = regularExpression(from: start)
        } else if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
            token = number(from: start)
        } else if Self.isIdentifierStart(byte) {
            token = identifier(from: start)
        } else {
            token = punctuator(from: start)
        }
        if token.kind != .comment { previous = token }
        return token
    }

    // MARK: - Tokens

    private mutating func lineComment(from start: Int, skipping count: Int) -> JavaScriptToken {
        index = start + count
        let bodyStart = index
        while index < source.count, !isLineTerminator(at: index) { index += 1 }
        return JavaScriptToken(kind: .comment, range: start..<index, value: text(bodyStart..<index))
    }

    private mutating func blockComment(from start: Int) -> JavaScriptToken {
        index = start + 2
        let bodyStart = index
        while index < source.count {
            if source[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                index += 2
                return JavaScriptToken(kind: .comment, range: start..<index, value: text(bodyStart..<(index - 2)))
            }
            index += 1
        }
        return JavaScriptToken(kind: .comment, range: start..<index, value: text(bodyStart..<index))
    }

    private mutating func string(from start: Int, quote: UInt8) -> JavaScriptToken {
        index = start + 1
        var cooked = CookedText()
        while index < source.count {
            let byte = source[index]
            if byte == quote { index += 1; break }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: "\\") {
                escape(into: &cooked, inTemplate: false)
                continue
            }
            cooked.append(byte)
            index += 1
        }
        return JavaScriptToken(kind: .string, range: start..<index, value: cooked.string)
    }

    /// A template literal from after its `` ` `` or `}` to its `` ` `` or `${`.
    private mutating func template(from start: Int) -> JavaScriptToken {
        let isHead = source[start] == UInt8(ascii: "`")
        var cooked = CookedText()
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "`") {
                index += 1
                return JavaScriptToken(kind: isHead ? .string : .templatePart, range: start..<index, value: cooked.string)
            }
            if byte == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{") {
                index += 2
                braces.append(true)
                return JavaScriptToken(kind: .templatePart, range: start..<index, value: cooked.string)
            }
            if byte == UInt8(ascii: "\\") {
                escape(into: &cooked, inTemplate: true)
                continue
            }
            if byte == 0x0D {
                // A template reads CR and CRLF as LF.
                cooked.append(0x0A)
                index += peek(1) == 0x0A ? 2 : 1
                continue
            }
            cooked.append(byte)
            index += 1
        }
        return JavaScriptToken(kind: isHead ? .string : .templatePart, range: start..<index, value: cooked.string)
    }

    /// Reads an escape sequence at `index` (a backslash) into `cooked`.
    private mutating func escape(into cooked: inout CookedText, inTemplate: Bool) {
        index += 1
        guard index < source.count else { return }
        let byte = source[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): cooked.append(0x0A)
        case UInt8(ascii: "t"): cooked.append(0x09)
        case UInt8(ascii: "r"): cooked.append(0x0D)
        case UInt8(ascii: "b"): cooked.append(0x08)
        case UInt8(ascii: "f"): cooked.append(0x0C)
        case UInt8(ascii: "v"): cooked.append(0x0B)
        case 0x0D:
            // A line continuation: nothing.
            if index < source.count, source[index] == 0x0A { index += 1 }
        case 0x0A:
            break
        case UInt8(ascii: "x"):
            if let value = hexValue(count: 2) { cooked.append(scalar: value) } else { cooked.append(byte) }
        case UInt8(ascii: "u"):
            if index < source.count, source[index] == UInt8(ascii: "{") {
                var end = index + 1
                while end < source.count, end - index <= 7, Self.isHexDigit(source[end]) { end += 1 }
                if end < source.count, source[end] == UInt8(ascii: "}"), end > index + 1,
                   let value = UInt32(text(index + 1..<end), radix: 16), value <= 0x10FFFF {
                    index = end + 1
                    cooked.append(scalar: value)
                } else {
                    cooked.append(byte)
                }
            } else if let value = hexValue(count: 4) {
                cooked.append(scalar: value)
            } else {
                cooked.append(byte)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "7") where !inTemplate:
            // Legacy octal escapes (sloppy-mode scripts): up to three digits, at most 0o377.
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < (byte <= UInt8(ascii: "3") ? 3 : 2), index < source.count,
                  source[index] >= UInt8(ascii: "0"), source[index] <= UInt8(ascii: "7") {
                value = value * 8 + UInt32(source[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            cooked.append(scalar: value)
        case 0xE2 where index + 1 < source.count && source[index] == 0x80 && (source[index + 1] == 0xA8 || source[index + 1] == 0xA9):
            index += 2
        default:
            cooked.append(byte)
        }
    }

    private mutating func hexValue(count: Int) -> UInt32? {
        guard index + count <= source.count, source[index..<(index + count)].allSatisfy(Self.isHexDigit),
              let value = UInt32(text(index..<(index + count)), radix: 16) else { return nil }
        index += count
        return value
    }

    private mutating func regularExpression(from start: Int) -> JavaScriptToken {
        index = start + 1
        var inClass = false
        while index < source.count, !isLineTerminator(at: index) {
            let byte = source[index]
            if byte == UInt8(ascii: "\\") {
                index += 1
                if index < source.count, !isLineTerminator(at: index) { index += 1 }
                continue
            }
            index += 1
            if byte == UInt8(ascii: "[") { inClass = true } else if byte == UInt8(ascii: "]") { inClass = false }
            else if byte == UInt8(ascii: "/"), !inClass { break }
        }
        while index < source.count, Self.isIdentifierPart(source[index]) { index += 1 }
        return JavaScriptToken(kind: .regularExpression, range: start..<index, value: "")
    }

    private mutating func number(from start: Int) -> JavaScriptToken {
        index = start
        while index < source.count {
            let byte = source[index]
            if Self.isIdentifierPart(byte) || byte == UInt8(ascii: ".") {
                index += 1
            } else if (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")),
                      index > start, source[index - 1] | 0x20 == UInt8(ascii: "e"),
                      !(source[start] == UInt8(ascii: "0") && index > start + 1 && source[start + 1] | 0x20 == UInt8(ascii: "x")) {
                index += 1
            } else {
                break
            }
        }
        return JavaScriptToken(kind: .number, range: start..<index, value: "")
    }

    private mutating func identifier(from start: Int) -> JavaScriptToken {
        index = start
        while index < source.count, Self.isIdentifierPart(source[index]) {
            // An escape such as \u0061 inside a name.
            index += source[index] == UInt8(ascii: "\\") && peek(1) == UInt8(ascii: "u") ? 2 : 1
        }
        return JavaScriptToken(kind: .identifier, range: start..<index, value: text(start..<index))
    }

    private mutating func punctuator(from start: Int) -> JavaScriptToken {
        index = start
        let byte = source[index]
        if byte == UInt8(ascii: "{") { braces.append(false) }
        if byte == UInt8(ascii: "}"), !braces.isEmpty { braces.removeLast() }
        for candidate in Self.punctuators where candidate[0] == byte && matches(candidate) {
            // `?.` followed by a digit is `?` and a number (`a?.5:b`).
            if candidate == Array("?.".utf8), let next = peek(2), Self.isDigit(next) { continue }
            index += candidate.count
            return JavaScriptToken(kind: .punctuator, range: start..<index, value: text(start..<index))
        }
        index += 1
        return JavaScriptToken(kind: .punctuator, range: start..<index, value: text(start..<index))
    }

    // MARK: - Context

    /// Whether a `/` here starts a regular expression (from the previous token).
    private var regexAllowed: Bool {
        guard let previous else { return true }
        switch previous.kind {
        case .number, .string, .regularExpression, .templatePart:
            // A template part that ends a template is a value; one ending in `${` opens an expression.
            return previous.kind == .templatePart && source[previous.range.upperBound - 1] == UInt8(ascii: "{")
        case .identifier:
            return Self.regexKeywords.contains(previous.value)
        case .punctuator:
            return ![")", "]", "++", "--"].contains(previous.value)
        case .comment:
            return true
        }
    }

    // MARK: - Bytes

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < source.count ? source[index + offset] : nil
    }

    private func matches(_ text: StaticString) -> Bool {
        matches(Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)))
    }

    private func matches(_ bytes: [UInt8]) -> Bool {
        guard index + bytes.count <= source.count else { return false }
        for (offset, byte) in bytes.enumerated() where source[index + offset] != byte { return false }
        return true
    }

    private func isLineTerminator(at position: Int) -> Bool {
        let byte = source[position]
        if byte == 0x0A || byte == 0x0D { return true }
        return byte == 0xE2 && position + 2 < source.count && source[position + 1] == 0x80
            && (source[position + 2] == 0xA8 || source[position + 2] == 0xA9)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    /// Names: ASCII letters, `$`, `_`, a `\u` escape, and any non-ASCII character (Unicode
    /// letters in names are rare in pages; other non-ASCII characters outside strings are errors anyway).
    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "\\") || byte >= 0x80
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }
}

/// The cooked value of a string literal, built from bytes and escaped code points.
private struct CookedText {
    private var scalars: [UInt8] = []
    /// A high surrogate waiting for its low half.
    private var pendingHigh: UInt32?

    mutating func append(_ byte: UInt8) {
        flushSurrogate()
        scalars.append(byte)
    }

    mutating func append(scalar value: UInt32) {
        if (0xD800...0xDBFF).contains(value) {
            flushSurrogate()
            pendingHigh = value
            return
        }
        if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
            pendingHigh = nil
            appendScalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
            return
        }
        flushSurrogate()
        appendScalar((0xD800...0xDFFF).contains(value) ? 0xFFFD : value)
    }

    private mutating func flushSurrogate() {
        guard pendingHigh != nil else { return }
        pendingHigh = nil
        appendScalar(0xFFFD)
    }

    private mutating func appendScalar(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else { return }
        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    var string: String {
        var copy = self
        copy.flushSurrogate()
        return String(decoding: copy.scalars, as: UTF8.self)
    }
}
