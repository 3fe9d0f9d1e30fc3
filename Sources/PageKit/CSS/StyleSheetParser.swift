/// Parses style sheets and `style` attributes with CSS Syntax Level 3's error recovery,
/// keeping only what can decide `display` and `visibility`.
///
/// Malformed rules are skipped as the syntax says (a bad declaration up to its `;`, a bad
/// rule up to the end of its block), blocks are matched bracket by bracket, and rules
/// nest as CSS Nesting says. A rule whose block declares neither property is skipped
/// without parsing its selectors, which keeps big framework style sheets cheap.
struct StyleSheetParser {
    let tokenizer: CSSTokenizer
    let tokens: [CSSToken]
    private let selectorParser: SelectorParser
    /// Longhand properties kept besides `display` and `visibility`, their values as written
    /// (the shorthands of `StyleShorthands` expanded into them).
    let kept: Set<String>

    /// How deep rules nest (`@media` in `@media`, style rules in style rules) before the
    /// deeper ones are dropped: bounds the recursion, and no real style sheet comes near.
    static let maximumNesting = 16

    init(_ text: String, keeping kept: Set<String> = []) {
        tokenizer = CSSTokenizer(text)
        tokens = tokenizer.tokens()
        selectorParser = SelectorParser(tokenizer: tokenizer, tokens: tokens)
        self.kept = kept
    }

    /// Parses a whole style sheet.
    static func parse(_ text: String, keeping kept: Set<String> = []) -> StyleSheet {
        let parser = StyleSheetParser(text, keeping: kept)
        return StyleSheet(items: parser.ruleList(0..<(parser.tokens.count - 1), topLevel: true, depth: 0))
    }

    /// Parses the declarations of a `style` attribute.
    static func parseDeclarations(_ text: String, keeping kept: Set<String> = []) -> [StyleDeclaration] {
        let parser = StyleSheetParser(text, keeping: kept)
        var declarations: [StyleDeclaration] = []
        for item in parser.blockContents(0..<(parser.tokens.count - 1), parent: [], depth: 0) {
            if case .style(let rule) = item, rule.selectors.isEmpty { declarations += rule.declarations }
        }
        return declarations
    }

    // MARK: - Rule lists

    /// The rules of a style sheet or of a conditional group rule's block.
    private func ruleList(_ range: Range<Int>, topLevel: Bool, depth: Int) -> [StyleSheetItem] {
        guard depth <= Self.maximumNesting else { return [] }
        var items: [StyleSheetItem] = []
        var index = range.lowerBound
        var importsAllowed = topLevel
        while index < range.upperBound {
            let token = tokens[index]
            switch token.kind {
            case .whitespace:
                index += 1
            case .cdo where topLevel, .cdc where topLevel:
                index += 1
            case .atKeyword:
                let name = asciiLowercased(tokenizer.name(of: token))
                let (rule, next) = atRule(index, range, nested: false, parent: nil, importsAllowed: importsAllowed, depth: depth)
                items += rule
                if !(name == "charset" || name == "import" || (name == "layer" && rule.allSatisfy(\.isLayerStatement))) {
                    importsAllowed = false
                }
                index = next
            default:
                let (rule, next) = qualifiedRule(index, range, parent: nil, depth: depth)
                items += rule
                importsAllowed = false
                index = next
            }
        }
        return items
    }

    /// The contents of a style rule's block: declarations and nested rules, in order. The
    /// declarations before, between and after nested rules each become a rule with the
    /// parent's selectors, so the cascade sees them in source order.
    func blockContents(_ range: Range<Int>, parent: [ComplexSelector], depth: Int) -> [StyleSheetItem] {
        guard depth <= Self.maximumNesting else { return [] }
        var items: [StyleSheetItem] = []
        var declarations: [StyleDeclaration] = []
        func flush() {
            if !declarations.isEmpty { items.append(.style(StyleRule(selectors: parent, declarations: declarations))) }
            declarations.removeAll()
        }
        var index = range.lowerBound
        while index < range.upperBound {
            switch tokens[index].kind {
            case .whitespace, .semicolon:
                index += 1
            case .atKeyword:
                flush()
                let (rule, next) = atRule(index, range, nested: true, parent: parent, importsAllowed: false, depth: depth)
                items += rule
                index = next
            default:
                if let (parsed, next) = self.declaration(index, range) {
                    declarations += parsed
                    index = next
                } else {
                    flush()
                    let (rule, next) = qualifiedRule(index, range, parent: parent, depth: depth)
                    items += rule
                    index = next
                }
            }
        }
        flush()
        return items
    }

