import URLKit

/// The parts `URL` and `location` expose, in the order the prelude reads them:
/// href, protocol, username, password, host, hostname, port, pathname, search, hash, origin.
///
/// References resolve as the web view resolves links (URLKit's `URLResolver`); for the
/// special schemes the scheme and host are lowercased, a default port dropped and an empty
/// path made `/`, as the URL standard serializes them.
enum URLSplitting {
    static let specialSchemes: Set<String> = ["http", "https", "ws", "wss", "ftp", "file"]
    static let defaultPorts: [String: Int] = ["http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21]

    static func parts(of reference: String, base: String?) -> [String]? {
        if let base, WebURL(base).scheme == nil { return nil }
        guard let resolved = URLResolver(base: base).resolve(reference) else { return nil }
        let url = WebURL(resolved)
        guard let rawScheme = url.scheme else { return nil }
        let scheme = rawScheme.lowercased()
        let special = specialSchemes.contains(scheme)
        var username = "", password = "", hostname = "", port = ""
        var hasAuthority = url.hasAuthority
        if hasAuthority, let authorityRange = url.parts.authority {
            var authority = Substring(String(decoding: Array(resolved.utf8)[authorityRange], as: UTF8.self))
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                if let colon = userinfo.firstIndex(of: ":") {
                    username = String(userinfo[..<colon])
                    password = String(userinfo[userinfo.index(after: colon)...])
                } else {
                    username = String(userinfo)
                }
                authority = authority[authority.index(after: at)...]
            }
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                hostname = String(authority[...close])
                let rest = authority[authority.index(after: close)...]
                if rest.hasPrefix(":") { port = String(rest.dropFirst()) }
            } else if let colon = authority.lastIndex(of: ":") {
                hostname = String(authority[..<colon])
                port = String(authority[authority.index(after: colon)...])
            } else {
                hostname = String(authority)
            }
            guard port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return nil }
            if !port.isEmpty, let number = Int(port) {
                guard number <= 65535 else { return nil }
                port = String(number)
                if defaultPorts[scheme] == number { port = "" }
            }
            if special { hostname = hostname.lowercased() }
        }
        if special && scheme != "file" && hostname.isEmpty { return nil }
        if special && !isValidHost(hostname) { return nil }
        if scheme == "file" { hasAuthority = true }
        var path = String(url.path)
        if special && path.isEmpty { path = "/" }
        let search = url.query.map { $0.isEmpty ? "" : "?" + $0 } ?? ""
        let hash = url.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? ""
        let host = hostname + (port.isEmpty ? "" : ":" + port)
        var href = scheme + ":"
        if hasAuthority {
            href += "//"
            if !username.isEmpty { href += username + (password.isEmpty ? "" : ":" + password) + "@" }
            href += host
        }
        href += path
        href += url.query.map { "?" + $0 } ?? ""
        href += url.fragment.map { "#" + $0 } ?? ""
        let origin: String
        switch scheme {
        case "http", "https", "ws", "wss", "ftp": origin = scheme + "://" + host
        case "file": origin = "file://"
        default: origin = "null"
        }
        return [href, scheme + ":", username, password, host, hostname, port, path, search, hash, origin]
    }

    /// Whether a special URL's host has none of the URL standard's forbidden host code points
    /// outside an IPv6 literal's brackets (`http://[bad` does not parse, in WebKit neither).
    static func isValidHost(_ hostname: String) -> Bool {
        if hostname.hasPrefix("[") {
            return hostname.hasSuffix("]") && hostname.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let forbidden: Set<Character> = [" ", "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|", "\t", "\n", "\r"]
        return !hostname.contains(where: forbidden.contains)
    }
}
