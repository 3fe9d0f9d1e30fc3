import NavigatorCore
import PageKit

/// The three forms of a run's results: text for people, JSON lines and JUnit XML for machines.
public enum FlowReport {
    /// `PASS path (N steps)` or `FAIL path:LINE: message`, then snapshots, the picture and the stack.
    public static func text(_ result: FlowResult) -> String {
        var report = ""
        text(result) { report += $0 }
        return report
    }

    /// The text report in pieces (one snapshot at a time), each piece ending in a newline but
    /// the last; `write` may throw to stop.
    public static func text<Failure: Error>(_ result: FlowResult, write: (String) throws(Failure) -> Void) throws(Failure) {
        if let failure = result.failure {
            let elsewhere = failure.location.path == result.path ? "" : " (in flow \(result.path))"
            try write("FAIL \(failure.location.path):\(failure.location.line): \(failure.message)\(elsewhere)")
        } else {
            try write("PASS \(result.path) (\(result.stepsRun) step\(result.stepsRun == 1 ? "" : "s"))")
        }
        for index in 0..<result.snapshots.count {
            try write("\n" + (["  snapshot \(index + 1):"] + framed(result.snapshots.snapshot(at: index))).joined(separator: "\n"))
        }
        if let failure = result.failure {
            try write("\n" + (framed(failure.picture) + failure.stackDescription.map { "  " + $0 }).joined(separator: "\n"))
        }
        if !result.artifacts.isEmpty {
            try write("\n  pictures: " + result.artifacts.joined(separator: ", "))
        }
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
        var report = ""
        json(result) { report += $0 }
        return report
    }

    /// The JSON object in pieces, one snapshot at a time.
    public static func json<Failure: Error>(_ result: FlowResult, write: (String) throws(Failure) -> Void) throws(Failure) {
        var failure = "null"
        if let f = result.failure {
            failure = JSONText.object([
                ("path", JSONText.quote(f.location.path)), ("line", String(f.location.line)), ("message", JSONText.quote(f.message)),
            ])
        }
        let members: [(String, String)] = [
            ("flow", JSONText.quote(result.path)),
            ("passed", result.passed ? "true" : "false"),
            ("steps", String(result.stepsRun)),
            ("failure", failure),
            ("stack", JSONText.array(result.stack.map(JSONText.quote))),
            ("artifacts", JSONText.array(result.artifacts.map(JSONText.quote))),
        ]
        let object = JSONText.object(members)
        guard !result.snapshots.isEmpty else { return try write(object) }
        try write(object.dropLast() + ",\"snapshots\":[")
        for index in 0..<result.snapshots.count {
            try write((index == 0 ? "" : ",") + JSONText.quote(result.snapshots.snapshot(at: index).joined(separator: "\n")))
        }
        try write("]}")
    }

    /// A flow file that could not be parsed, for the JUnit report: its path and the error.
    public struct Malformed: Sendable {
        public var path: String
        public var error: UserError

        public init(path: String, error: UserError) {
            self.path = path
            self.error = error
        }
    }

    /// JUnit XML: one `testcase` per flow, a `failure` with `path:line: message` and the picture.
    /// Malformed flows are failing testcases too (type `FlowParseError`); `skipped` lists the
    /// flows that were not run because another was malformed.
    public static func junit(_ results: [FlowResult], malformed: [Malformed] = [], skipped: [String] = [],
                             skippedMessage: String = "not run: another flow is malformed") -> String {
        let failures = results.filter { !$0.passed }.count + malformed.count
        let tests = results.count + malformed.count + skipped.count
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"webnav\" tests=\"\(tests)\" failures=\"\(failures)\">",
            "  <testsuite name=\"webnav flows\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped.count)\">",
        ]
        for flow in malformed {
            let message = flow.error.description
            xml.append("    <testcase classname=\"webnav.flows\" name=\"\(escaped(flow.path))\" file=\"\(escaped(flow.path))\">")
            xml.append("      <failure message=\"\(escaped(message))\" type=\"FlowParseError\">\(escaped(message))</failure>")
            xml.append("    </testcase>")
        }
        for path in skipped {
            xml.append("    <testcase classname=\"webnav.flows\" name=\"\(escaped(path))\" file=\"\(escaped(path))\">")
            xml.append("      <skipped message=\"\(escaped(skippedMessage))\"/>")
            xml.append("    </testcase>")
        }
        for result in results {
            let open = "    <testcase classname=\"webnav.flows\" name=\"\(escaped(result.path))\" file=\"\(escaped(result.path))\""
            guard result.failure != nil || !result.artifacts.isEmpty else {
                xml.append(open + "/>")
                continue
            }
            xml.append(open + ">")
            if let failure = result.failure {
                let message = "\(failure.location.path):\(failure.location.line): \(failure.message)"
                let body = (failure.picture + [""] + failure.stackDescription).joined(separator: "\n")
                xml.append("      <failure message=\"\(escaped(message))\" type=\"FlowFailure\">\(escaped(message + "\n\n" + body))</failure>")
            }
            if !result.artifacts.isEmpty {
                // The pictures, as the JUnit attachments convention (Jenkins, GitLab) links them.
                let attachments = result.artifacts.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n")
                xml.append("      <system-out>\(escaped(attachments))</system-out>")
            }
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
