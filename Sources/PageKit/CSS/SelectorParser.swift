/// Parses selector lists from CSS tokens (CSS Selectors Level 4, as WebKit accepts them).
struct SelectorParser {
    /// Where a selector is being parsed, which changes what it may contain.
    struct Context {
        /// Pseudo-elements are allowed (not inside `:is()`, `:not()`, `:has()`…).
        var allowsPseudoElements = true
        /// Inside `:has()`, where `:has()` may not appear again.
        var insideHas = false
        /// The selectors of the enclosing style rule that `&` stands for; nil outside nested rules
        /// (there `&` is `:scope`).
        var nestingParent: [ComplexSelector]?
        /// How many functional pseudo-classes enclose this selector.
        var depth = 0
    }

    /// The deepest nesting of `:is()`, `:not()` and the like that parses, and the most
    /// compounds in one complex selector: they bound the recursion of parsing and matching
    /// (a selector is matched right to left, a compound per level), far above real selectors.
    static let maximumNesting = 16
    static let maximumCompounds = 128

    let tokenizer: CSSTokenizer
    let tokens: [CSSToken]

    init(tokenizer: CSSTokenizer, tokens: [CSSToken]) {
        self.tokenizer = tokenizer
        self.tokens = tokens
    }

    /// Parses a whole string as a selector list (as `querySelectorAll` does).
    static func parseList(_ text: String) throws(SelectorSyntaxError) -> [ComplexSelector] {
        let tokenizer = CSSTokenizer(text)
        let parser = SelectorParser(tokenizer: tokenizer, tokens: closingBlocksAtTheEnd(tokenizer.tokens()))
        return try parser.parseList(0..<(parser.tokens.count - 1), context: Context())
    }

    /// The tokens with the blocks still open at the end closed there (CSS Syntax §5.4.8: the end
    /// of the input ends a simple block or a function), so that `[align="center"` and
    /// `:not(p` parse, as they do in WebKit.
    static func closingBlocksAtTheEnd(_ tokens: [CSSToken]) -> [CSSToken] {
        var open: [CSSTokenKind] = []
        for token in tokens {
            switch token.kind {
            case .openParen, .function: open.append(.closeParen)
            case .openSquare: open.append(.closeSquare)
            case .openCurly: open.append(.closeCurly)
            case .closeParen, .closeSquare, .closeCurly:
                // A stray closer is an error the parser reports; a matching one ends its block.
                if open.last == token.kind { open.removeLast() }
            default: break
            }
        }
        guard !open.isEmpty, let end = tokens.last else { return tokens }
        var closed = Array(tokens.dropLast())
        for kind in open.reversed() { closed.append(CSSToken(kind: kind, start: end.start, end: end.start)) }
        closed.append(end)
        return closed
    }

    // MARK: - Lists

    /// A comma-separated list of complex selectors filling `range`; any error fails it all.
    func parseList(_ range: Range<Int>, context: Context) throws(SelectorSyntaxError) -> [ComplexSelector] {
        var result: [ComplexSelector] = []
        for part in splitOnCommas(range) {
            result.append(try parseComplex(part, context: context))
        }
        return result
    }

    /// A forgiving list (`:is()`, `:where()`): parts that do not parse are dropped.
    func parseForgivingList(_ range: Range<Int>, context: Context) -> [ComplexSelector] {
        var result: [ComplexSelector] = []
        for part in splitOnCommas(range) {
            if let selector = try? parseComplex(part, context: context) { result.append(selector) }
        }
        return result
    }

