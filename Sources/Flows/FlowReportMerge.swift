import NavigatorCore

/// `webnav report merge`: the JSON lines and JUnit files of a run's shards made into the
/// reports one run of all the flows would have written (flows sorted by path, as `--shard`
/// deals them), with the exit status that run would have had.
public struct FlowReportMerge {
    /// One flow as a shard reported it.
    struct Entry {
        var flow: String
        var passed: Bool
        var malformed: Bool
        var seconds: Double
        /// The report's own text for the flow (a JSON line, or a `testcase` element's lines).
        var text: String
        var source: String
    }

    private var json: [Entry] = []
    private var junit: [Entry] = []

    public init() {}

    /// Whether any JSON lines were read.
    public var hasJSON: Bool { !json.isEmpty }
    /// Whether any JUnit testcases were read.
    public var hasJUnit: Bool { !junit.isEmpty }

    /// Reads one shard's report: JUnit XML when it starts with `<`, else JSON lines. Errors name
    /// the file, line and column.
    public mutating func add(_ bytes: [UInt8], path: String) throws(UserError) {
        let text = String(decoding: bytes, as: UTF8.self)
        let start = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        if start.hasPrefix("<") {
            junit += try Self.testcases(text, path: path)
        } else {
            json += try Self.jsonLines(text, path: path)
        }
    }

    /// The merged JSON lines, one flow per line, sorted by path.
    public func mergedJSON() throws(UserError) -> String {
        try Self.sorted(json).map { $0.text + "\n" }.joined()
    }

    /// The merged JUnit XML, testcases sorted by path, counts and times summed.
    public func mergedJUnit() throws(UserError) -> String {
        let cases = try Self.sorted(junit)
        let failures = cases.filter { !$0.passed }.count
        let time = FlowReport.seconds(cases.reduce(0) { $0 + $1.seconds })
        var xml = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"webnav\" tests=\"\(cases.count)\" failures=\"\(failures)\" time=\"\(time)\">",
            "  <testsuite name=\"webnav flows\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(time)\">",
        ]
        xml += cases.map(\.text)
        xml += ["  </testsuite>", "</testsuites>", ""]
        return xml.joined(separator: "\n")
    }

    /// The flows of the merge, from the JSON when there is some, else from the JUnit.
    private var flows: [Entry] { json.isEmpty ? junit : json }

    /// The closing line a single run prints.
    public var summary: String {
        let failed = flows.filter { !$0.passed }.count
        return "\(flows.count - failed) passed, \(failed) failed"
    }

    /// What a single run of these flows exits with: 2 when one did not parse, 1 when one failed.
    public var exitStatus: Int32 {
        flows.contains(where: \.malformed) ? 2 : flows.allSatisfy(\.passed) ? 0 : 1
    }

    /// The flows' durations, for `--timings`.
    public var timings: FlowTimings {
        FlowTimings(seconds: Dictionary(flows.filter { !$0.malformed }.map { ($0.flow, $0.seconds) }, uniquingKeysWith: { $1 }))
    }

    private static func sorted(_ entries: [Entry]) throws(UserError) -> [Entry] {
        let sorted = entries.sorted { $0.flow < $1.flow }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.flow == second.flow {
            throw UserError("the flow \(first.flow) is in two reports, \(first.source) and \(second.source): were the shards' slices the same run's?")
        }
        return sorted
    }

    // MARK: - JSON lines

    private static func jsonLines(_ text: String, path: String) throws(UserError) -> [Entry] {
        var entries: [Entry] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            guard !trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            let located = SourceLocation(path: path, line: number, column: 1)
            let document: Located<JSONValue>
            do {
                document = try JSONReader.parse(Array(trimmed.utf8), path: path)
            } catch {
                let column = error.location?.column ?? 1
                throw UserError(error.message, at: SourceLocation(path: path, line: number, column: column))
            }
            guard case .object(let members) = document.value,
                  case .string(let flow)? = members.first(where: { $0.key.value == "flow" })?.value.value,
                  case .bool(let passed)? = members.first(where: { $0.key.value == "passed" })?.value.value else {
                throw UserError("not a line of webnav run --json: an object with \"flow\" and \"passed\" was expected", at: located)
            }
            var malformed = false
            if case .bool(let flag)? = members.first(where: { $0.key.value == "malformed" })?.value.value { malformed = flag }
            var seconds = 0.0
            if case .number(let value)? = members.first(where: { $0.key.value == "seconds" })?.value.value { seconds = value }
            entries.append(Entry(flow: flow, passed: passed, malformed: malformed, seconds: seconds, text: String(trimmed), source: path))
        }
        return entries
    }

    // MARK: - JUnit

    /// The `testcase` elements of a JUnit file, each as its own lines (indented as webnav writes them).
    private static func testcases(_ text: String, path: String) throws(UserError) -> [Entry] {
        var scanner = XMLScanner(text: Array(text.utf8), path: path)
        var entries: [Entry] = []
        var sawSuites = false
        while let tag = try scanner.nextTag() {
            if tag.name == "testsuites" || tag.name == "testsuite" { sawSuites = true }
            guard tag.name == "testcase", !tag.isEnd else { continue }
            guard let name = tag.attributes["name"] else {
                throw UserError("a testcase without a name", at: scanner.location(of: tag.start))
            }
            var end = tag.end
            var failed = false
            var malformed = false
            if !tag.isEmpty {
                while true {
                    guard let inner = try scanner.nextTag() else {
                        throw UserError("the testcase \(name) has no </testcase>", at: scanner.location(of: tag.start))
                    }
                    if inner.name == "failure" || inner.name == "error", !inner.isEnd {
                        failed = true
                        if inner.attributes["type"] == "FlowParseError" { malformed = true }
                    }
                    if inner.name == "testcase", inner.isEnd { end = inner.end; break }
                }
            }
            let element = String(decoding: scanner.text[tag.start..<end], as: UTF8.self)
            entries.append(Entry(flow: name, passed: !failed, malformed: malformed,
                                 seconds: tag.attributes["time"].flatMap(Double.init) ?? 0, text: "    " + element, source: path))
        }
        guard sawSuites else { throw UserError("not a JUnit report: no <testsuites> or <testsuite>", at: SourceLocation(path: path, line: 1, column: 1)) }
        return entries
    }
}

