import AppShell
import NavigatorCore
import PageKit
import ScriptRuntime
import Simulator
import TerminalUI

/// Turns one line's tokens into a command, checking the words and the number of arguments.
struct FlowCommandParser {
    let tokens: [FlowToken]
    let path: String
    let line: Int

    static let commandWords = ["open", "tap", "back", "close", "reload", "size", "snapshot", "include", "wait", "clear", "background",
                               "foreground", "restart", "push", "notify", "fill", "select", "check", "uncheck", "accept", "dismiss",
                               "answer", "eval", "call", "expect", "set", "param", "if", "else", "end", "repeat", "retry", "route",
                               "offline", "online", "scroll"]
    static let expectationWords = ["depth", "title", "bar", "left", "right", "color", "url", "page", "text", "no", "stack", "event", "warning",
                                   "cookie", "launch", "notification", "badge", "privacy", "dialog", "console",
                                   "js", "message", "download", "visible", "focus", "request"]
    /// The words that open a block closed by `end`.
    static let blockWords: Set<String> = ["if", "repeat", "retry"]
    /// How long `wait until` waits when the step gives no timeout.
    static let defaultWaitTimeout = Duration.seconds(10)

    private func error(_ message: String, at token: FlowToken) -> UserError {
        UserError(message, at: SourceLocation(path: path, line: line, column: token.column))
    }

    private var arguments: ArraySlice<FlowToken> { tokens.dropFirst() }

    /// Requires exactly `count` arguments after the command word(s).
    private func expectArguments(_ count: Int, after words: Int = 1, usage: String) throws(UserError) -> [FlowToken] {
        let given = Array(tokens.dropFirst(words))
        guard given.count == count else {
            let culprit = given.count > count ? given[count] : tokens[words - 1]
            throw error("\(usage): expected \(count) argument\(count == 1 ? "" : "s"), got \(given.count)", at: culprit)
        }
        return given
    }

