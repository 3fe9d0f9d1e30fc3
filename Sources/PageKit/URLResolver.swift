/// Resolves references against a base URL (RFC 3986, section 5) into absolute URL strings.
///
/// Works on UTF-8 bytes rather than Foundation's `URL`, so app-scheme deeplinks
/// (`mkwebview://webview?url=…`) come out exactly as written. As browsers do, tabs and
/// newlines are removed, surrounding spaces trimmed, and spaces, non-ASCII and other
/// characters never valid in a URL are percent-encoded.
struct URLResolver {
    private let base: [UInt8]
    private let baseParts: URLParts?

    /// A resolver against an absolute URL; with none, only absolute references resolve.
    init(base: String?) {
        let bytes = base.map { Self.cleaned(Array($0.utf8)) } ?? []
        let parts = URLParts(bytes)
        self.base = bytes
        baseParts = parts.scheme == nil ? nil : parts
    }

    /// The absolute URL a reference points to, or nil when it cannot be made absolute.
    func resolve(_ reference: String) -> String? {
        let reference = Self.cleaned(Array(reference.utf8))
        let parts = URLParts(reference)
        var output: [UInt8] = []
        output.reserveCapacity(base.count + reference.count + 8)
        if parts.scheme != nil {
            output += reference[..<parts.path.lowerBound]
            appendWithoutDotSegments(reference[parts.path], to: &output)
            output += reference[parts.path.upperBound...]
            return Self.string(percentEncoding: output)
        }
        guard let baseParts else { return nil }
        if reference.first == UInt8(ascii: "#") {
            output += base[..<(baseParts.fragment.map { $0.lowerBound - 1 } ?? base.count)]
            output += reference
            return Self.string(percentEncoding: output)
        }
        output += base[..<(baseParts.authority?.upperBound ?? baseParts.path.lowerBound)]
        if parts.authority != nil {
            output.removeSubrange((baseParts.scheme!.upperBound + 1)...)
            output += reference[..<parts.path.lowerBound]
            appendWithoutDotSegments(reference[parts.path], to: &output)
        } else if parts.path.isEmpty {
            output += base[baseParts.path]
            if parts.query == nil, let query = baseParts.query { output += base[(query.lowerBound - 1)..<query.upperBound] }
        } else if reference[parts.path.lowerBound] == UInt8(ascii: "/") {
            appendWithoutDotSegments(reference[parts.path], to: &output)
        } else {
            var merged: [UInt8] = []
            let basePath = base[baseParts.path]
            if baseParts.authority != nil && basePath.isEmpty {
                merged.append(UInt8(ascii: "/"))
            } else if let slash = basePath.lastIndex(of: UInt8(ascii: "/")) {
                merged += base[basePath.startIndex...slash]
            }
            merged += reference[parts.path]
            appendWithoutDotSegments(merged[...], to: &output)
        }
        output += reference[parts.path.upperBound...]
        return Self.string(percentEncoding: output)
    }

    /// Removes tabs and newlines, and surrounding spaces and control characters.
    static func cleaned(_ text: String) -> String {
        String(decoding: cleaned(Array(text.utf8)), as: UTF8.self)
    }

    private static func cleaned(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 <= 0x20 }) else { return bytes }
        var bytes = bytes
        if bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
        let start = bytes.firstIndex { $0 > 0x20 } ?? bytes.endIndex
        let end = bytes.lastIndex { $0 > 0x20 }.map { $0 + 1 } ?? start
        return start == 0 && end == bytes.count ? bytes : Array(bytes[start..<max(start, end)])
    }

    /// Percent-encodes what may never appear in a URL, keeping existing escapes.
    private static func string(percentEncoding bytes: [UInt8]) -> String {
        guard bytes.contains(where: needsEncoding) else { return String(decoding: bytes, as: UTF8.self) }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if needsEncoding(byte) {
                encoded.append(0x25)
                encoded.append(hexDigit(byte >> 4))
                encoded.append(hexDigit(byte & 0x0F))
            } else {
                encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func needsEncoding(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"):
            return true
        default:
            return false
        }
    }
}

/// Where the five parts of a URL reference lie in its bytes (RFC 3986, appendix B); the
/// authority range excludes its `//`, the query its `?`, the fragment its `#`.
private struct URLParts {
    var scheme: Range<Int>?
    var authority: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?

    init(_ bytes: [UInt8]) {
        var end = bytes.count
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = (hash + 1)..<end
            end = hash
        }
        if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
            query = (question + 1)..<end
            end = question
        }
        var start = 0
        if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), Self.isScheme(bytes[..<colon]) {
            scheme = 0..<colon
            start = colon + 1
        }
        if end - start >= 2 && bytes[start] == UInt8(ascii: "/") && bytes[start + 1] == UInt8(ascii: "/") {
            let authorityStart = start + 2
            let authorityEnd = bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
            authority = authorityStart..<authorityEnd
            start = authorityEnd
        }
        path = start..<end
    }

    private static func isScheme(_ text: ArraySlice<UInt8>) -> Bool {
        guard let first = text.first, first.isASCIILetter else { return false }
        return text.allSatisfy { $0.isASCIILetter || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }
}

/// Appends a path with its `.` and `..` segments applied (RFC 3986, section 5.2.4).
private func appendWithoutDotSegments(_ path: ArraySlice<UInt8>, to output: inout [UInt8]) {
    let dot = UInt8(ascii: ".")
    let slash = UInt8(ascii: "/")
    guard path.contains(dot) else {
        output += path
        return
    }
    let isAbsolute = path.first == slash
    var segments = path.split(separator: slash, omittingEmptySubsequences: false)
    if isAbsolute { segments.removeFirst() }
    var kept: [ArraySlice<UInt8>] = []
    for (index, segment) in segments.enumerated() {
        let isLast = index == segments.count - 1
        if segment.elementsEqual([dot]) {
            if isLast { kept.append([]) }
        } else if segment.elementsEqual([dot, dot]) {
            if !kept.isEmpty { kept.removeLast() }
            if isLast { kept.append([]) }
        } else {
            kept.append(segment)
        }
    }
    if isAbsolute { output.append(slash) }
    for (index, segment) in kept.enumerated() {
        if index > 0 { output.append(slash) }
        output += segment
    }
}

private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x41 + value - 10
}

extension UInt8 {
    var isASCIILetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
}

/// Encodes name–value pairs as `application/x-www-form-urlencoded` (UTF-8, space as `+`).
func formURLEncoded(_ pairs: [(name: String, value: String)]) -> String {
    var bytes: [UInt8] = []
    func append(_ text: String) {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0A where previous != 0x0D:
                bytes.append(contentsOf: Array("%0D%0A".utf8))
            case 0x0D:
                bytes.append(contentsOf: Array("%0D%0A".utf8))
            case 0x0A:
                break
            case 0x20:
                bytes.append(UInt8(ascii: "+"))
            case _ where byte.isASCIILetter || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "*")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_"):
                bytes.append(byte)
            default:
                bytes.append(0x25)
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
            previous = byte
        }
    }
    for (index, pair) in pairs.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: "&")) }
        append(pair.name)
        bytes.append(UInt8(ascii: "="))
        append(pair.value)
    }
    return String(decoding: bytes, as: UTF8.self)
}
