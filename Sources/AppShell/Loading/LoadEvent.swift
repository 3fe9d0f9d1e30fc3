import NavigatorCore

/// What a load did, one value per line of the event log.
public enum LoadEvent: Equatable, Sendable {
    /// `load: URL (200, 12 KB, 35 ms)`; files have no status: `load: URL (12 KB, 1 ms)`.
    case loaded(url: String, status: Int?, bytes: Int, milliseconds: Int)
    /// `redirect: FROM → TO (302)`.
    case redirected(from: String, to: String, status: Int)
    /// `blocked by ATS: URL (reason)`.
    case blockedByATS(url: String, reason: String)
    /// `load failed: URL (error -1001: The request timed out.)`.
    case failed(url: String, failure: LoadFailure)
    /// `redirect out of the web view: FROM → URL`: a redirect to a deeplink or another scheme.
    case handedOff(from: String, to: String)

    /// The events of a finished load: one per redirect, then how it ended.
    public static func events(for result: LoadResult, request: LoadRequest) -> [LoadEvent] {
        switch result {
        case .response(let response):
            return response.hops.map { .redirected(from: $0.from, to: $0.to, status: $0.status) }
                + [.loaded(url: response.finalURL, status: response.status, bytes: response.body.count,
                           milliseconds: Int(response.milliseconds.rounded()))]
        case .failure(let failure):
            let hops = failure.hops.map { LoadEvent.redirected(from: $0.from, to: $0.to, status: $0.status) }
            if failure.code == .appTransportSecurityRequiresSecureConnection {
                return hops + [.blockedByATS(url: failure.url, reason: failure.detail ?? "ATS")]
            }
            return hops + [.failed(url: failure.url, failure: failure)]
        case .handOff(let url, let hops):
            return hops.map { .redirected(from: $0.from, to: $0.to, status: $0.status) }
                + [.handedOff(from: hops.last?.from ?? request.url, to: url)]
        }
    }

    /// The event's line, with URLs shown through `display` (the host shows pages relative to
    /// the pages folder).
    public func text(display: (String) -> String = { $0 }) -> String {
        switch self {
        case .loaded(let url, let status, let bytes, let milliseconds):
            let size = LoadEvent.formatSize(bytes)
            if let status { return "load: \(display(url)) (\(status), \(size), \(milliseconds) ms)" }
            return "load: \(display(url)) (\(size), \(milliseconds) ms)"
        case .redirected(let from, let to, let status):
            return "redirect: \(display(from)) → \(display(to)) (\(status))"
        case .blockedByATS(let url, let reason):
            return "blocked by ATS: \(display(url)) (\(reason))"
        case .failed(let url, let failure):
            return "load failed: \(display(url)) (\(failure))"
        case .handedOff(let from, let to):
            return "redirect out of the web view: \(display(from)) → \(to)"
        }
    }

    /// A byte count as people read it: `512 B`, `12 KB`, `3.4 MB` (1 KB = 1024 bytes).
    public static func formatSize(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return "\((bytes + 512) / 1024) KB" }
        let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
        return tenths % 10 == 0 || tenths >= 1000 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}

/// The page a web view shows for a failed load: WebKit's text, as in the event.
public enum LoadErrorPage {
    /// A small HTML page naming the URL, the description, the detail and the code.
    public static func html(for failure: LoadFailure) -> String {
        var body = "<h1>Cannot Open Page</h1>\n<p>\(escape(failure.localizedDescription))</p>\n"
        if let detail = failure.detail, !detail.isEmpty { body += "<p>\(escape(detail))</p>\n" }
        body += "<p>\(escape(failure.url))</p>\n<p>NSURLErrorDomain error \(failure.code.rawValue) (\(failure.code.name))</p>\n"
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Cannot Open Page</title></head>\n<body>\n\(body)</body></html>\n"
    }

    static func escape(_ text: String) -> String { MarkupEscaping.escaped(text) }
}