    /// The parts of a range between top-level commas (commas inside blocks do not split).
    func splitOnCommas(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            switch tokens[index].kind {
            case .openParen, .openSquare, .openCurly, .function: depth += 1
            case .closeParen, .closeSquare, .closeCurly: depth = max(0, depth - 1)
            case .comma where depth == 0:
                parts.append(start..<index)
                start = index + 1
            default: break
            }
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    // MARK: - Complex selectors

    /// One complex selector filling `range` (whitespace around it allowed).
    ///
    /// With a `relativeTo` anchor (`:has()`, nested style rules), the selector is relative: it
    /// may start with a combinator (else a descendant combinator is implied) and the anchor
    /// compound is put in front, adding `anchorSpecificity`.
    func parseComplex(_ range: Range<Int>, context: Context, relativeTo anchor: CompoundSelector? = nil,
                      anchorSpecificity: Specificity = Specificity()) throws(SelectorSyntaxError) -> ComplexSelector {
        var index = skipWhitespace(range.lowerBound, range)
        var compounds: [CompoundSelector] = []
        var combinators: [Combinator] = []
        var specificity = Specificity()
        var pendingCombinator: Combinator?
        if let anchor {
            compounds.append(anchor)
            specificity = anchorSpecificity
            pendingCombinator = .descendant
            if index < range.upperBound, let combinator = combinatorToken(tokens[index]) {
                pendingCombinator = combinator
                index = skipWhitespace(index + 1, range)
            }
        }
        while true {
            guard index < range.upperBound else {
                throw error(compounds.count == (anchor == nil ? 0 : 1) ? "expected a selector" : "expected a selector after a combinator",
                            at: index)
            }
            if let last = compounds.last, last.pseudoElement != nil {
                throw error("a pseudo-element must come last", at: index)
            }
            let (compound, compoundSpecificity, next) = try parseCompound(from: index, range, context: context)
            if let combinator = pendingCombinator { combinators.append(combinator) }
            compounds.append(compound)
            if compounds.count > Self.maximumCompounds { throw error("selector too long", at: index) }
            specificity = specificity + compoundSpecificity
            index = next
            let afterWhitespace = skipWhitespace(index, range)
            if afterWhitespace >= range.upperBound { break }
            if let combinator = combinatorToken(tokens[afterWhitespace]) {
                pendingCombinator = combinator
                index = skipWhitespace(afterWhitespace + 1, range)
            } else if afterWhitespace > index {
                pendingCombinator = .descendant
                index = afterWhitespace
            } else {
                throw error("unexpected \(describe(tokens[index]))", at: index)
            }
        }
        let hasPseudoElement = compounds.contains { $0.pseudoElement != nil }
        return ComplexSelector(compounds: compounds, combinators: combinators, specificity: specificity,
                               hasPseudoElement: hasPseudoElement)
    }

    private func combinatorToken(_ token: CSSToken) -> Combinator? {
        guard token.kind == .delim else { return nil }
        switch token.delimiter {
        case UInt8(ascii: ">"): return .child
        case UInt8(ascii: "+"): return .nextSibling
        case UInt8(ascii: "~"): return .subsequentSibling
        default: return nil
        }
    }

    // MARK: - Compound selectors

    /// A compound selector starting at `start`; returns it, its specificity and where it ends.
    func parseCompound(from start: Int, _ range: Range<Int>, context: Context)
        throws(SelectorSyntaxError) -> (CompoundSelector, Specificity, Int) {
        var compound = CompoundSelector()
        var specificity = Specificity()
        var index = start
        var hasAny = false
        if let (typeName, noNamespace, next) = try parseTypeSelector(at: index, range) {
            if let typeName {
                compound.typeName = typeName
                compound.lowercasedTypeName = asciiLowercased(typeName)
                specificity.types += 1
            }
            compound.requiresNoNamespace = noNamespace
            index = next
            hasAny = true
        }
        loop: while index < range.upperBound {
            let token = tokens[index]
            if compound.pseudoElement != nil {
                if token.kind == .colon {
                    if index + 1 < range.upperBound, tokens[index + 1].kind == .colon {
                        throw error("a pseudo-element must come last", at: index)
                    }
                } else if token.kind == .hash || token.kind == .openSquare || token.isDelimiter(".") || token.isDelimiter("&") {
                    throw error("a pseudo-element must come last", at: index)
                } else {
                    break
                }
            }
            switch token.kind {
            case .hash:
                guard token.flag else { throw error("an ID selector must be a name", at: index) }
                compound.simples.append(.id(Array(tokenizer.name(of: token).utf8)))
                specificity.ids += 1
                index += 1
            case .delim where token.delimiter == UInt8(ascii: "."):
                guard index + 1 < range.upperBound, tokens[index + 1].kind == .ident else {
                    throw error("expected a class name after \".\"", at: index + 1)
                }
                compound.simples.append(.className(Array(tokenizer.name(of: tokens[index + 1]).utf8)))
                specificity.classes += 1
                index += 2
            case .delim where token.delimiter == UInt8(ascii: "&"):
                if let parent = context.nestingParent {
                    compound.simples.append(.pseudoClass(.matchesAny(parent)))
                    specificity = specificity + (parent.map(\.specificity).max() ?? Specificity())
                } else {
                    compound.simples.append(.pseudoClass(.scope))
                }
                index += 1
            case .openSquare:
                let (attribute, next) = try parseAttribute(from: index, range)
                compound.simples.append(.attribute(attribute))
                specificity.classes += 1
                index = next
            case .colon:
                if index + 1 < range.upperBound, tokens[index + 1].kind == .colon {
                    guard context.allowsPseudoElements else {
                        throw error("a pseudo-element is not allowed here", at: index)
                    }
                    let (name, next, slotted) = try parsePseudoElement(from: index + 2, range, legacy: false)
                    compound.pseudoElement = name
                    specificity.types += 1
                    if let (argument, argumentSpecificity) = slotted {
                        // CSS Scoping §3.2.1: a pseudo-element's specificity plus its argument's.
                        compound.slottedArgument = [argument]
                        specificity = specificity + argumentSpecificity
                    }
                    index = next
                } else {
                    if compound.pseudoElement == nil, index + 1 < range.upperBound, tokens[index + 1].kind == .ident,
                       Self.legacyPseudoElements.contains(asciiLowercased(tokenizer.name(of: tokens[index + 1]))) {
                        guard context.allowsPseudoElements else {
                            throw error("a pseudo-element is not allowed here", at: index)
                        }
                        compound.pseudoElement = asciiLowercased(tokenizer.name(of: tokens[index + 1]))
                        specificity.types += 1
                        index += 2
                        continue
                    }
                    let (pseudoClass, pseudoSpecificity, next) = try parsePseudoClass(from: index + 1, range, context: context,
                                                                                       afterPseudoElement: compound.pseudoElement)
                    compound.simples.append(.pseudoClass(pseudoClass))
                    specificity = specificity + pseudoSpecificity
                    index = next
                }
            default:
                break loop
            }
            hasAny = true
        }
        guard hasAny else {
            throw error(index < range.upperBound ? "unexpected \(describe(tokens[index]))" : "expected a selector", at: index)
        }
        return (compound, specificity, index)
    }

    /// `E`, `*`, `ns|E`, `*|E`, `|E`: the name (nil for `*`), whether `|` demanded no
    /// namespace, and where it ends; nil when no type selector starts here.
    private func parseTypeSelector(at start: Int, _ range: Range<Int>)
        throws(SelectorSyntaxError) -> (String?, Bool, Int)? {
        guard start < range.upperBound else { return nil }
        let first = tokens[start]
        func nameAfterBar(_ index: Int) throws(SelectorSyntaxError) -> (String?, Int) {
            guard index < range.upperBound else { throw error("expected a name after \"|\"", at: index) }
            if tokens[index].kind == .ident { return (tokenizer.name(of: tokens[index]), index + 1) }
            if tokens[index].isDelimiter("*") { return (nil, index + 1) }
            throw error("expected a name after \"|\"", at: index)
        }
        let isBar = { (index: Int) in
            index < range.upperBound && tokens[index].isDelimiter("|")
                && !(index + 1 < range.upperBound && tokens[index + 1].isDelimiter("="))
        }
        if first.isDelimiter("|") {
            let (name, next) = try nameAfterBar(start + 1)
            return (name, true, next)
        }
        guard first.kind == .ident || first.isDelimiter("*") else { return nil }
        let name: String? = first.kind == .ident ? tokenizer.name(of: first) : nil
        if isBar(start + 1) {
            if first.kind == .ident { throw error("undeclared namespace prefix \"\(name ?? "")\"", at: start) }
            let (inner, next) = try nameAfterBar(start + 2)
            return (inner, false, next)
        }
        return (name, false, start + 1)
    }

    // MARK: - Attribute selectors

    private func parseAttribute(from open: Int, _ range: Range<Int>)
        throws(SelectorSyntaxError) -> (AttributeSelector, Int) {
        guard let close = matchingClose(of: open, range) else { throw error("expected \"]\"", at: range.upperBound) }
        let inner = (open + 1)..<close
        var index = skipWhitespace(inner.lowerBound, inner)
        var anyNamespace = false
        func token(_ at: Int) -> CSSToken? { at < inner.upperBound ? tokens[at] : nil }
        var nameToken: CSSToken
        if let first = token(index), first.isDelimiter("*") || first.isDelimiter("|") {
            let barIndex = first.isDelimiter("*") ? index + 1 : index
            guard let bar = token(barIndex), bar.isDelimiter("|"), let name = token(barIndex + 1), name.kind == .ident else {
                throw error("expected an attribute name", at: index)
            }
            anyNamespace = first.isDelimiter("*")
            nameToken = name
            index = barIndex + 2
        } else if let first = token(index), first.kind == .ident {
            nameToken = first
            index += 1
            if let bar = token(index), bar.isDelimiter("|"), let next = token(index + 1), !next.isDelimiter("=") {
                throw error("undeclared namespace prefix \"\(tokenizer.name(of: first))\"", at: index - 1)
            }
        } else {
            throw error("expected an attribute name", at: index)
        }
        let name = tokenizer.name(of: nameToken)
        var selector = AttributeSelector(name: name, lowercasedName: asciiLowercased(name), anyNamespace: anyNamespace,
                                         operation: .exists, value: [], caseInsensitive: false)
        index = skipWhitespace(index, inner)
        guard let operatorToken = token(index) else { return (selector, close + 1) }
        if operatorToken.isDelimiter("=") {
            selector.operation = .equals
            index += 1
        } else if operatorToken.kind == .delim, let equals = token(index + 1), equals.isDelimiter("=") {
            switch operatorToken.delimiter {
            case UInt8(ascii: "~"): selector.operation = .includes
            case UInt8(ascii: "|"): selector.operation = .dashMatch
            case UInt8(ascii: "^"): selector.operation = .prefix
            case UInt8(ascii: "$"): selector.operation = .suffix
            case UInt8(ascii: "*"): selector.operation = .substring
            default: throw error("unexpected \(describe(operatorToken)) in an attribute selector", at: index)
            }
            index += 2
        } else {
            throw error("unexpected \(describe(operatorToken)) in an attribute selector", at: index)
        }
        index = skipWhitespace(index, inner)
        guard let valueToken = token(index), valueToken.kind == .ident || valueToken.kind == .string else {
            throw error("expected a value in an attribute selector", at: index)
        }
        selector.value = Array((valueToken.kind == .ident ? tokenizer.name(of: valueToken) : tokenizer.stringValue(of: valueToken)).utf8)
        index = skipWhitespace(index + 1, inner)
        if let flag = token(index) {
            guard flag.kind == .ident, asciiLowercased(tokenizer.name(of: flag)) == "i" else {
                throw error("unexpected \(describe(flag)) in an attribute selector", at: index)
            }
            selector.caseInsensitive = true
            index = skipWhitespace(index + 1, inner)
            if token(index) != nil { throw error("expected \"]\"", at: index) }
        }
        return (selector, close + 1)
    }

    // MARK: - Pseudo-classes

    /// Pseudo-elements that may be written with one colon (CSS 2).
    static let legacyPseudoElements: Set<String> = ["before", "after", "first-line", "first-letter"]

    static let plainPseudoClasses: [String: PseudoClass] = [
        "root": .root, "empty": .empty, "scope": .scope,
        "first-child": .firstChild, "last-child": .lastChild, "only-child": .onlyChild,
        "first-of-type": .firstOfType, "last-of-type": .lastOfType, "only-of-type": .onlyOfType,
        "link": .link, "any-link": .link, "-webkit-any-link": .link, "visited": .visited, "target": .target,
        "focus": .focus, "focus-within": .focusWithin, "focus-visible": .focusVisible, "hover": .hover, "active": .active,
        "checked": .checked, "indeterminate": .indeterminate, "default": .isDefault, "disabled": .disabled,
        "enabled": .enabled, "required": .required, "optional": .optional, "read-only": .readOnly,
        "read-write": .readWrite, "placeholder-shown": .placeholderShown, "valid": .valid, "invalid": .invalid,
        "in-range": .inRange, "out-of-range": .outOfRange, "defined": .defined, "paused": .paused, "muted": .muted,
        // Known to WebKit (CSSPseudoSelectors.json), never true of a page that is not playing
        // media, full screen, autofilled or shown in a shadow tree.
        "user-valid": .never, "user-invalid": .never, "autofill": .never, "-webkit-autofill": .never,
        "-webkit-drag": .never, "buffering": .never, "fullscreen": .never, "-webkit-full-screen": .never,
        "future": .never, "past": .never, "playing": .never, "seeking": .never, "stalled": .never,
        "volume-locked": .never, "modal": .never, "picture-in-picture": .never, "popover-open": .never,
        "window-inactive": .never, "host": .host(nil), "active-view-transition": .never,
        "corner-present": .never, "decrement": .never, "increment": .never, "double-button": .never,
        "single-button": .never, "no-button": .never, "start": .never, "end": .never,
        "horizontal": .never, "vertical": .never,
    ]

    /// Pseudo-classes allowed after a pseudo-element (user actions, and scrollbar states).
    static let afterPseudoElement: Set<String> = [
        "hover", "focus", "active", "focus-visible", "focus-within", "window-inactive", "enabled", "disabled",
        "corner-present", "decrement", "increment", "double-button", "single-button", "no-button", "start", "end",
        "horizontal", "vertical",
    ]

    private func parsePseudoClass(from index: Int, _ range: Range<Int>, context: Context, afterPseudoElement: String?)
        throws(SelectorSyntaxError) -> (PseudoClass, Specificity, Int) {
        guard index < range.upperBound else { throw error("expected a pseudo-class name after \":\"", at: index) }
        let token = tokens[index]
        let one = Specificity(classes: 1)
        if token.kind == .ident {
            let name = asciiLowercased(tokenizer.name(of: token))
            guard let pseudoClass = Self.plainPseudoClasses[name] else {
                throw error("unknown pseudo-class \":\(tokenizer.name(of: token))\"", at: index - 1)
            }
            if afterPseudoElement != nil && !Self.afterPseudoElement.contains(name) {
                throw error("\":\(name)\" cannot follow a pseudo-element", at: index - 1)
            }
            return (pseudoClass, one, index + 1)
        }
        guard token.kind == .function else { throw error("expected a pseudo-class name after \":\"", at: index) }
        let name = asciiLowercased(tokenizer.name(of: token))
        guard let close = matchingClose(of: index, range) else { throw error("expected \")\"", at: range.upperBound) }
        let arguments = (index + 1)..<close
        if afterPseudoElement != nil { throw error("\":\(name)()\" cannot follow a pseudo-element", at: index - 1) }
        var nested = context
        nested.allowsPseudoElements = false
        nested.depth += 1
        if nested.depth > Self.maximumNesting { throw error("selector nested too deeply", at: index - 1) }
        switch name {
        case "not":
            let list = try parseList(arguments, context: nested)
            return (.not(list), maxSpecificity(list), close + 1)
        case "is", "matches":
            let list = parseForgivingList(arguments, context: nested)
            return (.matchesAny(list), maxSpecificity(list), close + 1)
        case "where":
            return (.matchesAny(parseForgivingList(arguments, context: nested)), Specificity(), close + 1)
        case "-webkit-any":
            var compounds: [ComplexSelector] = []
            for part in splitOnCommas(arguments) {
                let start = skipWhitespace(part.lowerBound, part)
                let (compound, specificity, next) = try parseCompound(from: start, part, context: nested)
                if skipWhitespace(next, part) < part.upperBound { throw error("expected a compound selector", at: next) }
                compounds.append(ComplexSelector(compounds: [compound], combinators: [], specificity: specificity))
            }
            return (.matchesAny(compounds), one, close + 1)
        case "has":
            guard !context.insideHas else { throw error("\":has()\" cannot be nested", at: index - 1) }
            nested.insideHas = true
            var relatives: [ComplexSelector] = []
            for part in splitOnCommas(arguments) {
                relatives.append(try parseComplex(part, context: nested, relativeTo: CompoundSelector(simples: [.pseudoClass(.hasAnchor)])))
            }
            return (.has(relatives), maxSpecificity(relatives), close + 1)
        case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
            let (pattern, next) = try parseNth(arguments)
            var of: [ComplexSelector]?
            var specificity = one
            let word = skipWhitespace(next, arguments)
            if word < arguments.upperBound {
                guard name == "nth-child" || name == "nth-last-child", word > next, tokens[word].kind == .ident,
                      asciiLowercased(tokenizer.name(of: tokens[word])) == "of",
                      word + 1 < arguments.upperBound, tokens[word + 1].kind == .whitespace else {
                    throw error("unexpected \(describe(tokens[word])) in \":\(name)()\"", at: word)
                }
                let list = try parseList((word + 1)..<arguments.upperBound, context: nested)
                of = list
                specificity = specificity + maxSpecificity(list)
            }
            switch name {
            case "nth-child": return (.nthChild(pattern, of: of), specificity, close + 1)
            case "nth-last-child": return (.nthLastChild(pattern, of: of), specificity, close + 1)
            case "nth-of-type": return (.nthOfType(pattern), specificity, close + 1)
            default: return (.nthLastOfType(pattern), specificity, close + 1)
            }
        case "lang":
            var ranges: [String] = []
            for part in splitOnCommas(arguments) {
                let start = skipWhitespace(part.lowerBound, part)
                guard start < part.upperBound, tokens[start].kind == .ident || tokens[start].kind == .string,
                      skipWhitespace(start + 1, part) == part.upperBound else {
                    throw error("\":lang()\" takes language ranges", at: start)
                }
                ranges.append(tokens[start].kind == .ident ? tokenizer.name(of: tokens[start]) : tokenizer.stringValue(of: tokens[start]))
            }
            return (.lang(ranges), one, close + 1)
        case "dir":
            let start = skipWhitespace(arguments.lowerBound, arguments)
            guard start < arguments.upperBound, tokens[start].kind == .ident,
                  skipWhitespace(start + 1, arguments) == arguments.upperBound else {
                throw error("\":dir()\" takes ltr or rtl", at: start)
            }
            return (.dir(asciiLowercased(tokenizer.name(of: tokens[start]))), one, close + 1)
        case "host":
            let start = skipWhitespace(arguments.lowerBound, arguments)
            let (_, specificity, next) = try parseCompound(from: start, arguments, context: nested)
            if skipWhitespace(next, arguments) < arguments.upperBound { throw error("expected a compound selector", at: next) }
            return (.host(try parseList(arguments, context: nested)), one + specificity, close + 1)
        case "state", "active-view-transition-type":
            let idents = arguments.filter { tokens[$0].kind != .whitespace && tokens[$0].kind != .comma }
            guard !idents.isEmpty, idents.allSatisfy({ tokens[$0].kind == .ident }),
                  name == "active-view-transition-type" || idents.count == 1 else {
                throw error("\":\(name)()\" takes a name", at: arguments.lowerBound)
            }
            if name == "state" { return (.customState(tokenizer.name(of: tokens[idents[0]])), one, close + 1) }
            return (.never, one, close + 1)
        default:
            throw error("unknown pseudo-class \":\(tokenizer.name(of: token))()\"", at: index - 1)
        }
    }

    private func maxSpecificity(_ list: [ComplexSelector]) -> Specificity {
        list.map(\.specificity).max() ?? Specificity()
    }

    // MARK: - Pseudo-elements

    static let pseudoElements: Set<String> = [
        "after", "before", "first-letter", "first-line", "backdrop", "cue", "file-selector-button",
        "-webkit-file-upload-button", "grammar-error", "marker", "placeholder", "-webkit-input-placeholder",
        "selection", "spelling-error", "target-text", "thumb", "track", "view-transition",
    ]

    static let functionalPseudoElements: Set<String> = [
        "cue", "highlight", "part", "slotted", "view-transition-group", "view-transition-image-pair",
        "view-transition-new", "view-transition-old",
    ]

    /// A pseudo-element's name and where it ends, with `::slotted()`'s argument and its specificity.
    private func parsePseudoElement(from index: Int, _ range: Range<Int>, legacy: Bool)
        throws(SelectorSyntaxError) -> (String, Int, (CompoundSelector, Specificity)?) {
        guard index < range.upperBound else { throw error("expected a pseudo-element name after \"::\"", at: index) }
        let token = tokens[index]
        let name = asciiLowercased(tokenizer.name(of: token))
        if token.kind == .ident {
            // Selectors 4: any -webkit- pseudo-element is valid and matches nothing.
            guard Self.pseudoElements.contains(name) || name.hasPrefix("-webkit-") else {
                throw error("unknown pseudo-element \"::\(tokenizer.name(of: token))\"", at: index - 2)
            }
            return (name, index + 1, nil)
        }
        guard token.kind == .function, Self.functionalPseudoElements.contains(name) else {
            throw error("unknown pseudo-element \"::\(tokenizer.name(of: token))\"", at: index - 2)
        }
        guard let close = matchingClose(of: index, range) else { throw error("expected \")\"", at: range.upperBound) }
        let arguments = (index + 1)..<close
        let meaningful = arguments.filter { tokens[$0].kind != .whitespace }
        var slotted: (CompoundSelector, Specificity)?
        switch name {
        case "slotted":
            let start = skipWhitespace(arguments.lowerBound, arguments)
            var inner = Context()
            inner.allowsPseudoElements = false
            let (argument, argumentSpecificity, next) = try parseCompound(from: start, arguments, context: inner)
            if skipWhitespace(next, arguments) < arguments.upperBound { throw error("expected a compound selector", at: next) }
            slotted = (argument, argumentSpecificity)
        case "cue":
            var inner = Context()
            inner.allowsPseudoElements = false
            _ = try parseList(arguments, context: inner)
        case "part":
            guard !meaningful.isEmpty, meaningful.allSatisfy({ tokens[$0].kind == .ident }) else {
                throw error("\"::part()\" takes names", at: arguments.lowerBound)
            }
        default:
            guard meaningful.count == 1, tokens[meaningful[0]].kind == .ident || tokens[meaningful[0]].isDelimiter("*") else {
                throw error("\"::\(name)()\" takes a name", at: arguments.lowerBound)
            }
        }
        return (name, close + 1, slotted)
    }

    // MARK: - An+B

    /// Parses `An+B` (CSS Syntax §6.2) at the start of `range`; returns where it ends.
    func parseNth(_ range: Range<Int>) throws(SelectorSyntaxError) -> (NthPattern, Int) {
        var index = skipWhitespace(range.lowerBound, range)
        guard index < range.upperBound else { throw error("expected An+B", at: index) }
        func clamp(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value))) }
        func integerValue(_ token: CSSToken) -> Int { clamp(tokenizer.numericValue(of: token)) }
        /// `B` after an `n`: nothing, a signed integer, or `+`/`-` then a signless integer.
        func parseB(after start: Int) throws(SelectorSyntaxError) -> (Int, Int) {
            let next = skipWhitespace(start, range)
            guard next < range.upperBound else { return (0, next) }
            let token = tokens[next]
            if token.kind == .number && token.flag && token.hasSign { return (integerValue(token), next + 1) }
            if token.isDelimiter("+") || token.isDelimiter("-") {
                let number = skipWhitespace(next + 1, range)
                guard number < range.upperBound, tokens[number].kind == .number, tokens[number].flag, !tokens[number].hasSign else {
                    throw error("expected an integer in An+B", at: number)
                }
                let value = integerValue(tokens[number])
                return (token.isDelimiter("-") ? -value : value, number + 1)
            }
            return (0, start)
        }
        func signlessInteger(after start: Int) throws(SelectorSyntaxError) -> (Int, Int) {
            let number = skipWhitespace(start, range)
            guard number < range.upperBound, tokens[number].kind == .number, tokens[number].flag, !tokens[number].hasSign else {
                throw error("expected an integer in An+B", at: number)
            }
            return (integerValue(tokens[number]), number + 1)
        }
        /// The forms of an `n` written as a name: `n`, `n-`, `n-3` after a coefficient.
        func fromUnit(_ unit: String, a: Int, next: Int) throws(SelectorSyntaxError) -> (NthPattern, Int) {
            let lowered = asciiLowercased(unit)
            if lowered == "n" {
                let (b, end) = try parseB(after: next)
                return (NthPattern(a: a, b: b), end)
            }
            if lowered == "n-" {
                let (b, end) = try signlessInteger(after: next)
                return (NthPattern(a: a, b: -b), end)
            }
            if lowered.hasPrefix("n-"), lowered.count > 2, lowered.dropFirst(2).allSatisfy(\.isASCIIDigitCharacter) {
                return (NthPattern(a: a, b: -clamp(Double(lowered.dropFirst(2)) ?? 0)), next)
            }
            throw error("invalid An+B", at: index)
        }
        let token = tokens[index]
        switch token.kind {
        case .ident:
            let name = asciiLowercased(tokenizer.name(of: token))
            if name == "odd" { return (NthPattern(a: 2, b: 1), index + 1) }
            if name == "even" { return (NthPattern(a: 2, b: 0), index + 1) }
            if name.hasPrefix("-") { return try fromUnit(String(name.dropFirst()), a: -1, next: index + 1) }
            return try fromUnit(name, a: 1, next: index + 1)
        case .number where token.flag:
            return (NthPattern(a: 0, b: integerValue(token)), index + 1)
        case .dimension where token.flag:
            return try fromUnit(tokenizer.name(of: token), a: integerValue(token), next: index + 1)
        case .delim where token.delimiter == UInt8(ascii: "+"):
            index += 1
            guard index < range.upperBound, tokens[index].kind == .ident else { throw error("invalid An+B", at: index) }
            let name = tokenizer.name(of: tokens[index])
            if name.hasPrefix("-") { throw error("invalid An+B", at: index) }
            return try fromUnit(name, a: 1, next: index + 1)
        default:
            throw error("invalid An+B", at: index)
        }
    }

    // MARK: - Helpers

    func skipWhitespace(_ index: Int, _ range: Range<Int>) -> Int {
        var index = index
        while index < range.upperBound && tokens[index].kind == .whitespace { index += 1 }
        return index
    }

    /// The index of the token closing the block or function opened at `open`.
    func matchingClose(of open: Int, _ range: Range<Int>) -> Int? {
        var depth = 0
        for index in open..<range.upperBound {
            switch tokens[index].kind {
            case .openParen, .openSquare, .openCurly, .function: depth += 1
            case .closeParen, .closeSquare, .closeCurly:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    func describe(_ token: CSSToken) -> String {
        switch token.kind {
        case .eof: return "end of selector"
        case .whitespace: return "whitespace"
        case .string, .badString: return "string"
        default: return "\"\(tokenizer.text(token.start, token.end))\""
        }
    }

    func error(_ message: String, at tokenIndex: Int) -> SelectorSyntaxError {
        let byte = tokenIndex < tokens.count ? tokens[tokenIndex].start : tokenizer.bytes.count
        return SelectorSyntaxError(message: message, offset: tokenizer.scalarOffset(ofByte: byte))
    }
}

/// ASCII lowercase, leaving other characters as they are (as CSS and HTML compare names).
func asciiLowercased(_ text: String) -> String {
    var bytes = Array(text.utf8)
    var changed = false
    for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A {
        bytes[index] += 0x20
        changed = true
    }
    return changed ? String(decoding: bytes, as: UTF8.self) : text
}

extension Character {
    var isASCIIDigitCharacter: Bool { asciiValue.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
}
