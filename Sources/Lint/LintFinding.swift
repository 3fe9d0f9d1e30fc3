/// A problem the linter found: where, which rule, how serious, and what to do.
public struct LintFinding: Equatable, Hashable, Sendable {
    public enum Severity: String, Sendable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    /// The file, as an absolute path.
    public var path: String
    /// 1-based line and column (columns count Unicode code points).
    public var line: Int
    public var column: Int
    /// A stable code (`plus-in-value`, `missing-page`, `ats-domain-port`, …).
    public var code: String
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int, column: Int, code: String, severity: Severity, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.code = code
        self.severity = severity
        self.message = message
    }
}

/// Every code the linter reports, with its severity and a one-line description (the README's
/// table and SARIF's rules).
public enum LintCode {
    public struct Rule: Equatable, Sendable {
        public var code: String
        public var severity: LintFinding.Severity
        public var summary: String
    }

    static let missingPage = "missing-page"
    static let missingResource = "missing-resource"
    static let invalidURL = "invalid-url"
    static let unreachablePage = "unreachable-page"
    static let unregisteredHandler = "unregistered-handler"
    static let unusedHandler = "unused-handler"
    static let unqueriedScheme = "unqueried-scheme"
    static let profileWarning = "profile-warning"
    static let plistWarning = "plist-warning"
    static let plistError = "plist-error"
    static let flowError = "flow-error"
    static let readError = "read-error"
    static let fileFetch = "file-fetch"
    static let nullOrigin = "null-origin"
    static let cspBlocked = "csp-blocked"
    static let unusedIgnore = "unused-ignore"
    static let badIgnore = "bad-ignore"

    /// The rules in the order the README lists them.
    public static let rules: [Rule] = deeplinkRules + [
        Rule(code: invalidURL, severity: .warning, summary: "a link the app cannot open: no host, an unsupported scheme, unparsable"),
        Rule(code: missingPage, severity: .error, summary: "a local page that does not exist (a link, a form, a deeplink's url, a flow's open, the profile's root)"),
        Rule(code: missingResource, severity: .warning, summary: "a local file a page loads (script, image, stylesheet) that does not exist"),
        Rule(code: unreachablePage, severity: .warning, summary: "a page that no link, deeplink, form, flow or notification reaches from the root"),
        Rule(code: unregisteredHandler, severity: .error, summary: "messageHandlers.NAME used by a page script but not registered in the profile for its world (a TypeError on a device)"),
        Rule(code: unusedHandler, severity: .warning, summary: "a message handler the profile registers that no page script uses"),
        Rule(code: unqueriedScheme, severity: .warning, summary: "an external scheme a page opens that LSApplicationQueriesSchemes does not list"),
        Rule(code: fileFetch, severity: .warning, summary: "a fetch or XMLHttpRequest of a file from a file: page, which fails unless the app allows file access from file URLs"),
        Rule(code: nullOrigin, severity: .warning, summary: "a fetch or XMLHttpRequest to http(s) from a file: page: it sends Origin: null, which the server must allow"),
        Rule(code: cspBlocked, severity: .warning, summary: "an inline script, on… handler or javascript: URL the page's own Content-Security-Policy blocks"),
        Rule(code: profileWarning, severity: .warning, summary: "what the profile's reader warns about (an unknown key)"),
        Rule(code: plistWarning, severity: .warning, summary: "an Info.plist value webnav cannot use (a build setting, a wrong type)"),
        Rule(code: plistError, severity: .error, summary: "an Info.plist that is not a property list"),
        Rule(code: flowError, severity: .error, summary: "a flow that does not parse"),
        Rule(code: readError, severity: .error, summary: "a file that cannot be read"),
    ] + atsRules + payloadRules + [
        Rule(code: unusedIgnore, severity: .warning, summary: "an ignore comment that silences nothing"),
        Rule(code: badIgnore, severity: .warning, summary: "an ignore comment without a code, or with an unknown one"),
    ]

