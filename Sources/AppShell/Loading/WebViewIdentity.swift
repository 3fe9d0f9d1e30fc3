/// What every http(s) request of the simulated web view carries: the user agent and the
/// profile's headers, and the `Accept` fields a WKWebView sends.
public struct WebViewIdentity: Equatable, Sendable {
    public var userAgent: String
    /// The profile's `headers`, sent with every http(s) request (they replace a field the web
    /// view would send, `User-Agent` excepted: that one is `userAgent`).
    public var headers: HTTPHeaders

    public init(userAgent: String, headers: HTTPHeaders = []) {
        self.userAgent = userAgent
        self.headers = headers
    }

    /// The identity from the profile's fields.
    public init(profileUserAgent: String?, applicationNameForUserAgent: String?, platformVersion: String, headers: HTTPHeaders = []) {
        self.init(
            userAgent: profileUserAgent
                ?? Self.userAgent(platformVersion: platformVersion, applicationName: applicationNameForUserAgent),
            headers: headers)
    }

    /// An iPhone WKWebView's user agent.
    ///
    /// WebKit builds it as `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)
    /// AppleWebKit/605.1.15 (KHTML, like Gecko)` and the configuration's
    /// `applicationNameForUserAgent`, whose default on iOS is `Mobile/15E148`: an app that sets
    /// it replaces that token. There is no `Version/` or `Safari/` token, as in any WKWebView.
    public static func userAgent(platformVersion: String, applicationName: String? = nil) -> String {
        let version = platformVersion.split(separator: ".").prefix(3).joined(separator: "_")
        let base = "Mozilla/5.0 (iPhone; CPU iPhone OS \(version.isEmpty ? "17_0" : version) like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
        let name = applicationName ?? "Mobile/15E148"
        return name.isEmpty ? base : "\(base) \(name)"
    }

    /// WebKit's `Accept` for documents and for everything else.
    static let documentAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    static let resourceAccept = "*/*"
    /// What iOS's HTTP stack advertises; libcurl decodes all three.
    static let acceptEncoding = "gzip, deflate, br"
    static let acceptLanguage = "en-US,en;q=0.9"

    /// The fields of one request, before cookies: the web view's, the profile's, then the
    /// request's own.
    public func fields(for request: LoadRequest) -> HTTPHeaders {
        var fields: HTTPHeaders = []
        switch request.purpose {
        case .navigation: fields.set("Accept", Self.documentAccept)
        case .subresource: fields.set("Accept", Self.resourceAccept)
        }
        fields.set("Accept-Language", Self.acceptLanguage)
        fields.set("Accept-Encoding", Self.acceptEncoding)
        fields.set("User-Agent", userAgent)
        for field in headers.fields where field.name.lowercased() != "user-agent" {
            fields.set(field.name, field.value)
        }
        for field in request.headers.fields {
            fields.set(field.name, field.value)
        }
        return fields
    }
}
