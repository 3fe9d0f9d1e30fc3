/// Picks a page's character encoding as the WHATWG encoding sniffing algorithm does.
///
/// A byte order mark wins; else the first `<meta charset>` or `<meta http-equiv=content-type
/// content="…; charset=…">` in the first 1024 bytes whose label the Encoding Standard knows
/// (a UTF-16 label there means UTF-8, `x-user-defined` windows-1252); else UTF-8, webnav's
/// default (libxml2 alone would guess Latin-1). Labels it does not know are reported.
enum CharsetSniffer {
    static let prescanLength = 1024

    /// What sniffing found: the encoding, whether a BOM decided it, and what to tell the user.
    struct Result: Equatable {
        var encoding: TextEncoding
        var hasByteOrderMark = false
        var warnings: [String] = []
    }

    static func sniff(_ bytes: UnsafeRawBufferPointer) -> Result {
        let data = bytes.bindMemory(to: UInt8.self)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return Result(encoding: .utf8, hasByteOrderMark: true) }
        if data.starts(with: [0xFE, 0xFF]) { return Result(encoding: .utf16BE, hasByteOrderMark: true) }
        if data.starts(with: [0xFF, 0xFE]) { return Result(encoding: .utf16LE, hasByteOrderMark: true) }
        let head = UnsafeBufferPointer(rebasing: data.prefix(prescanLength))
        var unknown: [String] = []
        var encoding = TextEncoding.utf8
        if let declared = declaredEncoding(in: head, unknownLabels: &unknown) {
            switch declared {
            case .utf16BE, .utf16LE: encoding = .utf8
            case .xUserDefined: encoding = .windows1252
            default: encoding = declared
            }
        }
        let warnings = unknown.map { "unknown charset \"\($0)\" in <meta>: read as \(encoding.rawValue)" }
        return Result(encoding: encoding, warnings: warnings)
    }

    /// The encoding declared by the first `<meta>` whose label is known; unknown labels are collected.
    static func declaredEncoding(in bytes: UnsafeBufferPointer<UInt8>, unknownLabels: inout [String]) -> TextEncoding? {
        var scanner = TagScanner(bytes: bytes)
        while let byte = scanner.peek() {
            guard byte == UInt8(ascii: "<") else {
                scanner.advance()
                continue
            }
            if scanner.skip(ifAt: "<!--") {
                scanner.skip(past: "-->")
            } else if scanner.matchesTag("meta") {
                if let label = scanner.metaCharset() {
                    if let encoding = TextEncoding(label: label) { return encoding }
                    unknownLabels.append(label)
                }
            } else if scanner.matchesAnyTag() {
                _ = scanner.attributes()
            } else if scanner.skip(ifAt: "<!") || scanner.skip(ifAt: "</") || scanner.skip(ifAt: "<?") {
                scanner.skip(past: ">")
            } else {
                scanner.advance()
            }
        }
        return nil
    }
}

/// A cursor over the first bytes of a page, reading tags loosely (the WHATWG prescan).
private struct TagScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    mutating func advance() { position += 1 }

    func isAt(_ literal: String) -> Bool {
        var offset = 0
        for expected in literal.utf8 {
            guard let byte = peek(offset), lowercased(byte) == expected else { return false }
            offset += 1
        }
        return true
    }

    mutating func skip(ifAt literal: String) -> Bool {
        guard isAt(literal) else { return false }
        position += literal.utf8.count
        return true
    }

    mutating func skip(past literal: String) {
        while position < bytes.count, !skip(ifAt: literal) { position += 1 }
    }

    /// At `<name` followed by whitespace or `/`: moves past the name.
    mutating func matchesTag(_ name: String) -> Bool {
        guard isAt("<" + name), let after = peek(name.utf8.count + 1),
              after.isHTMLWhitespace || after == UInt8(ascii: "/") else { return false }
        position += name.utf8.count + 1
        return true
    }

    /// At `<letter` or `</letter`: moves past the name.
    mutating func matchesAnyTag() -> Bool {
        let nameOffset = peek(1) == UInt8(ascii: "/") ? 2 : 1
        guard let first = peek(nameOffset), isLetter(first) else { return false }
        position += nameOffset
        while let byte = peek(), !byte.isHTMLWhitespace, byte != UInt8(ascii: ">") { position += 1 }
        return true
    }

    /// Reads the attributes of the tag the cursor is in, moving past its `>`.
    mutating func attributes() -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        while let attribute = nextAttribute() { result.append(attribute) }
        return result
    }

    /// The charset a `<meta>` declares, reading its attributes.
    mutating func metaCharset() -> String? {
        var gotPragma = false
        var needsPragma = false
        var charset: String?
        for (name, value) in attributes() {
            switch name {
            case "http-equiv":
                if value.lowercased() == "content-type" { gotPragma = true }
            case "content":
                if charset == nil, let declared = Self.charset(inContentType: value) {
                    charset = declared
                    needsPragma = true
                }
            case "charset":
                charset = value
                needsPragma = false
            default:
                break
            }
        }
        guard let charset, !needsPragma || gotPragma, !charset.isEmpty else { return nil }
        return charset
    }

    private mutating func nextAttribute() -> (name: String, value: String)? {
        while let byte = peek(), byte.isHTMLWhitespace || byte == UInt8(ascii: "/") { position += 1 }
        guard let first = peek() else { return nil }
        if first == UInt8(ascii: ">") {
            position += 1
            return nil
        }
        var name: [UInt8] = []
        while let byte = peek(), !byte.isHTMLWhitespace, byte != UInt8(ascii: "="), byte != UInt8(ascii: ">"),
              byte != UInt8(ascii: "/") {
            name.append(lowercased(byte))
            position += 1
        }
        while let byte = peek(), byte.isHTMLWhitespace { position += 1 }
        var value: [UInt8] = []
        if peek() == UInt8(ascii: "=") {
            position += 1
            while let byte = peek(), byte.isHTMLWhitespace { position += 1 }
            if let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                position += 1
                while let byte = peek(), byte != quote {
                    value.append(byte)
                    position += 1
                }
                position += 1
            } else {
                while let byte = peek(), !byte.isHTMLWhitespace, byte != UInt8(ascii: ">") {
                    value.append(byte)
                    position += 1
                }
            }
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// The `charset=` parameter of a Content-Type value.
    static func charset(inContentType value: String) -> String? {
        let bytes = Array(value.utf8)
        let key = Array("charset".utf8)
        var index = 0
        while index + key.count <= bytes.count {
            guard bytes[index..<(index + key.count)].map(lowercased).elementsEqual(key) else {
                index += 1
                continue
            }
            var cursor = index + key.count
            while cursor < bytes.count, bytes[cursor].isHTMLWhitespace { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else {
                index = cursor
                continue
            }
            cursor += 1
            while cursor < bytes.count, bytes[cursor].isHTMLWhitespace { cursor += 1 }
            var end = cursor
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                let quote = bytes[cursor]
                cursor += 1
                end = cursor
                while end < bytes.count, bytes[end] != quote { end += 1 }
            } else {
                while end < bytes.count, !bytes[end].isHTMLWhitespace, bytes[end] != UInt8(ascii: ";") { end += 1 }
            }
            return end > cursor ? String(decoding: bytes[cursor..<end], as: UTF8.self) : nil
        }
        return nil
    }
}

private func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
}

private func isLetter(_ byte: UInt8) -> Bool {
    let lower = lowercased(byte)
    return lower >= 0x61 && lower <= 0x7A
}
