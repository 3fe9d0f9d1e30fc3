/// A URL string split into scheme, host, path, query and fragment, as `URLComponents(string:)` splits it.
///
/// Like Foundation, a host with a character RFC 3986 does not allow makes the whole string
/// unparsable, while a query with one is accepted and re-encoded as a whole: every `%` in it
/// then stands for itself (see `QueryItem.parse`).
struct URLParts: Equatable, Sendable {
    var scheme: String?
    /// Whether the URL has an authority (`//` after the scheme).
    var hasAuthority: Bool
    /// The percent-decoded host; nil without an authority or when it does not decode to UTF-8.
    var host: String?
    var path: Substring
    /// The raw query (after `?`, before `#`); nil when there is no `?`.
    var query: Substring?
    var fragment: Substring?

    /// Splits a URL string; nil when Foundation would refuse it.
    static func parse(_ string: String) -> URLParts? {
        let bytes = Array(string.utf8)
        var index = 0

        var scheme: String?
        switch schemePrefix(bytes) {
        case .scheme(let colon):
            scheme = String(decoding: bytes[0..<colon], as: UTF8.self)
            index = colon + 1
        case .malformed:
            return nil
        case .none:
            break
        }

        var host: String?
        var hasAuthority = false
        if bytes.count >= index + 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let authorityStart = index + 2
            var authorityEnd = authorityStart
            while authorityEnd < bytes.count, !isDelimiter(bytes[authorityEnd]) { authorityEnd += 1 }
            guard let parsedHost = parseAuthority(bytes[authorityStart..<authorityEnd]) else { return nil }
            host = parsedHost.host
            hasAuthority = true
            index = authorityEnd
        }

        let scalarsEnd = string.utf8.endIndex
        let utf8 = string.utf8
        func stringIndex(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }

        var pathEnd = index
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        let path = string[stringIndex(index)..<stringIndex(pathEnd)]

        var query: Substring?
        var cursor = pathEnd
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") {
            var queryEnd = cursor + 1
            while queryEnd < bytes.count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            query = string[stringIndex(cursor + 1)..<stringIndex(queryEnd)]
            cursor = queryEnd
        }
        var fragment: Substring?
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            fragment = string[stringIndex(cursor + 1)..<scalarsEnd]
        }
        return URLParts(scheme: scheme, hasAuthority: hasAuthority, host: host, path: path, query: query, fragment: fragment)
    }

    private enum SchemePrefix { case scheme(colon: Int), malformed, none }

    /// Reads a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`) before the first colon.
    ///
    /// A prefix of scheme characters that does not start with a letter (`1a:`) is malformed;
    /// a prefix holding any other character (`%zz]:`) is no scheme at all, the colon then
    /// belongs to a relative path, as Foundation reads it.
    private static func schemePrefix(_ bytes: [UInt8]) -> SchemePrefix {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                guard index > 0 else { return .none }
                return isLetter(bytes[0]) ? .scheme(colon: index) : .malformed
            }
            guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") else { return .none }
            index += 1
        }
        return .none
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private struct Authority { var host: String? }

    /// Validates `[userinfo@]host[:port]`; nil when Foundation refuses it.
    private static func parseAuthority(_ authority: ArraySlice<UInt8>) -> Authority? {
        var hostStart = authority.startIndex
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            hostStart = at + 1
        }
        let hostAndPort = authority[hostStart...]
        var hostBytes: ArraySlice<UInt8>
        var portBytes: ArraySlice<UInt8> = []
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            hostBytes = hostAndPort[hostAndPort.startIndex...close]
            let inside = hostAndPort[(hostAndPort.startIndex + 1)..<close]
            guard inside.allSatisfy({ isRegisteredNameByte($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "%") }) else {
                return nil
            }
            let rest = hostAndPort[(close + 1)...]
            if let first = rest.first {
                guard first == UInt8(ascii: ":") else { return nil }
                portBytes = rest.dropFirst()
            }
        } else {
            if let colon = hostAndPort.lastIndex(of: UInt8(ascii: ":")) {
                hostBytes = hostAndPort[hostAndPort.startIndex..<colon]
                portBytes = hostAndPort[(colon + 1)...]
            } else {
                hostBytes = hostAndPort
            }
            guard hostBytes.allSatisfy({ isRegisteredNameByte($0) || $0 == UInt8(ascii: "%") }),
                  PercentEncoding.hasOnlyWellFormedEscapes(hostBytes) else { return nil }
        }
        guard portBytes.allSatisfy(isDigit) else { return nil }
        if hostBytes.first == UInt8(ascii: "[") {
            return Authority(host: String(decoding: hostBytes, as: UTF8.self))
        }
        return Authority(host: PercentEncoding.decode(hostBytes))
    }

    /// Characters of an RFC 3986 reg-name, other than `%` escapes.
    private static func isRegisteredNameByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || PercentEncoding.isSubDelimiter(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
