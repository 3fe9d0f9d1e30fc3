/// What a script says that the linter checks: the URLs it navigates to, the URL-like string
/// literals it holds, the message handlers it calls, and its `webnav-lint` comments.
struct ScriptFacts: Equatable, Sendable {
    /// A string in the script: its cooked value, and the offset of its first character after the quote.
    struct Text: Equatable, Sendable {
        var value: String
        var offset: Int
    }

    /// `location = "…"`, `location.href = "…"`, `location.assign("…")`, `location.replace("…")`,
    /// `window.open("…")` with a whole string (not one joined with `+`).
    var navigations: [Text] = []
    /// Other whole strings that start with a scheme (`mkwebview:`, `tel:`): deeplinks and
    /// external links built in script.
    var schemeLiterals: [Text] = []
    /// `messageHandlers.NAME` and `messageHandlers["NAME"]`: the name and where it is written.
    var handlerUses: [Text] = []
    /// `fetch("…")` and `request.open("METHOD", "…")` with a whole string: what the script requests.
    var requests: [Text] = []
    /// `webnav-lint:` comments: the text after the comment marker, the comment's start and end,
    /// and whether code stands before it on its line.
    var directives: [(text: String, start: Int, end: Int, followsCode: Bool)] = []

    static func == (lhs: ScriptFacts, rhs: ScriptFacts) -> Bool {
        lhs.navigations == rhs.navigations && lhs.schemeLiterals == rhs.schemeLiterals && lhs.handlerUses == rhs.handlerUses
            && lhs.requests == rhs.requests
            && lhs.directives.map(\.text) == rhs.directives.map(\.text) && lhs.directives.map(\.start) == rhs.directives.map(\.start)
    }

    /// Reads a script's facts from its source (UTF-8 bytes).
    init(source: [UInt8]) {
        var significant: [JavaScriptToken] = []
        var lastCodeEnd = -1
        for token in JavaScriptScanner.tokens(source) {
            if token.kind == .comment {
                if token.value.contains("webnav-lint") {
                    let followsCode = lastCodeEnd >= 0 && !source[lastCodeEnd..<token.range.lowerBound].contains { $0 == 0x0A || $0 == 0x0D }
                    directives.append((token.value, token.range.lowerBound, token.range.upperBound, followsCode))
                }
                continue
            }
            lastCodeEnd = token.range.upperBound
            significant.append(token)
        }
        for index in significant.indices {
            let token = significant[index]
            func at(_ offset: Int) -> JavaScriptToken? {
                let position = index + offset
                return significant.indices.contains(position) ? significant[position] : nil
            }
            func isPunctuator(_ token: JavaScriptToken?, _ values: Set<String>) -> Bool {
                token?.kind == .punctuator && values.contains(token!.value)
            }
            func isName(_ token: JavaScriptToken?, _ names: Set<String>) -> Bool {
                token?.kind == .identifier && names.contains(token!.value)
            }
            if token.kind == .identifier, token.value == "messageHandlers" {
                if isPunctuator(at(1), [".", "?."]), let name = at(2), name.kind == .identifier {
                    handlerUses.append(Text(value: name.value, offset: name.range.lowerBound))
                } else if isPunctuator(at(1), ["["]), let name = at(2), name.kind == .string, isPunctuator(at(3), ["]"]) {
                    handlerUses.append(Text(value: name.value, offset: name.range.lowerBound + 1))
                }
                continue
            }
            guard token.kind == .string else { continue }
            // A string joined to others is part of a URL built at run time: nothing to check.
            if isPunctuator(at(-1), ["+"]) || isPunctuator(at(1), ["+"]) { continue }
            let text = Text(value: token.value, offset: token.range.lowerBound + 1)
            let fetched = isPunctuator(at(-1), ["("]) && isPunctuator(at(1), [")", ","]) && isName(at(-2), ["fetch"])
                && !(isPunctuator(at(-3), [".", "?."]) && !isName(at(-4), ["window", "self", "globalThis"]))
            let opened = isPunctuator(at(-1), [","]) && at(-2)?.kind == .string && isPunctuator(at(-3), ["("])
                && isName(at(-4), ["open"]) && isPunctuator(at(-5), [".", "?."]) && !isName(at(-6), ["window", "document"])
                && isPunctuator(at(1), [")", ","])
            if fetched || opened {
                requests.append(text)
                continue
            }
            let assigned = isPunctuator(at(-1), ["="]) && (
                isName(at(-2), ["location"]) || (isName(at(-2), ["href"]) && isPunctuator(at(-3), ["."]) && isName(at(-4), ["location"])))
            let called = isPunctuator(at(-1), ["("]) && isPunctuator(at(1), [")", ","]) && (
                (isName(at(-2), ["assign", "replace"]) && isPunctuator(at(-3), [".", "?."]) && isName(at(-4), ["location"]))
                    || (isName(at(-2), ["open"]) && isPunctuator(at(-3), [".", "?."]) && isName(at(-4), ["window"])))
            if assigned || called {
                navigations.append(text)
            } else if Self.startsWithScheme(token.value) {
                schemeLiterals.append(text)
            }
        }
    }

    /// Whether a string starts with `scheme:` (a letter, then letters, digits, `+`, `-`, `.`).
    static func startsWithScheme(_ value: String) -> Bool {
        var sawLetter = false
        for byte in value.utf8 {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if !sawLetter {
                guard isLetter else { return false }
                sawLetter = true
                continue
            }
            if byte == UInt8(ascii: ":") { return true }
            let isOther = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isLetter || isOther else { return false }
        }
        return false
    }
}
