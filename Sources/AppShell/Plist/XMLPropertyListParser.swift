#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An XML property list (Apple's PropertyList-1.0 DTD) read in one pass over its UTF-8 bytes,
/// with an explicit stack of open arrays and dictionaries: linear in the input whatever its
/// nesting, which is bounded by `PropertyListReader.maximumDepth`. Errors name the line and
/// column of the markup at fault.
struct XMLPropertyListParser {
    private let bytes: [UInt8]
    private var index = 0

    /// An array or dictionary whose closing tag has not come yet.
    private enum Frame {
        case array([PropertyValue], tagOffset: Int)
        case dictionary([String: PropertyValue], key: (name: String, offset: Int)?, tagOffset: Int)
    }

    /// A tag: its name, where its `<` is, and whether it closes (`</x>`) or is empty (`<x/>`).
    private struct Tag {
        var name: String
        var offset: Int
        var closing: Bool
        var empty: Bool
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func parse() throws(PropertyListError) -> PropertyValue {
        try skipProlog()
        guard var tag = try nextTag() else { throw failure("no property list value", at: index) }
        var plistOffset: Int?
        if tag.name == "plist", !tag.closing {
            if tag.empty { throw failure("<plist/> holds no value", at: tag.offset) }
            plistOffset = tag.offset
            guard let next = try nextTag() else { throw failure("<plist> ends before its value", at: index) }
            tag = next
        }
        var stack: [Frame] = []
        var root: PropertyValue?
        while true {
            var produced: PropertyValue?
            switch (tag.name, tag.closing) {
            case ("array", false), ("dict", false):
                if tag.empty {
                    produced = tag.name == "array" ? .array([]) : .dictionary([:])
                } else {
                    guard stack.count < PropertyListReader.maximumDepth else {
                        throw failure("nesting deeper than \(PropertyListReader.maximumDepth) levels", at: tag.offset)
                    }
                    stack.append(tag.name == "array" ? .array([], tagOffset: tag.offset) : .dictionary([:], key: nil, tagOffset: tag.offset))
                }
            case ("array", true):
                guard case .array(let items, _)? = stack.last else { throw mismatched(tag, stack) }
                stack.removeLast()
                produced = .array(items)
            case ("dict", true):
                guard case .dictionary(let members, let key, _)? = stack.last else { throw mismatched(tag, stack) }
                if let key { throw failure("key \"\(key.name)\" has no value", at: key.offset) }
                stack.removeLast()
                produced = .dictionary(members)
            case ("key", false):
                guard case .dictionary(let members, let key, let offset)? = stack.last else {
                    throw failure("<key> outside a dictionary", at: tag.offset)
                }
                if let key { throw failure("key \"\(key.name)\" has no value", at: key.offset) }
                let name = tag.empty ? "" : try text(closing: "key")
                stack[stack.count - 1] = .dictionary(members, key: (name, tag.offset), tagOffset: offset)
            case (_, false):
                produced = try scalar(tag)
            case (_, true):
                throw mismatched(tag, stack)
            }
            if let value = produced {
                switch stack.last {
                case nil:
                    root = value
                case .array(var items, let offset)?:
                    stack[stack.count - 1] = .array([], tagOffset: offset)
                    items.append(value)
                    stack[stack.count - 1] = .array(items, tagOffset: offset)
                case .dictionary(var members, let key, let offset)?:
                    guard let key else { throw failure("a value in a dictionary must follow a <key>", at: tag.offset) }
                    stack[stack.count - 1] = .dictionary([:], key: nil, tagOffset: offset)
                    members[key.name] = value
                    stack[stack.count - 1] = .dictionary(members, key: nil, tagOffset: offset)
                }
            }
            if let root {
                if let plistOffset {
                    guard let end = try nextTag() else { throw failure("<plist> is not closed", at: plistOffset) }
                    guard end.name == "plist", end.closing else { throw failure("<plist> holds more than one value", at: end.offset) }
                }
                try skipMisc()
                guard index == bytes.count else { throw failure("markup after the property list", at: index) }
                return root
            }
            guard let next = try nextTag() else {
                let open = stack.last.map { frame -> Int in
                    switch frame {
                    case .array(_, let offset), .dictionary(_, _, let offset): return offset
                    }
                } ?? index
                throw failure("the list ends before this element is closed", at: open)
            }
            tag = next
        }
    }

    // MARK: - Values

    private mutating func scalar(_ tag: Tag) throws(PropertyListError) -> PropertyValue {
        switch tag.name {
        case "true", "false":
            if !tag.empty {
                let content = try text(closing: tag.name)
                guard content.allSatisfy(\.isWhitespace) else { throw failure("<\(tag.name)> holds text", at: tag.offset) }
            }
            return .bool(tag.name == "true")
        case "string":
            return .string(tag.empty ? "" : try text(closing: "string"))
        case "integer":
            let content = tag.empty ? "" : try text(closing: "integer")
            guard let value = Self.integer(content.trimmedOfXMLSpace) else {
                throw failure("<integer> holds \"\(Self.shown(content))\", not an integer in range", at: tag.offset)
            }
            return .integer(value)
        case "real":
            let content = (tag.empty ? "" : try text(closing: "real")).trimmedOfXMLSpace
            guard let value = Self.real(content) else { throw failure("<real> holds \"\(Self.shown(content))\", not a number", at: tag.offset) }
            return .real(value)
        case "date":
            let content = (tag.empty ? "" : try text(closing: "date")).trimmedOfXMLSpace
            guard let date = PropertyListDate.parse(content) else {
                throw failure("<date> holds \"\(Self.shown(content))\", not YYYY-MM-DDTHH:MM:SSZ", at: tag.offset)
            }
            return .date(date)
        case "data":
            let content = tag.empty ? "" : try text(closing: "data")
            let compact = content.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact) else { throw failure("<data> is not base64", at: tag.offset) }
            return .data([UInt8](data))
        default:
            throw failure("<\(Self.shown(tag.name))> is not a property-list element", at: tag.offset)
        }
    }

