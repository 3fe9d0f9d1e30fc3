/// A computed `display` value, named by its serialization (the shortest form, as
/// `getComputedStyle` reports it: `block flow` is `block`, `inline flow-root` is `inline-block`).
public enum Display: String, Hashable, Sendable, CaseIterable {
    case none, contents
    case block, inline, inlineBlock = "inline-block", flowRoot = "flow-root"
    case listItem = "list-item", inlineListItem = "inline list-item", flowRootListItem = "flow-root list-item"
    case inlineFlowRootListItem = "inline flow-root list-item"
    case table, inlineTable = "inline-table", tableRowGroup = "table-row-group", tableHeaderGroup = "table-header-group"
    case tableFooterGroup = "table-footer-group", tableRow = "table-row", tableCell = "table-cell"
    case tableColumnGroup = "table-column-group", tableColumn = "table-column", tableCaption = "table-caption"
    case flex, inlineFlex = "inline-flex", grid, inlineGrid = "inline-grid"
    case ruby, blockRuby = "block ruby", rubyText = "ruby-text"
    case webkitBox = "-webkit-box", webkitInlineBox = "-webkit-inline-box"

    /// The value a box takes where CSS blockifies it (the root element, a flex or grid item).
    var blockified: Display {
        switch self {
        case .inline, .inlineBlock, .tableRowGroup, .tableHeaderGroup, .tableFooterGroup, .tableRow, .tableCell,
             .tableColumnGroup, .tableColumn, .tableCaption, .rubyText:
            return .block
        case .inlineListItem: return .listItem
        case .inlineFlowRootListItem: return .flowRootListItem
        case .inlineTable: return .table
        case .inlineFlex: return .flex
        case .inlineGrid: return .grid
        case .ruby: return .blockRuby
        case .webkitInlineBox: return .webkitBox
        default: return self
        }
    }

    /// Whether the children of such a box are blockified (flex and grid containers).
    var blockifiesChildren: Bool {
        switch self {
        case .flex, .inlineFlex, .grid, .inlineGrid, .webkitBox, .webkitInlineBox: return true
        default: return false
        }
    }

    /// Parses the keywords of a `display` value (CSS Display 3, with WebKit's `-webkit-` aliases).
    init?(keywords: [String]) {
        switch keywords.count {
        case 1:
            switch keywords[0] {
            case "-webkit-flex": self = .flex
            case "-webkit-inline-flex": self = .inlineFlex
            case "block ruby", "inline list-item", "flow-root list-item", "inline flow-root list-item": return nil
            default:
                guard let display = Display(rawValue: keywords[0]) else { return nil }
                self = display
            }
        case 2, 3:
            let words = Set(keywords)
            guard words.count == keywords.count else { return nil }
            let outer = words.intersection(["block", "inline"])
            let inner = words.intersection(["flow", "flow-root", "table", "flex", "grid", "ruby"])
            let listItem = words.contains("list-item")
            guard outer.count <= 1, inner.count <= 1, outer.count + inner.count + (listItem ? 1 : 0) == words.count else { return nil }
            let isInline = outer.first == "inline"
            switch (inner.first ?? "flow", listItem) {
            case ("flow", false): self = isInline ? .inline : .block
            case ("flow-root", false): self = isInline ? .inlineBlock : .flowRoot
            case ("table", false): self = isInline ? .inlineTable : .table
            case ("flex", false): self = isInline ? .inlineFlex : .flex
            case ("grid", false): self = isInline ? .inlineGrid : .grid
            case ("ruby", false): self = isInline || outer.isEmpty ? .ruby : .blockRuby
            case ("flow", true): self = isInline ? .inlineListItem : .listItem
            case ("flow-root", true): self = isInline ? .inlineFlowRootListItem : .flowRootListItem
            default: return nil
            }
        default:
            return nil
        }
    }
}

/// A computed `visibility` value.
public enum Visibility: String, Hashable, Sendable {
    case visible, hidden, collapse
}

/// The two properties webnav computes: enough to know what is shown.
public struct ComputedStyle: Hashable, Sendable {
    public var display: Display
    public var visibility: Visibility
    /// The cascaded values of the properties a resolver was asked to keep, as written (inherited
    /// ones from the parent); a property without one takes its initial value.
    public var values: [String: String] = [:]

    public init(display: Display, visibility: Visibility) {
        self.display = display
        self.visibility = visibility
    }
}

/// Computes elements' `display` and `visibility` as `getComputedStyle` reports them: the
/// cascade of the user-agent style sheet, the page's `<style>` elements and linked style
/// sheets, and `style` attributes.
///
/// Built from a document as it is now; after the document changes, make a new one.
public struct StyleResolver {
    let cascade: StyleCascade

    public init(document: HTMLDocument, styleSheets: LinkedStyleSheets = LinkedStyleSheets(), baseURL: String? = nil,
                state: DocumentState = DocumentState(), media: MediaEnvironment = .phone(scripting: true),
                keeping kept: Set<String> = []) {
        cascade = StyleCascade(document: document, linked: styleSheets, baseURL: baseURL, state: state, media: media, keeping: kept)
    }

    /// The computed style of an element in the tree or in a connected host's shadow tree
    /// (inheriting along the flattened tree); nil for other nodes and for elements not
    /// connected to the document (whose computed values are empty in a browser).
    public func computedStyle(of element: NodeID) -> ComputedStyle? {
        let document = cascade.document
        guard document.kind(of: element) == .element else { return nil }
        var chain: [Int32] = []
        var node = element.index
        while node != HTMLDocument.none && document.nodes[Int(node)].kind == .element {
            chain.append(node)
            node = document.flatTreeParent(of: node)
        }
        guard node == 0 else { return nil }
        var parent: ComputedStyle?
        for ancestor in chain.reversed() {
            parent = cascade.computedStyle(of: ancestor, parent: parent)
        }
        return parent
    }

    /// The computed style of a connected element whose parent's computed style is `parent`
    /// (nil for the root element): for walks down the tree that keep their ancestors' styles.
    public func computedStyle(of element: NodeID, parent: ComputedStyle?) -> ComputedStyle {
        cascade.computedStyle(of: element.index, parent: parent)
    }
}
