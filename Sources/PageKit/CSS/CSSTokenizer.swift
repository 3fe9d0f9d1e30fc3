/// The kinds of token of CSS Syntax Level 3 (§4).
enum CSSTokenKind: UInt8 {
    case ident, function, atKeyword, hash, string, badString, url, badURL, delim, number, percentage, dimension
    case whitespace, cdo, cdc, colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
    case eof
}

/// One token: its kind and where it lies in the source; values are decoded on demand.
struct CSSToken {
    var kind: CSSTokenKind
    /// Byte offsets of the whole token in the source.
    var start: Int
    var end: Int
    /// Dimensions: where the unit starts. URLs: the value's bounds inside `url(…)`.
    var auxiliary = 0
    var auxiliaryEnd = 0
    /// Hashes: "id" type. Numbers: an integer. Strings: closed by their quote.
    var flag = false
    /// Numbers, percentages and dimensions: a `+` or `-` was written.
    var hasSign = false
    /// Delimiters: the character (always ASCII).
    var delimiter: UInt8 = 0

    func isDelimiter(_ character: Character) -> Bool {
        kind == .delim && delimiter == character.asciiValue
    }
}

/// Splits CSS text into tokens as CSS Syntax Level 3 does, on UTF-8 bytes.
///
/// Preprocessing is done on the fly: CR, FF and CR LF count as one newline, NUL reads as
/// U+FFFD. Comments are dropped. Every byte at or above 0x80 is part of a non-ASCII code
/// point, which the syntax treats as a name character, so names need no decoding until
/// their value is asked for.
struct CSSTokenizer {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// All the tokens, ending with one `eof`.
    func tokens() -> [CSSToken] {
        var result: [CSSToken] = []
        result.reserveCapacity(bytes.count / 3 + 1)
        var index = 0
        while true {
            let token = next(at: &index)
            result.append(token)
            if token.kind == .eof { return result }
        }
    }

    // MARK: - Code point classes