    private static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative { return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
    }

    private static func real(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "infinity", "+inf", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: return text.isEmpty ? nil : Double(text)
        }
    }

    /// Up to 40 characters of a text for a message, controls shown as escapes.
    private static func shown(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return cut.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    // MARK: - Markup

    private func startsWith(_ text: String, at position: Int) -> Bool {
        let pattern = text.utf8
        return bytes.count - position >= pattern.count && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
    }

    private func find(_ text: String, from position: Int) -> Int? {
        let pattern = Array(text.utf8)
        var position = position
        while position + pattern.count <= bytes.count {
            if bytes[position] == pattern[0], bytes[position..<(position + pattern.count)].elementsEqual(pattern) { return position }
            position += 1
        }
        return nil
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    /// Skips `<?…?>`, `<!--…-->`, `<!DOCTYPE …>` (with an internal subset) and white space.
    private mutating func skipProlog() throws(PropertyListError) {
        while true {
            try skipMisc()
            guard startsWith("<!DOCTYPE", at: index) else { return }
            let start = index
            var inSubset = false
            index += 9
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "[") { inSubset = true }
                if byte == UInt8(ascii: "]") { inSubset = false }
                index += 1
                if byte == UInt8(ascii: ">") && !inSubset { break }
                if index == bytes.count { throw failure("<!DOCTYPE is not closed", at: start) }
            }
        }
    }

    /// Skips white space, comments and processing instructions.
    private mutating func skipMisc() throws(PropertyListError) {
        while true {
            skipSpace()
            if startsWith("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { throw failure("a comment is not closed", at: index) }
                index = end + 3
            } else if startsWith("<?", at: index) {
                guard let end = find("?>", from: index + 2) else { throw failure("<? is not closed", at: index) }
                index = end + 2
            } else {
                return
            }
        }
    }

    /// The next tag, skipping white space and comments; nil at the end of the bytes. Text
    /// between elements is an error.
    private mutating func nextTag() throws(PropertyListError) -> Tag? {
        try skipMisc()
        guard index < bytes.count else { return nil }
        guard bytes[index] == UInt8(ascii: "<") else { throw failure("text outside an element", at: index) }
        let start = index
        index += 1
        let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { throw failure("a tag without a name", at: start) }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        // Attributes (`version="1.0"`) are skipped, quoted values included.
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            } else if byte == UInt8(ascii: "<") {
                throw failure("<\(Self.shown(name)) is not closed with >", at: start)
            }
            index += 1
        }
        guard index < bytes.count else { throw failure("<\(Self.shown(name)) is not closed with >", at: start) }
        let empty = bytes[index - 1] == UInt8(ascii: "/") && !closing
        index += 1
        return Tag(name: name, offset: start, closing: closing, empty: empty)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            || byte == 0x5F || byte == 0x3A || byte == 0x2E || byte >= 0x80
    }

    /// The text of an element up to its closing tag: entities decoded, CDATA sections kept,
    /// comments dropped.
    private mutating func text(closing name: String) throws(PropertyListError) -> String {
        let start = index
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                output += try entity()
                continue
            }
            if byte != UInt8(ascii: "<") {
                output.append(byte)
                index += 1
                continue
            }
            if startsWith("<![CDATA[", at: index) {
                guard let end = find("]]>", from: index + 9) else { throw failure("a CDATA section is not closed", at: index) }
                output += bytes[(index + 9)..<end]
                index = end + 3
            } else if startsWith("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { throw failure("a comment is not closed", at: index) }
                index = end + 3
            } else {
                let tagStart = index
                guard let tag = try nextTag(), tag.closing, tag.name == name else {
                    throw failure("<\(name)> holds markup; expected </\(name)>", at: tagStart)
                }
                return String(decoding: output, as: UTF8.self)
            }
        }
        throw failure("<\(name)> is not closed", at: start)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` and `&#xH;` as UTF-8.
    private mutating func entity() throws(PropertyListError) -> [UInt8] {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw failure("an & that starts no entity", at: start) }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": return [0x3C]
        case "gt": return [0x3E]
        case "amp": return [0x26]
        case "quot": return [0x22]
        case "apos": return [0x27]
        default:
            var digits = Substring(name)
            guard digits.first == "#" else { throw failure("unknown entity &\(Self.shown(name));", at: start) }
            digits = digits.dropFirst()
            let radix = digits.first == "x" || digits.first == "X" ? 16 : 10
            if radix == 16 { digits = digits.dropFirst() }
            guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), value != 0 else {
                throw failure("&\(Self.shown(name)); is not a character", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: - Errors

    private func mismatched(_ tag: Tag, _ stack: [Frame]) -> PropertyListError {
        let open: String
        switch stack.last {
        case .array?: open = "; expected </array>"
        case .dictionary?: open = "; expected </dict>"
        case nil: open = ""
        }
        return failure("unexpected </\(Self.shown(tag.name))>\(open)", at: tag.offset)
    }

    /// An error at a byte offset, with its line and column (columns count characters).
    private func failure(_ reason: String, at offset: Int) -> PropertyListError {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var position = 0
        while position < end {
            if bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return PropertyListError("not a property list: \(reason)", line: line, column: column)
    }
}

private extension String {
    /// Without leading and trailing XML white space (space, tab, CR, LF).
    var trimmedOfXMLSpace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
