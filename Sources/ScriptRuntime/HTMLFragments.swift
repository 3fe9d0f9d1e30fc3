import PageKit

/// Parses markup as the children of a context element (`innerHTML`, `insertAdjacentHTML`,
/// `document.write`), into a document fragment of the page's document.
///
/// Temporary: it runs today's whole-document parser on the markup wrapped so that it lands in
/// the context (a table, a row, a select, else a body) and copies the result. PageKit's
/// incremental parser (branch `parser`) brings `parseFragment` with the HTML5 rules.
enum FragmentParser {
    static func parse(_ html: String, context: String, into document: inout HTMLDocument) -> NodeID {
        let prefix: String
        let path: [String]
        switch context {
        case "table": (prefix, path) = ("<table>", ["html", "body", "table"])
        case "tbody", "thead", "tfoot": (prefix, path) = ("<table><tbody>", ["html", "body", "table", "tbody"])
        case "tr": (prefix, path) = ("<table><tbody><tr>", ["html", "body", "table", "tbody", "tr"])
        case "select": (prefix, path) = ("<select>", ["html", "body", "select"])
        default: (prefix, path) = ("", ["html", "body"])
        }
        let parsed = HTMLParser.parse("<!DOCTYPE html><html><head></head><body>" + prefix + html)
        let fragment = document.createDocumentFragment()
        guard let container = descend(parsed, along: path) else { return fragment }
        for child in parsed.children(of: container) {
            let copy = copySubtree(child, from: parsed, into: &document)
            try? document.appendChild(copy, to: fragment)
        }
        return fragment
    }

    /// Parses a whole document into a detached fragment of `document` holding its `html`.
    static func parseDocument(_ html: String, into document: inout HTMLDocument) -> NodeID {
        let parsed = HTMLParser.parse(html)
        let fragment = document.createDocumentFragment()
        for child in parsed.children(of: parsed.root) {
            let copy = copySubtree(child, from: parsed, into: &document)
            try? document.appendChild(copy, to: fragment)
        }
        return fragment
    }

    private static func descend(_ document: HTMLDocument, along path: [String]) -> NodeID? {
        var node = document.root
        for name in path {
            guard let child = document.children(of: node).first(where: { document.name(of: $0) == name }) else {
                return name == "body" || name == "html" ? nil : node
            }
            node = child
        }
        return node
    }

    /// Copies a node and its subtree from one document into another (detached there).
    static func copySubtree(_ node: NodeID, from source: HTMLDocument, into document: inout HTMLDocument) -> NodeID {
        func copy(_ node: NodeID) -> NodeID {
            switch source.kind(of: node) {
            case .text: return document.createText(source.text(of: node) ?? "")
            case .comment: return document.createComment(source.text(of: node) ?? "")
            case .element:
                let element = document.createElement(source.name(of: node) ?? "span")
                for (name, value) in source.attributes(of: node) { document.setAttribute(name, value, of: element) }
                return element
            case .document, .documentFragment:
                return document.createDocumentFragment()
            }
        }
        let top = copy(node)
        var stack: [(NodeID, NodeID)] = source.children(of: node).reversed().map { ($0, top) }
        while let (child, parent) = stack.popLast() {
            let copied = copy(child)
            try? document.appendChild(copied, to: parent)
            stack.append(contentsOf: source.children(of: child).reversed().map { ($0, copied) })
        }
        return top
    }
}

/// Serializes nodes as HTML (`innerHTML`, `outerHTML`), by the HTML standard's fragment
/// serialization algorithm.
///
/// Temporary: PageKit's `serializeChildren(of:)`/`serialize(_:)` (branch `parser`) replace it.
enum HTMLSerializer {
    static let voidElements: Set<String> = ["area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr",
                                            "img", "input", "keygen", "link", "meta", "param", "source", "track", "wbr"]
    static let rawTextElements: Set<String> = ["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript"]

    static func serializeChildren(of node: NodeID, in document: HTMLDocument) -> String {
        var output = ""
        for child in document.children(of: node) { serialize(child, in: document, into: &output) }
        return output
    }

    static func serialize(_ node: NodeID, in document: HTMLDocument) -> String {
        var output = ""
        serialize(node, in: document, into: &output)
        return output
    }

    private static func serialize(_ top: NodeID, in document: HTMLDocument, into output: inout String) {
        // An explicit stack: deep trees must not overflow the call stack.
        enum Step { case open(NodeID), close(String) }
        var steps: [Step] = [.open(top)]
        while let step = steps.popLast() {
            switch step {
            case .close(let name):
                output += "</" + name + ">"
            case .open(let node):
                switch document.kind(of: node) {
                case .text:
                    let text = document.text(of: node) ?? ""
                    if let parent = document.parent(of: node), let name = document.name(of: parent), rawTextElements.contains(name) {
                        output += text
                    } else {
                        output += escape(text, attribute: false)
                    }
                case .comment:
                    output += "<!--" + (document.text(of: node) ?? "") + "-->"
                case .document, .documentFragment:
                    for child in document.children(of: node).reversed() { steps.append(.open(child)) }
                case .element:
                    let name = document.name(of: node) ?? ""
                    output += "<" + name
                    for (attribute, value) in document.attributes(of: node) {
                        output += " " + attribute + "=\"" + escape(value, attribute: true) + "\""
                    }
                    output += ">"
                    guard !voidElements.contains(name) else { continue }
                    steps.append(.close(name))
                    for child in document.children(of: node).reversed() { steps.append(.open(child)) }
                }
            }
        }
    }

    static func escape(_ text: String, attribute: Bool) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xC2 }) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "\u{A0}": output += "&nbsp;"
            case "\"" where attribute: output += "&quot;"
            case "<" where !attribute: output += "&lt;"
            case ">" where !attribute: output += "&gt;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }
}
