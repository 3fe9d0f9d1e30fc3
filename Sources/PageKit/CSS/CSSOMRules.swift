import URLKit

/// One top-level rule of a style sheet as the CSSOM shows it (`sheet.cssRules[i]`): its type
/// constant, its text as WebKit serialises it, the parts its interface exposes, and its source.
public struct CSSOMRule: Sendable, Equatable {
    /// `CSSRule.type`: 1 style, 3 import, 4 media, 5 font-face, 6 page, 7 keyframes,
    /// 10 namespace, 12 supports, 0 for the rules without a constant (layers, containers).
    public var type: Int
    /// The interface: `CSSStyleRule`, `CSSMediaRule`, `CSSKeyframesRule`…
    public var interface: String
    /// `cssText`, serialised as WebKit does for the cases measured (see DECISIONS.md).
    public var cssText: String
    /// Style rules: `selectorText`; grouping rules: the condition; keyframes: the name;
    /// imports: the URL.
    public var prelude: String
    /// Style, font-face and page rules: the declarations, serialised (`a: b; c: d !important;`).
    public var declarations: String
    /// The rule's source text, from which an edited sheet is rebuilt.
    public var source: String
}

/// Splits style sheet text into the CSSOM's top-level rules (CSS Syntax Level 3 §5.3.3
/// "parse a list of rules"), dropping what the CSSOM drops: `@charset`, unknown at-rules and
/// style rules whose selectors do not parse.
public enum CSSOMRules {
    /// Every rule of a sheet, in order.
    public static func rules(in text: String) -> [CSSOMRule] {
        let tokenizer = CSSTokenizer(text)
        let tokens = tokenizer.tokens()
        return rules(tokenizer, tokens, 0..<(tokens.count - 1), depth: 0)
    }

    /// The one rule `insertRule` is given, or nil (a SyntaxError) when the text holds none,
    /// more than one, or one the CSSOM would drop.
    public static func rule(_ text: String) -> CSSOMRule? {
        let tokenizer = CSSTokenizer(text)
        let tokens = tokenizer.tokens()
        let spans = ruleSpans(tokens, 0..<(tokens.count - 1))
        guard spans.count == 1 else { return nil }
        return makeRule(tokenizer, tokens, spans[0], depth: 0)
    }

    /// How deep grouping rules are followed.
    static let maximumDepth = 16

    /// A rule's tokens: its prelude, its block's contents (nil for a statement), and its end.
    struct Span {
        var prelude: Range<Int>
        var block: Range<Int>?
        var end: Int
    }

    static func rules(_ tokenizer: CSSTokenizer, _ tokens: [CSSToken], _ range: Range<Int>, depth: Int) -> [CSSOMRule] {
        guard depth <= maximumDepth else { return [] }
        return ruleSpans(tokens, range).compactMap { makeRule(tokenizer, tokens, $0, depth: depth) }
    }

