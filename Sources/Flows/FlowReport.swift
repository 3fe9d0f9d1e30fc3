import NavigatorCore
import PageKit

/// The three forms of a run's results: text for people, JSON lines and JUnit XML for machines.
public enum FlowReport {
    /// `PASS path (N steps)` or `FAIL path:LINE: message`, then snapshots, the picture and the stack.
    public static func text(_ result: FlowResult) -> String {
        var lines: [String]
        if let failure = result.failure {
            let elsewhere = failure.location.path == result.path ? "" : " (in flow \(result.path))"
            lines = ["FAIL \(failure.location.path):\(failure.location.line): \(failure.message)\(elsewhere)"]
        } else {
            lines = ["PASS \(result.path) (\(result.stepsRun) step\(result.stepsRun == 1 ? "" : "s"))"]
        }
        for (index, snapshot) in result.snapshots.enumerated() {
            lines.append("  snapshot \(index + 1):")
            lines += framed(snapshot)
        }
        if let failure = result.failure {
            lines += framed(failure.picture)
            lines += failure.stackDescription.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// The closing line: `N passed, N failed`.
    public static func summary(_ results: [FlowResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        return "\(results.count - failed) passed, \(failed) failed"
    }

    /// A screen picture in a thin box, indented, so its blank rows stay visible.
    static func framed(_ picture: [String]) -> [String] {
        let width = picture.map { TerminalText.width(of: $0) }.max() ?? 0
        let rule = String(repeating: "─", count: width + 2)
        return ["  ┌\(rule)┐"] + picture.map { line in
            "  │ " + line + String(repeating: " ", count: width - TerminalText.width(of: line)) + " │"
        } + ["  └\(rule)┘"]
    }

    /// One JSON object per flow (flows.md), with the failure's path when it is an included file.
    public static func json(_ result: FlowResult) -> String {
        var failure = "null"
        if let f = result.failure {
            failure = JSONText.object([
                ("path", JSONText.quote(f.location.path)), ("line", String(f.location.line)), ("message", JSONText.quote(f.message)),
            ])
        }
        var members: [(String, String)] = [
            ("flow", JSONText.quote(result.path)),
            ("passed", result.passed ? "true" : "false"),
            ("steps", String(result.stepsRun)),
            ("failure", failure),
            ("stack", JSONText.array(result.stack.map(JSONText.quote))),
        ]
        if !result.snapshots.isEmpty {
            members.append(("snapshots", JSONText.array(result.snapshots.map { JSONText.quote($0.joined(separator: "\n")) })))
        }
        return JSONText.object(members)
    }

    /// JUnit XML: one `testcase` per flow, a `failure` with `path:line: message` and the picture.
    public static func junit(_ results: [FlowResult]) -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"webnav\" tests=\"\(results.count)\" failures=\"\(failures)\">",
            "  <testsuite name=\"webnav flows\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">",
        ]
        for result in results {
            let open = "    <testcase classname=\"webnav.flows\" name=\"\(escaped(result.path))\" file=\"\(escaped(result.path))\""
            guard let failure = result.failure else {
                xml.append(open + "/>")
                continue
            }
            let message = "\(failure.location.path):\(failure.location.line): \(failure.message)"
            let body = (failure.picture + [""] + failure.stackDescription).joined(separator: "\n")
            xml.append(open + ">")
            xml.append("      <failure message=\"\(escaped(message))\" type=\"FlowFailure\">\(escaped(message + "\n\n" + body))</failure>")
            xml.append("    </testcase>")
        }
        xml += ["  </testsuite>", "</testsuites>", ""]
        return xml.joined(separator: "\n")
    }

    /// Escapes text for XML content and attributes; drops characters XML 1.0 cannot hold.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