    // MARK: - Rules

    /// A qualified (style) rule; with a parent, a nested one that stops at `;`.
    private func qualifiedRule(_ start: Int, _ range: Range<Int>, parent: [ComplexSelector]?, depth: Int) -> ([StyleSheetItem], Int) {
        var index = start
        while index < range.upperBound {
            switch tokens[index].kind {
            case .openCurly:
                let end = skipComponentValue(index, range)
                let closed = end - 1 < range.upperBound && tokens[end - 1].kind == .closeCurly && end - 1 > index
                let contents = (index + 1)..<(closed ? end - 1 : end)
                guard isRelevant(contents) else { return ([], end) }
                guard let selectors = selectors(start..<index, parent: parent) else { return ([], end) }
                return (blockContents(contents, parent: selectors, depth: depth + 1), end)
            case .semicolon where parent != nil:
                return ([], index)
            default:
                index = skipComponentValue(index, range)
            }
        }
        return ([], range.upperBound)
    }

    /// Whether a block may hold a `display` or `visibility` declaration (or nested rules).
    private func isRelevant(_ range: Range<Int>) -> Bool {
        for index in range {
            switch tokens[index].kind {
            case .openCurly, .atKeyword: return true
            case .ident:
                let token = tokens[index]
                let length = token.end - token.start
                if length == 7 || length == 10 || tokenizer.bytes[token.start..<token.end].contains(0x5C) {
                    let name = asciiLowercased(tokenizer.name(of: token))
                    if name == "display" || name == "visibility" { return true }
                }
                if !kept.isEmpty {
                    let name = asciiLowercased(tokenizer.name(of: token))
                    if kept.contains(name) || StyleShorthands.longhands[name] != nil { return true }
                }
            default: break
            }
        }
        return false
    }

    /// The selectors of a rule's prelude; nested ones are relative to the parent's.
    private func selectors(_ range: Range<Int>, parent: [ComplexSelector]?) -> [ComplexSelector]? {
        guard let parent else { return try? selectorParser.parseList(range, context: SelectorParser.Context()) }
        var context = SelectorParser.Context()
        context.nestingParent = parent
        let ampersand = CompoundSelector(simples: [.pseudoClass(.matchesAny(parent))])
        let parentSpecificity = parent.map(\.specificity).max() ?? Specificity()
        var result: [ComplexSelector] = []
        for part in selectorParser.splitOnCommas(range) {
            let containsAmpersand = part.contains { tokens[$0].isDelimiter("&") }
            guard let selector = try? (containsAmpersand
                ? selectorParser.parseComplex(part, context: context)
                : selectorParser.parseComplex(part, context: context, relativeTo: ampersand, anchorSpecificity: parentSpecificity))
            else { return nil }
            result.append(selector)
        }
        return result
    }

    /// An at-rule: its prelude runs to `;`, a block, or (nested) the parent's `}`.
    private func atRule(_ start: Int, _ range: Range<Int>, nested: Bool, parent: [ComplexSelector]?, importsAllowed: Bool,
                        depth: Int) -> ([StyleSheetItem], Int) {
        let name = asciiLowercased(tokenizer.name(of: tokens[start]))
        var index = start + 1
        var block: Range<Int>?
        var preludeEnd = range.upperBound
        var next = range.upperBound
        scan: while index < range.upperBound {
            switch tokens[index].kind {
            case .semicolon:
                preludeEnd = index
                next = index + 1
                break scan
            case .closeCurly where nested:
                preludeEnd = index
                next = index
                break scan
            case .openCurly:
                preludeEnd = index
                next = skipComponentValue(index, range)
                let closed = tokens[next - 1].kind == .closeCurly && next - 1 > index
                block = (index + 1)..<(closed ? next - 1 : next)
                break scan
            default:
                index = skipComponentValue(index, range)
            }
        }
        let prelude = (start + 1)..<preludeEnd
        /// A group rule's contents: rules, or inside a style rule, its block's contents.
        func contents(_ block: Range<Int>) -> [StyleSheetItem] {
            if let parent { return blockContents(block, parent: parent, depth: depth + 1) }
            return ruleList(block, topLevel: false, depth: depth + 1)
        }
        switch name {
        case "media":
            guard let block else { return ([], next) }
            return ([.media(MediaQueryList(tokenizer: tokenizer, tokens: tokens, range: prelude), contents(block))], next)
        case "supports":
            guard let block, supports(prelude) else { return ([], next) }
            return (contents(block), next)
        case "layer":
            if let block {
                let names = layerNames(prelude)
                guard let names, names.count <= 1 else { return ([], next) }
                return ([.layerBlock(names.first, contents(block))], next)
            }
            guard let names = layerNames(prelude), !names.isEmpty else { return ([], next) }
            return ([.layerStatement(names)], next)
        case "import":
            guard block == nil, importsAllowed, let rule = importRule(prelude) else { return ([], next) }
            return ([rule], next)
        default:
            // @charset, @namespace, @font-face, @keyframes, @page, @container, @scope,
            // @starting-style and the rest decide nothing about display for a static page.
            return ([], next)
        }
    }