    func command() throws(UserError) -> FlowCommand {
        let word = tokens[0]
        guard !word.isQuoted, word.key == nil else { throw error("a step starts with a command word, not a string", at: word) }
        if word.text != "include", let keyed = tokens.first(where: { $0.key != nil }) {
            throw error("NAME=\"value\" arguments are include's (for a fragment's parameters); \(word.text) takes none", at: keyed)
        }
        switch word.text {
        case "open":
            return .open(try expectArguments(1, usage: "open URL")[0].text)
        case "tap":
            if tokens.count >= 2, tokens[1].text == "notification", !tokens[1].isQuoted {
                return .tap(.notification(action: try notificationAction()))
            }
            if tokens.count >= 2, tokens[1].text == "css", !tokens[1].isQuoted {
                return .tap(.css(try selector(try expectArguments(1, after: 2, usage: "tap css \"SELECTOR\"")[0])))
            }
            return .tap(tapTarget(try expectArguments(1, usage: "tap TARGET")[0]))
        case "fill", "select":
            let usage = "\(word.text) TARGET \"\(word.text == "fill" ? "text" : "option")\""
            let (target, rest) = try fieldTarget(usage: usage)
            let value = try expectArguments(1, after: rest, usage: usage)[0].text
            return word.text == "fill" ? .fill(target, text: value) : .select(target, option: value)
        case "check", "uncheck":
            let usage = "\(word.text) TARGET"
            let (target, rest) = try fieldTarget(usage: usage)
            _ = try expectArguments(0, after: rest, usage: usage)
            return .setChecked(target, word.text == "check")
        case "accept", "dismiss":
            _ = try expectArguments(0, usage: word.text)
            return .answerDialog(word.text == "accept" ? .accept : .dismiss)
        case "answer":
            return .answerDialog(.answer(try expectArguments(1, usage: "answer \"text\"")[0].text))
        case "clear":
            let argument = try expectArguments(1, usage: "clear data")[0]
            guard argument.text == "data", !argument.isQuoted else { throw error("clear takes data: clear data", at: argument) }
            return .clearData
        case "background", "foreground", "restart":
            _ = try expectArguments(0, usage: word.text)
            return .lifecycle(LifecycleStep(rawValue: word.text)!)
        case "push":
            return .push(PayloadFile(path: try expectArguments(1, usage: "push FILE")[0].text, bytes: []))
        case "notify":
            guard tokens.count == 2 || tokens.count == 4 else {
                throw error("notify FILE [after DURATION]: expected 1 or 3 arguments, got \(tokens.count - 1)", at: tokens.count > 4 ? tokens[4] : word)
            }
            var delay = Duration.zero
            if tokens.count == 4 {
                guard tokens[2].text == "after", !tokens[2].isQuoted else {
                    throw error("notify FILE [after DURATION]: expected after, got \"\(tokens[2].text)\"", at: tokens[2])
                }
                guard let duration = FlowDuration.parse(tokens[3].text) else {
                    throw error("notify takes a duration such as 500ms, 2s or 1m after after, got \"\(tokens[3].text)\"", at: tokens[3])
                }
                delay = duration
            }
            return .notify(PayloadFile(path: tokens[1].text, bytes: []), after: delay)
        case "snapshot":
            guard tokens.count > 1 else { return .snapshot(name: nil) }
            let name = try expectArguments(1, usage: "snapshot [\"NAME\"]")[0]
            if let problem = Self.artifactNameProblem(name.text) {
                throw error("snapshot \"\(VisibleText.escaping(name.text))\": \(problem)", at: name)
            }
            return .snapshot(name: name.text)
        case "back", "close", "reload":
            _ = try expectArguments(0, usage: word.text)
            let commands: [String: FlowCommand] = ["back": .back, "close": .close, "reload": .reload]
            return commands[word.text]!
        case "size":
            let argument = try expectArguments(1, usage: "size COLSxROWS")[0]
            guard let size = TerminalSize(parsing: argument.text) else {
                throw error("size takes COLSxROWS, such as 80x24, got \"\(argument.text)\"", at: argument)
            }
            guard size.isSupported else {
                throw error("size must be between 20x6 and 1000x1000, got \(argument.text)", at: argument)
            }
            return .size(columns: size.columns, rows: size.rows)
        case "wait":
            if tokens.count >= 2, tokens[1].text == "until", !tokens[1].isQuoted {
                return try waitUntil()
            }
            let argument = try expectArguments(1, usage: "wait DURATION")[0]
            guard let duration = FlowDuration.parse(argument.text) else {
                throw error("wait takes a duration such as 500ms, 2s or 1m, got \"\(argument.text)\"", at: argument)
            }
            return .wait(duration)
        case "eval":
            let (rest, world) = try worldSuffix(Array(tokens.dropFirst()), usage: "eval \"JS\" [in WORLD]")
            guard rest.count == 1 else {
                throw error("eval \"JS\" [in WORLD]: expected the script, got \(rest.count) arguments", at: rest.count > 1 ? rest[1] : word)
            }
            return .evaluate(rest[0].text, world: world)
        case "call":
            let usage = "call \"BODY\" [NAME VALUE]... [in WORLD]"
            let (rest, world) = try worldSuffix(Array(tokens.dropFirst()), usage: usage)
            guard let body = rest.first else { throw error("\(usage): expected the function body", at: word) }
            guard rest.count % 2 == 1 else { throw error("\(usage): \"\(rest[rest.count - 1].text)\" has no value", at: rest[rest.count - 1]) }
            var arguments: [CallArgument] = []
            for index in stride(from: 1, to: rest.count, by: 2) {
                let name = rest[index], value = rest[index + 1]
                guard !name.isQuoted, !name.text.isEmpty else { throw error("\(usage): an argument's name is a bare word, got \"\(name.text)\"", at: name) }
                arguments.append(CallArgument(name: name.text, value: try callValue(value, usage: usage)))
            }
            return .callAsync(body.text, arguments: arguments, world: world)
        case "expect":
            return .expect(try expectation())
        case "set":
            return try setCommand()
        case "param":
            let usage = "param NAME [\"DEFAULT\"]"
            guard tokens.count == 2 || tokens.count == 3 else {
                throw error("\(usage): expected a name and at most a default, got \(tokens.count - 1) arguments", at: tokens.count > 3 ? tokens[3] : word)
            }
            return .param(name: try variableName(tokens[1], usage: usage), defaultValue: tokens.count == 3 ? tokens[2].text : nil)
        case "if":
            return .block(FlowBlock(kind: .ifCondition(try condition(Array(tokens.dropFirst()), usage: "if CONDITION", after: word))))
        case "else", "end":
            _ = try expectArguments(0, usage: word.text)
            return word.text == "else" ? .elseBranch(end: -1) : .end(start: -1)
        case "repeat":
            return .block(FlowBlock(kind: try repeatKind()))
        case "retry":
            let argument = try expectArguments(1, usage: "retry N")[0]
            guard let count = Int(argument.text), (1...FlowBlock.maximumRetries).contains(count) else {
                throw error("retry takes how many times to try again, 1 to \(FlowBlock.maximumRetries), got \"\(argument.text)\"", at: argument)
            }
            return .block(FlowBlock(kind: .retry(count)))
        case "route":
            return .route(try route())
        case "offline", "online":
            _ = try expectArguments(0, usage: word.text)
            return .offline(word.text == "offline")
        case "scroll":
            guard tokens.count >= 2, tokens[1].text == "to", !tokens[1].isQuoted else {
                throw error("scroll takes to: scroll to \"TEXT\"", at: tokens.count >= 2 ? tokens[1] : word)
            }
            return .scrollTo(try expectArguments(1, after: 2, usage: "scroll to \"TEXT\"")[0].text)
        default:
            let hint = Self.suggestion(for: word.text, among: Self.commandWords)
            throw error("unknown command \"\(word.text)\"\(hint); webnav help flows lists the steps", at: word)
        }
    }

