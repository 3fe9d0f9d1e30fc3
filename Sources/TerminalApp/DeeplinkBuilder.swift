import NavigatorCore
import TerminalUI
import URLKit

/// The deeplink builder (`B`): a form for each part of a deeplink, the link it makes, and
/// what the app makes of it (its bar and the linter's warnings), all as you type.
///
/// Text fields are edited by typing; the host cycles with ← and →; the booleans cycle
/// absent → true → false with Space. Each value is percent-encoded so that the app reads back
/// exactly what was typed (Foundation's query rules: `+` stays a plus, so it is encoded too).
struct DeeplinkBuilder: Equatable {
    enum Field: String, CaseIterable {
        case host, url, title, leftBtn, rightBtn, navigationColor, statusBarColor, tintColor, removeStack

        var isFlag: Bool { [.leftBtn, .rightBtn, .removeStack].contains(self) }
        var isText: Bool { !isFlag && self != .host }
    }

    let scheme: String
    let hosts: [String]
    var hostIndex = 0
    var texts: [Field: String] = [:]
    var flags: [Field: Bool] = [:]
    var selected: Field = .host

    init(profile: AppProfile) {
        scheme = profile.schemes.first ?? "mkwebview"
        let routed = profile.routes.keys.sorted { left, right in
            let order: [RouteAction] = [.push, .pop, .popToRoot, .reload, .unhandled]
            let leftRank = order.firstIndex(of: profile.action(forHost: left)) ?? order.count
            let rightRank = order.firstIndex(of: profile.action(forHost: right)) ?? order.count
            return leftRank != rightRank ? leftRank < rightRank : left < right
        }
        // The usual push host first: the one a new link most often wants.
        hosts = routed.isEmpty ? ["webview"] : (routed.contains("webview") ? ["webview"] + routed.filter { $0 != "webview" } : routed)
    }

    var host: String { hosts[hostIndex] }

    /// The deeplink the fields make.
    var url: String {
        var items: [String] = []
        for field in Field.allCases where field != .host {
            if field.isFlag, let flag = flags[field] {
                items.append("\(field.rawValue)=\(flag)")
            } else if let text = texts[field], !text.isEmpty {
                items.append("\(field.rawValue)=\(Self.encoded(text))")
            }
        }
        return "\(scheme)://\(host)" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// What the app makes of the link: kind, route, bar and warnings.
    func classification(profile: AppProfile) -> URLClassification {
        URLClassifier(profile: profile).classify(url)
    }

    /// The value a field shows.
    func display(_ field: Field) -> String {
        switch field {
        case .host: return "‹ \(host) ›"
        case _ where field.isFlag: return flags[field].map { "\($0)" } ?? "—"
        default: return texts[field] ?? ""
        }
    }

    // MARK: - Editing

    mutating func moveSelection(by offset: Int) {
        let fields = Field.allCases
        let index = fields.firstIndex(of: selected) ?? 0
        selected = fields[(index + offset + fields.count) % fields.count]
    }

    mutating func cycleHost(by offset: Int) {
        hostIndex = (hostIndex + offset + hosts.count) % hosts.count
    }

    mutating func toggleFlag() {
        guard selected.isFlag else { return }
        switch flags[selected] {
        case nil: flags[selected] = true
        case true?: flags[selected] = false
        case false?: flags[selected] = nil
        }
    }

    mutating func type(_ character: Character) {
        guard selected.isText else { return }
        texts[selected, default: ""].append(character)
    }

    mutating func deleteBackward() {
        guard selected.isText, var text = texts[selected], !text.isEmpty else { return }
        text.removeLast()
        texts[selected] = text
    }

    mutating func clearField() {
        if selected.isText { texts[selected] = nil } else if selected.isFlag { flags[selected] = nil }
    }

    /// A value as a query item value: everything but unreserved characters and `/:@!$'()*,;?`
    /// is percent-encoded (`&`, `=`, `#`, `+`, spaces and non-ASCII included).
    static func encoded(_ text: String) -> String {
        PercentEncoding.encode(text) { byte in
            PercentEncoding.isUnreserved(byte) || "/:@!$'()*,;?".utf8.contains(byte)
        }
    }

    /// The panel's content: each field, the link, and what the app makes of it.
    func panelContent(profile: AppProfile) -> BuilderPanelContent {
        let classification = classification(profile: profile)
        let rows = Field.allCases.map { BuilderPanelContent.Row(name: $0.rawValue, value: display($0), isSelected: $0 == selected,
                                                               isText: $0.isText) }
        var outcome: String
        switch classification.kind {
        case .deeplink:
            outcome = "\(classification.deeplink?.action.rawValue ?? "?") (host \"\(host)\")"
        default:
            outcome = "\(classification.kind.rawValue)\(classification.reason.map { ": \($0)" } ?? "")"
        }
        let warnings = classification.deeplink?.warnings.map { "\($0.code.rawValue): \($0.message)" } ?? []
        let hints = selected.isText ? "type to edit · Ctrl-Y copy · Enter open · Esc close"
            : "y copy · Enter open · Esc close"
        return BuilderPanelContent(rows: rows, url: url, outcome: outcome, warnings: warnings, hints: hints)
    }

    /// The bar the link would give a pushed screen, for the device's live preview.
    func previewAppearance(profile: AppProfile) -> BarAppearance? {
        classification(profile: profile).deeplink.map { BarAppearance(configuration: $0.configuration) }
    }
}
