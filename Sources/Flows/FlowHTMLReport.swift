import NavigatorCore

/// `run --html DIR`: one self-contained page (no script, no file beside it) with every flow
/// and step, its outcome, the app's clock, the trace, and the screen as SVG at each snapshot
/// and at the failure. Sections are made as flows finish; `page` puts them together.
public enum FlowHTMLReport {
    /// A flow's section (`index` numbers its anchor).
    public static func section(_ result: FlowResult, index: Int) -> String {
        let outcome = result.passed ? "passed" : result.isMalformed ? "malformed" : "failed"
        var html = "<section class=\"flow \(outcome)\" id=\"flow-\(index)\">\n"
        html += "<h2><span class=\"outcome\">\(result.passed ? "PASS" : "FAIL")</span> \(escaped(result.path))</h2>\n"
        let steps = "\(result.stepsRun) step\(result.stepsRun == 1 ? "" : "s")"
        html += "<p class=\"facts\">\(steps) · \(FlowReport.seconds(result.seconds)) s · app clock \(FlowDuration.text(result.virtualTime))</p>\n"
        if result.failure != nil {
            html += "<p class=\"failure\">\(escaped(FlowReport.headline(result).dropFirst(5)))</p>\n"
            if result.isMalformed { return html + "</section>\n" }
        }
        html += "<table class=\"steps\">\n<thead><tr><th>line</th><th>step</th><th>outcome</th><th>app clock</th><th>what happened</th></tr></thead>\n<tbody>\n"
        var records = result.launch.map { [$0] } ?? []
        records += result.records
        for record in records {
            let place = record.line == 0 ? "" : (record.path == result.path ? "\(record.line)" : "\(LocalPath.lastComponent(record.path)):\(record.line)")
            let step = escaped(record.step) + (record.resolved.map { "<br><span class=\"resolved\">→ \(escaped($0))</span>" } ?? "")
            var notes = record.message.map { "<li class=\"message\">\(escaped($0))</li>" } ?? ""
            notes += record.notes.map { "<li>\(escaped($0))</li>" }.joined()
            html += "<tr class=\"\(record.outcome.rawValue)\"><td class=\"line\">\(place)</td><td class=\"step\"><code>\(step)</code></td>"
            html += "<td class=\"outcome\">\(record.outcome.rawValue)</td><td class=\"time\">\(FlowDuration.text(record.time))</td>"
            html += "<td class=\"notes\">\(notes.isEmpty ? "" : "<ul>\(notes)</ul>")</td></tr>\n"
            if let snapshot = record.snapshot, let pictures = result.snapshotPictures, snapshot < pictures.count {
                html += "<tr class=\"picture\"><td></td><td colspan=\"4\"><figure class=\"snapshot\">"
                html += inline(pictures.snapshot(at: snapshot).joined(separator: "\n"))
                html += "<figcaption>snapshot \(snapshot + 1)</figcaption></figure></td></tr>\n"
            }
        }
        if result.recordsOmitted > 0 {
            html += "<tr><td></td><td colspan=\"4\">… \(result.recordsOmitted) more steps not kept</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if let failure = result.failure {
            html += "<figure class=\"failure-picture\">"
            if let svg = failure.svg { html += inline(svg) }
            html += "<figcaption>the screen at the failure</figcaption></figure>\n"
            html += "<pre class=\"stack\">\(escaped(failure.stackDescription.joined(separator: "\n")))</pre>\n"
        }
        return html + "</section>\n"
    }

    /// The whole page around the sections, with the summary and a list of the flows.
    public static func page(sections: [String], results: [FlowResult]) -> String {
        let summary = FlowReport.summary(results)
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>webnav run: \(summary)</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #1d1d1f; }
        h1 { font-size: 1.5em; }
        .summary { font-size: 1.1em; }
        nav li.failed a, nav li.malformed a { color: #b3261e; }
        section.flow { border-top: 1px solid #ccc; margin-top: 2em; }
        .passed .outcome { color: #1b7f3a; }
        .failed .outcome, .malformed .outcome, tr.failed td.outcome { color: #b3261e; font-weight: bold; }
        tr.retried td.outcome { color: #a15c00; }
        p.failure { color: #b3261e; font-family: ui-monospace, monospace; }
        table.steps { border-collapse: collapse; width: 100%; }
        table.steps th, table.steps td { text-align: left; vertical-align: top; padding: 2px 8px; border-bottom: 1px solid #eee; }
        td.notes ul { margin: 0; padding-left: 1.2em; font-family: ui-monospace, monospace; font-size: 12px; }
        li.message { color: #b3261e; }
        .resolved { color: #555; }
        figure { margin: 0.5em 0; }
        figure svg { max-width: 100%; height: auto; }
        </style>
        </head>
        <body>
        <h1>webnav run</h1>
        <p class="summary">\(escaped(summary)) · \(FlowReport.seconds(results.reduce(0) { $0 + $1.seconds })) s</p>
        <nav><ul>

        """
        for (index, result) in results.enumerated() {
            let outcome = result.passed ? "passed" : result.isMalformed ? "malformed" : "failed"
            html += "<li class=\"\(outcome)\"><a href=\"#flow-\(index)\">\(result.passed ? "PASS" : "FAIL") \(escaped(result.path))</a></li>\n"
        }
        html += "</ul></nav>\n"
        html += sections.joined()
        return html + "</body>\n</html>\n"
    }

    /// An SVG picture for inline use: without its XML declaration.
    private static func inline(_ svg: String) -> String {
        svg.hasPrefix("<?xml") ? String(svg.drop { $0 != "\n" }.dropFirst()) : svg
    }

    static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        FlowReport.escaped(String(text))
    }
}
