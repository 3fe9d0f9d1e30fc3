import NavigatorCore
import TerminalUI

/// Turns one line's tokens into a command, checking the words and the number of arguments.
struct FlowCommandParser {
    let tokens: [FlowToken]
    let path: String
    let line: Int

    static let commandWords = ["open", "tap", "back", "close", "reload", "size", "snapshot", "include", "wait", "clear", "background",
                               "foreground", "restart", "push", "notify", "expect"]
    static let expectationWords = ["depth", "title", "bar", "left", "right", "color", "url", "page", "text", "no", "stack", "event", "warning",
                                   "cookie", "launch", "notification", "badge", "privacy"]

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
        guard !word.isQuoted else { throw error("a step starts with a command word, not a string", at: word) }
        switch word.text {
        case "open":
            return .open(try expectArguments(1, usage: "open URL")[0].text)
        case "tap":
            if tokens.count >= 2, tokens[1].text == "notification", !tokens[1].isQuoted {
                return .tap(.notification(action: try notificationAction()))
            }
            return .tap(tapTarget(try expectArguments(1, usage: "tap TARGET")[0]))
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
            let argument = try expectArguments(1, usage: "wait DURATION")[0]
            guard let duration = FlowDuration.parse(argument.text) else {
                throw error("wait takes a duration such as 500ms, 2s or 1m, got \"\(argument.text)\"", at: argument)
            }
            return .wait(duration)
        case "expect":
            return .expect(try expectation())
        default:
            let hint = Self.suggestion(for: word.text, among: Self.commandWords)
            throw error("unknown command \"\(word.text)\"\(hint); webnav help flows lists the steps", at: word)
        }
    }

    /// `tap notification` or `tap notification action "TITLE"`.
    private func notificationAction() throws(UserError) -> String? {
        guard tokens.count > 2 else { return nil }
        guard tokens[2].text == "action", !tokens[2].isQuoted else {
            throw error("tap notification takes nothing, or action \"TITLE\"", at: tokens[2])
        }
        return try expectArguments(1, after: 3, usage: "tap notification action \"TITLE\"")[0].text
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
            guard tokens.count >= 3, tokens[2].text == "text", !tokens[2].isQuoted else {
                throw error("expect no takes text: expect no text \"S\"", at: tokens.count >= 3 ? tokens[2] : what)
            }
            return .noText(try expectArguments(1, after: 3, usage: "expect no text \"S\"")[0].text)
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
        default:
            let hint = Self.suggestion(for: what.text, among: Self.expectationWords)
            throw error("unknown expectation \"\(what.text)\"\(hint); webnav help flows lists them", at: what)
        }
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

    static func suggestion(for word: String, among known: [String]) -> String {
        NameSuggestion.nearest(to: word, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