    static let deeplinkRules: [Rule] = [
        ("unknown-parameter", "a parameter the app ignores (with the nearest known name)"),
        ("plus-in-value", "a value holding +, which Foundation does not turn into a space"),
        ("unencoded-url", "parameters that belong to an unencoded nested url"),
        ("suspicious-bool", "a boolean that is not true, false, yes, no, 1 or 0"),
        ("invalid-color", "a colour that is not 3, 6 or 8 hex digits"),
        ("alpha-dropped", "an 8-digit colour whose alpha is not FF"),
        ("duplicate-parameter", "a parameter given twice (the last wins)"),
        ("valueless-parameter", "&name without =: counts as absent"),
        ("host-case", "a host that matches a route only when case is ignored"),
        ("unhandled-host", "no route for the host"),
        ("missing-url", "a push without a url"),
        ("ignored-removeStack", "removeStack on an action other than push"),
        ("removeStack-noop", "removeStack=true on a push that leaves fewer than 3 screens (found by running the flows)"),
        ("fragment", "a raw # that ends the query"),
        ("undecodable-value", "%-escapes that are not UTF-8: the value is absent"),
        ("malformed-query", "a query holding a character a query may not hold"),
    ].map { Rule(code: $0.0, severity: .warning, summary: $0.1) }

    static let atsRules: [Rule] = [
        ("ats-domain-port", "an exception domain with a port: it never matches"),
        ("ats-domain-scheme", "an exception domain with a scheme: it never matches"),
        ("ats-domain-path", "an exception domain with a path: it never matches"),
        ("ats-domain-wildcard", "an exception domain with a wildcard: it never matches"),
        ("ats-domain-uppercase", "an exception domain in upper case: it never matches"),
        ("ats-domain-ip", "an IP address where the iOS version accepts none"),
        ("ats-domain-trailing-dot", "an exception domain with a trailing dot"),
        ("ats-unknown-key", "a key ATS does not know"),
        ("ats-wrong-type", "an ATS value of the wrong type"),
        ("ats-tls-version", "a TLS version ATS does not know"),
        ("ats-arbitrary-loads-ignored", "NSAllowsArbitraryLoads ignored because a newer key is present"),
    ].map { Rule(code: $0.0, severity: .warning, summary: $0.1) }

    static let payloadRules: [Rule] = [
        ("payload-not-json", .error, "a push payload that is not JSON"),
        ("payload-not-object", .error, "a push payload that is not a JSON object"),
        ("payload-no-aps", .error, "a push payload without aps"),
        ("payload-aps-not-object", .error, "aps that is not an object"),
        ("payload-alert-type", .error, "aps.alert neither a string nor an object"),
        ("payload-too-large", .error, "a payload over APNs' 4096 bytes"),
        ("payload-bundle-mismatch", .error, "Simulator Target Bundle is not the app's bundle id"),
        ("payload-category-unregistered", .warning, "a category the profile does not register"),
        ("payload-mutable-content-no-extension", .warning, "mutable-content without a notification service extension"),
        ("payload-badge-type", .warning, "aps.badge that is not a number"),
        ("payload-link-type", .warning, "a link key whose value is not a URL string"),
    ].map { (code: String, severity: LintFinding.Severity, summary: String) in Rule(code: code, severity: severity, summary: summary) }

    /// The rule for a code; codes outside the table (a newer AppShell code) get a generic one.
    static func rule(for code: String) -> Rule {
        rulesByCode[code] ?? Rule(code: code, severity: .warning, summary: code)
    }

    static let rulesByCode: [String: Rule] = Dictionary(rules.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// Codes an ignore comment may name (`unused-ignore` and `bad-ignore` cannot be silenced).
    static let silenceable: Set<String> = Set(rules.map(\.code)).subtracting([unusedIgnore, badIgnore])
}
