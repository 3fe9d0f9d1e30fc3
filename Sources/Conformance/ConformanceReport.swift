import NavigatorCore

/// The figures of a run next to issue 22's goals.
public struct ConformanceSummary: Equatable, Sendable {
    /// One folder's WPT figures.
    public struct Folder: Equatable, Sendable {
        public var folder: String
        public var files: Int
        public var wholeFiles: Int
        public var passedSubtests: Int
        public var countedSubtests: Int
        /// The mean of the files' pass rates (each file weighs the same).
        public var meanFileRate: Double
        /// jsdom's mean per-file rate on the same files, where the issue gives one.
        public var goal: Double?
    }

    /// How often one failure message occurs.
    public struct Cause: Equatable, Sendable {
        public var message: String
        public var subtests: Int
        public var files: Int
    }

    public var treeTests: Int
    public var treePassed: Int
    public var treeFragments: Int
    public var treeFragmentsPassed: Int
    /// Failures that pass once the expected dump's DOCTYPE lines are removed.
    public var treeDoctypeOnly: Int
    /// Failures where reading the tree threw.
    public var treeExceptions: Int
    public var folders: [Folder]
    public var files: Int
    public var wholeFiles: Int
    public var passedSubtests: Int
    public var countedSubtests: Int
    /// Harness errors (the file stops at setup or throws outside a test) of files that need no testdriver.
    public var stopsAtSetup: [WPTFileResult]
    /// Files that do not end (harness timeout, no completion, real-time cap, crash) and need no testdriver.
    public var unended: [WPTFileResult]
    public var testdriver: [WPTFileResult]
    public var notRun: [WPTSkippedFile]
    public var causes: [Cause]

    /// jsdom 20.0.3's mean per-file pass rates on the same files (issue 22).
    public static let jsdomRates: [String: Double] = ["dom/nodes": 0.914, "dom/events": 0.803, "dom/traversal": 0.315, "dom/ranges": 1.0]
    /// The folders in the order the issue lists them; others follow, sorted.
    static let folderOrder = ["dom/nodes", "dom/events", "dom/traversal", "dom/ranges", "dom/collections", "dom/lists", "dom/abort", "domparsing"]
    public static let treeGoal = 0.99
    public static let subtestGoal = 0.95

    public init(_ results: ConformanceResults) {
        treeTests = results.html5lib.count
        treePassed = results.html5lib.filter(\.passed).count
        treeFragments = results.html5lib.filter(\.fragment).count
        treeFragmentsPassed = results.html5lib.filter { $0.fragment && $0.passed }.count
        let treeFailures = results.html5lib.filter { !$0.passed }
        treeDoctypeOnly = treeFailures.filter { result in
            guard let expected = result.expected, let actual = result.actual else { return false }
            let kept = expected.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .filter { !$0.starts(with: "| <!DOCTYPE ".utf8) }
            return kept.map { Array($0) } == actual.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Array($0) }
        }.count
        treeExceptions = treeFailures.filter { $0.actual?.contains("#exception: ") == true }.count

        let byFolder = Dictionary(grouping: results.wpt, by: \.folder)
        let names = Self.folderOrder.filter { byFolder[$0] != nil } + byFolder.keys.filter { !Self.folderOrder.contains($0) }.sorted()
        folders = names.map { name in
            let files = byFolder[name] ?? []
            return Folder(folder: name, files: files.count, wholeFiles: files.filter(\.passesWhole).count,
                          passedSubtests: files.map(\.passedSubtests).reduce(0, +),
                          countedSubtests: files.map(\.countedSubtests).reduce(0, +),
                          meanFileRate: files.isEmpty ? 0 : files.map(\.passRate).reduce(0, +) / Double(files.count),
                          goal: Self.jsdomRates[name])
        }
        files = results.wpt.count
        wholeFiles = results.wpt.filter(\.passesWhole).count
        passedSubtests = results.wpt.map(\.passedSubtests).reduce(0, +)
        countedSubtests = results.wpt.map(\.countedSubtests).reduce(0, +)
        stopsAtSetup = results.wpt.filter { $0.outcome == .error && !$0.needsTestdriver }
        unended = results.wpt.filter { !$0.needsTestdriver && [.timeout, .noCompletion, .realTimeCap, .crash].contains($0.outcome) }
        testdriver = results.wpt.filter(\.needsTestdriver)
        notRun = results.notRun

