import URLKit

/// HTTP header fields in order, names compared without case (repeated fields such as
/// `Set-Cookie` stay separate).
public struct HTTPHeaders: Equatable, Hashable, Sendable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    CustomStringConvertible {
    public var fields: [Field]

    public struct Field: Equatable, Hashable, Sendable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(arrayLiteral elements: (String, String)...) {
        fields = elements.map { Field($0.0, $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field($0.0, $0.1) }
    }

    /// The first value of a field.
    public subscript(name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a field, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// Sets a field, replacing every field of that name (in the place of the first one).
    public mutating func set(_ name: String, _ value: String) {
        let key = name.lowercased()
        guard let index = fields.firstIndex(where: { $0.name.lowercased() == key }) else {
            fields.append(Field(name, value))
            return
        }
        fields[index] = Field(name, value)
        var isFirst = true
        fields.removeAll { field in
            guard field.name.lowercased() == key else { return false }
            defer { isFirst = false }
            return !isFirst
        }
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.lowercased() == name.lowercased() }
    }

    public var isEmpty: Bool { fields.isEmpty }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

/// Why a web view loads a URL: decides the `Accept` header and which cookies go with it.
public enum LoadPurpose: Equatable, Hashable, Sendable {
    /// A top-level page: the app's `load`, a link, a form, a redirect. `initiator` is the page
    /// the user acted on, nil when the app started the load.
    case navigation(initiator: String?)
    /// A resource of a page (`<script src>`, `fetch`, `XMLHttpRequest`), `document` being the
    /// page's URL.
    case subresource(document: String)
}

/// One request of a web view.
public struct LoadRequest: Equatable, Hashable, Sendable {
    public var url: String
    public var method: String
    /// The request's own fields (`Content-Type` of a form); the profile's and the web view's are added.
    public var headers: HTTPHeaders
    public var body: [UInt8]?
    public var purpose: LoadPurpose

    public init(
        url: String, method: String = "GET", headers: HTTPHeaders = [], body: [UInt8]? = nil,
        purpose: LoadPurpose = .navigation(initiator: nil)
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.purpose = purpose
    }
}

/// One redirect followed.
public struct RedirectHop: Equatable, Hashable, Sendable {
    public var from: String
    public var to: String
    public var status: Int
    /// The method of the request sent to `to` (303, and 301/302 after POST, become GET).
    public var method: String

    public init(from: String, to: String, status: Int, method: String) {
        self.from = from
        self.to = to
        self.status = status
        self.method = method
    }
}

/// What a load returned: an HTTP response (any status: a 404 page is a response), or a file.
public struct LoadResponse: Equatable, Sendable {
    /// The URL asked for.
    public var url: String
    /// The URL after redirects.
    public var finalURL: String
    /// The HTTP status; nil for `file:` and `data:` URLs.
    public var status: Int?
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var hops: [RedirectHop]
    /// The fields sent with the last request (the profile's, the user agent, cookies, …).
    public var requestHeaders: HTTPHeaders
    /// Milliseconds from the first byte sent to the last byte read, redirects included.
    public var milliseconds: Double
    /// The method of the last request.
    public var method: String
    /// How much later than at once the response arrives, on the app's clock (a route's `delay`).
    public var delay: Duration = .zero
    /// The pattern of the route that answered, nil when the network did.
    public var route: String?

    public init(
        url: String, finalURL: String, status: Int?, headers: HTTPHeaders, body: [UInt8], hops: [RedirectHop] = [],
        requestHeaders: HTTPHeaders = [], milliseconds: Double = 0, method: String = "GET"
    ) {
        self.url = url
        self.finalURL = finalURL
        self.status = status
        self.headers = headers
        self.body = body
        self.hops = hops
        self.requestHeaders = requestHeaders
        self.milliseconds = milliseconds
        self.method = method
    }

    /// The MIME type of `Content-Type`, lower-cased, without parameters.
    public var mimeType: String? {
        guard let type = headers["Content-Type"] else { return nil }
        let essence = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type
        let trimmed = essence.trimmingWhitespace().lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The `charset` parameter of `Content-Type`, lower-cased (`URLResponse.textEncodingName`).
    public var textEncodingName: String? {
        guard let type = headers["Content-Type"] else { return nil }
        for parameter in type.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "charset" else { continue }
            var value = pair[1].trimmingWhitespace()
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.lowercased()
        }
        return nil
    }

    /// Whether a page store may hand this response to another reader of the same URL instead
    /// of loading it again: a GET of a file, or a successful GET whose `Cache-Control` does not
    /// forbid storing or reusing it (RFC 9111, section 3). The host decides whether to use it.
    public var mayBeReused: Bool {
        guard method == "GET" else { return false }
        guard let status else { return true }
        guard [200, 203, 204, 300, 301, 404, 405, 410, 414, 501].contains(status) else { return false }
        let directives = headers.values("Cache-Control").joined(separator: ",").lowercased()
            .split(separator: ",").map { $0.trimmingWhitespace() }
        if directives.contains(where: { $0 == "no-store" || $0 == "no-cache" || $0.hasPrefix("max-age=0") }) { return false }
        return headers["Vary"]?.trimmingWhitespace() != "*"
    }
}

/// A load that produced no response, with the `NSURLErrorDomain` code a WKWebView reports.
public struct LoadFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL that failed (after any redirects).
    public var url: String
    public var code: URLErrorCode
    /// What went wrong in words more precise than the code's description, when there are some
    /// (a file's path, the ATS rule, libcurl's reason).
    public var detail: String?
    public var hops: [RedirectHop]
    /// The pattern of the route that failed it (`abort`); nil when the network did.
    public var route: String?

    public init(url: String, code: URLErrorCode, detail: String? = nil, hops: [RedirectHop] = []) {
        self.url = url
        self.code = code
        self.detail = detail
        self.hops = hops
    }

    /// The description iOS gives for the code.
    public var localizedDescription: String {
        code.localizedDescription(host: WebURL(url).host?.lowercased() ?? "")
    }

    /// `error -1001: The request timed out.`, with the detail after it when there is one.
    public var description: String {
        var text = "error \(code.rawValue): \(localizedDescription)"
        if let detail, !detail.isEmpty { text += " (\(detail))" }
        return text
    }
}

/// How a load ended.
public enum LoadResult: Equatable, Sendable {
    case response(LoadResponse)
    case failure(LoadFailure)
    /// A redirect to a URL that is not http(s) (an app-scheme deeplink, `tel:`, …). A WKWebView
    /// asks its navigation delegate about such a URL; the host routes it like a tapped link.
    case handOff(url: String, hops: [RedirectHop])

    public var response: LoadResponse? {
        if case .response(let response) = self { return response }
        return nil
    }

    public var failure: LoadFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\r" || first == "\n" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" || last == "\n" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
