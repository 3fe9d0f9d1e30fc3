#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import NavigatorCore
import PageKit

/// Reads flow files into steps; any mistake is a `PATH:LINE:COLUMN` error before anything runs.
///
/// Lines end in LF or CRLF, and a UTF-8 byte order mark is skipped. `include` is expanded
/// with an explicit stack, not recursion: at most `maximumIncludeDepth` files deep, and at most
/// `maximumSteps` steps in all (so ten includes of ten includes of … cannot fill the memory).
/// Each file is read and parsed once per flow, however often it is included.
public struct FlowParser: Sendable {
    /// The words that start a step (what the terminal UI's `:` line takes as a step).
    public static var commandWords: [String] { FlowCommandParser.commandWords }

    /// Reads a file's bytes; injected so the parser itself reaches no file system.
    public typealias FileReader = @Sendable (URL) throws -> Data

    public static let maximumIncludeDepth = 64
    public static let maximumSteps = 1_000_000

    private let readFile: FileReader

    public init(readFile: @escaping FileReader) {
        self.readFile = readFile
    }

    /// A parser reading flow files from the file system: regular files only (a FIFO, a device
    /// or a folder is a one-line error, never a hang), at most `PageLoader.sizeLimit` bytes.
    public static let files = FlowParser { url in try FilePageReader().read(url) }