    // MARK: - Declarations

    /// A declaration at `start` (a kept shorthand gives its longhands): nil when the tokens
    /// there are not one (the caller then reads a nested rule); none for a declaration of
    /// another property or a bad value.
    private func declaration(_ start: Int, _ range: Range<Int>) -> ([StyleDeclaration], Int)? {
        guard tokens[start].kind == .ident else { return nil }
        var index = selectorParser.skipWhitespace(start + 1, range)
        guard index < range.upperBound, tokens[index].kind == .colon else { return nil }
        index += 1
        let valueStart = index
        var hasBlock = false
        while index < range.upperBound && tokens[index].kind != .semicolon {
            if tokens[index].kind == .openCurly { hasBlock = true }
            index = skipComponentValue(index, range)
        }
        let name = asciiLowercased(tokenizer.name(of: tokens[start]))
        if hasBlock && !name.hasPrefix("--") { return nil }
        let property: StyleDeclaration.Property
        switch name {
        case "display": property = .display
        case "visibility": property = .visibility
        default:
            guard !kept.isEmpty else { return ([], index) }
            return (keptDeclarations(name, valueStart..<index), index)
        }
        return (value(of: property, valueStart..<index).map { [$0] } ?? [], index)
    }

    /// A kept property's declaration, or a kept shorthand's longhands, values as written
    /// (whitespace collapsed, `!important` taken off).
    private func keptDeclarations(_ name: String, _ range: Range<Int>) -> [StyleDeclaration] {
        let longhands = StyleShorthands.longhands[name]
        guard kept.contains(name) || longhands != nil else { return [] }
        var parts = range.filter { tokens[$0].kind != .whitespace }
        var important = false
        if parts.count >= 2, tokens[parts[parts.count - 2]].isDelimiter("!"), tokens[parts[parts.count - 1]].kind == .ident,
           asciiLowercased(tokenizer.name(of: tokens[parts[parts.count - 1]])) == "important" {
            important = true
            parts.removeLast(2)
        }
        guard let first = parts.first, let last = parts.last else { return [] }
        let text = collapsingWhitespace(String(decoding: tokenizer.bytes[tokens[first].start..<tokens[last].end], as: UTF8.self))
        let keyword: StyleDeclaration.Value?
        switch asciiLowercased(text) {
        case "inherit": keyword = .inherit
        case "initial": keyword = .initial
        case "unset": keyword = .unset
        case "revert": keyword = .revert
        case "revert-layer": keyword = .revertLayer
        default: keyword = nil
        }
        guard let longhands else {
            return [StyleDeclaration(property: .other(name), value: keyword ?? .text(text), important: important)]
        }
        let values: [String]
        if let keyword {
            return longhands.filter(kept.contains).map { StyleDeclaration(property: .other($0), value: keyword, important: important) }
        } else if let expanded = StyleShorthands.expand(name, text) {
            values = expanded
        } else {
            return []
        }
        return zip(longhands, values).filter { kept.contains($0.0) }.map {
            StyleDeclaration(property: .other($0.0), value: .text($0.1), important: important)
        }
    }

