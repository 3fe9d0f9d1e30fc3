import NavigatorCore
import URLKit

/// The keys of an app's `NSAppTransportSecurity` dictionary that decide web-view loads; values
/// of the wrong type count as absent (the linter reports them).
public struct ATSSettings: Equatable, Sendable {
    public var allowsArbitraryLoads: Bool?
    public var allowsArbitraryLoadsInWebContent: Bool?
    public var allowsArbitraryLoadsForMedia: Bool?
    public var allowsLocalNetworking: Bool?
    public var exceptionDomains: [ExceptionDomain]

    public struct ExceptionDomain: Equatable, Sendable {
        /// The key exactly as written.
        public var key: String
        public var includesSubdomains: Bool
        /// `NSExceptionAllowsInsecureHTTPLoads` or `NSTemporaryExceptionAllowsInsecureHTTPLoads`.
        public var allowsInsecureHTTPLoads: Bool
        /// `NSExceptionMinimumTLSVersion` (or its temporary form), e.g. `TLSv1.0`.
        public var minimumTLSVersion: String?

        public init(key: String, includesSubdomains: Bool = false, allowsInsecureHTTPLoads: Bool = false, minimumTLSVersion: String? = nil) {
            self.key = key
            self.includesSubdomains = includesSubdomains
            self.allowsInsecureHTTPLoads = allowsInsecureHTTPLoads
            self.minimumTLSVersion = minimumTLSVersion
        }
    }

    public init(
        allowsArbitraryLoads: Bool? = nil, allowsArbitraryLoadsInWebContent: Bool? = nil, allowsArbitraryLoadsForMedia: Bool? = nil,
        allowsLocalNetworking: Bool? = nil, exceptionDomains: [ExceptionDomain] = []
    ) {
        self.allowsArbitraryLoads = allowsArbitraryLoads
        self.allowsArbitraryLoadsInWebContent = allowsArbitraryLoadsInWebContent
        self.allowsArbitraryLoadsForMedia = allowsArbitraryLoadsForMedia
        self.allowsLocalNetworking = allowsLocalNetworking
        self.exceptionDomains = exceptionDomains
    }

    /// Reads the dictionary (nil, or not a dictionary: no ATS keys at all).
    public init(_ dictionary: PropertyValue?) {
        self.init()
        guard let members = dictionary?.dictionaryValue else { return }
        allowsArbitraryLoads = members["NSAllowsArbitraryLoads"]?.boolValue
        allowsArbitraryLoadsInWebContent = members["NSAllowsArbitraryLoadsInWebContent"]?.boolValue
        allowsArbitraryLoadsForMedia = members["NSAllowsArbitraryLoadsForMedia"]?.boolValue
        allowsLocalNetworking = members["NSAllowsLocalNetworking"]?.boolValue
        for (key, value) in (members["NSExceptionDomains"]?.dictionaryValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let domain = value.dictionaryValue else { continue }
            exceptionDomains.append(ExceptionDomain(
                key: key,
                includesSubdomains: domain["NSIncludesSubdomains"]?.boolValue ?? false,
                allowsInsecureHTTPLoads: domain["NSExceptionAllowsInsecureHTTPLoads"]?.boolValue == true
                    || domain["NSTemporaryExceptionAllowsInsecureHTTPLoads"]?.boolValue == true,
                minimumTLSVersion: (domain["NSExceptionMinimumTLSVersion"] ?? domain["NSTemporaryExceptionMinimumTLSVersion"])?.stringValue))
        }
    }

    /// Whether a key other than `NSAllowsArbitraryLoads` makes iOS 10 and later ignore it.
    var arbitraryLoadsOverride: String? {
        if allowsArbitraryLoadsInWebContent != nil { return "NSAllowsArbitraryLoadsInWebContent" }
        if allowsArbitraryLoadsForMedia != nil { return "NSAllowsArbitraryLoadsForMedia" }
        if allowsLocalNetworking != nil { return "NSAllowsLocalNetworking" }
        return nil
    }
}

/// Whether ATS lets a web view load a URL, and why.
public struct ATSVerdict: Equatable, Sendable {
    public var isAllowed: Bool
    /// The rule that decided, in words (the reason of `blocked by ATS: URL (reason)`).
    public var reason: String
    /// An https load must use TLS 1.2 or later (ATS's default requirement).
    public var requiresTLS12: Bool

    public init(isAllowed: Bool, reason: String, requiresTLS12: Bool = false) {
        self.isAllowed = isAllowed
        self.reason = reason
        self.requiresTLS12 = requiresTLS12
    }
}