    /// The spans of the rules in `range`: at-rules end at `;` or after their block, qualified
    /// rules after their block (one without a block is dropped).
    static func ruleSpans(_ tokens: [CSSToken], _ range: Range<Int>) -> [Span] {
        var spans: [Span] = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch tokens[index].kind {
            case .whitespace, .cdo, .cdc:
                index += 1
                continue
            default:
                break
            }
            let isAtRule = tokens[index].kind == .atKeyword
            let start = index
            var cursor = index
            var found: Span?
            while cursor < range.upperBound {
                let kind = tokens[cursor].kind
                if kind == .semicolon && isAtRule {
                    found = Span(prelude: start..<cursor, block: nil, end: cursor + 1)
                    break
                }
                if kind == .openCurly {
                    let close = matching(tokens, cursor, range.upperBound)
                    found = Span(prelude: start..<cursor, block: (cursor + 1)..<close, end: min(close + 1, range.upperBound))
                    break
                }
                if kind == .openParen || kind == .openSquare || kind == .function {
                    cursor = matching(tokens, cursor, range.upperBound) + 1
                    continue
                }
                cursor += 1
            }
            if let found {
                spans.append(found)
                index = found.end
            } else {
                // An at-rule cut off by the end is a statement; a qualified rule is dropped.
                if isAtRule { spans.append(Span(prelude: start..<range.upperBound, block: nil, end: range.upperBound)) }
                index = range.upperBound
            }
        }
        return spans
    }

    /// The index of the token closing the block, parenthesis or function opened at `open`
    /// (`end` when the text ends first).
    static func matching(_ tokens: [CSSToken], _ open: Int, _ end: Int) -> Int {
        var stack: [CSSTokenKind] = []
        var index = open
        while index < end {
            switch tokens[index].kind {
            case .openCurly: stack.append(.closeCurly)
            case .openParen, .function: stack.append(.closeParen)
            case .openSquare: stack.append(.closeSquare)
            case .closeCurly, .closeParen, .closeSquare:
                if stack.last == tokens[index].kind {
                    stack.removeLast()
                    if stack.isEmpty { return index }
                }
            default: break
            }
            index += 1
        }
        return end
    }

    static func makeRule(_ tokenizer: CSSTokenizer, _ tokens: [CSSToken], _ span: Span, depth: Int) -> CSSOMRule? {
        let source = tokenizer.text(tokens[span.prelude.lowerBound].start,
                                    span.end > span.prelude.lowerBound ? tokens[span.end - 1].end : tokens[span.prelude.lowerBound].end)
        let first = tokens[span.prelude.lowerBound]
        guard first.kind == .atKeyword else {
            guard let block = span.block else { return nil }
            let selector = collapsed(tokenizer, tokens, span.prelude)
            guard !selector.isEmpty, (try? SelectorList(selector)) != nil else { return nil }
            let declarations = serialisedDeclarations(tokenizer, tokens, block)
            return CSSOMRule(type: 1, interface: "CSSStyleRule", cssText: styleText(selector, declarations), prelude: selector,
                             declarations: declarations, source: source)
        }
        let name = asciiLowercased(tokenizer.name(of: first))
        let condition = collapsed(tokenizer, tokens, (span.prelude.lowerBound + 1)..<span.prelude.upperBound)
        switch (name, span.block) {
        case ("media", let block?), ("supports", let block?):
            let inner = rules(tokenizer, tokens, block, depth: depth + 1)
            let interface = name == "media" ? "CSSMediaRule" : "CSSSupportsRule"
            let body = inner.isEmpty ? "\n}" : "\n  " + inner.map { $0.cssText }.joined(separator: "\n  ") + "\n}"
            return CSSOMRule(type: name == "media" ? 4 : 12, interface: interface, cssText: "@\(name) \(condition) {" + body,
                             prelude: condition, declarations: "", source: source)
        case ("keyframes", let block?), ("-webkit-keyframes", let block?):
            guard !condition.isEmpty, !condition.contains(" ") else { return nil }
            let frames = ruleSpans(tokens, block).compactMap { frame -> String? in
                guard let frameBlock = frame.block else { return nil }
                let selector = collapsed(tokenizer, tokens, frame.prelude).split(separator: ",").map { part -> String in
                    let key = asciiLowercased(String(part.withoutEdgeSpaces()))
                    return key == "from" ? "0%" : key == "to" ? "100%" : key
                }.joined(separator: ", ")
                return styleText(selector, serialisedDeclarations(tokenizer, tokens, frameBlock))
            }
            let body = frames.isEmpty ? " \n}" : " \n  " + frames.joined(separator: "\n  ") + "\n}"
            return CSSOMRule(type: 7, interface: "CSSKeyframesRule", cssText: "@keyframes \(condition) {" + body,
                             prelude: condition, declarations: "", source: source)
        case ("font-face", let block?), ("page", let block?):
            let declarations = serialisedDeclarations(tokenizer, tokens, block)
            let head = name == "page" && !condition.isEmpty ? "@page \(condition)" : "@\(name)"
            return CSSOMRule(type: name == "page" ? 6 : 5, interface: name == "page" ? "CSSPageRule" : "CSSFontFaceRule",
                             cssText: styleText(head, declarations), prelude: condition, declarations: declarations, source: source)
        case ("import", nil):
            let url = importURL(tokenizer, tokens, span.prelude)
            guard let url else { return nil }
            return CSSOMRule(type: 3, interface: "CSSImportRule", cssText: "@import " + condition + ";", prelude: url,
                             declarations: "", source: source)
        case ("namespace", nil):
            return CSSOMRule(type: 10, interface: "CSSNamespaceRule", cssText: "@namespace " + condition + ";", prelude: condition,
                             declarations: "", source: source)
        case ("layer", let block):
            let text = block == nil ? "@layer \(condition);" : "@layer \(condition) {\n}"
            return CSSOMRule(type: 0, interface: block == nil ? "CSSLayerStatementRule" : "CSSLayerBlockRule", cssText: text,
                             prelude: condition, declarations: "", source: source)
        default:
            return nil
        }
    }

    static func styleText(_ head: String, _ declarations: String) -> String {
        declarations.isEmpty ? "\(head) { }" : "\(head) { \(declarations) }"
    }

    static func importURL(_ tokenizer: CSSTokenizer, _ tokens: [CSSToken], _ prelude: Range<Int>) -> String? {
        for index in (prelude.lowerBound + 1)..<prelude.upperBound {
            switch tokens[index].kind {
            case .whitespace: continue
            case .string, .url: return tokenizer.stringValue(of: tokens[index])
            case .function where asciiLowercased(tokenizer.name(of: tokens[index])) == "url":
                return tokens[(index + 1)..<prelude.upperBound].first { $0.kind == .string }.map { tokenizer.stringValue(of: $0) }
            default: return nil
            }
        }
        return nil
    }

    /// The tokens' text with comments gone and each run of whitespace made one space.
    static func collapsed(_ tokenizer: CSSTokenizer, _ tokens: [CSSToken], _ range: Range<Int>) -> String {
        var text = ""
        var pendingSpace = false
        for index in range {
            let token = tokens[index]
            if token.kind == .whitespace {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace { text += " " }
            pendingSpace = false
            text += tokenizer.text(token.start, token.end)
        }
        return text
    }

    /// A block's declarations as `name: value;` (`!important` kept), the malformed ones and
    /// nested rules left out.
    static func serialisedDeclarations(_ tokenizer: CSSTokenizer, _ tokens: [CSSToken], _ block: Range<Int>) -> String {
        var parts: [String] = []
        var index = block.lowerBound
        while index < block.upperBound {
            var end = index
            while end < block.upperBound && tokens[end].kind != .semicolon {
                if tokens[end].kind == .openCurly || tokens[end].kind == .openParen || tokens[end].kind == .openSquare
                    || tokens[end].kind == .function {
                    end = matching(tokens, end, block.upperBound)
                }
                end += 1
            }
            end = min(end, block.upperBound)
            if let declaration = declaration(tokenizer, tokens, index..<end) { parts.append(declaration) }
            index = end + 1
        }
        return parts.joined(separator: " ")
    }

    static func declaration(_ tokenizer: CSSTokenizer, _ tokens: [CSSToken], _ range: Range<Int>) -> String? {
        var index = range.lowerBound
        while index < range.upperBound && tokens[index].kind == .whitespace { index += 1 }
        guard index < range.upperBound, tokens[index].kind == .ident else { return nil }
        let rawName = tokenizer.name(of: tokens[index])
        let name = rawName.hasPrefix("--") ? rawName : asciiLowercased(rawName)
        index += 1
        while index < range.upperBound && tokens[index].kind == .whitespace { index += 1 }
        guard index < range.upperBound, tokens[index].kind == .colon else { return nil }
        var valueEnd = range.upperBound
        while valueEnd > index + 1 && tokens[valueEnd - 1].kind == .whitespace { valueEnd -= 1 }
        var important = false
        if valueEnd - 1 > index, tokens[valueEnd - 1].kind == .ident, asciiLowercased(tokenizer.name(of: tokens[valueEnd - 1])) == "important" {
            var bang = valueEnd - 2
            while bang > index && tokens[bang].kind == .whitespace { bang -= 1 }
            if tokens[bang].isDelimiter("!") {
                important = true
                valueEnd = bang
            }
        }
        let value = collapsed(tokenizer, tokens, (index + 1)..<valueEnd)
        guard !value.isEmpty || name.hasPrefix("--") else { return nil }
        return "\(name): \(value)\(important ? " !important" : "");"
    }
}