    /// Parses the flow at `path` (as the user wrote it), expanding `include`s.
    public func parse(path: String) throws(UserError) -> Flow {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try readFile(url) } catch {
            throw UserError("cannot read flow: \(ReadFailure.reason(error))", path: path)
        }
        return Flow(path: path, steps: try expand(data, path: path, url: url.standardizedFileURL))
    }

    /// Parses several flow files on up to `jobs` threads; the results keep the order of `paths`.
    public func parse(paths: [String], jobs: Int) -> [Result<Flow, UserError>] {
        var results: [Result<Flow, UserError>] = []
        OrderedParallelMap.run(count: paths.count, jobs: jobs, work: { index in
            Result { () throws(UserError) -> Flow in try parse(path: paths[index]) }
        }, deliver: { results.append($0) })
        return results
    }

    /// Parses flow text already in memory (the `:` command line, tests); relative `include`s
    /// resolve against `folder`.
    public func parse(text: String, path: String, folder: URL) throws(UserError) -> [FlowStep] {
        // A page loaded over http has no folder on disk: includes resolve against the current one.
        let base = folder.isFileURL ? folder : URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return try expand(Data(text.utf8), path: path, url: base.appendingPathComponent(":", isDirectory: false))
    }

    /// One file, parsed: its steps, and its `include`s with the place of each among the steps.
    /// A file without includes is its own expansion, so its steps are never copied (a flow of
    /// 100,000 steps held them twice).
    private struct ParsedFile {
        var steps: [FlowStep] = []
        var includes: [Include] = []
    }

    /// An `include` line: expanded before the step at `position` of its file.
    private struct Include {
        var position: Int
        var target: URL
        var written: String
        var location: SourceLocation
    }

    /// A file being expanded: its parsed lines and how far the expansion has got.
    private struct Frame {
        var url: URL
        var path: String
        var file: ParsedFile
        var nextStep = 0
        var nextInclude = 0
    }

    private func expand(_ data: Data, path: String, url: URL) throws(UserError) -> [FlowStep] {
        let top = try lines(of: data, path: path, folder: url.deletingLastPathComponent())
        if top.includes.isEmpty {
            if top.steps.count > Self.maximumSteps {
                throw UserError("the flow has more than \(Self.maximumSteps) steps with its includes expanded", at: top.steps[Self.maximumSteps].location)
            }
            return top.steps
        }
        var parsed: [String: ParsedFile] = [:]
        var stack = [Frame(url: url, path: path, file: top)]
        var steps: [FlowStep] = []
        while !stack.isEmpty {
            let index = stack.count - 1
            let frame = stack[index]
            if frame.nextInclude < frame.file.includes.count, frame.file.includes[frame.nextInclude].position == frame.nextStep {
                let include = frame.file.includes[frame.nextInclude]
                stack[index].nextInclude += 1
                let (target, written, location) = (include.target, include.written, include.location)
                if let start = stack.firstIndex(where: { $0.url == target }) {
                    let cycle = (stack[start...].map(\.url) + [target]).map(\.lastPathComponent).joined(separator: " → ")
                    throw UserError("include cycle: \(cycle)", at: location)
                }
                guard stack.count < Self.maximumIncludeDepth else {
                    throw UserError("include nested more than \(Self.maximumIncludeDepth) deep", at: location)
                }
                let includedPath = Self.displayPath(written: written, includingPath: stack[index].path)
                let key = includedPath + "\u{0}" + target.path
                if parsed[key] == nil {
                    let data: Data
                    do { data = try readFile(target) } catch {
                        throw UserError("cannot include \"\(written)\": \(ReadFailure.reason(error))", at: location)
                    }
                    parsed[key] = try lines(of: data, path: includedPath, folder: target.deletingLastPathComponent())
                }
                stack.append(Frame(url: target, path: includedPath, file: parsed[key] ?? ParsedFile()))
                continue
            }
            guard frame.nextStep < frame.file.steps.count else {
                stack.removeLast()
                continue
            }
            let step = frame.file.steps[frame.nextStep]
            stack[index].nextStep += 1
            guard steps.count < Self.maximumSteps else {
                throw UserError("the flow has more than \(Self.maximumSteps) steps with its includes expanded", at: Self.outermost(stack) ?? step.location)
            }
            steps.append(step)
        }
        return steps
    }

    /// Where an error about the whole expansion points: the top file's `include` being expanded.
    private static func outermost(_ stack: [Frame]) -> SourceLocation? {
        guard stack.count > 1, stack[0].nextInclude > 0 else { return nil }
        return stack[0].file.includes[stack[0].nextInclude - 1].location
    }

    /// Parses one file's lines (LF or CRLF, an optional BOM), leaving `include`s unexpanded.
    private func lines(of data: Data, path: String, folder: URL) throws(UserError) -> ParsedFile {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UserError("the flow is not valid UTF-8 text", path: path)
        }
        var result = ParsedFile()
        // Room for a step a line at once: growing by doubling held the old and new arrays together.
        result.steps.reserveCapacity(text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 })
        var lineNumber = 0
        // Split on LF bytes: as Characters, "\r\n" is one grapheme and would hide the LF.
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            let tokens = try FlowTokenizer.tokens(in: line, path: path, line: lineNumber)
            guard let first = tokens.first else { continue }
            let location = SourceLocation(path: path, line: lineNumber, column: first.column)
            if first.text == "include", !first.isQuoted {
                guard tokens.count == 2 else {
                    throw UserError("include takes one argument, a flow file path (got \(tokens.count - 1))", at: location)
                }
                let argument = tokens[1]
                let target = URL(fileURLWithPath: argument.text, relativeTo: folder).standardizedFileURL
                result.includes.append(Include(position: result.steps.count, target: target, written: argument.text,
                                               location: SourceLocation(path: path, line: lineNumber, column: argument.column)))
                continue
            }
            var command = try FlowCommandParser(tokens: tokens, path: path, line: lineNumber).command()
            switch command {
            case .push(let file):
                command = .push(try payload(file, folder: folder, at: SourceLocation(path: path, line: lineNumber, column: tokens[1].column)))
            case .notify(let file, let delay):
                command = .notify(try payload(file, folder: folder, at: SourceLocation(path: path, line: lineNumber, column: tokens[1].column)),
                                  after: delay)
            default: break
            }
            result.steps.append(FlowStep(command: command, location: location, folder: folder, source: Self.trimmingSpacesAndTabs(line)))
        }
        return result
    }

    /// The comments of a flow file (LF or CRLF, an optional BOM), in order; a line the parser
    /// cannot read (an unterminated string) gives none.
    public static func comments(in data: Data) -> [FlowComment] {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let text = String(decoding: bytes, as: UTF8.self)
        var comments: [FlowComment] = []
        var lineNumber = 0
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            guard let split = try? FlowTokenizer.split(line, path: "", line: lineNumber), let comment = split.comment else { continue }
            comments.append(FlowComment(line: lineNumber, column: line[..<comment.startIndex].count + 1,
                                        text: String(comment.dropFirst()), followsStep: !split.tokens.isEmpty))
        }
        return comments
    }

    /// Reads the payload a `push` or `notify` step names, relative to the flow's folder.
    private func payload(_ file: PayloadFile, folder: URL, at location: SourceLocation) throws(UserError) -> PayloadFile {
        let url = URL(fileURLWithPath: file.path, relativeTo: folder).standardizedFileURL
        do {
            let data = try readFile(url)
            return PayloadFile(path: file.path, bytes: Array(data.prefix(PayloadFile.keptBytes)), size: data.count)
        } catch {
            throw UserError("cannot read payload \"\(file.path)\": \(ReadFailure.reason(error))", at: location)
        }
    }

    /// The included file's path as messages show it: beside the including file's path.
    static func displayPath(written: String, includingPath: String) -> String {
        if written.hasPrefix("/") { return written }
        guard let slash = includingPath.lastIndex(of: "/") else { return written }
        return String(includingPath[...slash]) + written
    }

    private static func trimmingSpacesAndTabs(_ line: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(line[first...last])
    }
}

