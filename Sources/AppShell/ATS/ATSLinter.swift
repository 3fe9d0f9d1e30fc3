import NavigatorCore
/// A mistake in an `NSAppTransportSecurity` dictionary: settings that do not do what their
/// author meant.
public struct ATSWarning: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A stable code (`ats-domain-port`, …).
    public var code: String
    /// Where, key by key from `NSAppTransportSecurity` (a domain key may hold dots itself).
    public var keys: [String]
    public var message: String

    public init(code: String, keys: [String], message: String) {
        self.code = code
        self.keys = keys
        self.message = message
    }

    /// Where: `NSAppTransportSecurity.NSExceptionDomains.example.com.NSIncludesSubdomains`.
    public var keyPath: String { keys.joined(separator: ".") }

    public var description: String { "\(code): \(keyPath): \(message)" }
}

/// Checks an app's ATS dictionary against Apple's rules for the simulated iOS version.
public enum ATSLinter {
    static let topLevelKeys: [String: Expected] = [
        "NSAllowsArbitraryLoads": .bool, "NSAllowsArbitraryLoadsForMedia": .bool,
        "NSAllowsArbitraryLoadsInWebContent": .bool, "NSAllowsLocalNetworking": .bool,
        "NSExceptionDomains": .dictionary, "NSPinnedDomains": .dictionary,
    ]

    static let domainKeys: [String: Expected] = [
        "NSIncludesSubdomains": .bool, "NSExceptionAllowsInsecureHTTPLoads": .bool, "NSExceptionMinimumTLSVersion": .string,
        "NSExceptionRequiresForwardSecrecy": .bool, "NSRequiresCertificateTransparency": .bool,
        "NSTemporaryExceptionAllowsInsecureHTTPLoads": .bool, "NSTemporaryExceptionMinimumTLSVersion": .string,
        "NSTemporaryExceptionRequiresForwardSecrecy": .bool, "NSThirdPartyExceptionAllowsInsecureHTTPLoads": .bool,
        "NSThirdPartyExceptionMinimumTLSVersion": .string, "NSThirdPartyExceptionRequiresForwardSecrecy": .bool,
    ]

    static let tlsVersions = ["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"]

    enum Expected {
        case bool, string, dictionary

        var name: String {
            switch self {
            case .bool: return "a Boolean"
            case .string: return "a string"
            case .dictionary: return "a dictionary"
            }
        }

        func accepts(_ value: PropertyValue) -> Bool {
            switch (self, value) {
            case (.bool, .bool), (.string, .string), (.dictionary, .dictionary): return true
            default: return false
            }
        }
    }

    /// Every warning for the dictionary, in key order.
    public static func check(_ dictionary: PropertyValue?, platformVersion: AppProfile.PlatformVersion = AppProfile.builtIn.platformVersion) -> [ATSWarning] {
        let root = "NSAppTransportSecurity"
        guard let dictionary else { return [] }
        guard let members = dictionary.dictionaryValue else {
            return [ATSWarning(code: "ats-wrong-type", keys: [root], message: "must be a dictionary, found \(dictionary.typeName); ATS uses its defaults")]
        }
        var warnings: [ATSWarning] = []
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let path = [root, key]
            guard let expected = topLevelKeys[key] else {
                warnings.append(unknownKey(key, path: path, known: Array(topLevelKeys.keys)))
                continue
            }
            guard expected.accepts(value) else {
                warnings.append(wrongType(path: path, expected: expected, found: value))
                continue
            }
            if key == "NSExceptionDomains", let domains = value.dictionaryValue {
                for (domain, settings) in domains.sorted(by: { $0.key < $1.key }) {
                    warnings += checkDomain(domain, settings: settings, path: path + [domain], platformVersion: platformVersion)
                }
            }
        }
        let settings = ATSSettings(dictionary)
        if platformVersion >= .init(major: 10), settings.allowsArbitraryLoads == true, let override = settings.arbitraryLoadsOverride {
            warnings.append(ATSWarning(
                code: "ats-arbitrary-loads-ignored", keys: [root, "NSAllowsArbitraryLoads"],
                message: "ignored on iOS 10 and later because \(override) is present (it only serves iOS 9)"))
        }
        return warnings
    }

    private static func checkDomain(_ domain: String, settings: PropertyValue, path: [String], platformVersion: AppProfile.PlatformVersion) -> [ATSWarning] {
        var warnings: [ATSWarning] = []
        if let (code, problem) = ATSDomainKey.check(domain, platformVersion: platformVersion) {
            let intended = ATSDomainKey.intendedHost(domain)
            let hint = intended != domain && code != "ats-domain-ip" ? "; write \"\(intended)\"" : ""
            warnings.append(ATSWarning(code: code, keys: path, message: "this exception never matches: \(problem)\(hint)"))
        } else if domain.hasSuffix(".") {
            warnings.append(ATSWarning(
                code: "ats-domain-trailing-dot", keys: path,
                message: "matches only host names written with a trailing dot; write \"\(String(domain.dropLast()))\""))
        }
        guard let members = settings.dictionaryValue else {
            return warnings + [wrongType(path: path, expected: .dictionary, found: settings)]
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let keyPath = path + [key]
            guard let expected = domainKeys[key] else {
                warnings.append(unknownKey(key, path: keyPath, known: Array(domainKeys.keys)))
                continue
            }
            guard expected.accepts(value) else {
                warnings.append(wrongType(path: keyPath, expected: expected, found: value))
                continue
            }
            if expected == .string, let version = value.stringValue, !tlsVersions.contains(version) {
                warnings.append(ATSWarning(
                    code: "ats-tls-version", keys: keyPath,
                    message: "\"\(version)\" is not one of \(tlsVersions.joined(separator: ", "))"))
            }
        }
        return warnings
    }

    private static func wrongType(path: [String], expected: Expected, found: PropertyValue) -> ATSWarning {
        ATSWarning(code: "ats-wrong-type", keys: path, message: "must be \(expected.name), found \(found.typeName); ignored")
    }

    private static func unknownKey(_ key: String, path: [String], known: [String]) -> ATSWarning {
        let hint = nearestName(to: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return ATSWarning(code: "ats-unknown-key", keys: path, message: "unknown key, ATS ignores it\(hint)")
    }

    /// The known name closest to a misspelt one, when it is close enough to be a typo.
    static func nearestName(to name: String, among known: [String]) -> String? {
        let lowered = name.lowercased()
        let scored = known.sorted().map { candidate -> (String, Int) in
            (candidate, editDistance(Array(lowered.utf8), Array(candidate.lowercased().utf8)))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 4) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count < 200, b.count < 200 else { return Int.max }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
