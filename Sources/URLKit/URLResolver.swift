/// Resolves references against a base URL (RFC 3986, section 5) into absolute URL strings.
///
/// Works on UTF-8 bytes rather than Foundation's `URL`, so app-scheme deeplinks
/// (`mkwebview://webview?url=…`) come out exactly as written. As browsers do, tabs and
/// newlines are removed, surrounding spaces trimmed, and spaces, non-ASCII and other
/// characters never valid in a URL are percent-encoded.
public struct URLResolver: Sendable {
    private let base: [UInt8]
    private let baseParts: URLParts?
    /// What a plain relative path (`r12.html`) is appended to: the base up to its path's last
    /// slash; nil when that part has dot segments or bytes to encode (the full algorithm runs).
    private let mergePrefix: [UInt8]?

    /// A resolver against an absolute URL; with none, only absolute references resolve.
    public init(base: String?) {
        let bytes = base.map { Self.cleaned(Array($0.utf8)) } ?? []
        let parts = URLParts(bytes)
        self.base = bytes
        baseParts = parts.scheme == nil ? nil : parts
        mergePrefix = baseParts.flatMap { Self.mergePrefix(of: bytes, parts: $0) }
    }

    private static func mergePrefix(of base: [UInt8], parts: URLParts) -> [UInt8]? {
        var prefix = Array(base[..<(parts.authority?.upperBound ?? parts.path.lowerBound)])
        let path = base[parts.path]
        if parts.authority != nil && path.isEmpty {
            prefix.append(UInt8(ascii: "/"))
        } else if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
            if hasDotSegment(path[...slash]) { return nil }
            prefix += path[...slash]
        }
        return prefix.contains(where: PercentEncoding.isNeverValidInURL) ? nil : prefix
    }

    /// The absolute URL a reference points to, or nil when it cannot be made absolute.
    public func resolve(_ reference: String) -> String? {
        if let resolved = resolvePlainPath(reference) { return resolved }
        let reference = Self.cleaned(Array(reference.utf8))
        let parts = URLParts(reference)
        var output: [UInt8] = []
        output.reserveCapacity(base.count + reference.count + 8)
        if parts.scheme != nil {
            output += reference[..<parts.path.lowerBound]
            appendWithoutDotSegments(reference[parts.path], to: &output)
            output += reference[parts.path.upperBound...]
            return PercentEncoding.encodingNeverValidBytes(output)
        }
        guard let baseParts else { return nil }
        if reference.first == UInt8(ascii: "#") {
            output += base[..<(baseParts.fragment.map { $0.lowerBound - 1 } ?? base.count)]
            output += reference
            return PercentEncoding.encodingNeverValidBytes(output)
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
        return PercentEncoding.encodingNeverValidBytes(output)
    }

    /// A relative path of plain bytes without dot segments (most of a page's links), appended
    /// to `mergePrefix` as the full algorithm would; nil for any other reference.
    private func resolvePlainPath(_ reference: String) -> String? {
        guard let mergePrefix else { return nil }
        var reference = reference
        return reference.withUTF8 { bytes -> String? in
            guard let first = bytes.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "#")
            else { return nil }
            var pathEnd = bytes.count
            var inPath = true
            for (index, byte) in bytes.enumerated() {
                if byte <= 0x20 || byte >= 0x7F || PercentEncoding.isNeverValidInURL(byte) { return nil }
                guard inPath else { continue }
                switch byte {
                case UInt8(ascii: ":"): return nil  // perhaps a scheme
                case UInt8(ascii: "?"), UInt8(ascii: "#"):
                    pathEnd = index
                    inPath = false
                default: break
                }
            }
            if hasDotSegment(bytes[..<pathEnd]) { return nil }
            return String(unsafeUninitializedCapacity: mergePrefix.count + bytes.count) { output in
                _ = output.initialize(from: mergePrefix)
                _ = UnsafeMutableBufferPointer(rebasing: output[mergePrefix.count...]).initialize(from: bytes)
                return mergePrefix.count + bytes.count
            }
        }
    }

    /// Removes tabs and newlines, and surrounding spaces and control characters.
    public static func cleaned(_ text: String) -> String {
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
}

/// Appends a path with its `.` and `..` segments applied (RFC 3986, section 5.2.4).
///
/// Kept segments are written straight into `output`, a `..` cutting it back to the slash before
/// the last one: no segment arrays, as a page's thousands of links (`r12.html`) need.
private func appendWithoutDotSegments(_ path: ArraySlice<UInt8>, to output: inout [UInt8]) {
    let slash = UInt8(ascii: "/")
    guard hasDotSegment(path) else {
        output += path
        return
    }
    let isAbsolute = path.first == slash
    if isAbsolute { output.append(slash) }
    let pathStart = output.count
    var kept = 0
    var segmentStart = path.startIndex + (isAbsolute ? 1 : 0)
    while true {
        let end = path[segmentStart...].firstIndex(of: slash) ?? path.endIndex
        let isLast = end == path.endIndex
        switch dotSegmentLength(path[segmentStart..<end]) {
        case 1:
            if isLast { appendSegment(path[end..<end], to: &output, kept: &kept) }
        case 2:
            if kept > 0 {
                let cut = kept == 1 ? pathStart : output[pathStart...].lastIndex(of: slash) ?? pathStart
                output.removeSubrange(cut...)
                kept -= 1
            }
            if isLast { appendSegment(path[end..<end], to: &output, kept: &kept) }
        default:
            appendSegment(path[segmentStart..<end], to: &output, kept: &kept)
        }
        if isLast { return }
        segmentStart = end + 1
    }
}

/// Appends one kept segment, after a slash unless it is the first.
private func appendSegment(_ segment: ArraySlice<UInt8>, to output: inout [UInt8], kept: inout Int) {
    if kept > 0 { output.append(UInt8(ascii: "/")) }
    output += segment
    kept += 1
}

/// 1 for a `.` segment, 2 for `..`, 0 for any other; `%2e` counts as a dot (the URL Standard's
/// single- and double-dot segments: `%2e`, `.%2e`, `%2e.`, `%2e%2e` in any case), as in WebKit.
private func dotSegmentLength<Segment: Collection<UInt8>>(_ segment: Segment) -> Int {
    var dots = 0
    var index = segment.startIndex
    while index != segment.endIndex {
        if segment[index] == UInt8(ascii: ".") {
            index = segment.index(after: index)
        } else if segment[index] == UInt8(ascii: "%") {
            let two = segment.index(index, offsetBy: 1, limitedBy: segment.endIndex)
            guard let two, two != segment.endIndex, segment[two] == UInt8(ascii: "2") else { return 0 }
            let e = segment.index(after: two)
            guard e != segment.endIndex, segment[e] | 0x20 == UInt8(ascii: "e") else { return 0 }
            index = segment.index(after: e)
        } else {
            return 0
        }
        dots += 1
        if dots > 2 { return 0 }
    }
    return dots
}

/// Whether any segment of a path is `.` or `..`.
private func hasDotSegment<Path: RandomAccessCollection<UInt8>>(_ path: Path) -> Bool where Path.Index == Int {
    var segmentStart = path.startIndex
    var index = path.startIndex
    while index <= path.endIndex {
        if index == path.endIndex || path[index] == UInt8(ascii: "/") {
            if dotSegmentLength(path[segmentStart..<index]) != 0 { return true }
            segmentStart = index + 1
        }
        index += 1
    }
    return false
}
