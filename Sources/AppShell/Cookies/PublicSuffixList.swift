#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Public Suffix List (publicsuffix.org): which domains are registries (`com`, `co.uk`,
/// `github.io`), so a cookie cannot be set for all of them, and which part of a host is its
/// site (`example.co.uk` for `www.example.co.uk`).
///
/// `system` reads Debian's `publicsuffix` package once, on first use; without it only the
/// list's default rule applies (every top-level label is a public suffix).
public struct PublicSuffixList: Sendable {
    private var rules: Set<String> = []
    private var wildcards: Set<String> = []
    private var exceptions: Set<String> = []

    /// Where Debian's `publicsuffix` package puts the list.
    public static let systemPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The system's list (read once per process).
    public static let system: PublicSuffixList = {
        guard let data = FileManager.default.contents(atPath: systemPath) else { return PublicSuffixList(text: "") }
        return PublicSuffixList(text: String(decoding: data, as: UTF8.self))
    }()

    /// Parses the list's text format: one rule per line, `//` comments, `*.` wildcards, `!` exceptions.
    public init(text: String) {
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            guard let rule = line.split(separator: " ", maxSplits: 1).first.map({ String($0) }),
                  !rule.isEmpty, !rule.hasPrefix("//") else { continue }
            if rule.hasPrefix("!") {
                exceptions.insert(String(rule.dropFirst()).lowercased())
            } else if rule.hasPrefix("*.") {
                wildcards.insert(String(rule.dropFirst(2)).lowercased())
            } else {
                rules.insert(rule.lowercased())
            }
        }
    }

    /// The public suffix of a host (lower-cased, no trailing dot), by the list's algorithm.
    public func publicSuffix(of host: String) -> String {
        let labels = host.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !labels.isEmpty else { return host }
        var longest = 1
        for count in 1...labels.count {
            let candidate = labels.suffix(count).joined(separator: ".")
            if exceptions.contains(candidate) { return labels.suffix(count - 1).joined(separator: ".") }
            if rules.contains(candidate) { longest = max(longest, count) }
            if count < labels.count, wildcards.contains(candidate) { longest = max(longest, count + 1) }
        }
        return labels.suffix(longest).joined(separator: ".")
    }

    /// Whether the host is itself a public suffix (`co.uk`, `github.io`).
    public func isPublicSuffix(_ host: String) -> Bool {
        publicSuffix(of: host) == host.lowercased()
    }

    /// The public suffix and one more label (`example.co.uk`), or nil for a public suffix itself.
    public func registrableDomain(of host: String) -> String? {
        let lowered = host.lowercased()
        let suffix = publicSuffix(of: lowered)
        guard lowered != suffix, lowered.hasSuffix("." + suffix) else { return nil }
        let rest = lowered.dropLast(suffix.count + 1)
        let label = rest.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? String(rest)
        return label.isEmpty ? nil : "\(label).\(suffix)"
    }
}
