import URLKit
/// A deeplink as the app reads it: host, query items, configuration, route and linter warnings.
public struct Deeplink: Equatable, Sendable {
    /// The URL as the app receives it.
    public var url: String
    public var host: String
    public var queryItems: [QueryItem]
    public var configuration: DeeplinkConfiguration
    public var action: RouteAction
    /// What the linter found, in the order of the query, then about the route.
    public var warnings: [DeeplinkWarning]
}

/// Reads a deeplink's query into the app's configuration and explains the surprises.
struct DeeplinkParser {
    let profile: AppProfile

    static let parameterNames = [
        "url", "title", "leftBtn", "rightBtn", "navigationColor", "statusBarColor", "tintColor", "removeStack",
    ]
    private static let booleanNames: Set = ["leftBtn", "rightBtn", "removeStack"]
    private static let colorNames: Set = ["navigationColor", "statusBarColor", "tintColor"]

    /// Parses a deeplink whose host is known; `url` is the string as the app receives it.
    func parse(url: String, host: String, query: Substring?, fragment: Substring?) -> Deeplink {
        let items = query.map(QueryItem.parse(query:)) ?? []
        var warnings: [DeeplinkWarning] = []

        if let query, query.utf8.contains(UInt8(ascii: "%")), !QueryItem.isWellFormedQuery(query.utf8) {
            let culprit = Self.firstCharacterNotAllowed(in: query)
            warnings.append(DeeplinkWarning(.malformedQuery, culprit.map {
                "the query holds \"\($0)\", which a query may not contain, so Foundation re-encodes the whole query and decodes none of its %-escapes (\"%20\" stays \"%20\"); percent-encode \"\($0)\""
            } ?? "the query holds a \"%\" that starts no %-escape, so Foundation re-encodes the whole query and decodes none of its %-escapes; write a literal % as %25"))
        }

        var lastValue: [String: String?] = [:]
        var counts: [String: Int] = [:]
        var urlItemIndex: Int?
        for (index, item) in items.enumerated() {
            counts[item.name, default: 0] += 1
            lastValue[item.name] = .some(item.value)
            if item.name == "url" { urlItemIndex = index }
        }
        func value(_ name: String) -> String? { lastValue[name] ?? nil }

        let nestedURL = value("url")
        var strayNames: [String] = []
        var reportedDuplicates: Set<String> = []
        for (index, item) in items.enumerated() {
            let hasEquals = item.hasValue
            if item.name.isEmpty && !hasEquals { continue }
            let known = Self.parameterNames.contains(item.name)
            if !known {
                if let urlItemIndex, index > urlItemIndex, let nestedURL, nestedURL.utf8.contains(UInt8(ascii: "?")) {
                    strayNames.append(String(item.raw))
                } else {
                    let hint = NameSuggestion.nearest(to: item.name, among: Self.parameterNames).map { " (did you mean \"\($0)\"?)" } ?? ""
                    warnings.append(DeeplinkWarning(.unknownParameter, "unknown parameter \"\(item.name)\": the app ignores it\(hint)"))
                }
                continue
            }
            if counts[item.name, default: 0] > 1, !reportedDuplicates.contains(item.name) {
                reportedDuplicates.insert(item.name)
                let winner = value(item.name).map { "\"\($0)\"" } ?? "no value (absent)"
                warnings.append(DeeplinkWarning(.duplicateParameter, "\(item.name) is given \(counts[item.name]!) times: the last one wins, \(winner)"))
            }
            if !hasEquals {
                warnings.append(DeeplinkWarning(.valuelessParameter, "\(item.name) has no \"=\": it has no value and counts as absent"))
            } else if item.value == nil {
                warnings.append(DeeplinkWarning(.undecodableValue, "\(item.name) has %-escapes that are not UTF-8: Foundation gives no value, so it counts as absent"))
            } else if item.name != "url", let rawValue = item.rawValue, rawValue.utf8.contains(UInt8(ascii: "+")) {
                warnings.append(DeeplinkWarning(.plusInValue, "\(item.name) \"\(item.value!)\" contains \"+\": Foundation does not turn it into a space; use %20"))
            }
        }
        if !strayNames.isEmpty, let nestedURL {
            let list = strayNames.map { "\"\($0)\"" }.joined(separator: ", ")
            warnings.append(DeeplinkWarning(.unencodedURL, "\(list) look\(strayNames.count == 1 ? "s" : "") like part of the nested url \"\(nestedURL)\": the app reads \(strayNames.count == 1 ? "it" : "them") as separate parameters; percent-encode the nested url (? → %3F, & → %26, = → %3D)"))
        }

        for name in ["leftBtn", "rightBtn", "removeStack"] {
            if let raw = value(name), !FoundationBool.isConventional(raw) {
                warnings.append(DeeplinkWarning(.suspiciousBool, "\(name) \"\(raw)\" is read as \(FoundationBool.value(of: raw)) (NSString.boolValue looks at the first significant character); write true or false"))
            }
        }
        for name in ["navigationColor", "statusBarColor", "tintColor"] {
            guard let raw = value(name) else { continue }
            let reading = HexColor(parameter: raw)
            if !reading.isWellFormed {
                let detail = [3, 6, 8].contains(reading.trimmed.count)
                    ? "only \(reading.digitsRead) of its \(reading.trimmed.count) characters are hex digits"
                    : "\"\(reading.trimmed)\" has \(reading.trimmed.count) characters, not 3, 6 or 8"
                warnings.append(DeeplinkWarning(.invalidColor, "\(name) \"\(raw)\" is not 3, 6 or 8 hex digits: \(detail); it resolves to \(reading.color.hex)"))
            }
            if reading.trimmed.count == 8, reading.alpha != 0xFF {
                let alpha = RGBColor(red: reading.alpha, green: 0, blue: 0).hex.dropFirst().prefix(2)
                warnings.append(DeeplinkWarning(.alphaDropped, "\(name) \"\(raw)\" has alpha \(alpha) (AARRGGBB, alpha first): the simulator shows \(reading.color.hex) opaque"))
            }
        }

        if let fragment {
            warnings.append(DeeplinkWarning(.fragment, "everything after \"#\" (\"\(fragment)\") is a fragment the app never reads; write # as %23 (navigationColor=%23FF0000)"))
        }

        let configuration = DeeplinkConfiguration(
            host: host,
            urlString: nestedURL.map { PercentEncoding.encode($0, allowing: PercentEncoding.isURLQueryAllowed) },
            title: value("title"),
            leftBtn: value("leftBtn").map(FoundationBool.value(of:)),
            rightBtn: value("rightBtn").map(FoundationBool.value(of:)),
            navigationColor: value("navigationColor"),
            statusBarColor: value("statusBarColor"),
            tintColor: value("tintColor"),
            removeStack: value("removeStack").map(FoundationBool.value(of:))
        )

        let action = profile.action(forHost: host)
        switch action {
        case .unhandled:
            if let route = profile.caseInsensitiveRoute(forHost: host) {
                warnings.append(DeeplinkWarning(.hostCase, "host \"\(host)\" matches the route \"\(route)\" only when case is ignored; the app compares hosts exactly, so this deeplink is unhandled"))
            } else {
                warnings.append(DeeplinkWarning(.unhandledHost, "no route for host \"\(host)\": the app ignores this deeplink (routes: \(profile.routes.keys.sorted().joined(separator: ", ")))"))
            }
        case .push:
            if configuration.urlString?.isEmpty ?? true {
                warnings.append(DeeplinkWarning(.missingURL, "a push without \(configuration.urlString == nil ? "a url" : "a non-empty url"): the new screen shows a blank page"))
            }
        case .pop, .popToRoot, .reload:
            if configuration.removeStack != nil {
                warnings.append(DeeplinkWarning(.ignoredRemoveStack, "removeStack is ignored on \(action.rawValue): only a push removes screens"))
            }
        }
        return Deeplink(url: url, host: host, queryItems: items, configuration: configuration, action: action, warnings: warnings)
    }

    private static func firstCharacterNotAllowed(in query: Substring) -> Character? {
        query.first { character in
            character != "%" && !character.utf8.allSatisfy(PercentEncoding.isURLQueryAllowed)
        }
    }
}