    /// `set NAME "value"` or `set NAME js "EXPR" [in WORLD]`.
    private func setCommand() throws(UserError) -> FlowCommand {
        let usage = "set NAME \"value\" (or set NAME js \"EXPR\" [in WORLD])"
        guard tokens.count >= 3 else { throw error("\(usage): expected a name and a value", at: tokens[tokens.count - 1]) }
        let name = try variableName(tokens[1], usage: usage)
        if tokens[2].text == "js", !tokens[2].isQuoted, tokens.count >= 4 {
            let (rest, world) = try worldSuffix(Array(tokens.dropFirst(3)), usage: "set NAME js \"EXPR\" [in WORLD]")
            guard rest.count == 1 else {
                throw error("set NAME js \"EXPR\" [in WORLD]: expected the expression, got \(rest.count) arguments", at: rest.count > 1 ? rest[1] : tokens[2])
            }
            return .setJS(name: name, expression: rest[0].text, world: world)
        }
        guard tokens.count == 3 else { throw error("\(usage): expected one value, got \(tokens.count - 2)", at: tokens[3]) }
        return .set(name: name, value: tokens[2].text)
    }

    private func variableName(_ token: FlowToken, usage: String) throws(UserError) -> String {
        guard !token.isQuoted, VariableName.isValid(token.text) else {
            throw error("\(usage): a variable's name is a letter or _, then letters, digits or _, got \"\(token.text)\"", at: token)
        }
        return token.text
    }

