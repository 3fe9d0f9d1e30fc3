import Foundation
import NavigatorCore

/// Reads flow files into steps; any mistake is a `PATH:LINE:COLUMN` error before anything runs.
public struct FlowParser: Sendable {
    /// Reads a file's bytes; injected so the parser itself reaches no file system.
    public typealias FileReader = @Sendable (URL) throws -> Data

    private let readFile: FileReader

    public init(readFile: @escaping FileReader) {
        self.readFile = readFile
    }

    /// Parses the flow at `path` (as the user wrote it), expanding `include`s.
    public func parse(path: String) throws(UserError) -> Flow {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try readFile(url) } catch {
            throw UserError("cannot read flow: \(Self.describe(error))", path: path)
        }
        return Flow(path: path, steps: try parse(data, path: path, url: url.standardizedFileURL, including: []))
    }

    /// Parses several flow files on up to `jobs` threads; the results keep the order of `paths`.
    public func parse(paths: [String], jobs: Int) -> [Result<Flow, UserError>] {
        var results: [Result<Flow, UserError>] = []
        OrderedParallelMap.run(count: paths.count, jobs: jobs, work: { index in
            Result { () throws(UserError) -> Flow in try parse(path: paths[index]) }
        }, deliver: { results.append($0) })
        return results
    }

    /// Parses flow text already in memory (the `:` command line, tests).
    public func parse(text: String, path: String, folder: URL) throws(UserError) -> [FlowStep] {
        try parse(Data(text.utf8), path: path, url: folder.appendingPathComponent(path), including: [])
    }

    private func parse(_ data: Data, path: String, url: URL, including chain: [URL]) throws(UserError) -> [FlowStep] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw UserError("the flow is not valid UTF-8 text", path: path)
        }
        let folder = url.deletingLastPathComponent()
        var steps: [FlowStep] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let tokens = try FlowTokenizer.tokens(in: line, path: path, line: lineNumber)
            guard let first = tokens.first else { continue }
            let location = SourceLocation(path: path, line: lineNumber, column: first.column)
            let source = Self.trimmingSpacesAndTabs(line)
            if first.text == "include", !first.isQuoted {
                steps += try include(tokens, location: location, folder: folder, path: path, chain: chain + [url])
                continue
            }
            let command = try FlowCommandParser(tokens: tokens, path: path, line: lineNumber).command()
            steps.append(FlowStep(command: command, location: location, folder: folder, source: source))
        }
        return steps
    }

    private func include(_ tokens: [FlowToken], location: SourceLocation, folder: URL, path: String, chain: [URL]) throws(UserError) -> [FlowStep] {
        guard tokens.count == 2 else {
            throw UserError("include takes one argument, a flow file path (got \(tokens.count - 1))", at: location)
        }
        let argument = tokens[1]
        let argumentLocation = SourceLocation(path: path, line: location.line, column: argument.column)
        let target = URL(fileURLWithPath: argument.text, relativeTo: folder).standardizedFileURL
        if let start = chain.firstIndex(of: target) {
            let cycle = (chain[start...] + [target]).map(\.lastPathComponent).joined(separator: " → ")
            throw UserError("include cycle: \(cycle)", at: argumentLocation)
        }
        let data: Data
        do { data = try readFile(target) } catch {
            throw UserError("cannot include \"\(argument.text)\": \(Self.describe(error))", at: argumentLocation)
        }
        let includedPath = Self.displayPath(of: target, relativeTo: path, folder: folder, written: argument.text)
        return try parse(data, path: includedPath, url: target, including: chain)
    }

    /// The included file's path as messages show it: beside the including file's path.
    private static func displayPath(of target: URL, relativeTo includingPath: String, folder: URL, written: String) -> String {
        if written.hasPrefix("/") { return written }
        let includingFolder = (includingPath as NSString).deletingLastPathComponent
        return includingFolder.isEmpty ? written : (includingFolder as NSString).appendingPathComponent(written)
    }

    private static func trimmingSpacesAndTabs(_ line: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(line[first...last])
    }

    /// A file error as a short reason ("No such file", "Permission denied", …).
    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "No such file"
            case NSFileReadNoPermissionError: return "Permission denied"
            default: break
            }
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// A word or quoted string of a flow line, with its 1-based column.
struct FlowToken: Equatable {
    var text: String
    var column: Int
    var isQuoted: Bool
}

/// Splits a flow line into tokens: bare words and `"quoted strings"` with `\"` and `\\` escapes.
///
/// `#` starts a comment where a token would start, unless a digit follows (`tap #3`); inside a
/// word (`page.html#top`) or a quoted string it is an ordinary character.
enum FlowTokenizer {
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), quote = UInt8(ascii: "\""),
                       backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")

    /// Splits one line; the syntax is all ASCII, so it is read as UTF-8 bytes, and a column is
    /// counted in characters only when a token or an error needs one.
    static func tokens(in line: Substring, path: String, line number: Int) throws(UserError) -> [FlowToken] {
        var tokens: [FlowToken] = []
        let utf8 = line.utf8
        var index = utf8.startIndex
        func column(_ at: Substring.UTF8View.Index) -> Int { line[line.startIndex..<at].count + 1 }
        func location(_ at: Substring.UTF8View.Index) -> SourceLocation {
            SourceLocation(path: path, line: number, column: column(at))
        }
        func isDigit(_ at: Substring.UTF8View.Index) -> Bool {
            at < utf8.endIndex && utf8[at] >= UInt8(ascii: "0") && utf8[at] <= UInt8(ascii: "9")
        }
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == space || byte == tab { utf8.formIndex(after: &index); continue }
            if byte == hash, !isDigit(utf8.index(after: index)) { break }
            let start = index
            if byte == quote {
                var text: [UInt8] = []
                utf8.formIndex(after: &index)
                var closed = false
                while index < utf8.endIndex {
                    let next = utf8[index]
                    if next == quote { closed = true; utf8.formIndex(after: &index); break }
                    if next == backslash {
                        let escapedIndex = utf8.index(after: index)
                        guard escapedIndex < utf8.endIndex else { break }
                        let escaped = utf8[escapedIndex]
                        guard escaped == quote || escaped == backslash else {
                            throw UserError("unknown escape \\\(line[escapedIndex]) in a string (only \\\" and \\\\)", at: location(index))
                        }
                        text.append(escaped)
                        index = utf8.index(after: escapedIndex)
                        continue
                    }
                    text.append(next)
                    utf8.formIndex(after: &index)
                }
                guard closed else { throw UserError("unterminated string", at: location(start)) }
                if index < utf8.endIndex, utf8[index] != space, utf8[index] != tab {
                    throw UserError("expected a space after the closing quote", at: location(index))
                }
                tokens.append(FlowToken(text: String(decoding: text, as: UTF8.self), column: column(start), isQuoted: true))
            } else {
                while index < utf8.endIndex, utf8[index] != space, utf8[index] != tab { utf8.formIndex(after: &index) }
                tokens.append(FlowToken(text: String(line[start..<index]), column: column(start), isQuoted: false))
            }
        }
        return tokens
    }
}
