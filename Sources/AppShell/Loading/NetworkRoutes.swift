/// A URL pattern as Playwright's `page.route` reads a glob: `**` matches any characters, `*`
/// any characters but `/`, everything else itself (`?` too); the pattern must match the whole URL.
public struct RoutePattern: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    private let pieces: [Piece]

    private enum Piece: Equatable, Hashable, Sendable {
        case byte(UInt8)
        /// `*`: any run of bytes without `/`.
        case segment
        /// `**`: any run of bytes.
        case anything
    }

    public init(_ text: String) {
        self.text = text
        var pieces: [Piece] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*") {
                var stars = 0
                while index < bytes.count, bytes[index] == UInt8(ascii: "*") { stars += 1; index += 1 }
                pieces.append(stars >= 2 ? .anything : .segment)
            } else {
                pieces.append(.byte(bytes[index]))
                index += 1
            }
        }
        self.pieces = pieces
    }

    public var description: String { text }

    /// Whether the pattern matches the whole URL; time linear in the URL for a given pattern.
    public func matches(_ url: String) -> Bool {
        // The positions in the pattern the URL read so far can have reached (an NFA's states).
        var states = [Bool](repeating: false, count: pieces.count + 1)
        states[0] = true
        close(&states)
        for byte in url.utf8 {
            var next = [Bool](repeating: false, count: pieces.count + 1)
            var any = false
            for position in 0..<pieces.count where states[position] {
                switch pieces[position] {
                case .byte(let wanted):
                    if wanted == byte { next[position + 1] = true; any = true }
                case .segment:
                    if byte != UInt8(ascii: "/") { next[position] = true; any = true }
                case .anything:
                    next[position] = true
                    any = true
                }
            }
            guard any else { return false }
            close(&next)
            states = next
        }
        return states[pieces.count]
    }

    /// A star may match nothing: a state before one reaches the state after it too.
    private func close(_ states: inout [Bool]) {
        for position in 0..<pieces.count where states[position] {
            if case .byte = pieces[position] { continue }
            states[position + 1] = true
        }
    }
}

/// A request answered by the app's test double instead of the network (`route` in flows,
/// `networkRoutes` in the profile).
public struct NetworkRoute: Equatable, Sendable {
    public enum Answer: Equatable, Sendable {
        /// A response with these bytes (a file's), status and header fields, `delay` late.
        case response(body: [UInt8], status: Int, headers: HTTPHeaders, delay: Duration)
        /// The request fails as when the connection drops (`NSURLErrorNetworkConnectionLost`).
        case abort
    }

    public var pattern: RoutePattern
    public var answer: Answer
    /// Where the body came from, for the trace (`items.json`); nil for `abort`.
    public var source: String?

    public init(pattern: RoutePattern, answer: Answer, source: String? = nil) {
        self.pattern = pattern
        self.answer = answer
        self.source = source
    }

    /// The `Content-Type` a routed file gets from its extension when its route names none.
    public static func contentType(forFile path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
        let types = ["json": "application/json", "html": "text/html", "htm": "text/html", "js": "text/javascript",
                     "mjs": "text/javascript", "css": "text/css", "txt": "text/plain", "xml": "application/xml",
                     "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif"]
        return types[suffix] ?? "application/octet-stream"
    }
}

/// The network as the app's requests meet it: the routes in force and whether the device is
/// offline. The loader asks it about the first request of every http(s) load.
public struct NetworkConditions: Equatable, Sendable {
    /// In the order they were added; when several match, the last one answers (as Playwright's).
    public var routes: [NetworkRoute]
    /// No request leaves the device, routed or not: airplane mode (`NSURLErrorNotConnectedToInternet`).
    public var isOffline: Bool

    public init(routes: [NetworkRoute] = [], isOffline: Bool = false) {
        self.routes = routes
        self.isOffline = isOffline
    }

    /// The route that answers a URL, if any.
    public func route(for url: String) -> NetworkRoute? {
        routes.last { $0.pattern.matches(url) }
    }

    /// How the network answers a request before any byte goes out: offline, a route, or nil
    /// for the real network. `fields` are the request's header fields (the response carries them).
    func answer(_ request: LoadRequest, fields: HTTPHeaders) -> LoadResult? {
        if isOffline {
            return .failure(LoadFailure(url: request.url, code: .notConnectedToInternet, detail: "the device is offline"))
        }
        guard let route = route(for: request.url) else { return nil }
        switch route.answer {
        case .abort:
            var failure = LoadFailure(url: request.url, code: .networkConnectionLost, detail: "aborted by route \"\(route.pattern)\"")
            failure.route = route.pattern.text
            return .failure(failure)
        case .response(let body, let status, let headers, let delay):
            if let preflight = Self.preflightAnswer(request, fields: fields) {
                var response = LoadResponse(url: request.url, finalURL: request.url, status: 204, headers: preflight, body: [],
                                            requestHeaders: fields, method: request.method)
                response.route = route.pattern.text
                return .response(response)
            }
            var response = LoadResponse(url: request.url, finalURL: request.url, status: status,
                                        headers: Self.allowingCORS(headers, fields: fields), body: body,
                                        requestHeaders: fields, method: request.method)
            response.delay = delay
            response.route = route.pattern.text
            return .response(response)
        }
    }

    /// A routed answer to a cross-origin request allows it, as Playwright's `route.fulfill`
    /// does unless told otherwise: the requester's origin and credentials, unless the route sets
    /// `Access-Control-Allow-Origin` itself (then its own headers decide, and can refuse).
    public static func allowingCORS(_ headers: HTTPHeaders, fields: HTTPHeaders) -> HTTPHeaders {
        guard let origin = fields["Origin"], headers["Access-Control-Allow-Origin"] == nil else { return headers }
        var allowed = headers
        allowed.set("Access-Control-Allow-Origin", origin)
        allowed.set("Access-Control-Allow-Credentials", "true")
        allowed.set("Vary", "Origin")
        return allowed
    }

    /// A CORS preflight to a routed URL is answered by the route layer, allowing what it asks
    /// (Playwright answers preflights of routed requests the same way; routes never see them).
    public static func preflightAnswer(_ request: LoadRequest, fields: HTTPHeaders) -> HTTPHeaders? {
        guard request.method == "OPTIONS", let origin = fields["Origin"],
              let method = fields["Access-Control-Request-Method"] else { return nil }
        var answer: HTTPHeaders = ["Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true",
                                   "Access-Control-Allow-Methods": method, "Vary": "Origin"]
        if let asked = fields["Access-Control-Request-Headers"] { answer.set("Access-Control-Allow-Headers", asked) }
        return answer
    }
}
