import PageKit

/// The rendered-text walk behind `innerText` (WebKit's `TextIterator` with the innerText
/// behaviour: Source/WebCore/editing/TextIterator.cpp, `handleTextNode`,
/// `representNodeOffsetZero`, `exitNode`, `shouldEmitExtraNewlineForNode`).
struct RenderedTextCollector {
    let page: ScriptPage
    let resolver: StyleResolver
    private var output: [Character] = []
    private var pendingSpace = false
    private var needsAnotherNewline = false
    private var hasEmitted = false
    /// The last node in document order that has a box: a block emits its closing line break
    /// only when something rendered follows it.
    private var lastRendered: NodeID?
    /// The rendered nodes' positions in document order.
    private var order: [NodeID: Int] = [:]

    init(page: ScriptPage, resolver: StyleResolver) {
        self.page = page
        self.resolver = resolver
    }

    /// What a node's box is, for the walk.
    struct Box {
        var style: ComputedStyle
        var fontSize: Double
        var rootFontSize: Double
    }

    private var document: HTMLDocument { page.document }

    mutating func collect(_ element: NodeID) -> String {
        lastRendered = lastRenderedNode()
        var chain: [NodeID] = []
        var current: NodeID? = element
        while let node = current, document.kind(of: node) == .element {
            chain.append(node)
            current = document.parent(of: node)
        }
        var box: Box?
        for node in chain.reversed() { box = self.box(of: node, parent: box) }
        guard let box else { return "" }
        for child in document.children(of: element) { walk(child, parent: box) }
        if needsAnotherNewline { output.append("\n") }
        return String(output)
    }

    private func box(of element: NodeID, parent: Box?) -> Box {
        let style = resolver.computedStyle(of: element, parent: parent?.style)
        let parentSize = parent?.fontSize ?? 16
        let root = parent?.rootFontSize ?? 16
        let context = ComputedValues.Context(fontSize: parentSize, rootFontSize: root, viewportWidth: 390, viewportHeight: 753,
                                             containingWidth: 390)
        let size = style.values["font-size"].map { ComputedValues.fontSize($0, parent: parentSize, root: root, context) } ?? parentSize
        return Box(style: style, fontSize: size, rootFontSize: parent == nil ? size : root)
    }

    private mutating func emit(_ character: Character) {
        if needsAnotherNewline {
            needsAnotherNewline = false
            output.append("\n")
        }
        output.append(character)
        hasEmitted = true
    }

    private var lastCharacter: Character? { output.last }

    private mutating func walk(_ node: NodeID, parent: Box) {
        switch document.kind(of: node) {
        case .text:
            text(document.text(of: node) ?? "", parent)
        case .element:
            let box = self.box(of: node, parent: parent)
            let style = box.style
            if style.display == .none { return }
            let tag = document.name(of: node) ?? ""
            if tag == "br" {
                pendingSpace = false
                emit("\n")
                return
            }
            let isCell = style.display == .tableCell
            let isBlock = emitsNewlines(node, box)
            if isCell {
                if hasEmitted && lastCharacter != "\n" && hasPreviousCell(node) {
                    pendingSpace = false
                    emit("\t")
                }
            } else if isBlock && hasEmitted && lastCharacter != "\n" {
                pendingSpace = false
                emit("\n")
            }
            // Form controls draw their own contents: a select's options and a textarea's text are not the page's text.
            if tag == "select" || tag == "textarea" || tag == "input" || tag == "img" || tag == "iframe" || tag == "video"
                || tag == "audio" || tag == "canvas" || tag == "object" || tag == "embed" || tag == "svg" || tag == "math" {
                return
            }
            for child in document.children(of: node) { walk(child, parent: box) }
            if isBlock { exitBlock(node, box) }
        default:
            return
        }
    }

    /// Whether an element sibling comes before a cell in its row.
    private func hasPreviousCell(_ node: NodeID) -> Bool {
        var sibling = document.previousSibling(of: node)
        while let current = sibling {
            if document.kind(of: current) == .element { return true }
            sibling = document.previousSibling(of: current)
        }
        return false
    }