        var counts: [String: (subtests: Int, files: Set<String>)] = [:]
        for file in results.wpt {
            for subtest in file.subtests where !subtest.passed {
                let message = Self.cause(subtest.message.isEmpty ? subtest.status : subtest.message)
                counts[message, default: (0, [])].subtests += 1
                counts[message, default: (0, [])].files.insert(file.id)
            }
        }
        causes = counts.map { Cause(message: $0.key, subtests: $0.value.subtests, files: $0.value.files.count) }
            .sorted { ($0.subtests, $1.message) > ($1.subtests, $0.message) }
    }

    /// A failure message cut to its first line and 120 characters.
    static func cause(_ message: String) -> String {
        let line = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > 120 ? String(line.prefix(119)) + "…" : line
    }

    /// The printed report.
    public func text(source: String, causesShown: Int = 15) -> String {
        var lines: [String] = ["webnav conformance (\(source))", ""]
        lines.append("html5lib tree-construction, scripting on (\(treeTests) tests, \(treeFragments) of them fragments through innerHTML), read back through the DOM:")
        lines.append("  passed \(treePassed) of \(treeTests): \(Self.percent(treePassed, treeTests))   goal ≥ 99%   \(Self.verdict(Self.rounded(Self.rate(treePassed, treeTests)) >= Self.treeGoal))")
        lines.append("  fragments passed \(treeFragmentsPassed) of \(treeFragments); of the \(treeTests - treePassed) failures, \(treeDoctypeOnly) differ only in DOCTYPE lines, \(treeExceptions) threw while reading the tree")
        lines.append("")
        lines.append("WPT dom/ and domparsing/ (\(files) test pages, window scope):")
        let header = ["folder", "files", "whole", "subtests passed", "mean per file", "goal (jsdom)", ""]
        var rows: [[String]] = [header]
        for folder in folders {
            let goal = folder.goal.map { "≥ " + FixedPoint.text($0 * 100, digits: 1) + "%" } ?? "-"
            let verdict = folder.goal.map { Self.verdict(Self.rounded(folder.meanFileRate) >= $0) } ?? ""
            rows.append([folder.folder, "\(folder.files)", "\(folder.wholeFiles)",
                         "\(folder.passedSubtests) of \(folder.countedSubtests)",
                         FixedPoint.text(folder.meanFileRate * 100, digits: 1) + "%", goal, verdict])
        }
        lines += Self.table(rows).map { "  " + $0 }
        lines.append("  all subtests: passed \(passedSubtests) of \(countedSubtests): \(Self.percent(passedSubtests, countedSubtests))   goal ≥ 95%   \(Self.verdict(Self.rounded(Self.rate(passedSubtests, countedSubtests)) >= Self.subtestGoal))")
        lines.append("  files where every subtest passes: \(wholeFiles) of \(files)")
        lines.append("  (a harness status other than OK counts as one more failed subtest of its file)")
        lines.append("")
        lines.append("files that stop at setup (harness error, without testdriver): \(stopsAtSetup.count)   goal 0   \(Self.verdict(stopsAtSetup.isEmpty))")
        for file in stopsAtSetup {
            let frame = file.stack.split(separator: "\n").first.map { " (at \(Self.cause(String($0))))" } ?? ""
            lines.append("  \(file.id): \(Self.cause(file.message))" + frame)
        }
        lines.append("files that do not end (without testdriver): \(unended.count)   goal 0   \(Self.verdict(unended.isEmpty))")
        for file in unended { lines.append("  \(file.id): \(file.outcome.rawValue) \(Self.cause(file.message))") }
        lines.append("files that need testdriver (no automation here; not expected to end): \(testdriver.count)")
        for file in testdriver { lines.append("  \(file.id): \(file.outcome.rawValue)") }
        let reasons = Dictionary(grouping: notRun, by: \.reason).sorted { $0.key < $1.key }
        lines.append("not run: \(notRun.count) files" + (reasons.isEmpty ? "" : ": ") + reasons.map { "\($0.value.count) \($0.key)" }.joined(separator: ", "))
        if !causes.isEmpty {
            lines.append("")
            lines.append("most frequent failure messages (failed subtests, files):")
            for cause in causes.prefix(causesShown) { lines.append("  \(cause.subtests) in \(cause.files): \(cause.message)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func rate(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 0 : Double(part) / Double(whole) }

    /// A rate rounded to the one decimal of a percentage that is printed, so that a printed
    /// 91.4% meets a 91.4% goal.
    static func rounded(_ rate: Double) -> Double { (rate * 1000).rounded() / 1000 }

    static func percent(_ part: Int, _ whole: Int) -> String { FixedPoint.text(rate(part, whole) * 100, digits: 1) + "%" }

    static func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }

    /// Columns padded to their widest cell (the first left-aligned, the others right-aligned).
    static func table(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column == row.count - 1 ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmedOfSpaces
        }
    }
}
