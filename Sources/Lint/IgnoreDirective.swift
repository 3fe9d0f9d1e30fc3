import NavigatorCore

/// `ignore CODE [CODE...][: REASON]`: what an ignore comment or attribute says. Each code
/// silences one finding in the directive's scope.
struct IgnoreDirective: Equatable, Sendable {
    var codes: [String]
    var reason: String

    /// What went wrong with a directive's text.
    enum Problem: Equatable, Error {
        case notIgnore
        case noCode
        case unknownCode(String, suggestion: String?)

        var message: String {
            switch self {
            case .notIgnore: return "a webnav-lint directive starts with \"ignore\" (ignore CODE: reason)"
            case .noCode: return "\"ignore\" names no code (ignore CODE: reason)"
            case .unknownCode(let code, let suggestion):
                return "unknown code \"\(code)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
            }
        }
    }

    /// Reads `ignore plus-in-value unknown-parameter: why`; codes may also be separated by commas.
    static func parse(_ text: String) -> Result<IgnoreDirective, Problem> {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("ignore"), trimmed.dropFirst(6).first.map({ $0 == " " || $0 == "\t" || $0 == ":" }) ?? true else {
            return .failure(.notIgnore)
        }
        let rest = trimmed.dropFirst(6)
        let colon = rest.firstIndex(of: ":")
        let codesText = colon.map { rest[..<$0] } ?? rest
        let reason = colon.map { String(rest[rest.index(after: $0)...]).trimmingSpaces } ?? ""
        let codes = codesText.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        guard !codes.isEmpty else { return .failure(.noCode) }
        for code in codes where !LintCode.silenceable.contains(code) {
            return .failure(.unknownCode(code, suggestion: NameSuggestion.nearest(to: code, among: LintCode.silenceable.sorted())))
        }
        return .success(IgnoreDirective(codes: codes, reason: reason))
    }

    /// The directive of a comment `webnav-lint: ignore …` (flows, scripts, plists); nil when the
    /// comment is no directive at all.
    static func parseComment(_ comment: String) -> Result<IgnoreDirective, Problem>? {
        let trimmed = comment.drop { $0 == " " || $0 == "\t" || $0 == "*" }
        guard trimmed.hasPrefix("webnav-lint:") else { return nil }
        return parse(String(trimmed.dropFirst("webnav-lint:".count)))
    }
}

extension String {
    var trimmingSpaces: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
