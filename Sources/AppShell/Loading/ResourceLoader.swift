import URLKit

/// How the loader behaves: the profile's fields that concern loading.
public struct LoaderConfiguration: Sendable {
    public var identity: WebViewIdentity
    /// A deadline for the whole load, redirects included (the profile's `timeoutSeconds`).
    public var timeoutSeconds: Double
    /// The most bytes of a body (after decoding gzip) or a file.
    public var sizeLimit: Int
    /// The folder `file:` URLs may be read from (`loadFileURL(_:allowingReadAccessTo:)`); nil
    /// refuses every file.
    public var readAccessFolder: String?
    public var ats: ATSPolicy
    /// WebKit's limit: `NetworkLoadChecker` fails the 21st redirect.
    public var maximumRedirects: Int
    /// Routes and offline: what answers an http(s) request before the network does.
    public var network = NetworkConditions()

    public static let defaultTimeoutSeconds = 30.0
    public static let defaultSizeLimit = 64 << 20

    public init(
        identity: WebViewIdentity, timeoutSeconds: Double = LoaderConfiguration.defaultTimeoutSeconds,
        sizeLimit: Int = LoaderConfiguration.defaultSizeLimit, readAccessFolder: String?, ats: ATSPolicy,
        maximumRedirects: Int = 20
    ) {
        self.identity = identity
        self.timeoutSeconds = timeoutSeconds
        self.sizeLimit = sizeLimit
        self.readAccessFolder = readAccessFolder
        self.ats = ats
        self.maximumRedirects = maximumRedirects
    }
}

/// What the loader needs of a cookie store: the `Cookie` field for a request, and a place for
/// the `Set-Cookie` fields of every response (redirects included).
public protocol CookieAccess: Sendable {
    func cookieHeader(for url: String, purpose: LoadPurpose, method: String) -> String?
    func receive(setCookie fields: [String], from url: String, purpose: LoadPurpose)
}

/// The one loader of a web view: `file:` pages inside the pages folder, `data:` URLs, and
/// http(s) through libcurl, with the profile's headers, cookies, ATS and redirects done here.
///
/// `load` blocks its thread until the load ends; another thread may cancel it.
public struct ResourceLoader: Sendable {
    public var configuration: LoaderConfiguration
    public var cookies: (any CookieAccess)?

    public init(configuration: LoaderConfiguration, cookies: (any CookieAccess)?) {
        self.configuration = configuration
        self.cookies = cookies
    }

