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
            let source = String(line).trimmingCharacters(in: .whitespaces)
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
    static func tokens(in line: Substring, path: String, line number: Int) throws(UserError) -> [FlowToken] {
        var tokens: [FlowToken] = []
        let characters = Array(line)
        var index = 0
        func location(_ at: Int) -> SourceLocation { SourceLocation(path: path, line: number, column: at + 1) }
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" { index += 1; continue }
            if character == "#", !(index + 1 < characters.count && characters[index + 1].isASCII && characters[index + 1].isNumber) {
                break
            }
            let start = index
            if character == "\"" {
                var text = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\"" { closed = true; index += 1; break }
                    if next == "\\" {
                        guard index + 1 < characters.count else { break }
                        let escaped = characters[index + 1]
                        guard escaped == "\"" || escaped == "\\" else {
                            throw UserError("unknown escape \\\(escaped) in a string (only \\\" and \\\\)", at: location(index))
                        }
                        text.append(escaped)
                        index += 2
                        continue
                    }
                    text.append(next)
                    index += 1
                }
                guard closed else { throw UserError("unterminated string", at: location(start)) }
                if index < characters.count, characters[index] != " ", characters[index] != "\t" {
                    throw UserError("expected a space after the closing quote", at: location(index))
                }
                tokens.append(FlowToken(text: text, column: start + 1, isQuoted: true))
            } else {
                while index < characters.count, characters[index] != " ", characters[index] != "\t" { index += 1 }
                tokens.append(FlowToken(text: String(characters[start..<index]), column: start + 1, isQuoted: false))
            }
        }
        return tokens
    }
}