    /// Whether a box is a block for the text: a block-level box other than a table cell,
    /// a float or a positioned box (WebKit's `shouldEmitNewlinesBeforeAndAfterNode`).
    private func emitsNewlines(_ node: NodeID, _ box: Box) -> Bool {
        switch box.style.display {
        case .inline, .inlineBlock, .inlineTable, .inlineFlex, .inlineGrid, .tableCell, .contents, .none, .ruby, .rubyText,
             .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableColumn, .tableColumnGroup, .webkitInlineBox,
             .inlineListItem, .inlineFlowRootListItem:
            return false
        default:
            break
        }
        if let float = box.style.values["float"], float != "none" { return false }
        if let position = box.style.values["position"], position == "absolute" || position == "fixed" { return false }
        return document.name(of: node) != "body"
    }

    private mutating func exitBlock(_ node: NodeID, _ box: Box) {
        pendingSpace = false
        guard hasEmitted, isFollowedByRenderedNode(node) else { return }
        let extra = needsExtraNewline(node, box)
        if lastCharacter != "\n" {
            emit("\n")
            needsAnotherNewline = extra
        } else if extra {
            emit("\n")
        }
    }

    /// `p` and `h1`–`h6` with a bottom margin of at least half their font size.
    private func needsExtraNewline(_ node: NodeID, _ box: Box) -> Bool {
        guard let tag = document.name(of: node), tag == "p" || (tag.count == 2 && tag.hasPrefix("h") && "123456".contains(tag.last!)) else {
            return false
        }
        let context = ComputedValues.Context(fontSize: box.fontSize, rootFontSize: box.rootFontSize, viewportWidth: 390,
                                             viewportHeight: 753, containingWidth: 390)
        let margin = box.style.values["margin-bottom"].flatMap { ComputedValues.pixels($0, context, percentOf: 390) } ?? 0
        return Int(ComputedValues.layoutUnit(margin)) * 2 >= Int(box.fontSize)
    }

    private mutating func text(_ raw: String, _ parent: Box) {
        guard parent.style.visibility == .visible else { return }
        let whiteSpace = parent.style.values["white-space"] ?? "normal"
        let transform = parent.style.values["text-transform"] ?? "none"
        let keepsSpaces = whiteSpace == "pre" || whiteSpace == "pre-wrap" || whiteSpace == "break-spaces"
        let keepsNewlines = keepsSpaces || whiteSpace == "pre-line"
        var previousWasLetter = !pendingSpace && (lastCharacter.map { $0.isLetter || $0.isNumber } ?? false)
        func transformed(_ character: Character) -> String {
            switch transform {
            case "uppercase": return character.uppercased()
            case "lowercase": return character.lowercased()
            case "capitalize": return previousWasLetter ? String(character) : character.uppercased()
            default: return String(character)
            }
        }
        for character in raw {
            let isSpace = character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}"
            if character == "\n" && keepsNewlines {
                pendingSpace = false
                emit("\n")
                previousWasLetter = false
            } else if isSpace && !keepsSpaces {
                if hasEmitted && lastCharacter != "\n" && lastCharacter != " " {
                    pendingSpace = true
                }
                previousWasLetter = false
            } else {
                if pendingSpace {
                    pendingSpace = false
                    emit(" ")
                }
                for piece in transformed(character) { emit(piece) }
                previousWasLetter = character.isLetter || character.isNumber
            }
        }
    }

    /// The last node in document order with a box: an element outside any `display: none`,
    /// or a text node with more than white space in a rendered element.
    private mutating func lastRenderedNode() -> NodeID? {
        var last: NodeID?
        var order: [NodeID: Int] = [:]
        func visit(_ node: NodeID, parent: Box?) {
            switch document.kind(of: node) {
            case .element:
                let box = self.box(of: node, parent: parent)
                guard box.style.display != .none else { return }
                last = node
                order[node] = order.count
                for child in document.children(of: node) { visit(child, parent: box) }
            case .text:
                if let text = document.text(of: node), text.contains(where: { !($0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r") }) {
                    last = node
                    order[node] = order.count
                }
            default:
                return
            }
        }
        for child in document.children(of: document.root) where document.kind(of: child) == .element { visit(child, parent: nil) }
        self.order = order
        return last
    }

    /// Whether something rendered comes after the node's subtree in document order.
    private func isFollowedByRenderedNode(_ node: NodeID) -> Bool {
        guard let last = lastRendered else { return false }
        var ancestor: NodeID? = last
        while let current = ancestor {
            if current == node { return false }
            ancestor = document.parent(of: current)
        }
        guard let lastPosition = order[last], let position = order[node] else { return false }
        return lastPosition > position
    }
}