/// App Transport Security as it applies to a WKWebView's loads on a given iOS version.
///
/// The rules, from Apple's documentation of `NSAppTransportSecurity` and its keys (see
/// DECISIONS.md, "ATS"): plain http is refused unless an exception allows it; an exception
/// domain decides for the hosts it matches; `NSAllowsArbitraryLoads` allows the rest, but from
/// iOS 10 it is ignored when `NSAllowsArbitraryLoadsInWebContent`, `NSAllowsArbitraryLoadsForMedia`
/// or `NSAllowsLocalNetworking` is present; `NSAllowsArbitraryLoadsInWebContent` (iOS 10) frees
/// web views; unqualified hosts, `.local` hosts and IP addresses are refused on iOS 9, allowed
/// by default on iOS 10 to 16, and on iOS 17 IP addresses need `NSAllowsLocalNetworking` or an
/// exception (which may then name an IP address or a CIDR range).
public struct ATSPolicy: Equatable, Sendable {
    public var settings: ATSSettings
    public var platformVersion: AppProfile.PlatformVersion
    /// Loads of a web view (true), or of the app's own code, such as a URLSession liveness
    /// check, which `NSAllowsArbitraryLoadsInWebContent` does not free.
    public var isWebContent = true

    public init(settings: ATSSettings = ATSSettings(), platformVersion: AppProfile.PlatformVersion = AppProfile.builtIn.platformVersion) {
        self.settings = settings
        self.platformVersion = platformVersion
    }

    public init(dictionary: PropertyValue?, platformVersion: AppProfile.PlatformVersion = AppProfile.builtIn.platformVersion) {
        self.init(settings: ATSSettings(dictionary), platformVersion: platformVersion)
    }

    public func evaluate(_ url: String) -> ATSVerdict {
        let parsed = WebURL(url)
        let scheme = parsed.normalizedScheme
        guard scheme == "http" || scheme == "https" else { return ATSVerdict(isAllowed: true, reason: "not http") }
        guard platformVersion >= .init(major: 9) else { return ATSVerdict(isAllowed: true, reason: "no ATS before iOS 9") }
        let host = HostName(parsed.host ?? "")
        let secure = scheme == "https"
        let isModern = platformVersion >= .init(major: 10)
        let arbitraryIgnoredBy = isModern ? settings.arbitraryLoadsOverride : nil
        let arbitrary = settings.allowsArbitraryLoads == true && arbitraryIgnoredBy == nil

        if isModern, isWebContent, settings.allowsArbitraryLoadsInWebContent == true {
            return ATSVerdict(isAllowed: true, reason: "NSAllowsArbitraryLoadsInWebContent")
        }
        if let exception = matchingException(for: host) {
            if secure {
                let lowered = exception.minimumTLSVersion.map { $0 != "TLSv1.2" && $0 != "TLSv1.3" } ?? false
                return ATSVerdict(isAllowed: true, reason: "https", requiresTLS12: !(lowered || exception.allowsInsecureHTTPLoads))
            }
            if exception.allowsInsecureHTTPLoads {
                return ATSVerdict(isAllowed: true, reason: "NSExceptionDomains \"\(exception.key)\" allows insecure HTTP loads")
            }
            return ATSVerdict(isAllowed: false, reason: "NSExceptionDomains \"\(exception.key)\" does not allow insecure HTTP loads")
        }
        if arbitrary { return ATSVerdict(isAllowed: true, reason: "NSAllowsArbitraryLoads") }
        if let local = host.localKind {
            switch local {
            case .unqualified, .dotLocal:
                if isModern { return ATSVerdict(isAllowed: true, reason: "iOS 10 and later allow \(local.name) by default") }
            case .ipAddress:
                if platformVersion < .init(major: 17), isModern {
                    return ATSVerdict(isAllowed: true, reason: "iOS 10 to 16 allow IP addresses by default")
                }
                if platformVersion >= .init(major: 17), settings.allowsLocalNetworking == true {
                    return ATSVerdict(isAllowed: true, reason: "NSAllowsLocalNetworking")
                }
            }
            if isModern, settings.allowsLocalNetworking == true {
                return ATSVerdict(isAllowed: true, reason: "NSAllowsLocalNetworking")
            }
        }
        if secure { return ATSVerdict(isAllowed: true, reason: "https", requiresTLS12: !arbitrary) }

        var reason: String
        switch host.localKind {
        case .ipAddress? where platformVersion >= .init(major: 17):
            reason = "iOS \(platformVersion) no longer allows IP addresses by default: add NSAllowsLocalNetworking or an exception for the address"
        case let local? where !isModern:
            reason = "iOS \(platformVersion) does not allow \(local.name) without an exception"
        default:
            reason = "plain http needs an exception in NSAppTransportSecurity"
        }
        if settings.allowsArbitraryLoads == true, let override = arbitraryIgnoredBy {
            reason += "; NSAllowsArbitraryLoads is ignored because \(override) is present"
        }
        for miss in nearMisses(for: host) {
            reason += "; NSExceptionDomains key \"\(miss.key)\" never matches (\(miss.problem))"
        }
        return ATSVerdict(isAllowed: false, reason: reason)
    }

