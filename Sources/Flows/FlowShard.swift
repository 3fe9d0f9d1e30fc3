import NavigatorCore

/// One of N slices of a suite of flows (`run --shard I/N`), so that N CI machines share it.
///
/// Without timings, the flow paths are sorted and dealt out in turn: flow k (0-based, in sorted
/// order) goes to shard k mod N + 1, which keeps the slices within one flow of each other. With
/// the durations of an earlier run (`--timings FILE`), the longest flows are placed first, each
/// on the shard with the least time so far (a flow the timings do not know counts as their
/// mean). Every machine sees the same checkout and the same file, so the slices are disjoint,
/// each flow is in exactly one, and a slice is the same on every machine.
public struct FlowShard: Equatable, Sendable {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// Reads `I/N` with 1 ≤ I ≤ N.
    public init(parsing text: String) throws(UserError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UserError("--shard takes I/N, such as 2/3, got \"\(text)\"")
        }
        guard count >= 1 else { throw UserError("--shard I/N needs N of 1 or more, got \"\(text)\"") }
        guard (1...count).contains(index) else {
            throw UserError("--shard I/N needs I from 1 to N, got \"\(text)\"")
        }
        self.index = index
        self.count = count
    }

    /// The paths of this slice, in sorted order.
    public func slice(of paths: [String], timings: FlowTimings? = nil) -> [String] {
        let sorted = paths.sorted()
        guard let timings, !timings.seconds.isEmpty else {
            return sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        }
        let known = sorted.compactMap { timings.seconds[$0] }
        let mean = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        let weighted = sorted.map { (path: $0, seconds: timings.seconds[$0] ?? mean) }
            .sorted { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : $0.path < $1.path }
        var totals = [Double](repeating: 0, count: count)
        var mine: [String] = []
        for flow in weighted {
            // The shard with the least time so far; the first of equals.
            var least = 0
            for shard in 1..<count where totals[shard] < totals[least] { least = shard }
            totals[least] += flow.seconds
            if least == index - 1 { mine.append(flow.path) }
        }
        return mine.sorted()
    }
}

/// How long each flow took in an earlier run: the file `run --timings FILE` and `report merge
/// --timings FILE` write, and `--shard` balances by.
///
///     {"webnavTimings": 1, "seconds": {"flows/a.flow": 1.25, "flows/b.flow": 0.031}}
public struct FlowTimings: Equatable, Sendable {
    public var seconds: [String: Double]

    public init(seconds: [String: Double] = [:]) {
        self.seconds = seconds
    }

    /// Reads a timings file; anything else is an error naming the file, line and column.
    public static func read(_ bytes: [UInt8], path: String) throws(UserError) -> FlowTimings {
        let document = try JSONReader.parse(bytes, path: path)
        guard case .object(let members) = document.value,
              let entry = members.first(where: { $0.key.value == "seconds" }) else {
            throw UserError("a timings file is a JSON object {\"webnavTimings\": 1, \"seconds\": {PATH: SECONDS}}",
                            at: SourceLocation(path: path, line: document.line, column: document.column))
        }
        guard case .object(let flows) = entry.value.value else {
            throw UserError("\"seconds\" must be an object of flow path: seconds",
                            at: SourceLocation(path: path, line: entry.value.line, column: entry.value.column))
        }
        var seconds: [String: Double] = [:]
        for (key, value) in flows {
            guard case .number(let number) = value.value, number.isFinite, number >= 0 else {
                throw UserError("the seconds of \(JSONText.quote(key.value)) must be a number of 0 or more",
                                at: SourceLocation(path: path, line: value.line, column: value.column))
            }
            seconds[key.value] = number
        }
        return FlowTimings(seconds: seconds)
    }

    /// This run's durations over the earlier ones (flows it did not run keep theirs).
    public func updated(with results: [FlowResult]) -> FlowTimings {
        var timings = self
        for result in results where !result.isMalformed { timings.seconds[result.path] = result.seconds }
        return timings
    }

    /// The file's text, paths sorted.
    public var json: String {
        let entries = seconds.keys.sorted().map { (JSONText.quote($0), FlowReport.seconds(seconds[$0] ?? 0)) }
        let members = entries.map { "\n    \($0.0): \($0.1)" }.joined(separator: ",")
        return "{\n  \"webnavTimings\": 1,\n  \"seconds\": {\(members)\n  }\n}\n"
    }
}