/// Finds the tags of an XML document in order (comments, CDATA, declarations and text skipped),
/// with their attributes decoded: as much of XML as a JUnit report needs.
struct XMLScanner {
    struct Tag {
        var name: String
        var attributes: [String: String]
        var isEnd: Bool
        /// `<name … />`.
        var isEmpty: Bool
        /// Where the `<` is and where the tag ends (after its `>`).
        var start: Int
        var end: Int
    }

    let text: [UInt8]
    let path: String
    private var index = 0

    init(text: [UInt8], path: String) {
        self.text = text
        self.path = path
    }

    func location(of offset: Int) -> SourceLocation {
        var line = 1, column = 1
        for byte in text[..<min(offset, text.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(path: path, line: line, column: column)
    }

    private func starts(with prefix: String, at offset: Int) -> Bool {
        let bytes = Array(prefix.utf8)
        return offset + bytes.count <= text.count && text[offset..<(offset + bytes.count)].elementsEqual(bytes)
    }

    /// Moves past `terminator`, or fails at `start`.
    private mutating func skip(past terminator: String, from start: Int, what: String) throws(UserError) {
        let bytes = Array(terminator.utf8)
        while index + bytes.count <= text.count {
            if text[index..<(index + bytes.count)].elementsEqual(bytes) { index += bytes.count; return }
            index += 1
        }
        throw UserError("\(what) that does not end", at: location(of: start))
    }

    mutating func nextTag() throws(UserError) -> Tag? {
        while index < text.count {
            guard text[index] == UInt8(ascii: "<") else { index += 1; continue }
            let start = index
            if starts(with: "<!--", at: index) { try skip(past: "-->", from: start, what: "a comment"); continue }
            if starts(with: "<![CDATA[", at: index) { try skip(past: "]]>", from: start, what: "a CDATA section"); continue }
            if starts(with: "<?", at: index) || starts(with: "<!", at: index) { try skip(past: ">", from: start, what: "a declaration"); continue }
            index += 1
            let isEnd = index < text.count && text[index] == UInt8(ascii: "/")
            if isEnd { index += 1 }
            let nameStart = index
            while index < text.count, !Self.isSpace(text[index]), text[index] != UInt8(ascii: ">"), text[index] != UInt8(ascii: "/") { index += 1 }
            let name = String(decoding: text[nameStart..<index], as: UTF8.self)
            guard !name.isEmpty else { throw UserError("a tag without a name", at: location(of: start)) }
            var attributes: [String: String] = [:]
            while true {
                while index < text.count, Self.isSpace(text[index]) { index += 1 }
                guard index < text.count else { throw UserError("the tag <\(name)> does not end", at: location(of: start)) }
                if text[index] == UInt8(ascii: ">") {
                    index += 1
                    return Tag(name: name, attributes: attributes, isEnd: isEnd, isEmpty: false, start: start, end: index)
                }
                if starts(with: "/>", at: index) {
                    index += 2
                    return Tag(name: name, attributes: attributes, isEnd: isEnd, isEmpty: true, start: start, end: index)
                }
                let keyStart = index
                while index < text.count, text[index] != UInt8(ascii: "="), !Self.isSpace(text[index]), text[index] != UInt8(ascii: ">") { index += 1 }
                let key = String(decoding: text[keyStart..<index], as: UTF8.self)
                while index < text.count, Self.isSpace(text[index]) { index += 1 }
                guard index < text.count, text[index] == UInt8(ascii: "=") else {
                    throw UserError("the attribute \(key) of <\(name)> has no value", at: location(of: keyStart))
                }
                index += 1
                while index < text.count, Self.isSpace(text[index]) { index += 1 }
                guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
                    throw UserError("the attribute \(key) of <\(name)> has no quoted value", at: location(of: keyStart))
                }
                let quote = text[index]
                index += 1
                let valueStart = index
                while index < text.count, text[index] != quote { index += 1 }
                guard index < text.count else { throw UserError("the attribute \(key) of <\(name)> does not end", at: location(of: keyStart)) }
                attributes[key] = Self.decoded(String(decoding: text[valueStart..<index], as: UTF8.self))
                index += 1
            }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Entity and character references decoded.
    static func decoded(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var output = ""
        var rest = Substring(value)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let character = named[String(name)] {
                output += character
            } else if name.hasPrefix("#x"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                output.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                output.unicodeScalars.append(scalar)
            } else {
                output += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return output + rest
    }
}
