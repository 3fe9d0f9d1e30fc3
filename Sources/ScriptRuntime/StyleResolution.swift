import Foundation
import PageKit

/// `display` and `visibility` for `getComputedStyle`, selectors for `querySelector(All)`,
/// `matches` and `closest`, and `innerText`: the seam to PageKit's style and selector engine.
///
/// Until branch `styles` lands: display comes from the inline `style` attribute, the `hidden`
/// attribute and the user agent's defaults (WebKit's html.css), visibility from inline styles
/// (inherited); selectors are not supported, so queries throw a SyntaxError, which jQuery's
/// Sizzle answers by using its own engine (webkit-bridge-facts.md §6.1).
extension ScriptPage {
    /// The value a selector query returns when it cannot answer: the prelude throws SyntaxError.
    static let unsupportedSelector = -2

    func querySelector(_ root: NodeID, _ selectors: String, all: Bool) -> ScriptValue {
        .int(Self.unsupportedSelector)
    }

    func matchesSelector(_ element: NodeID, _ selectors: String) -> Int {
        Self.unsupportedSelector
    }

    func closestMatching(_ element: NodeID, _ selectors: String) -> Int {
        Self.unsupportedSelector
    }

    /// The computed value of `display` or `visibility`; "" for a node outside the document
    /// (as WebKit answers for elements without a renderer).
    func computedStyle(_ element: NodeID, _ property: String) -> String {
        guard document.kind(of: element) == .element, isConnected(element) else { return "" }
        switch property {
        case "display":
            if let value = inlineDeclaration("display", of: element) { return value }
            if document.attribute("hidden", of: element) != nil { return "none" }
            return Self.defaultDisplay(document.name(of: element) ?? "", element: element, page: self)
        case "visibility":
            var current: NodeID? = element
            while let node = current, document.kind(of: node) == .element {
                if let value = inlineDeclaration("visibility", of: node) { return value }
                current = document.parent(of: node)
            }
            return "visible"
        default:
            return inlineDeclaration(property, of: element) ?? ""
        }
    }

    /// Whether an element has a box: in the document, with no `display: none` at or above it.
    func isRendered(_ element: NodeID) -> Bool {
        guard isConnected(element) else { return false }
        var current: NodeID? = element
        while let node = current, document.kind(of: node) == .element {
            if computedStyle(node, "display") == "none" { return false }
            current = document.parent(of: node)
        }
        return true
    }

    /// The last declaration of a property in an element's `style` attribute.
    func inlineDeclaration(_ property: String, of element: NodeID) -> String? {
        guard let style = document.attribute("style", of: element) else { return nil }
        var found: String?
        for declaration in style.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard name == property else { continue }
            var value = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            if let bang = value.range(of: "!important", options: [.caseInsensitive, .backwards]) {
                value = value[..<bang.lowerBound].trimmingCharacters(in: .whitespaces)
            }
            if !value.isEmpty { found = value.lowercased() }
        }
        return found
    }

    /// WebKit's user agent style sheet (Source/WebCore/css/html.css), for `display`.
    static func defaultDisplay(_ tag: String, element: NodeID, page: ScriptPage) -> String {
        switch tag {
        case "html", "body", "div", "p", "address", "article", "aside", "blockquote", "center", "dd", "details", "dir",
             "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
             "header", "hgroup", "hr", "legend", "listing", "main", "menu", "nav", "ol", "plaintext", "pre", "search",
             "section", "summary", "ul", "xmp", "optgroup", "frameset", "frame":
            return "block"
        case "dialog":
            return page.document.attribute("open", of: element) != nil ? "block" : "none"
        case "li": return "list-item"
        case "table": return "table"
        case "caption": return "table-caption"
        case "colgroup": return "table-column-group"
        case "col": return "table-column"
        case "thead": return "table-header-group"
        case "tbody": return "table-row-group"
        case "tfoot": return "table-footer-group"
        case "tr": return "table-row"
        case "td", "th": return "table-cell"
        case "head", "script", "style", "title", "meta", "link", "base", "template", "datalist", "area", "param",
             "noscript", "noembed", "noframes", "rp":
            return "none"
        case "input":
            return page.inputType(element) == "hidden" ? "none" : "inline-block"
        case "button", "select", "textarea", "meter", "progress", "marquee":
            return "inline-block"
        case "ruby": return "ruby"
        case "rt": return "ruby-text"
        case "img", "video", "audio", "canvas", "iframe", "embed", "object", "svg":
            return "inline"
        default: return "inline"
        }
    }

    /// `innerText`: the rendered text, with line breaks for `br` and around blocks (two
    /// around paragraphs) and hidden content left out; `textContent` when not rendered.
    func innerText(_ element: NodeID) -> String {
        guard isRendered(element) else { return document.textContent(of: element) }
        var pieces: [String] = []
        var required = 0
        func emit(_ text: String) {
            guard !text.isEmpty else { return }
            if required > 0 && !pieces.isEmpty { pieces.append(String(repeating: "\n", count: required)) }
            required = 0
            pieces.append(text)
        }
        func walk(_ node: NodeID, preformatted: Bool) {
            switch document.kind(of: node) {
            case .text:
                let raw = document.text(of: node) ?? ""
                if preformatted {
                    emit(raw)
                } else {
                    var collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{0C}" })
                        .joined(separator: " ")
                    if let first = raw.first, " \n\t\r".contains(first), !collapsed.isEmpty, let last = pieces.last, last.last != " ",
                       last.last != "\n" { collapsed = " " + collapsed }
                    if let last = raw.last, " \n\t\r".contains(last), !collapsed.isEmpty { collapsed += " " }
                    emit(collapsed)
                }
            case .element:
                let display = computedStyle(node, "display")
                if display == "none" || computedStyle(node, "visibility") == "hidden" && document.firstChild(of: node) == nil { return }
                let tag = document.name(of: node) ?? ""
                if tag == "br" { pieces.append("\n"); required = 0; return }
                let block = display != "inline" && display != "inline-block"
                let paragraph = tag == "p"
                if block { required = max(required, paragraph ? 2 : 1) }
                let pre = preformatted || tag == "pre" || tag == "textarea" || tag == "listing" || tag == "xmp"
                for child in document.children(of: node) { walk(child, preformatted: pre) }
                if block { required = max(required, paragraph ? 2 : 1) }
                if display == "table-cell", document.nextSibling(of: node) != nil { emit("\t") }
            default:
                return
            }
        }
        for child in document.children(of: element) { walk(child, preformatted: document.name(of: element) == "pre") }
        var text = pieces.joined()
        while text.hasSuffix(" ") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ")) }.joined(separator: "\n")
    }
}