    public func load(_ request: LoadRequest, cancellation: LoadCancellation = LoadCancellation()) -> LoadResult {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start.advanced(by: .milliseconds(Int64((configuration.timeoutSeconds * 1000).rounded())))
        var current = request
        var hops: [RedirectHop] = []
        while true {
            let scheme = WebURL(current.url).normalizedScheme
            // WebKit's network process fails a redirect to anything but http(s) and about:
            // (NetworkResourceLoader::continueWillSendRequest); a custom scheme is the app's to
            // decide first (decidePolicyFor sees the redirect), so it is handed off below.
            if !hops.isEmpty, scheme == "file" || scheme == "data" {
                return .failure(LoadFailure(url: current.url, code: .unsupportedURL,
                                            detail: "Redirection to URL with a scheme that is not HTTP(S)", hops: hops))
            }
            switch scheme {
            case "file"?:
                return finish(FileResourceReader(folder: configuration.readAccessFolder, sizeLimit: configuration.sizeLimit)
                    .read(current.url), request: request, hops: hops, start: start, clock: clock)
            case "data"?:
                return finish(DataURL.response(current.url), request: request, hops: hops, start: start, clock: clock)
            case "about"? where current.url.lowercased() == "about:blank":
                let blank = LoadResponse(url: current.url, finalURL: current.url, status: nil, headers: ["Content-Type": "text/html"], body: [])
                return finish(.success(blank), request: request, hops: hops, start: start, clock: clock)
            case "http"?, "https"?:
                break
            default:
                if !hops.isEmpty { return .handOff(url: current.url, hops: hops) }
                return .failure(LoadFailure(url: current.url, code: .unsupportedURL, detail: scheme.map { "a web view cannot load \($0): URLs" }))
            }
            guard let host = WebURL(validating: current.url)?.host, !host.isEmpty else {
                return .failure(LoadFailure(url: current.url, code: .badURL, detail: "no host", hops: hops))
            }
            let verdict = configuration.ats.evaluate(current.url)
            guard verdict.isAllowed else {
                return .failure(LoadFailure(url: current.url, code: .appTransportSecurityRequiresSecureConnection, detail: verdict.reason, hops: hops))
            }
            var fields = configuration.identity.fields(for: current)
            if let cookie = cookies?.cookieHeader(for: current.url, purpose: current.purpose, method: current.method) {
                fields.set("Cookie", fields["Cookie"].map { "\($0); \(cookie)" } ?? cookie)
            }
            // Routes answer the request the page made, not the redirects that follow (Playwright's rule).
            if hops.isEmpty, let answer = configuration.network.answer(current, fields: fields) {
                if case .response(let routed) = answer {
                    let setCookie = routed.headers.values("Set-Cookie")
                    if !setCookie.isEmpty { cookies?.receive(setCookie: setCookie, from: current.url, purpose: current.purpose) }
                }
                return answer
            }
            let remaining = start.duration(to: deadline) - start.duration(to: clock.now)
            let exchange = HTTPExchange(
                url: current.url, method: current.method, headers: fields, body: current.body,
                timeoutMilliseconds: Int(Self.milliseconds(remaining).rounded(.down)),
                sizeLimit: configuration.sizeLimit, requiresTLS12: verdict.requiresTLS12)
            let answer: HTTPExchangeResponse
            switch CurlTransport.perform(exchange, cancellation: cancellation) {
            case .failure(var failure):
                failure.hops = hops
                return .failure(failure)
            case .success(let response):
                answer = response
            }
            let setCookie = answer.headers.values("Set-Cookie")
            if !setCookie.isEmpty { cookies?.receive(setCookie: setCookie, from: current.url, purpose: current.purpose) }
            switch RedirectRule.next(after: answer.status, location: answer.headers["Location"], request: current) {
            case nil:
                let elapsed = start.duration(to: clock.now)
                return .response(LoadResponse(
                    url: request.url, finalURL: current.url, status: answer.status, headers: answer.headers, body: answer.body,
                    hops: hops, requestHeaders: fields, milliseconds: Self.milliseconds(elapsed), method: current.method))
            case .failure(let failure)?:
                return .failure(LoadFailure(url: current.url, code: failure.code, detail: failure.detail, hops: hops))
            case .success(let next)?:
                hops.append(RedirectHop(from: current.url, to: next.url, status: answer.status, method: next.method))
                if hops.count > configuration.maximumRedirects {
                    return .failure(LoadFailure(
                        url: next.url, code: .httpTooManyRedirects,
                        detail: "Load cannot follow more than \(configuration.maximumRedirects) redirections", hops: hops))
                }
                current = next
            }
        }
    }

    private func finish(
        _ result: Result<LoadResponse, LoadFailure>, request: LoadRequest, hops: [RedirectHop], start: ContinuousClock.Instant,
        clock: ContinuousClock
    ) -> LoadResult {
        switch result {
        case .success(var response):
            response.url = request.url
            response.hops = hops
            response.method = request.method
            response.milliseconds = Self.milliseconds(start.duration(to: clock.now))
            return .response(response)
        case .failure(var failure):
            failure.hops = hops
            return .failure(failure)
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Where a redirect leads, as browsers follow it (Fetch, "HTTP-redirect fetch").
enum RedirectRule {
    /// The next request, nil when the response is not a redirect (no `Location`, or another
    /// status), or a failure when `Location` cannot be resolved.
    static func next(after status: Int, location: String?, request: LoadRequest) -> Result<LoadRequest, LoadFailure>? {
        guard [301, 302, 303, 307, 308].contains(status), let location, !location.trimmingWhitespace().isEmpty else { return nil }
        guard var target = URLResolver(base: request.url).resolve(location) else {
            return .failure(LoadFailure(url: request.url, code: .badURL, detail: "redirect to an invalid Location: \(location)"))
        }
        if WebURL(target).fragment == nil, let fragment = WebURL(request.url).fragment {
            target += "#" + fragment
        }
        var next = request
        next.url = target
        let becomesGet = (status == 303 && request.method != "HEAD") || ((status == 301 || status == 302) && request.method == "POST")
        if becomesGet {
            next.method = "GET"
            next.body = nil
            // Fetch removes the request-body header names; `Origin` goes too, as a GET
            // navigation carries none (Fetch, "append a request `Origin` header").
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language", "Content-Location", "Origin"] {
                next.headers.remove(name)
            }
        }
        return .success(next)
    }
}