    @inline(__always)
    private func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isNewline(_ byte: UInt8?) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0C }
    static func isWhitespace(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 || isNewline(byte) }
    static func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    static func isHexDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
    }

    static func isNameStart(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte >= 0x80 || byte == 0
    }

    static func isName(_ byte: UInt8?) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == 0x2D
    }

    /// Whether a backslash at `index` starts an escape.
    private func isValidEscape(at index: Int) -> Bool {
        byte(index) == 0x5C && !Self.isNewline(byte(index + 1))
    }

    /// Whether an identifier starts at `index`.
    func startsIdentifier(at index: Int) -> Bool {
        switch byte(index) {
        case 0x2D:
            return Self.isNameStart(byte(index + 1)) || byte(index + 1) == 0x2D || isValidEscape(at: index + 1)
        case 0x5C:
            return isValidEscape(at: index)
        default:
            return Self.isNameStart(byte(index))
        }
    }

    private func startsNumber(at index: Int) -> Bool {
        switch byte(index) {
        case 0x2B, 0x2D:
            if Self.isDigit(byte(index + 1)) { return true }
            return byte(index + 1) == 0x2E && Self.isDigit(byte(index + 2))
        case 0x2E:
            return Self.isDigit(byte(index + 1))
        default:
            return Self.isDigit(byte(index))
        }
    }

    // MARK: - Tokens

    /// The token at `index`, advancing past it (and past comments before it).
    func next(at index: inout Int) -> CSSToken {
        while byte(index) == 0x2F && byte(index + 1) == 0x2A {
            index += 2
            while index < bytes.count && !(bytes[index] == 0x2A && byte(index + 1) == 0x2F) { index += 1 }
            index = min(bytes.count, index + 2)
        }
        let start = index
        guard let first = byte(index) else { return CSSToken(kind: .eof, start: start, end: start) }
        func single(_ kind: CSSTokenKind) -> CSSToken {
            index += 1
            return CSSToken(kind: kind, start: start, end: index)
        }
        func delimiter() -> CSSToken {
            index += 1
            var token = CSSToken(kind: .delim, start: start, end: index)
            token.delimiter = first
            return token
        }
        switch first {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
            while Self.isWhitespace(byte(index)) { index += 1 }
            return CSSToken(kind: .whitespace, start: start, end: index)
        case 0x22, 0x27:
            return string(at: &index, quote: first)
        case 0x23:
            if Self.isName(byte(index + 1)) || isValidEscape(at: index + 1) {
                var token = CSSToken(kind: .hash, start: start, end: start)
                token.flag = startsIdentifier(at: index + 1)
                index += 1
                consumeName(at: &index)
                token.end = index
                return token
            }
            return delimiter()
        case 0x28: return single(.openParen)
        case 0x29: return single(.closeParen)
        case 0x2B:
            return startsNumber(at: index) ? numeric(at: &index) : delimiter()
        case 0x2C: return single(.comma)
        case 0x2D:
            if startsNumber(at: index) { return numeric(at: &index) }
            if byte(index + 1) == 0x2D && byte(index + 2) == 0x3E {
                index += 3
                return CSSToken(kind: .cdc, start: start, end: index)
            }
            if startsIdentifier(at: index) { return identLike(at: &index) }
            return delimiter()
        case 0x2E:
            return startsNumber(at: index) ? numeric(at: &index) : delimiter()
        case 0x3A: return single(.colon)
        case 0x3B: return single(.semicolon)
        case 0x3C:
            if byte(index + 1) == 0x21 && byte(index + 2) == 0x2D && byte(index + 3) == 0x2D {
                index += 4
                return CSSToken(kind: .cdo, start: start, end: index)
            }
            return delimiter()
        case 0x40:
            if startsIdentifier(at: index + 1) {
                index += 1
                consumeName(at: &index)
                return CSSToken(kind: .atKeyword, start: start, end: index)
            }
            return delimiter()
        case 0x5B: return single(.openSquare)
        case 0x5C:
            return isValidEscape(at: index) ? identLike(at: &index) : delimiter()
        case 0x5D: return single(.closeSquare)
        case 0x7B: return single(.openCurly)
        case 0x7D: return single(.closeCurly)
        case 0x30...0x39:
            return numeric(at: &index)
        default:
            return Self.isNameStart(first) ? identLike(at: &index) : delimiter()
        }
    }

    /// Skips a name (ident code points and escapes).
    private func consumeName(at index: inout Int) {
        while index < bytes.count {
            if Self.isName(bytes[index]) {
                index += 1
            } else if isValidEscape(at: index) {
                index += 1
                skipEscape(at: &index)
            } else {
                return
            }
        }
    }

    /// Skips the rest of an escape, after its backslash.
    private func skipEscape(at index: inout Int) {
        guard let first = byte(index) else { return }
        if Self.isHexDigit(first) {
            var digits = 0
            while digits < 6 && Self.isHexDigit(byte(index)) {
                index += 1
                digits += 1
            }
            skipOneWhitespace(at: &index)
        } else {
            index += utf8Length(first)
        }
    }

    private func skipOneWhitespace(at index: inout Int) {
        if byte(index) == 0x0D && byte(index + 1) == 0x0A {
            index += 2
        } else if Self.isWhitespace(byte(index)) {
            index += 1
        }
    }

    private func identLike(at index: inout Int) -> CSSToken {
        let start = index
        consumeName(at: &index)
        guard byte(index) == 0x28 else { return CSSToken(kind: .ident, start: start, end: index) }
        let isURL = index - start == 3 && bytes[start] | 0x20 == 0x75 && bytes[start + 1] | 0x20 == 0x72
            && bytes[start + 2] | 0x20 == 0x6C
        index += 1
        guard isURL else { return CSSToken(kind: .function, start: start, end: index) }
        var look = index
        while Self.isWhitespace(byte(look)) { look += 1 }
        if byte(look) == 0x22 || byte(look) == 0x27 {
            return CSSToken(kind: .function, start: start, end: index)
        }
        return url(at: &index, start: start, valueStart: look)
    }

    private func url(at index: inout Int, start: Int, valueStart: Int) -> CSSToken {
        index = valueStart
        var token = CSSToken(kind: .url, start: start, end: start)
        token.auxiliary = valueStart
        while true {
            guard let next = byte(index) else {
                token.auxiliaryEnd = index
                token.end = index
                return token
            }
            switch next {
            case 0x29:
                token.auxiliaryEnd = index
                index += 1
                token.end = index
                return token
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                token.auxiliaryEnd = index
                while Self.isWhitespace(byte(index)) { index += 1 }
                if byte(index) == nil || byte(index) == 0x29 {
                    if byte(index) == 0x29 { index += 1 }
                    token.end = index
                    return token
                }
                return badURL(at: &index, start: start)
            case 0x22, 0x27, 0x28, 0x00...0x08, 0x0B, 0x0E...0x1F, 0x7F:
                return badURL(at: &index, start: start)
            case 0x5C:
                guard isValidEscape(at: index) else { return badURL(at: &index, start: start) }
                index += 1
                skipEscape(at: &index)
            default:
                index += 1
            }
        }
    }

    private func badURL(at index: inout Int, start: Int) -> CSSToken {
        while let next = byte(index) {
            if next == 0x29 {
                index += 1
                break
            }
            if isValidEscape(at: index) {
                index += 1
                skipEscape(at: &index)
            } else {
                index += 1
            }
        }
        return CSSToken(kind: .badURL, start: start, end: index)
    }

    private func string(at index: inout Int, quote: UInt8) -> CSSToken {
        let start = index
        index += 1
        while let next = byte(index) {
            if next == quote {
                index += 1
                var token = CSSToken(kind: .string, start: start, end: index)
                token.flag = true
                return token
            }
            if Self.isNewline(next) { return CSSToken(kind: .badString, start: start, end: index) }
            if next == 0x5C {
                index += 1
                if byte(index) == nil { break }
                if Self.isNewline(byte(index)) {
                    skipOneWhitespace(at: &index)
                } else {
                    skipEscape(at: &index)
                }
            } else {
                index += 1
            }
        }
        return CSSToken(kind: .string, start: start, end: index)
    }

    private func numeric(at index: inout Int) -> CSSToken {
        let start = index
        var token = CSSToken(kind: .number, start: start, end: start)
        token.flag = true
        if byte(index) == 0x2B || byte(index) == 0x2D {
            token.hasSign = true
            index += 1
        }
        while Self.isDigit(byte(index)) { index += 1 }
        if byte(index) == 0x2E && Self.isDigit(byte(index + 1)) {
            token.flag = false
            index += 1
            while Self.isDigit(byte(index)) { index += 1 }
        }
        if let letter = byte(index), letter | 0x20 == 0x65 {
            var look = index + 1
            if byte(look) == 0x2B || byte(look) == 0x2D { look += 1 }
            if Self.isDigit(byte(look)) {
                token.flag = false
                index = look
                while Self.isDigit(byte(index)) { index += 1 }
            }
        }
        token.auxiliary = index
        if startsIdentifier(at: index) {
            token.kind = .dimension
            consumeName(at: &index)
        } else if byte(index) == 0x25 {
            token.kind = .percentage
            index += 1
        }
        token.end = index
        return token
    }

    private func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    // MARK: - Values

    /// The name an ident, function, at-keyword, hash or dimension unit spells, escapes decoded.
    func name(of token: CSSToken) -> String {
        switch token.kind {
        case .function: return decodeName(token.start, token.end - 1)
        case .atKeyword, .hash: return decodeName(token.start + 1, token.end)
        case .dimension: return decodeName(token.auxiliary, token.end)
        default: return decodeName(token.start, token.end)
        }
    }

    /// The value of a string or URL token, escapes decoded.
    func stringValue(of token: CSSToken) -> String {
        switch token.kind {
        case .url:
            return decodeName(token.auxiliary, token.auxiliaryEnd)
        case .string:
            return decode(token.start + 1, token.flag ? token.end - 1 : token.end, inString: true)
        default:
            return ""
        }
    }

    /// The numeric value of a number, percentage or dimension.
    func numericValue(of token: CSSToken) -> Double {
        let end = token.kind == .percentage ? token.end - 1 : (token.kind == .dimension ? token.auxiliary : token.end)
        return Double(String(decoding: bytes[token.start..<end], as: UTF8.self)) ?? 0
    }

    /// The source text of a range of bytes.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func decodeName(_ start: Int, _ end: Int) -> String {
        var hasSpecial = false
        for index in start..<end where bytes[index] == 0x5C || bytes[index] == 0 {
            hasSpecial = true
            break
        }
        if !hasSpecial { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return decode(start, end, inString: false)
    }

    private func decode(_ start: Int, _ end: Int, inString: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var index = start
        while index < end {
            let current = bytes[index]
            if current == 0 {
                output += [0xEF, 0xBF, 0xBD]
                index += 1
            } else if current == 0x5C {
                index += 1
                if index >= end {
                    if !inString { output += [0xEF, 0xBF, 0xBD] }
                    break
                }
                if inString && Self.isNewline(bytes[index]) {
                    skipOneWhitespace(at: &index)
                    continue
                }
                if Self.isHexDigit(bytes[index]) {
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 6 && index < end && Self.isHexDigit(bytes[index]) {
                        value = value << 4 | UInt32(hexValue(bytes[index]))
                        index += 1
                        digits += 1
                    }
                    if index < end { skipOneWhitespace(at: &index) }
                    let scalar = (value == 0 || (0xD800...0xDFFF).contains(value) || value > 0x10FFFF)
                        ? Unicode.Scalar(0xFFFD)! : Unicode.Scalar(value)!
                    output += Array(String(Character(scalar)).utf8)
                } else {
                    let length = min(utf8Length(bytes[index]), end - index)
                    output += bytes[index..<(index + length)]
                    index += length
                }
            } else {
                output.append(current)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private func hexValue(_ byte: UInt8) -> UInt8 {
        Self.isDigit(byte) ? byte - 0x30 : (byte | 0x20) - 0x61 + 10
    }

    /// The count of Unicode scalars before a byte offset (for error positions).
    func scalarOffset(ofByte offset: Int) -> Int {
        var count = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