    /// The value of a declaration, with its `!important`; nil when it is not valid.
    private func value(of property: StyleDeclaration.Property, _ range: Range<Int>) -> StyleDeclaration? {
        var parts = range.filter { tokens[$0].kind != .whitespace }
        var important = false
        if parts.count >= 2, tokens[parts[parts.count - 2]].isDelimiter("!"), tokens[parts[parts.count - 1]].kind == .ident,
           asciiLowercased(tokenizer.name(of: tokens[parts[parts.count - 1]])) == "important" {
            important = true
            parts.removeLast(2)
        }
        guard !parts.isEmpty, parts.allSatisfy({ tokens[$0].kind == .ident }) else { return nil }
        let words = parts.map { asciiLowercased(tokenizer.name(of: tokens[$0])) }
        let value: StyleDeclaration.Value
        switch (words.count == 1 ? words[0] : "", property) {
        case ("inherit", _): value = .inherit
        case ("initial", _): value = .initial
        case ("unset", _): value = .unset
        case ("revert", _): value = .revert
        case ("revert-layer", _): value = .revertLayer
        case (_, .display):
            guard let display = Display(keywords: words) else { return nil }
            value = .display(display)
        case (_, .visibility):
            guard words.count == 1, let visibility = Visibility(rawValue: words[0]) else { return nil }
            value = .visibility(visibility)
        case (_, .other):
            return nil
        }
        return StyleDeclaration(property: property, value: value, important: important)
    }

    // MARK: - Conditions, layers, imports

    /// `@supports`: WebKit supports every standard property, so a declaration test holds
    /// unless it names another engine's prefixed property or gives `display` or
    /// `visibility` a value they do not take; `selector()` holds when the selector parses.
    private func supports(_ range: Range<Int>) -> Bool {
        supportsCondition(range, depth: 0) ?? false
    }

    private func supportsCondition(_ range: Range<Int>, depth: Int) -> Bool? {
        guard depth <= Self.maximumNesting else { return nil }
        let parts = range.filter { tokens[$0].kind != .whitespace }
        guard let first = parts.first else { return nil }
        if tokens[first].kind == .ident, asciiLowercased(tokenizer.name(of: tokens[first])) == "not" {
            guard let group = parts.dropFirst().first, let end = groupEnd(group, range), selectorParser.skipWhitespace(end, range) == range.upperBound else {
                return nil
            }
            return supportsInParens(group..<end, depth: depth).map { !$0 }
        }
        var results: [Bool] = []
        var joiner: String?
        var index = first
        while index < range.upperBound {
            guard let end = groupEnd(index, range), let result = supportsInParens(index..<end, depth: depth) else { return nil }
            results.append(result)
            index = selectorParser.skipWhitespace(end, range)
            if index >= range.upperBound { break }
            guard tokens[index].kind == .ident else { return nil }
            let word = asciiLowercased(tokenizer.name(of: tokens[index]))
            guard word == "and" || word == "or", joiner == nil || joiner == word else { return nil }
            joiner = word
            index = selectorParser.skipWhitespace(index + 1, range)
            guard index < range.upperBound else { return nil }
        }
        return joiner == "or" ? results.contains(true) : results.allSatisfy { $0 }
    }

    private func groupEnd(_ index: Int, _ range: Range<Int>) -> Int? {
        guard tokens[index].kind == .openParen || tokens[index].kind == .function else { return nil }
        return skipComponentValue(index, range)
    }

    private func supportsInParens(_ group: Range<Int>, depth: Int) -> Bool? {
        let inner = (group.lowerBound + 1)..<(group.upperBound - 1)
        if tokens[group.lowerBound].kind == .function {
            switch asciiLowercased(tokenizer.name(of: tokens[group.lowerBound])) {
            case "selector":
                return (try? selectorParser.parseComplex(inner, context: SelectorParser.Context())) != nil
            case "font-tech", "font-format":
                return true
            default:
                return false
            }
        }
        let parts = inner.filter { tokens[$0].kind != .whitespace }
        guard let first = parts.first else { return false }
        if tokens[first].kind == .ident, parts.count >= 2, tokens[parts[1]].kind == .colon {
            let name = asciiLowercased(tokenizer.name(of: tokens[first]))
            guard parts.count > 2 else { return false }
            let valueRange = (parts[1] + 1)..<inner.upperBound
            switch name {
            case "display": return value(of: .display, valueRange) != nil
            case "visibility": return value(of: .visibility, valueRange) != nil
            default:
                return !(name.hasPrefix("-moz-") || name.hasPrefix("-ms-") || name.hasPrefix("-o-") || name.hasPrefix("-khtml-"))
            }
        }
        if tokens[first].kind == .openParen || tokens[first].kind == .function
            || (tokens[first].kind == .ident && asciiLowercased(tokenizer.name(of: tokens[first])) == "not") {
            return supportsCondition(inner, depth: depth + 1) ?? false
        }
        return false
    }