extension Substring {
    /// Without the spaces at either end.
    func withoutEdgeSpaces() -> Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// What scripts made of a `<style>` element's sheet through the CSSOM: the rules' text, kept
/// while the element's text stays what it was when they were made.
public struct StyleSheetEdit: Sendable, Equatable {
    /// The element's text when the sheet was first edited.
    public var source: String
    /// The sheet's text now, the rules' sources one per line.
    public var text: String

    public init(source: String, text: String) {
        self.source = source
        self.text = text
    }
}

extension HTMLDocument {
    /// The text a `<style>` element's sheet has: what scripts made of it through the CSSOM
    /// while the element's text is unchanged, else the element's text.
    public func styleSheetText(of element: NodeID) -> String {
        let text = textContent(of: element)
        if let edit = styleSheetEdits[Int32(element.rawValue)], edit.source == text { return edit.text }
        return text
    }
}

extension HTMLDocument {
    /// The texts of the style sheets that apply, in tree order: each `<style>`'s (as the CSSOM
    /// left it) and each linked sheet that was read (their imports are not followed).
    public func appliedStyleSheetTexts(linked: LinkedStyleSheets, pageURL: String?) -> [String] {
        let resolver = URLResolver(base: baseURL(pageURL: pageURL))
        return StyleCascade.sheetElements(of: self).compactMap { element in
            switch element {
            case .embedded(let text, _): return text
            case .linked(let href, _): return resolver.resolve(href).flatMap { linked.text(at: $0) }
            }
        }
    }
}

extension CSSOMRules {
    /// The names of the `@keyframes` rules of a sheet, in its top level and its `@media` and
    /// `@supports` rules.
    public static func keyframesNames(in text: String) -> [String] {
        guard text.contains("keyframes") else { return [] }
        let tokenizer = CSSTokenizer(text)
        let tokens = tokenizer.tokens()
        var names: [String] = []
        func walk(_ range: Range<Int>, depth: Int) {
            guard depth <= maximumDepth else { return }
            for span in ruleSpans(tokens, range) where tokens[span.prelude.lowerBound].kind == .atKeyword {
                let name = asciiLowercased(tokenizer.name(of: tokens[span.prelude.lowerBound]))
                guard let block = span.block else { continue }
                if name == "keyframes" || name == "-webkit-keyframes" {
                    let identifier = collapsed(tokenizer, tokens, (span.prelude.lowerBound + 1)..<span.prelude.upperBound)
                    if !identifier.isEmpty { names.append(identifier.hasPrefix("\"") ? String(identifier.dropFirst().dropLast()) : identifier) }
                } else if name == "media" || name == "supports" {
                    walk(block, depth: depth + 1)
                }
            }
        }
        walk(0..<(tokens.count - 1), depth: 0)
        return names
    }
}
