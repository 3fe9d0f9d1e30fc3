import NavigatorCore
import PageKit

/// The three forms of a run's results: text for people, JSON lines and JUnit XML for machines.
public enum FlowReport {
    /// `PASS path (N steps)` or `FAIL path:LINE: message`, then snapshots, the picture and the stack.
    public static func text(_ result: FlowResult, trace: Bool = false) -> String {
        var report = ""
        text(result, trace: trace) { report += $0 }
        return report
    }

    /// The text report in pieces (one snapshot at a time), each piece ending in a newline but
    /// the last; `write` may throw to stop. With `trace`, what each step did follows the first line.
    public static func text<Failure: Error>(_ result: FlowResult, trace: Bool = false, write: (String) throws(Failure) -> Void) throws(Failure) {
        try write(headline(result))
        if trace {
            for line in traceLines(result) { try write("\n" + line) }
        }
        for index in 0..<result.snapshots.count {
            try write("\n" + (["  snapshot \(index + 1):"] + framed(result.snapshots.snapshot(at: index))).joined(separator: "\n"))
        }
        if let failure = result.failure, !result.isMalformed {
            try write("\n" + (framed(failure.picture) + failure.stackDescription.map { "  " + $0 }).joined(separator: "\n"))
        }
        if !result.artifacts.isEmpty {
            try write("\n  pictures: " + result.artifacts.joined(separator: ", "))
        }
    }

    /// The first line: `PASS path (N steps)`, `FAIL path:LINE: message`, or for a flow that
    /// does not parse `FAIL path:LINE:COLUMN: error: message`.
    public static func headline(_ result: FlowResult) -> String {
        guard let failure = result.failure else {
            return "PASS \(result.path) (\(result.stepsRun) step\(result.stepsRun == 1 ? "" : "s"))"
        }
        if result.isMalformed {
            // A file that cannot be read has no line: its path and the reason.
            return failure.location.line == 0 ? "FAIL \(failure.location.path): \(failure.message)"
                : "FAIL \(UserError(failure.message, at: failure.location).description)"
        }
        let elsewhere = failure.location.path == result.path ? "" : " (in flow \(result.path))"
        return "FAIL \(failure.location.path):\(failure.location.line): \(failure.message)\(elsewhere)"
    }

    /// The trace under the first line: each step with its mark (✓ passed, ✗ failed, ↻ failed and
    /// retried), its line, the step (and the step as run when it held variables), the app's clock,
    /// then what happened, indented.
    public static func traceLines(_ result: FlowResult) -> [String] {
        var lines: [String] = []
        func add(_ record: StepRecord) {
            let mark = record.line == 0 ? "▸" : record.outcome == .passed ? "✓" : record.outcome == .failed ? "✗" : "↻"
            let place = record.line == 0 ? "" : (record.path == result.path ? "\(record.line)" : "\(LocalPath.lastComponent(record.path)):\(record.line)") + " "
            let resolved = record.resolved.map { " → \($0)" } ?? ""
            lines.append("  \(mark) \(place)\(record.step)\(resolved)  [\(FlowDuration.text(record.time))]")
            if let message = record.message { lines.append("      \(record.outcome == .retried ? "failed, retried: " : "")\(message)") }
            for note in record.notes { lines.append("      \(note)") }
        }
        if let launch = result.launch { add(launch) }
        // The failing step is kept after the limit: the note of the steps left out goes before it.
        let failureAfterLimit = result.recordsOmitted > 0 && result.records.count > FlowRunner.maximumRecords
        let omitted = "  … \(result.recordsOmitted) more steps not kept"
        for (index, record) in result.records.enumerated() {
            if failureAfterLimit, index == result.records.count - 1 { lines.append(omitted) }
            add(record)
        }
        if result.recordsOmitted > 0, !failureAfterLimit { lines.append(omitted) }
        return lines
    }

    /// The closing line: `N passed, N failed` (a flow that does not parse counts as failed).
    public static func summary(_ results: [FlowResult]) -> String {
        let failed = results.filter { !$0.passed }.count
        return "\(results.count - failed) passed, \(failed) failed"
    }

