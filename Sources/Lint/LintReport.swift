#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// The linter's output: compiler-style lines, JSON lines, and SARIF 2.1.0.
public enum LintReport {
    /// `PATH:LINE:COLUMN: warning[code]: message`, the path relative to `folder`.
    public static func line(_ finding: LintFinding, from folder: String) -> String {
        "\(LintPaths.display(finding.path, from: folder)):\(finding.line):\(finding.column): \(finding.severity.rawValue)[\(finding.code)]: \(finding.message)"
    }

    /// One JSON object: `path`, `line`, `column`, `code`, `severity`, `message`.
    public static func json(_ finding: LintFinding, from folder: String) -> String {
        JSONText.object([
            ("path", JSONText.quote(LintPaths.display(finding.path, from: folder))),
            ("line", String(finding.line)),
            ("column", String(finding.column)),
            ("code", JSONText.quote(finding.code)),
            ("severity", JSONText.quote(finding.severity.rawValue)),
            ("message", JSONText.quote(finding.message)),
        ])
    }

    /// The closing line: counts of errors, warnings, files, and silenced findings.
    public static func summary(_ result: LintResult) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let found = result.findings.isEmpty ? "no findings" : "\(count(result.errorCount, "error")), \(count(result.warningCount, "warning"))"
        let ignored = result.silenced.isEmpty ? "" : " (\(result.silenced.count) ignored)"
        return "webnav lint: \(found) in \(count(result.fileCount, "file"))\(ignored)"
    }

    /// A SARIF 2.1.0 log: one run, the tool's rules (every code), results with physical
    /// locations relative to `%SRCROOT%` (the current folder), silenced findings as results
    /// with an in-source suppression.
    public static func sarif(_ result: LintResult, from folder: String, version: String) -> String {
        var rules = LintCode.rules
        var ruleIndex = Dictionary(rules.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
        for finding in result.findings + result.silenced.map(\.finding) where ruleIndex[finding.code] == nil {
            ruleIndex[finding.code] = rules.count
            rules.append(LintCode.rule(for: finding.code))
        }
        let root = URL(fileURLWithPath: folder, isDirectory: true).absoluteString
        let ruleObjects = rules.map { rule in
            JSONText.object([
                ("id", JSONText.quote(rule.code)),
                ("shortDescription", JSONText.object([("text", JSONText.quote(rule.summary))])),
                ("defaultConfiguration", JSONText.object([("level", JSONText.quote(rule.severity.rawValue))])),
            ])
        }
        func resultObject(_ finding: LintFinding, suppression: String?) -> String {
            let display = LintPaths.display(finding.path, from: folder)
            var artifact: [(String, String)]
            if display.hasPrefix("/") {
                artifact = [("uri", JSONText.quote(URL(fileURLWithPath: finding.path).absoluteString))]
            } else {
                artifact = [("uri", JSONText.quote(relativeURI(display))), ("uriBaseId", JSONText.quote("%SRCROOT%"))]
            }
            var members: [(String, String)] = [
                ("ruleId", JSONText.quote(finding.code)),
                ("ruleIndex", String(ruleIndex[finding.code] ?? 0)),
                ("level", JSONText.quote(finding.severity.rawValue)),
                ("message", JSONText.object([("text", JSONText.quote(finding.message))])),
                ("locations", JSONText.array([JSONText.object([
                    ("physicalLocation", JSONText.object([
                        ("artifactLocation", JSONText.object(artifact)),
                        ("region", JSONText.object([("startLine", String(finding.line)), ("startColumn", String(finding.column))])),
                    ])),
                ])])),
            ]
            if let suppression {
                members.append(("suppressions", JSONText.array([JSONText.object([
                    ("kind", JSONText.quote("inSource")), ("justification", JSONText.quote(suppression)),
                ])])))
            }
            return JSONText.object(members)
        }
        let results = result.findings.map { resultObject($0, suppression: nil) }
            + result.silenced.map { resultObject($0.finding, suppression: $0.reason) }
        let run = JSONText.object([
            ("tool", JSONText.object([("driver", JSONText.object([
                ("name", JSONText.quote("webnav lint")),
                ("version", JSONText.quote(version)),
                ("rules", JSONText.array(ruleObjects)),
            ]))])),
            ("originalUriBaseIds", JSONText.object([("%SRCROOT%", JSONText.object([("uri", JSONText.quote(root))]))])),
            ("columnKind", JSONText.quote("unicodeCodePoints")),
            ("results", JSONText.array(results)),
        ])
        return JSONText.object([
            ("$schema", JSONText.quote("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")),
            ("version", JSONText.quote("2.1.0")),
            ("runs", JSONText.array([run])),
        ]) + "\n"
    }

    /// A relative path as a URI reference: each segment percent-encoded (RFC 3986 `pchar`).
    static func relativeURI(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            var encoded = ""
            for byte in segment.utf8 {
                let isUnreserved = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                    || "-._~!$&'()*+,;=@".utf8.contains(byte)
                if isUnreserved {
                    encoded.unicodeScalars.append(UnicodeScalar(byte))
                } else {
                    let hex = Array("0123456789ABCDEF".unicodeScalars)
                    encoded.unicodeScalars.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                }
            }
            return encoded
        }.joined(separator: "/")
    }
}