    /// `repeat N` or `repeat while CONDITION [max N]`.
    private func repeatKind() throws(UserError) -> FlowBlock.Kind {
        guard tokens.count >= 2 else { throw error("repeat takes a count or while: repeat N, repeat while CONDITION [max N]", at: tokens[0]) }
        guard tokens[1].text == "while", !tokens[1].isQuoted else {
            let argument = try expectArguments(1, usage: "repeat N")[0]
            guard let count = Int(argument.text), (0...FlowBlock.maximumRepeat).contains(count) else {
                throw error("repeat takes how many times, 0 to \(FlowBlock.maximumRepeat), got \"\(argument.text)\"", at: argument)
            }
            return .repeatTimes(count)
        }
        var rest = Array(tokens.dropFirst(2))
        var maximum = FlowBlock.defaultRepeatWhileMaximum
        if rest.count >= 3, rest[rest.count - 2].text == "max", !rest[rest.count - 2].isQuoted {
            let argument = rest[rest.count - 1]
            guard let count = Int(argument.text), (1...FlowBlock.maximumRepeat).contains(count) else {
                throw error("repeat while takes a max of 1 to \(FlowBlock.maximumRepeat) times, got \"\(argument.text)\"", at: argument)
            }
            maximum = count
            rest.removeLast(2)
        }
        return .repeatWhile(try condition(rest, usage: "repeat while CONDITION [max N]", after: tokens[1]), maximum: maximum)
    }

    /// A condition of `if` or `repeat while`: an expectation without `expect`, `js "EXPR"`, `dialog`, `not …`.
    private func condition(_ words: [FlowToken], usage: String, after: FlowToken) throws(UserError) -> FlowCondition {
        guard let first = words.first else {
            throw error("\(usage): expected a condition, such as text \"S\", visible \"S\", js \"EXPR\", dialog or depth N", at: after)
        }
        guard !first.isQuoted else { throw error("\(usage): a condition starts with a word such as text, not a string", at: first) }
        switch first.text {
        case "not":
            return .not(try condition(Array(words.dropFirst()), usage: usage, after: first))
        case "dialog" where words.count == 1:
            return .dialog
        case "js":
            let (rest, world) = try worldSuffix(Array(words.dropFirst()), usage: "js \"EXPR\" [in WORLD]")
            if rest.count == 1 { return .js(rest[0].text, world: world) }
        default:
            break
        }
        guard Self.expectationWords.contains(first.text) else {
            let hint = Self.suggestion(for: first.text, among: Self.expectationWords + ["not"])
            throw error("unknown condition \"\(first.text)\"\(hint); a condition is an expectation without expect, js \"EXPR\", dialog or not …", at: first)
        }
        let expect = FlowToken(text: "expect", column: first.column, isQuoted: false)
        return .expectation(try FlowCommandParser(tokens: [expect] + words, path: path, line: line).expectation())
    }