    /// The exit status a run with these results gives: 2 when a flow does not parse, 1 when one
    /// failed, else 0.
    public static func exitStatus(_ results: [FlowResult]) -> Int32 {
        results.contains(where: \.isMalformed) ? 2 : results.allSatisfy(\.passed) ? 0 : 1
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

    /// Real seconds with millisecond precision, as JSON and JUnit write them.
    public static func seconds(_ value: Double) -> String {
        let milliseconds = Int((max(0, value) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// A step's record as JSON.
    static func json(_ record: StepRecord) -> String {
        JSONText.object([
            ("path", JSONText.quote(record.path)), ("line", String(record.line)), ("step", JSONText.quote(record.step)),
            ("resolved", record.resolved.map(JSONText.quote) ?? "null"), ("outcome", JSONText.quote(record.outcome.rawValue)),
            ("message", record.message.map(JSONText.quote) ?? "null"), ("virtualTime", milliseconds(record.time)),
            ("notes", JSONText.array(record.notes.map(JSONText.quote))), ("snapshot", record.snapshot.map(String.init) ?? "null"),
        ])
    }

    /// The JSON object in pieces, one snapshot at a time.
    public static func json<Failure: Error>(_ result: FlowResult, write: (String) throws(Failure) -> Void) throws(Failure) {
        var failure = "null"
        if let f = result.failure {
            failure = JSONText.object([
                ("path", JSONText.quote(f.location.path)), ("line", String(f.location.line)),
                ("column", f.location.column.map(String.init) ?? "null"), ("message", JSONText.quote(f.message)),
            ])
        }
        let members: [(String, String)] = [
            ("flow", JSONText.quote(result.path)),
            ("passed", result.passed ? "true" : "false"),
            ("malformed", result.isMalformed ? "true" : "false"),
            ("stepsRun", String(result.stepsRun)),
            ("failure", failure),
            ("stack", JSONText.array(result.stack.map(JSONText.quote))),
            ("artifacts", JSONText.array(result.artifacts.map(JSONText.quote))),
            ("seconds", seconds(result.seconds)),
            ("virtualTime", milliseconds(result.virtualTime)),
            ("launch", result.launch.map(json) ?? "null"),
            ("steps", JSONText.array(result.records.map(json))),
            ("stepsOmitted", String(result.recordsOmitted)),
        ]
        let object = JSONText.object(members)
        guard !result.snapshots.isEmpty else { return try write(object) }
        try write(object.dropLast() + ",\"snapshots\":[")
        for index in 0..<result.snapshots.count {
            try write((index == 0 ? "" : ",") + JSONText.quote(result.snapshots.snapshot(at: index).joined(separator: "\n")))
        }
        try write("]}")
    }

    /// JUnit XML: one `testcase` per flow, in the order of `results`, each with its real `time`:
    /// a `failure` with `path:line: message` and the picture (type `FlowParseError` for a flow
    /// that does not parse), and in `system-out` the trace and the pictures it left. `skipped`
    /// are the flows that did not run to the end (Ctrl-C), listed after them.
    public static func junit(_ results: [FlowResult], skipped: [String] = [], skippedMessage: String = "not run: interrupted") -> String {
        let failures = results.filter { !$0.passed }.count
        let tests = results.count + skipped.count
        let time = seconds(results.reduce(0) { $0 + $1.seconds })
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"webnav\" tests=\"\(tests)\" failures=\"\(failures)\" time=\"\(time)\">",
            "  <testsuite name=\"webnav flows\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped.count)\" time=\"\(time)\">",
        ]
        for result in results {
            xml += testcase(result)
        }
        for path in skipped {
            xml.append("    <testcase classname=\"webnav.flows\" name=\"\(escaped(path))\" file=\"\(escaped(path))\">")
            xml.append("      <skipped message=\"\(escaped(skippedMessage))\"/>")
            xml.append("    </testcase>")
        }
        xml += ["  </testsuite>", "</testsuites>", ""]
        return xml.joined(separator: "\n")
    }

    /// One flow's `testcase` element, as lines.
    public static func testcase(_ result: FlowResult) -> [String] {
        let open = "    <testcase classname=\"webnav.flows\" name=\"\(escaped(result.path))\" file=\"\(escaped(result.path))\" time=\"\(seconds(result.seconds))\""
        let trace = result.isMalformed ? [] : traceLines(result)
        guard result.failure != nil || !result.artifacts.isEmpty || !trace.isEmpty else { return [open + "/>"] }
        var xml = [open + ">"]
        if let failure = result.failure {
            if result.isMalformed {
                let message = String(headline(result).dropFirst(5))
                xml.append("      <failure message=\"\(escaped(message))\" type=\"FlowParseError\">\(escaped(message))</failure>")
            } else {
                let message = "\(failure.location.path):\(failure.location.line): \(failure.message)"
                let body = (failure.picture + [""] + failure.stackDescription).joined(separator: "\n")
                xml.append("      <failure message=\"\(escaped(message))\" type=\"FlowFailure\">\(escaped(message + "\n\n" + body))</failure>")
            }
        }
        // The pictures, as the JUnit attachments convention (Jenkins, GitLab) links them, after the trace.
        let out = trace + result.artifacts.map { "[[ATTACHMENT|\($0)]]" }
        if !out.isEmpty { xml.append("      <system-out>\(escaped(out.joined(separator: "\n")))</system-out>") }
        xml.append("    </testcase>")
        return xml
    }

    /// Text for XML content and attributes: controls (line breaks and tabs aside), C1 and bidi
    /// overrides shown as escapes as on standard output (VisibleText), markup escaped, and the
    /// two non-characters XML 1.0 cannot hold dropped.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in VisibleText.escaping(text, keepingLines: true).unicodeScalars {
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