/// Why a file could not be read, as a short phrase for `cannot read …: REASON`: the one place
/// that turns reading errors (`PageReadError` and Foundation's) into words.
public enum ReadFailure {
    public static func reason(_ error: Error) -> String {
        if let error = error as? PageReadError {
            switch error {
            case .notFound: return "No such file"
            case .permissionDenied: return "Permission denied"
            case .isDirectory: return "Is a directory"
            case .notARegularFile: return "not a regular file (a device, FIFO or socket cannot be read as one)"
            case .tooLarge(_, let size, let limit): return "too large, \(size) bytes, limit \(limit >> 20) MB (the profile's pageSizeLimitMB sets it)"
            case .unsupportedScheme: return "cannot read this kind of URL"
            case .unreadable(_, let reason): return reason
            }
        }
        if let error = error as? UserError { return error.message }
        if let error = error as? CocoaError {
            if let underlying = error.underlying as? POSIXError { return String(cString: strerror(underlying.code.rawValue)) }
            switch error.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "No such file"
            case .fileReadNoPermission: return "Permission denied"
            default: break
            }
        }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        if let error = error as? LocalizedError, let description = error.errorDescription { return description }
        return "\(error)"
    }
}

/// A comment in a flow file: the text after its `#`, and where the `#` is.
public struct FlowComment: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var text: String
    /// Whether a step stands before it on its line (an end-of-line comment).
    public var followsStep: Bool

    public init(line: Int, column: Int, text: String, followsStep: Bool) {
        self.line = line
        self.column = column
        self.text = text
        self.followsStep = followsStep
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
        try split(line, path: path, line: number).tokens
    }

    /// The tokens of one line, and its comment from the `#` on (nil when it has none).
    static func split(_ line: Substring, path: String, line number: Int) throws(UserError) -> (tokens: [FlowToken], comment: Substring?) {
        var tokens: [FlowToken] = []
        var comment: Substring?
        let utf8 = line.utf8
        var index = utf8.startIndex
        // Columns are counted on from the previous one (tokens come in order), not from the
        // line's start each time, so a line of many tokens costs linear time.
        var counted = (index: line.startIndex, column: 1)
        func column(_ at: Substring.UTF8View.Index) -> Int {
            if at < counted.index { return line[line.startIndex..<at].count + 1 }
            counted = (at, counted.column + line[counted.index..<at].count)
            return counted.column
        }
        func location(_ at: Substring.UTF8View.Index) -> SourceLocation {
            SourceLocation(path: path, line: number, column: column(at))
        }
        func isDigit(_ at: Substring.UTF8View.Index) -> Bool {
            at < utf8.endIndex && utf8[at] >= UInt8(ascii: "0") && utf8[at] <= UInt8(ascii: "9")
        }
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == space || byte == tab { utf8.formIndex(after: &index); continue }
            if byte == hash, !isDigit(utf8.index(after: index)) {
                comment = line[index...]
                break
            }
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
        return (tokens, comment)
    }
}