    /// Layer names separated by commas; each is idents joined by `.` without spaces.
    private func layerNames(_ range: Range<Int>) -> [[String]]? {
        var names: [[String]] = []
        for part in selectorParser.splitOnCommas(range) {
            let meaningful = part.filter { tokens[$0].kind != .whitespace }
            if meaningful.isEmpty {
                if range.contains(where: { tokens[$0].kind == .comma }) { return nil }
                continue
            }
            var name: [String] = []
            for (position, index) in meaningful.enumerated() {
                if position.isMultiple(of: 2) {
                    guard tokens[index].kind == .ident else { return nil }
                    name.append(tokenizer.name(of: tokens[index]))
                } else {
                    guard tokens[index].isDelimiter("."), tokens[index].start == tokens[meaningful[position - 1]].end else { return nil }
                }
            }
            guard meaningful.count % 2 == 1 else { return nil }
            names.append(name)
        }
        return names
    }

    /// `@import url [layer | layer(name)] [supports(…)] [media]`.
    private func importRule(_ prelude: Range<Int>) -> StyleSheetItem? {
        var index = selectorParser.skipWhitespace(prelude.lowerBound, prelude)
        guard index < prelude.upperBound else { return nil }
        let url: String
        let first = tokens[index]
        switch first.kind {
        case .url, .string:
            url = tokenizer.stringValue(of: first)
            index += 1
        case .function where asciiLowercased(tokenizer.name(of: first)) == "url":
            let end = skipComponentValue(index, prelude)
            guard let string = ((index + 1)..<end).first(where: { tokens[$0].kind == .string }) else { return nil }
            url = tokenizer.stringValue(of: tokens[string])
            index = end
        default:
            return nil
        }
        index = selectorParser.skipWhitespace(index, prelude)
        var layer: [String]??
        if index < prelude.upperBound {
            let token = tokens[index]
            if token.kind == .ident, asciiLowercased(tokenizer.name(of: token)) == "layer" {
                layer = .some(nil)
                index = selectorParser.skipWhitespace(index + 1, prelude)
            } else if token.kind == .function, asciiLowercased(tokenizer.name(of: token)) == "layer" {
                let end = skipComponentValue(index, prelude)
                guard let names = layerNames((index + 1)..<(end - 1)), names.count == 1 else { return nil }
                layer = .some(names[0])
                index = selectorParser.skipWhitespace(end, prelude)
            }
        }
        if index < prelude.upperBound, tokens[index].kind == .function,
           asciiLowercased(tokenizer.name(of: tokens[index])) == "supports" {
            let end = skipComponentValue(index, prelude)
            let inner = (index + 1)..<(end - 1)
            let holds = supportsCondition(inner, depth: 0) ?? {
                // `supports(display: grid)`: a bare declaration.
                let parts = inner.filter { tokens[$0].kind != .whitespace }
                guard parts.count >= 2, tokens[parts[0]].kind == .ident, tokens[parts[1]].kind == .colon else { return false }
                return true
            }()
            guard holds else { return nil }
            index = end
        }
        return .importRule(url: url, media: MediaQueryList(tokenizer: tokenizer, tokens: tokens, range: index..<prelude.upperBound),
                           layer: layer)
    }

    // MARK: - Component values

    /// The index after the component value at `index`: a whole `{}`, `[]`, `()` block or
    /// function, bracket by bracket (a stray closing bracket of another kind is content).
    func skipComponentValue(_ index: Int, _ range: Range<Int>) -> Int {
        guard let closer = Self.closer(of: tokens[index].kind) else { return index + 1 }
        var expected = [closer]
        var current = index + 1
        while current < range.upperBound {
            let kind = tokens[current].kind
            current += 1
            if kind == expected[expected.count - 1] {
                expected.removeLast()
                if expected.isEmpty { return current }
            } else if let nested = Self.closer(of: kind) {
                expected.append(nested)
            }
        }
        return range.upperBound
    }

    private static func closer(of kind: CSSTokenKind) -> CSSTokenKind? {
        switch kind {
        case .openCurly: return .closeCurly
        case .openSquare: return .closeSquare
        case .openParen, .function: return .closeParen
        default: return nil
        }
    }
}

extension StyleSheetItem {
    var isLayerStatement: Bool {
        if case .layerStatement = self { return true }
        return false
    }
}