    /// `route "PATTERN" file "PATH" [status N] [header "K: V"]... [delay D]` or `route "PATTERN" abort`.
    private func route() throws(UserError) -> NetworkRoute {
        let usage = "route \"PATTERN\" file \"PATH\" [status N] [header \"NAME: VALUE\"]... [delay DURATION] (or route \"PATTERN\" abort)"
        guard tokens.count >= 3 else { throw error("\(usage): expected a pattern and an answer", at: tokens[tokens.count - 1]) }
        let pattern = tokens[1]
        guard !pattern.text.isEmpty else { throw error("route: the pattern must not be empty (**/api/items matches any host)", at: pattern) }
        let answer = tokens[2]
        if answer.text == "abort", !answer.isQuoted {
            _ = try expectArguments(0, after: 3, usage: "route \"PATTERN\" abort")
            return NetworkRoute(pattern: RoutePattern(pattern.text), answer: .abort)
        }
        guard answer.text == "file", !answer.isQuoted, tokens.count >= 4 else {
            throw error("\(usage): the answer is file \"PATH\" or abort, got \"\(answer.text)\"", at: answer)
        }
        let file = tokens[3]
        var status = 200
        var headers = HTTPHeaders()
        var delay = Duration.zero
        var index = 4
        while index < tokens.count {
            let option = tokens[index]
            guard index + 1 < tokens.count, !option.isQuoted, ["status", "header", "delay"].contains(option.text) else {
                throw error("\(usage): expected status N, header \"NAME: VALUE\" or delay DURATION, got \"\(option.text)\"", at: option)
            }
            let value = tokens[index + 1]
            switch option.text {
            case "status":
                guard let number = Int(value.text), (100...599).contains(number) else {
                    throw error("route: status takes an HTTP status from 100 to 599, got \"\(value.text)\"", at: value)
                }
                status = number
            case "header":
                let parts = value.text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let name = Self.trimmed(parts[0])
                guard parts.count == 2, !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
                    throw error("route: header takes \"NAME: VALUE\", got \"\(value.text)\"", at: value)
                }
                headers.fields.append(HTTPHeaders.Field(name, Self.trimmed(parts[1])))
            default:
                guard let duration = FlowDuration.parse(value.text) else {
                    throw error("route: delay takes a duration such as 500ms, 2s or 1m, got \"\(value.text)\"", at: value)
                }
                delay = duration
            }
            index += 2
        }
        if headers["Content-Type"] == nil { headers.set("Content-Type", NetworkRoute.contentType(forFile: file.text)) }
        return NetworkRoute(pattern: RoutePattern(pattern.text), answer: .response(body: [], status: status, headers: headers, delay: delay),
                            source: file.text)
    }

    /// `tap notification` or `tap notification action "TITLE"`.
    private func notificationAction() throws(UserError) -> String? {
        guard tokens.count > 2 else { return nil }
        guard tokens[2].text == "action", !tokens[2].isQuoted else {
            throw error("tap notification takes nothing, or action \"TITLE\"", at: tokens[2])
        }
        return try expectArguments(1, after: 3, usage: "tap notification action \"TITLE\"")[0].text
    }

    /// `wait until text "S" [timeout DURATION]`.
    private func waitUntil() throws(UserError) -> FlowCommand {
        let usage = "wait until text \"S\" [timeout DURATION]"
        guard tokens.count >= 3, tokens[2].text == "text", !tokens[2].isQuoted else {
            throw error("wait until takes text: \(usage)", at: tokens.count >= 3 ? tokens[2] : tokens[1])
        }
        guard tokens.count == 4 || tokens.count == 6 else {
            throw error("\(usage): expected 1 or 3 arguments after wait until text, got \(tokens.count - 3)",
                        at: tokens.count > 6 ? tokens[6] : tokens[tokens.count - 1])
        }
        var timeout = Self.defaultWaitTimeout
        if tokens.count == 6 {
            guard tokens[4].text == "timeout", !tokens[4].isQuoted else {
                throw error("\(usage): expected timeout, got \"\(tokens[4].text)\"", at: tokens[4])
            }
            guard let duration = FlowDuration.parse(tokens[5].text) else {
                throw error("wait until takes a duration such as 500ms, 2s or 1m after timeout, got \"\(tokens[5].text)\"", at: tokens[5])
            }
            timeout = duration
        }
        return .waitUntilText(tokens[3].text, timeout: timeout)
    }

    /// A field target after the command word, and how many tokens it and the word take.
    private func fieldTarget(usage: String) throws(UserError) -> (FieldTarget, Int) {
        guard tokens.count >= 2 else { throw error("\(usage): expected a field", at: tokens[0]) }
        let first = tokens[1]
        if first.text == "css", !first.isQuoted {
            guard tokens.count >= 3 else { throw error("\(usage): css needs a \"SELECTOR\"", at: first) }
            return (.css(try selector(tokens[2])), 3)
        }
        if !first.isQuoted, first.text.hasPrefix("#"), let number = Int(first.text.dropFirst()), number >= 1 {
            return (.number(number), 2)
        }
        return (.text(first.text), 2)
    }

    /// A CSS selector argument, checked when the flow is read.
    private func selector(_ token: FlowToken) throws(UserError) -> String {
        do {
            _ = try SelectorList(token.text)
        } catch {
            throw self.error("\"\(VisibleText.escaping(token.text))\" is not a valid CSS selector", at: token)
        }
        return token.text
    }

    private func tapTarget(_ token: FlowToken) -> TapTarget {
        if token.isQuoted { return .text(token.text) }
        switch token.text {
        case "left": return .leftButton
        case "right": return .rightButton
        default:
            if token.text.hasPrefix("#"), let number = Int(token.text.dropFirst()), number >= 1 { return .number(number) }
            return .text(token.text)
        }
    }

    /// Splits a trailing `in WORLD` off a step's arguments (the world is `page` without one).
    private func worldSuffix(_ arguments: [FlowToken], usage: String) throws(UserError) -> ([FlowToken], String) {
        guard arguments.count >= 2, arguments[arguments.count - 2].text == "in", !arguments[arguments.count - 2].isQuoted else {
            if let last = arguments.last, last.text == "in", !last.isQuoted { throw error("\(usage): in needs a world's name", at: last) }
            return (arguments, "page")
        }
        let world = arguments[arguments.count - 1]
        guard !world.text.isEmpty else { throw error("\(usage): a world's name must not be empty", at: world) }
        return (Array(arguments.dropLast(2)), world.text)
    }

    /// A `call` argument's value: a quoted string, or a bare JSON literal (`3`, `true`, `null`, `[1,2]`).
    private func callValue(_ token: FlowToken, usage: String) throws(UserError) -> ScriptResultValue {
        if token.isQuoted { return .string(token.text) }
        guard let value = ScriptResultValue(json: token.text) else {
            throw error("\(usage): a value is a quoted string or a JSON literal such as 3, true or null, got \(token.text)", at: token)
        }
        return value
    }

    private func expectation() throws(UserError) -> Expectation {
        guard tokens.count >= 2 else {
            throw error("expect needs what to check, such as depth or text; webnav help flows lists them", at: tokens[0])
        }
        let what = tokens[1]
        switch what.text {
        case "depth":
            let argument = try expectArguments(1, after: 2, usage: "expect depth N")[0]
            guard let depth = Int(argument.text), depth >= 0 else {
                throw error("expect depth takes a number of screens, got \"\(argument.text)\"", at: argument)
            }
            return .depth(depth)
        case "title":
            return .title(try expectArguments(1, after: 2, usage: "expect title \"T\"")[0].text)
        case "bar", "left", "right":
            let argument = try expectArguments(1, after: 2, usage: "expect \(what.text) visible|hidden")[0]
            guard let visibility = Expectation.Visibility(rawValue: argument.text) else {
                throw error("expect \(what.text) takes visible or hidden, got \"\(argument.text)\"", at: argument)
            }
            return what.text == "bar" ? .bar(visibility) : what.text == "left" ? .leftButton(visibility) : .rightButton(visibility)
        case "color":
            let arguments = try expectArguments(2, after: 2, usage: "expect color nav|tint|status \"#RRGGBB\"")
            guard let slot = Expectation.ColorSlot(rawValue: arguments[0].text) else {
                throw error("expect color takes nav, tint or status, got \"\(arguments[0].text)\"", at: arguments[0])
            }
            guard let color = Self.color(arguments[1].text) else {
                throw error("expect color takes a colour as \"#RGB\", \"#RRGGBB\" or \"#AARRGGBB\", got \"\(arguments[1].text)\"", at: arguments[1])
            }
            return .color(slot, color)
        case "url":
            if tokens.count >= 3, tokens[2].text == "~", !tokens[2].isQuoted {
                return .urlContains(try expectArguments(1, after: 3, usage: "expect url ~ \"S\"")[0].text)
            }
            return .url(try expectArguments(1, after: 2, usage: "expect url \"U\" (or url ~ \"S\")")[0].text)
        case "page":
            return .page(try expectArguments(1, after: 2, usage: "expect page \"T\"")[0].text)
        case "text":
            return .text(try expectArguments(1, after: 2, usage: "expect text \"S\"")[0].text)
        case "no":
            guard tokens.count >= 3, !tokens[2].isQuoted, ["text", "dialog", "script"].contains(tokens[2].text) else {
                throw error("expect no takes text, dialog or script errors: expect no text \"S\"", at: tokens.count >= 3 ? tokens[2] : what)
            }
            switch tokens[2].text {
            case "dialog":
                _ = try expectArguments(0, after: 3, usage: "expect no dialog")
                return .noDialog
            case "script":
                guard tokens.count >= 4, tokens[3].text == "errors", !tokens[3].isQuoted else {
                    throw error("expect no script takes errors: expect no script errors", at: tokens.count >= 4 ? tokens[3] : tokens[2])
                }
                _ = try expectArguments(0, after: 4, usage: "expect no script errors")
                return .noScriptErrors
            default:
                return .noText(try expectArguments(1, after: 3, usage: "expect no text \"S\"")[0].text)
            }
        case "dialog":
            let arguments = try expectArguments(2, after: 2, usage: "expect dialog alert|confirm|prompt \"message\"")
            guard !arguments[0].isQuoted, let kind = OpenDialog.Kind(rawValue: arguments[0].text) else {
                throw error("expect dialog takes alert, confirm or prompt, got \"\(arguments[0].text)\"", at: arguments[0])
            }
            return .dialog(kind, message: arguments[1].text)
        case "console":
            return .console(try expectArguments(1, after: 2, usage: "expect console \"S\"")[0].text)
        case "js":
            let usage = "expect js \"EXPR\" VALUE [in WORLD]"
            let (rest, world) = try worldSuffix(Array(tokens.dropFirst(2)), usage: usage)
            guard rest.count == 2 else {
                throw error("\(usage): expected 2 arguments, got \(rest.count)", at: rest.count > 2 ? rest[2] : what)
            }
            return .js(rest[0].text, value: rest[1].text, world: world)
        case "message":
            guard tokens.count == 3 || tokens.count == 4 else {
                throw error("expect message NAME [VALUE]: expected 1 or 2 arguments, got \(tokens.count - 2)", at: tokens.count > 4 ? tokens[4] : what)
            }
            return .message(tokens[2].text, value: tokens.count == 4 ? tokens[3].text : nil)
        case "download":
            guard tokens.count == 3 || tokens.count == 4 else {
                throw error("expect download \"NAME\" [BYTES]: expected 1 or 2 arguments, got \(tokens.count - 2)", at: tokens.count > 4 ? tokens[4] : what)
            }
            var bytes: Int?
            if tokens.count == 4 {
                guard let count = Int(tokens[3].text), count >= 0 else {
                    throw error("expect download takes a number of bytes after the name, got \"\(tokens[3].text)\"", at: tokens[3])
                }
                bytes = count
            }
            return .download(tokens[2].text, bytes: bytes)
        case "stack":
            guard tokens.count >= 3 else { throw error("expect stack needs the labels, bottom to top", at: what) }
            return .stack(tokens.dropFirst(2).map(\.text))
        case "event":
            return .event(try expectArguments(1, after: 2, usage: "expect event \"S\"")[0].text)
        case "cookie":
            let arguments = try expectArguments(2, after: 2, usage: "expect cookie \"NAME\" \"VALUE\"")
            return .cookie(name: arguments[0].text, value: arguments[1].text)
        case "launch":
            guard tokens.count >= 3, !tokens[2].isQuoted, tokens[2].text == "ready" || tokens[2].text == "failed" else {
                throw error("expect launch takes ready, or failed \"REASON\"", at: tokens.count >= 3 ? tokens[2] : what)
            }
            if tokens[2].text == "ready" {
                _ = try expectArguments(0, after: 3, usage: "expect launch ready")
                return .launchReady
            }
            return .launchFailed(try expectArguments(1, after: 3, usage: "expect launch failed \"REASON\"")[0].text)
        case "notification":
            return .notification(try expectArguments(1, after: 2, usage: "expect notification \"TITLE\"")[0].text)
        case "badge":
            let argument = try expectArguments(1, after: 2, usage: "expect badge N")[0]
            guard let badge = Int(argument.text), badge >= 0 else {
                throw error("expect badge takes a number, got \"\(argument.text)\"", at: argument)
            }
            return .badge(badge)
        case "privacy":
            guard tokens.count >= 3, tokens[2].text == "guard", !tokens[2].isQuoted else {
                throw error("expect privacy takes guard: expect privacy guard visible|hidden", at: tokens.count >= 3 ? tokens[2] : what)
            }
            let argument = try expectArguments(1, after: 3, usage: "expect privacy guard visible|hidden")[0]
            guard let visibility = Expectation.Visibility(rawValue: argument.text) else {
                throw error("expect privacy guard takes visible or hidden, got \"\(argument.text)\"", at: argument)
            }
            return .privacyGuard(visibility)
        case "warning":
            let argument = try expectArguments(1, after: 2, usage: "expect warning CODE")[0]
            guard let code = DeeplinkWarning.Code(rawValue: argument.text) else {
                let codes = DeeplinkWarning.Code.allCases.map(\.rawValue)
                throw error("unknown warning code \"\(argument.text)\"\(Self.suggestion(for: argument.text, among: codes))", at: argument)
            }
            return .warning(code)
        case "visible":
            return .visible(try expectArguments(1, after: 2, usage: "expect visible \"TEXT\"")[0].text)
        case "focus":
            return .focus(try expectArguments(1, after: 2, usage: "expect focus \"NAME\"")[0].text)
        case "request":
            return try requestExpectation()
        default:
            let hint = Self.suggestion(for: what.text, among: Self.expectationWords)
            throw error("unknown expectation \"\(what.text)\"\(hint); webnav help flows lists them", at: what)
        }
    }

    /// `expect request "PATTERN" [method M] [body ~ "S"]`.
    private func requestExpectation() throws(UserError) -> Expectation {
        let usage = "expect request \"PATTERN\" [method M] [body ~ \"S\"]"
        guard tokens.count >= 3 else { throw error("\(usage): expected a URL pattern", at: tokens[1]) }
        var method: String?
        var body: String?
        var index = 3
        while index < tokens.count {
            let option = tokens[index]
            if option.text == "method", !option.isQuoted, index + 1 < tokens.count {
                method = tokens[index + 1].text.uppercased()
                index += 2
            } else if option.text == "body", !option.isQuoted, index + 2 < tokens.count, tokens[index + 1].text == "~", !tokens[index + 1].isQuoted {
                body = tokens[index + 2].text
                index += 3
            } else {
                throw error("\(usage): expected method M or body ~ \"S\", got \"\(option.text)\"", at: option)
            }
        }
        return .request(RoutePattern(tokens[2].text), method: method, bodyContains: body)
    }

    /// A colour written as the deeplinks' colour parameters are: 3, 6 or 8 hex digits after an
    /// optional `#` (`#FFF` is `#FFFFFF`; `#AARRGGBB`'s alpha is not shown, so not compared).
    static func color(_ text: String) -> RGBColor? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : text[...]
        guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        return HexColor(parameter: String(digits)).color
    }

    /// Why a snapshot name cannot be a file name in the artifacts folder, or nil.
    static func artifactNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a snapshot name cannot be empty" }
        if name.utf8.count > 100 { return "a snapshot name is at most 100 bytes (it names two files)" }
        if name == "." || name == ".." || name.hasPrefix(".") { return "a snapshot name cannot start with a dot" }
        if name.contains(where: { $0 == "/" || $0 == "\\" }) { return "a snapshot name cannot hold a path separator" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return "a snapshot name cannot hold control characters"
        }
        return nil
    }

    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    static func suggestion(for word: String, among known: [String]) -> String {
        NameSuggestion.nearest(to: word, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
