#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// What kind of URL reached the app, and what the app makes of it (semantics.md section 1).
public struct URLClassification: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case deeplink, page, external, store, invalid
    }

    /// The input as given.
    public var input: String
    /// The URL as the app sees it: trimmed, with spaces and non-ASCII percent-encoded as WebKit does.
    public var url: String
    public var kind: Kind
    /// The parsed deeplink, for `deeplink`.
    public var deeplink: Deeplink?
    /// Why the URL is `invalid`.
    public var reason: String?
}

/// Sorts every URL that reaches the app into deeplink, page, external, store or invalid.
public struct URLClassifier: Sendable {
    public let profile: AppProfile

    public init(profile: AppProfile) {
        self.profile = profile
    }

    private static let storeHosts: Set = ["apps.apple.com", "play.google.com"]

    /// Classifies a URL; relative references are pages (their base is the caller's business).
    public func classify(_ input: String) -> URLClassification {
        let url = Self.webKitEncoded(input)
        func result(_ kind: URLClassification.Kind, deeplink: Deeplink? = nil, reason: String? = nil) -> URLClassification {
            URLClassification(input: input, url: url, kind: kind, deeplink: deeplink, reason: reason)
        }
        guard !url.isEmpty else { return result(.invalid, reason: "empty") }
        guard let parts = WebURL(validating: url) else { return result(.invalid, reason: "unparsable") }
        guard let scheme = parts.scheme?.lowercased() else {
            // A relative reference is resolved by Foundation later; what it cannot parse is invalid now.
            return URL(string: url) == nil ? result(.invalid, reason: "unparsable") : result(.page)
        }

        if profile.isAppScheme(scheme) {
            guard parts.hasAuthority else { return result(.invalid, reason: "no host") }
            guard let host = parts.host else { return result(.invalid, reason: "host is not valid UTF-8") }
            guard !host.isEmpty else { return result(.invalid, reason: "no host") }
            let deeplink = DeeplinkParser(profile: profile).parse(url: url, host: host, query: parts.query, fragment: parts.fragment)
            return result(.deeplink, deeplink: deeplink)
        }
        if profile.isExternalScheme(scheme) { return result(.external) }
        if scheme == "https", let host = parts.host?.lowercased(), Self.storeHosts.contains(host) { return result(.store) }
        if scheme == "http" || scheme == "https" || scheme == "file" { return result(.page) }
        return result(.invalid, reason: "unsupported scheme \"\(parts.scheme!)\"")
    }

    /// WebKit's clean-up before the app sees a URL: trim C0 controls and spaces at both ends,
    /// drop tabs and newlines, percent-encode spaces, other controls and non-ASCII bytes.
    public static func webKitEncoded(_ input: String) -> String {
        var bytes = Array(input.utf8)[...]
        while let first = bytes.first, first <= 0x20 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last <= 0x20 { bytes = bytes.dropLast() }
        let kept = bytes.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return PercentEncoding.encode(String(decoding: kept, as: UTF8.self)) { byte in
            byte > 0x20 && byte < 0x7F
        }
    }
}
