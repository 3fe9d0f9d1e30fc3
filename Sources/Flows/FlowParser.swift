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
    /// The names of the variables a flow starts with (`--env`, the profile's `env`): a `${NAME}`
    /// that neither these nor a `set` or `param` before it defines is an error.
    public var environment: Set<String>
    /// Whether an undefined `${NAME}` is an error when the flow is read (the linter, which
    /// cannot know a run's `--env`, takes any as given).
    public var checksVariables = true

    public init(environment: Set<String> = [], readFile: @escaping FileReader) {
        self.readFile = readFile
        self.environment = environment
    }

    /// A parser reading flow files from the file system: regular files only (a FIFO, a device
    /// or a folder is a one-line error, never a hang), at most `PageLoader.sizeLimit` bytes.
    public static let files = FlowParser { url in try FilePageReader().read(url) }

    /// The same parser knowing other starting variables.
    public func knowing(_ environment: Set<String>) -> FlowParser {
        var parser = self
        parser.environment = environment
        return parser
    }

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

    /// A step whose line holds variables, read with their values: its command as it runs now.
    /// A variable without a value, or a value that does not make a valid step, is an error at
    /// the step's line and column.
    public func resolve(_ step: FlowStep, variables: [String: String]) throws(UserError) -> FlowCommand {
        guard let template = step.template, !step.command.isBookkeeping else { return step.command }
        var tokens: [FlowToken] = []
        for token in template.tokens {
            switch token.resolved({ variables[$0] }) {
            case .success(let resolved): tokens.append(resolved)
            case .failure(let missing):
                throw UserError("undefined variable \"\(missing.name)\" (no --env, env or set gave it a value before this step)",
                                at: SourceLocation(path: step.location.path, line: step.location.line, column: missing.column))
            }
        }
        let line = step.location.line
        var command = try FlowCommandParser(tokens: tokens, path: step.location.path, line: line).command()
        command = try readingFiles(command, tokens: tokens, folder: step.folder, path: step.location.path, line: line)
        if case .block(let parsed) = step.command, case .block(let resolved) = command {
            return .block(FlowBlock(kind: resolved.kind, elseIndex: parsed.elseIndex, endIndex: parsed.endIndex))
        }
        return command
    }

    /// A step whose line holds variables as it runs with their values (`tap "Save"`); nil when
    /// a variable has no value.
    public func resolvedSource(of step: FlowStep, variables: [String: String]) -> String? {
        guard let template = step.template else { return nil }
        var words: [String] = []
        for token in template.tokens {
            guard case .success(let resolved) = token.resolved({ variables[$0] }) else { return nil }
            var word = resolved.text
            if resolved.isQuoted {
                word = "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            }
            words.append((resolved.key.map { $0 + "=" } ?? "") + word)
        }
        return words.joined(separator: " ")
    }

    /// The value of a `param`'s default or an include's argument, with the variables' values.
    static func value(of template: FlowTemplate, variables: [String: String], at location: SourceLocation) throws(UserError) -> String {
        guard let token = template.tokens.first else { return "" }
        switch token.resolved({ variables[$0] }) {
        case .success(let resolved): return resolved.text
        case .failure(let missing):
            throw UserError("undefined variable \"\(missing.name)\"", at: SourceLocation(path: location.path, line: location.line, column: missing.column))
        }
    }

    /// One line of a file, parsed: a step, or an `include` to expand in its place.
    private enum Line {
        case step(FlowStep)
        case include(target: URL, written: String, location: SourceLocation, arguments: [FlowIncludeArgument])
    }

    /// A file's parsed lines and the parameters its `param` lines declare.
    private struct ParsedFile {
        var lines: [Line]
        var parameters: [(name: String, defaultValue: FlowTemplate?)]
    }

    /// A file being expanded: its parsed lines, how far the expansion has got, the blocks it
    /// has open and the parameters it binds.
    private struct Frame {
        var url: URL
        var path: String
        var lines: [Line]
        var next = 0
        var openBlocks: [Int] = []
        var parameters: Set<String> = []
        /// The `enterInclude` it began with, to end it with `leaveInclude`.
        var include: FlowInclude?
    }

    private func expand(_ data: Data, path: String, url: URL) throws(UserError) -> [FlowStep] {
        var parsed: [String: ParsedFile] = [:]
        let top = try lines(of: data, path: path, folder: url.deletingLastPathComponent())
        var stack = [Frame(url: url, path: path, lines: top.lines, parameters: Set(top.parameters.map(\.name)))]
        var steps: [FlowStep] = []
        var declared = environment
        func append(_ step: FlowStep, stack: [Frame]) throws(UserError) {
            guard steps.count < Self.maximumSteps else {
                throw UserError("the flow has more than \(Self.maximumSteps) steps with its includes expanded", at: Self.outermost(stack) ?? step.location)
            }
            steps.append(step)
        }
        while !stack.isEmpty {
            let index = stack.count - 1
            guard stack[index].next < stack[index].lines.count else {
                let frame = stack.removeLast()
                if let open = frame.openBlocks.last {
                    throw UserError("\(Self.blockWord(steps[open])) has no end (each if, repeat and retry ends with end in its own file)",
                                    at: steps[open].location)
                }
                if let include = frame.include, let last = steps.last {
                    try append(FlowStep(command: .leaveInclude(include), location: last.location, folder: last.folder, source: ""), stack: stack)
                }
                continue
            }
            let line = stack[index].lines[stack[index].next]
            stack[index].next += 1
            switch line {
            case .step(var step):
                if checksVariables, let template = step.template {
                    for variable in template.variables where !declared.contains(variable.name)
                        && !stack.contains(where: { $0.parameters.contains(variable.name) }) {
                        throw UserError("undefined variable \"\(variable.name)\" (give it with --env, the profile's env, set or param)",
                                        at: SourceLocation(path: step.location.path, line: step.location.line, column: variable.column))
                    }
                }
                switch step.command {
                case .set(let name, _), .setJS(let name, _, _): declared.insert(name)
                case .templated("set"): if let name = step.template?.tokens.dropFirst().first?.text { declared.insert(name) }
                case .block:
                    stack[index].openBlocks.append(steps.count)
                case .elseBranch:
                    guard let open = stack[index].openBlocks.last, case .block(var block) = steps[open].command, Self.isIf(block.kind) else {
                        throw UserError("else without if (else belongs to an if of the same file)", at: step.location)
                    }
                    guard block.elseIndex == nil else { throw UserError("a second else for the if of line \(steps[open].location.line)", at: step.location) }
                    block.elseIndex = steps.count
                    steps[open].command = .block(block)
                case .end:
                    guard let open = stack[index].openBlocks.popLast(), case .block(var block) = steps[open].command else {
                        throw UserError("end without if, repeat or retry", at: step.location)
                    }
                    block.endIndex = steps.count
                    steps[open].command = .block(block)
                    if let elseIndex = block.elseIndex { steps[elseIndex].command = .elseBranch(end: steps.count) }
                    step.command = .end(start: open)
                default:
                    break
                }
                try append(step, stack: stack)
            case .include(let target, let written, let location, let arguments):
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
                let fragment = parsed[key] ?? ParsedFile(lines: [], parameters: [])
                let names = fragment.parameters.map(\.name)
                for argument in arguments {
                    for variable in argument.value.variables where checksVariables && !declared.contains(variable.name)
                        && !stack.contains(where: { $0.parameters.contains(variable.name) }) {
                        throw UserError("undefined variable \"\(variable.name)\"",
                                        at: SourceLocation(path: location.path, line: location.line, column: variable.column))
                    }
                    guard names.contains(argument.name) else {
                        let declares = names.isEmpty ? "declares no parameters (a fragment names them with param NAME [\"DEFAULT\"])"
                            : "takes \(names.joined(separator: ", "))"
                        throw UserError("include \(written): \(argument.name) is not a parameter of the fragment, which \(declares)",
                                        at: SourceLocation(path: location.path, line: location.line, column: argument.column))
                    }
                }
                for parameter in fragment.parameters where parameter.defaultValue == nil && !arguments.contains(where: { $0.name == parameter.name }) {
                    throw UserError("include \(written): the fragment's parameter \(parameter.name) has no default; pass \(parameter.name)=\"…\"", at: location)
                }
                var frame = Frame(url: target, path: includedPath, lines: fragment.lines, parameters: Set(names))
                if !arguments.isEmpty || !fragment.parameters.isEmpty {
                    let include = FlowInclude(path: includedPath, arguments: arguments, parameters: fragment.parameters)
                    frame.include = include
                    try append(FlowStep(command: .enterInclude(include), location: location, folder: target.deletingLastPathComponent(),
                                        source: ""), stack: stack)
                }
                stack.append(frame)
            }
        }
        return steps
    }

    private static func isIf(_ kind: FlowBlock.Kind) -> Bool {
        switch kind {
        case .ifCondition, .deferred("if"): return true
        default: return false
        }
    }

    /// The word a block's step starts with, for messages.
    private static func blockWord(_ step: FlowStep) -> String {
        String(step.source.prefix { $0 != " " && $0 != "\t" })
    }

    /// Where an error about the whole expansion points: the top file's `include` being expanded.
    private static func outermost(_ stack: [Frame]) -> SourceLocation? {
        guard stack.count > 1, stack[0].next > 0, case .include(_, _, let location, _) = stack[0].lines[stack[0].next - 1] else { return nil }
        return location
    }

    /// Parses one file's lines (LF or CRLF, an optional BOM), leaving `include`s unexpanded.
    private func lines(of data: Data, path: String, folder: URL) throws(UserError) -> ParsedFile {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UserError("the flow is not valid UTF-8 text", path: path)
        }
        var result: [Line] = []
        var parameters: [(name: String, defaultValue: FlowTemplate?)] = []
        var lineNumber = 0
        // Split on LF bytes: as Characters, "\r\n" is one grapheme and would hide the LF.
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            let tokens = try FlowTokenizer.tokens(in: line, path: path, line: lineNumber)
            guard let first = tokens.first else { continue }
            let location = SourceLocation(path: path, line: lineNumber, column: first.column)
            let source = Self.trimmingSpacesAndTabs(line)
            if first.parts != nil {
                throw UserError("a step starts with a command word, not a variable", at: location)
            }
            if first.text == "include", !first.isQuoted {
                result.append(try include(tokens, location: location, folder: folder, path: path, line: lineNumber))
                continue
            }
            if first.text == "param", !first.isQuoted {
                let command = try FlowCommandParser(tokens: tokens, path: path, line: lineNumber).command()
                guard case .param(let name, _) = command else { continue }
                if tokens[1].parts != nil { throw UserError("param NAME: the name cannot be a variable", at: location) }
                if parameters.contains(where: { $0.name == name }) {
                    throw UserError("param \(name) is declared twice", at: SourceLocation(path: path, line: lineNumber, column: tokens[1].column))
                }
                let defaultValue = tokens.count == 3 ? FlowTemplate(tokens: [tokens[2]]) : nil
                parameters.append((name, defaultValue))
                result.append(.step(FlowStep(command: command, location: location, folder: folder, source: source, template: defaultValue)))
                continue
            }
            // `else` and `end` take no arguments: one holding a variable is the parser's error below.
            if first.text != "else", first.text != "end", tokens.contains(where: { $0.parts != nil }) {
                let word = first.text
                guard FlowCommandParser.commandWords.contains(word) else {
                    _ = try FlowCommandParser(tokens: tokens, path: path, line: lineNumber).command()
                    continue
                }
                if word == "set", tokens.count >= 2, tokens[1].parts != nil {
                    throw UserError("set NAME: the name cannot be a variable", at: SourceLocation(path: path, line: lineNumber, column: tokens[1].column))
                }
                let command: FlowCommand = FlowCommandParser.blockWords.contains(word) ? .block(FlowBlock(kind: .deferred(word))) : .templated(word)
                result.append(.step(FlowStep(command: command, location: location, folder: folder, source: source,
                                             template: FlowTemplate(tokens: tokens))))
                continue
            }
            var command = try FlowCommandParser(tokens: tokens, path: path, line: lineNumber).command()
            command = try readingFiles(command, tokens: tokens, folder: folder, path: path, line: lineNumber)
            result.append(.step(FlowStep(command: command, location: location, folder: folder, source: source)))
        }
        return ParsedFile(lines: result, parameters: parameters)
    }

    /// `include PATH [NAME="value"]...`.
    private func include(_ tokens: [FlowToken], location: SourceLocation, folder: URL, path: String, line: Int) throws(UserError) -> Line {
        guard tokens.count >= 2, tokens[1].key == nil else {
            throw UserError("include takes a flow file path, then NAME=\"value\" for the fragment's parameters", at: location)
        }
        let argument = tokens[1]
        guard argument.parts == nil else {
            throw UserError("include's path cannot hold a variable (it is read before the flow runs)",
                            at: SourceLocation(path: path, line: line, column: argument.column))
        }
        var arguments: [FlowIncludeArgument] = []
        for token in tokens.dropFirst(2) {
            let at = SourceLocation(path: path, line: line, column: token.column)
            var name = token.key
            var value = token
            value.key = nil
            if name == nil, !token.isQuoted, let equals = token.text.firstIndex(of: "="), token.parts == nil {
                name = String(token.text[..<equals])
                value = FlowToken(text: String(token.text[token.text.index(after: equals)...]), column: token.column, isQuoted: false)
            } else if name == nil, !token.isQuoted, case .text(let first)? = token.parts?.first, let equals = first.firstIndex(of: "=") {
                name = String(first[..<equals])
                var parts = token.parts ?? []
                let rest = String(first[first.index(after: equals)...])
                if rest.isEmpty { parts.removeFirst() } else { parts[0] = .text(rest) }
                value = FlowToken(text: String(token.text.drop { $0 != "=" }.dropFirst()), column: token.column, isQuoted: false, parts: parts)
            }
            guard let name, VariableName.isValid(name) else {
                throw UserError("include passes parameters as NAME=\"value\", got \"\(token.text)\"", at: at)
            }
            guard !arguments.contains(where: { $0.name == name }) else { throw UserError("include passes \(name) twice", at: at) }
            arguments.append(FlowIncludeArgument(name: name, value: FlowTemplate(tokens: [value]), column: token.column))
        }
        let target = URL(fileURLWithPath: argument.text, relativeTo: folder).standardizedFileURL
        return .include(target: target, written: argument.text, location: SourceLocation(path: path, line: line, column: argument.column),
                        arguments: arguments)
    }

    /// Reads the files a step names (a payload, a route's body), relative to the flow's folder.
    private func readingFiles(_ command: FlowCommand, tokens: [FlowToken], folder: URL, path: String, line: Int) throws(UserError) -> FlowCommand {
        switch command {
        case .push(let file):
            return .push(try payload(file, folder: folder, at: SourceLocation(path: path, line: line, column: tokens[1].column)))
        case .notify(let file, let delay):
            return .notify(try payload(file, folder: folder, at: SourceLocation(path: path, line: line, column: tokens[1].column)), after: delay)
        case .route(var route):
            guard case .response(_, let status, let headers, let delay) = route.answer, let file = route.source else { return command }
            let url = URL(fileURLWithPath: file, relativeTo: folder).standardizedFileURL
            do {
                let data = try readFile(url)
                route.answer = .response(body: Array(data), status: status, headers: headers, delay: delay)
            } catch {
                throw UserError("cannot read the route's file \"\(file)\": \(ReadFailure.reason(error))",
                                at: SourceLocation(path: path, line: line, column: tokens[3].column))
            }
            return .route(route)
        default:
            return command
        }
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
struct FlowToken: Equatable, Sendable {
    /// The text; for a token holding variables, as written (`${NAME}` and all).
    var text: String
    var column: Int
    var isQuoted: Bool
    /// The token's pieces when it holds a `${NAME}`; nil when it holds none.
    var parts: [TemplatePart]?
    /// `NAME` of a `NAME="value"` or `NAME=value` argument (what `include` passes).
    var key: String?

    init(text: String, column: Int, isQuoted: Bool, parts: [TemplatePart]? = nil, key: String? = nil) {
        self.text = text
        self.column = column
        self.isQuoted = isQuoted
        self.parts = parts
        self.key = key
    }

    /// The text with the variables' values; nil for the first variable `lookup` has no value
    /// for, with its column.
    func resolved(_ lookup: (String) -> String?) -> Result<FlowToken, UnresolvedVariable> {
        guard let parts else { return .success(self) }
        var text = ""
        for part in parts {
            switch part {
            case .text(let literal): text += literal
            case .variable(let name, let column):
                guard let value = lookup(name) else { return .failure(UnresolvedVariable(name: name, column: column)) }
                text += value
            }
        }
        return .success(FlowToken(text: text, column: column, isQuoted: isQuoted, key: key))
    }
}

/// A `${NAME}` that has no value where it is read.
struct UnresolvedVariable: Error, Equatable {
    var name: String
    var column: Int
}

/// Splits a flow line into tokens: bare words and `"quoted strings"` with `\"` and `\\` escapes.
///
/// `#` starts a comment where a token would start, unless a digit follows (`tap #3`); inside a
/// word (`page.html#top`) or a quoted string it is an ordinary character. `${NAME}` in a word
/// or a string is a variable (`$${` writes `${`); `NAME="…"` is one token with a key.
enum FlowTokenizer {
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), quote = UInt8(ascii: "\""),
                       backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#"), dollar = UInt8(ascii: "$"),
                       openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}"), equals = UInt8(ascii: "=")

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
        /// The text and variables of a token being read.
        struct Pieces {
            var literal: [UInt8] = []
            var parts: [TemplatePart] = []
            var hasVariable = false

            /// The token; `written` is its text as in the line (what messages show of a token with variables).
            func token(column: Int, isQuoted: Bool, key: String?, written: Substring) -> FlowToken {
                guard hasVariable else {
                    return FlowToken(text: String(decoding: literal, as: UTF8.self), column: column, isQuoted: isQuoted, key: key)
                }
                var parts = self.parts
                if !literal.isEmpty { parts.append(.text(String(decoding: literal, as: UTF8.self))) }
                return FlowToken(text: String(written), column: column, isQuoted: isQuoted, parts: parts, key: key)
            }
        }
        /// Reads `${NAME}` (or `$${`, a literal `${`) at a `$`; false when the `$` is a plain character.
        func readVariable(_ pieces: inout Pieces, at index: inout Substring.UTF8View.Index) throws(UserError) -> Bool {
            let next = utf8.index(after: index)
            if next < utf8.endIndex, utf8[next] == dollar {
                let after = utf8.index(after: next)
                guard after < utf8.endIndex, utf8[after] == openBrace else { return false }
                pieces.literal.append(dollar)
                pieces.literal.append(openBrace)
                index = utf8.index(after: after)
                return true
            }
            guard next < utf8.endIndex, utf8[next] == openBrace else { return false }
            let start = index
            var end = utf8.index(after: next)
            while end < utf8.endIndex, utf8[end] != closeBrace, utf8[end] != quote, utf8[end] != space, utf8[end] != tab {
                utf8.formIndex(after: &end)
            }
            let name = String(line[utf8.index(after: next)..<end])
            guard end < utf8.endIndex, utf8[end] == closeBrace, VariableName.isValid(name) else {
                throw UserError("a variable is written ${NAME}: a letter or _, then letters, digits or _ (write $${ for a literal ${)", at: location(start))
            }
            if !pieces.literal.isEmpty { pieces.parts.append(.text(String(decoding: pieces.literal, as: UTF8.self))) }
            pieces.literal = []
            pieces.parts.append(.variable(name, column: column(start)))
            pieces.hasVariable = true
            index = utf8.index(after: end)
            return true
        }
        /// Reads a quoted string from its opening quote at `index`; returns its text as written.
        func readQuoted(_ pieces: inout Pieces, at index: inout Substring.UTF8View.Index) throws(UserError) -> Substring {
            let start = index
            utf8.formIndex(after: &index)
            let contentStart = index
            var closed = false
            while index < utf8.endIndex {
                let next = utf8[index]
                if next == quote { closed = true; break }
                if next == backslash {
                    let escapedIndex = utf8.index(after: index)
                    guard escapedIndex < utf8.endIndex else { break }
                    let escaped = utf8[escapedIndex]
                    guard escaped == quote || escaped == backslash else {
                        throw UserError("unknown escape \\\(line[escapedIndex]) in a string (only \\\" and \\\\)", at: location(index))
                    }
                    pieces.literal.append(escaped)
                    index = utf8.index(after: escapedIndex)
                    continue
                }
                if next == dollar, try readVariable(&pieces, at: &index) { continue }
                pieces.literal.append(next)
                utf8.formIndex(after: &index)
            }
            guard closed else { throw UserError("unterminated string", at: location(start)) }
            let written = line[contentStart..<index]
            utf8.formIndex(after: &index)
            if index < utf8.endIndex, utf8[index] != space, utf8[index] != tab {
                throw UserError("expected a space after the closing quote", at: location(index))
            }
            return written
        }
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == space || byte == tab { utf8.formIndex(after: &index); continue }
            if byte == hash, !isDigit(utf8.index(after: index)) {
                comment = line[index...]
                break
            }
            let start = index
            let startColumn = column(start)
            var pieces = Pieces()
            if byte == quote {
                let written = try readQuoted(&pieces, at: &index)
                tokens.append(pieces.token(column: startColumn, isQuoted: true, key: nil, written: written))
                continue
            }
            // A bare word: most hold neither a variable nor NAME="…", and are taken whole.
            var end = index
            var plain = true
            while end < utf8.endIndex, utf8[end] != space, utf8[end] != tab {
                if utf8[end] == dollar || utf8[end] == equals { plain = false }
                utf8.formIndex(after: &end)
            }
            if plain {
                tokens.append(FlowToken(text: String(line[start..<end]), column: startColumn, isQuoted: false))
                index = end
                continue
            }
            var key: String?
            var written = line[start..<end]
            while index < utf8.endIndex, utf8[index] != space, utf8[index] != tab {
                let next = utf8[index]
                if next == equals, key == nil, !pieces.hasVariable, VariableName.isValid(String(decoding: pieces.literal, as: UTF8.self)) {
                    let after = utf8.index(after: index)
                    if after < utf8.endIndex, utf8[after] == quote {
                        key = String(decoding: pieces.literal, as: UTF8.self)
                        index = after
                        pieces = Pieces()
                        written = try readQuoted(&pieces, at: &index)
                        break
                    }
                }
                if next == dollar, try readVariable(&pieces, at: &index) { continue }
                pieces.literal.append(next)
                utf8.formIndex(after: &index)
            }
            tokens.append(pieces.token(column: startColumn, isQuoted: key != nil, key: key, written: written))
        }
        return (tokens, comment)
    }
}