    /// The exception that decides for a host: an exact key first, then the longest key that
    /// includes its subdomains.
    func matchingException(for host: HostName) -> ATSSettings.ExceptionDomain? {
        var best: ATSSettings.ExceptionDomain?
        for exception in settings.exceptionDomains {
            if host.ipAddress != nil {
                guard platformVersion >= .init(major: 17), let range = IPAddressRange(exception.key),
                      let address = host.ipAddress, range.contains(address) else { continue }
                if best == nil || (IPAddressRange(best!.key)?.prefixLength ?? 0) < range.prefixLength { best = exception }
                continue
            }
            if host.name == exception.key { return exception }
            if exception.includesSubdomains, host.name.hasSuffix("." + exception.key),
               best.map({ $0.key.count < exception.key.count }) ?? true {
                best = exception
            }
        }
        return best
    }

    /// Keys meant for this host that can never match it, and why.
    func nearMisses(for host: HostName) -> [(key: String, problem: String)] {
        settings.exceptionDomains.compactMap { exception in
            guard let problem = ATSDomainKey.problem(exception.key, platformVersion: platformVersion),
                  ATSDomainKey.intendedHost(exception.key) == host.name else { return nil }
            return (exception.key, problem)
        }
    }
}

/// A URL's host as ATS sees it.
struct HostName {
    /// Lower-cased, without IPv6 brackets.
    let name: String
    let ipAddress: IPAddress?

    enum LocalKind {
        case unqualified, dotLocal, ipAddress

        var name: String {
            switch self {
            case .unqualified: return "unqualified host names"
            case .dotLocal: return ".local host names"
            case .ipAddress: return "IP addresses"
            }
        }
    }

    init(_ host: String) {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        self.name = name
        ipAddress = IPAddress(name)
    }

    var localKind: LocalKind? {
        if ipAddress != nil { return .ipAddress }
        let trimmed = name.hasSuffix(".") ? String(name.dropLast()) : name
        if !trimmed.contains(".") { return .unqualified }
        if trimmed.hasSuffix(".local") { return .dotLocal }
        return nil
    }
}

/// The checks of an `NSExceptionDomains` key that Apple's rules forbid.
enum ATSDomainKey {
    /// Why a key never matches a host, or nil when it is well formed.
    static func problem(_ key: String, platformVersion: AppProfile.PlatformVersion) -> String? {
        check(key, platformVersion: platformVersion)?.problem
    }

    /// The linter code and the reason a key never matches, or nil when it is well formed.
    static func check(_ key: String, platformVersion: AppProfile.PlatformVersion) -> (code: String, problem: String)? {
        if key.contains("://") { return ("ats-domain-scheme", "it has a scheme") }
        if key.hasPrefix("*") { return ("ats-domain-wildcard", "wildcards are not supported: use the domain with NSIncludesSubdomains") }
        if key.contains("/"), IPAddressRange(key) == nil { return ("ats-domain-path", "it has a path") }
        if IPAddress(key) == nil, IPAddressRange(key) == nil, hasPort(key) { return ("ats-domain-port", "it has a port") }
        if key != key.lowercased() { return ("ats-domain-uppercase", "it is not lower case") }
        if IPAddressRange(key) != nil, platformVersion < .init(major: 17) {
            return ("ats-domain-ip", "iOS \(platformVersion) does not accept IP addresses as exception domains (iOS 17 does)")
        }
        return nil
    }

    /// The host a malformed key was probably meant for.
    static func intendedHost(_ key: String) -> String {
        var text = key.lowercased()
        if let scheme = text.firstRange(of: "://") { text = String(text[scheme.upperBound...]) }
        while text.hasPrefix("*.") { text.removeFirst(2) }
        if let slash = text.firstIndex(of: "/"), IPAddressRange(text) == nil { text = String(text[..<slash]) }
        if IPAddress(text) == nil, hasPort(text), let colon = text.lastIndex(of: ":") { text = String(text[..<colon]) }
        return text
    }

    static func hasPort(_ key: String) -> Bool {
        guard let colon = key.lastIndex(of: ":") else { return false }
        let port = key[key.index(after: colon)...]
        return !port.isEmpty && port.allSatisfy { $0 >= "0" && $0 <= "9" } && !key[..<colon].contains(":")
    }
}
