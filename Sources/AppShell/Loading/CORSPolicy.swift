import URLKit

/// The Fetch standard's CORS checks, as WebKit applies them, with WebKit's console messages
/// (each checked against WebKitGTK on loopback servers; DECISIONS.md, "CORS").
public enum CORSPolicy {
    /// The headers a script may send to another origin without a preflight (the standard's
    /// CORS-safelisted request headers, names lowercased).
    static let safelistedRequestHeaders: Set<String> = ["accept", "accept-language", "content-language", "content-type", "range"]

    /// The response headers a script sees from another origin without `Access-Control-Expose-Headers`.
    static let safelistedResponseHeaders: Set<String> = [
        "cache-control", "content-language", "content-length", "content-type", "expires", "last-modified", "pragma",
    ]

    /// Headers the browser sets itself: what a script gives for them is dropped, never sent
    /// (the standard's forbidden request-header names).
    static let forbiddenRequestHeaders: Set<String> = [
        "accept-charset", "accept-encoding", "access-control-request-headers", "access-control-request-method", "connection",
        "content-length", "cookie", "cookie2", "date", "dnt", "expect", "host", "keep-alive", "origin", "referer", "set-cookie",
        "te", "trailer", "transfer-encoding", "upgrade", "via",
    ]

    /// Whether a header a script set may be sent at all.
    public static func isForbidden(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return forbiddenRequestHeaders.contains(lowered) || lowered.hasPrefix("proxy-") || lowered.hasPrefix("sec-")
    }

    /// The headers of a request that are not CORS-safelisted, lowercased, sorted, once each: a
    /// preflight asks for them (`Access-Control-Request-Headers`).
    public static func unsafeHeaderNames(_ headers: [(name: String, value: String)]) -> [String] {
        var names: Set<String> = []
        for (name, value) in headers {
            let lowered = name.lowercased()
            if !isSafelisted(lowered, value) { names.insert(lowered) }
        }
        return names.sorted()
    }

    private static func isSafelisted(_ name: String, _ value: String) -> Bool {
        guard safelistedRequestHeaders.contains(name), value.utf8.count <= 128 else { return false }
        switch name {
        case "content-type":
            let essence = value.split(separator: ";").first.map { $0.trimmingSpacesAndTabs().lowercased() } ?? ""
            return ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"].contains(essence)
        case "range":
            return value.hasPrefix("bytes=")
        default:
            return !value.utf8.contains { $0 == 0x22 || $0 == 0x28 || $0 == 0x29 || $0 == 0x3A || $0 == 0x3C || $0 == 0x3E
                || $0 == 0x3F || $0 == 0x40 || $0 == 0x5B || $0 == 0x5C || $0 == 0x5D || $0 == 0x7B || $0 == 0x7D || $0 == 0x7F
                || ($0 < 0x20 && $0 != 0x09) }
        }
    }

    /// Whether a cross-origin request needs a preflight: a method other than GET, HEAD and POST,
    /// or a header that is not safelisted.
    public static func needsPreflight(method: String, headers: [(name: String, value: String)]) -> Bool {
        !["GET", "HEAD", "POST"].contains(method) || !unsafeHeaderNames(headers).isEmpty
    }

    /// The CORS check of a response to a page of `origin`; nil when it passes, else WebKit's
    /// console message.
    public static func checkResponse(_ headers: HTTPHeaders, status: Int, origin: String, credentials: Bool) -> String? {
        let allowed = headers.values("Access-Control-Allow-Origin")
        guard allowed.count == 1, let allow = allowed.first?.trimmingSpacesAndTabs() else {
            if allowed.count > 1 { return "Access-Control-Allow-Origin cannot contain more than one origin." }
            return "Origin \(origin) is not allowed by Access-Control-Allow-Origin. Status code: \(status)"
        }
        if allow == "*" {
            if credentials { return "Cannot use wildcard in Access-Control-Allow-Origin when credentials flag is true." }
            return nil
        }
        guard allow == origin else { return "Origin \(origin) is not allowed by Access-Control-Allow-Origin. Status code: \(status)" }
        if credentials, headers.values("Access-Control-Allow-Credentials").first?.trimmingSpacesAndTabs() != "true" {
            return "Credentials flag is true, but Access-Control-Allow-Credentials is not \"true\"."
        }
        return nil
    }

    /// The check of a preflight's answer for `method` and the request's unsafe header names;
    /// nil when the request may go, else WebKit's console message.
    public static func checkPreflight(_ headers: HTTPHeaders, status: Int, origin: String, credentials: Bool, method: String,
                                      unsafeHeaders: [String]) -> String? {
        guard (200..<300).contains(status) else { return "Preflight response is not successful. Status code: \(status)" }
        if let failure = checkResponse(headers, status: status, origin: origin, credentials: credentials) { return failure }
        let methods = list(headers.values("Access-Control-Allow-Methods"))
        let wildcard = methods.contains("*") && !credentials
        if !["GET", "HEAD", "POST"].contains(method), !wildcard, !methods.contains(method), !methods.map({ $0.uppercased() }).contains(method) {
            return "Method \(method) is not allowed by Access-Control-Allow-Methods."
        }
        let allowedHeaders = Set(list(headers.values("Access-Control-Allow-Headers")).map { $0.lowercased() })
        let anyHeader = allowedHeaders.contains("*") && !credentials
        for name in unsafeHeaders where !allowedHeaders.contains(name) && !(anyHeader && name != "authorization") {
            return "Request header field \(displayName(name)) is not allowed by Access-Control-Allow-Headers."
        }
        return nil
    }

    /// The response headers a script may read from another origin: the safelisted ones and those
    /// `Access-Control-Expose-Headers` names (`*` exposes all without credentials).
    public static func exposedHeaders(_ headers: HTTPHeaders, credentials: Bool) -> HTTPHeaders {
        let exposed = Set(list(headers.values("Access-Control-Expose-Headers")).map { $0.lowercased() })
        let all = exposed.contains("*") && !credentials
        return HTTPHeaders(headers.fields.filter { field in
            let name = field.name.lowercased()
            return all ? name != "set-cookie" && name != "set-cookie2" : safelistedResponseHeaders.contains(name) || exposed.contains(name)
        })
    }

    /// A comma-separated header list, trimmed, empty items left out.
    private static func list(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpacesAndTabs() }.filter { !$0.isEmpty }
    }

    /// A header name as WebKit's messages show it: each word capitalised (`X-Other`, `Content-Type`).
    static func displayName(_ lowered: String) -> String {
        lowered.split(separator: "-", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: "-")
    }
}

extension StringProtocol {
    fileprivate func trimmingSpacesAndTabs() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
