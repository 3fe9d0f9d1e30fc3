/// The customizable select's `selectedcontent`: when an `option` leaves the stack of open
/// elements, the selected one is cloned into its select's `selectedcontent` (HTML, "maybe
/// clone an option into selectedcontent"; run on every pop, as whatwg/html#11764 and Chromium
/// do, so `<option>X` with no end tag is cloned too).
extension HTMLTreeBuilder {
    mutating func optionLeftStack(_ option: Int32) {
        guard !selectedContentElements.isEmpty, let select = nearestAncestorSelect(ofOption: option),
              let selectedContent = enabledSelectedContent(of: select),
              isSelected(option, in: select) else { return }
        cloneChildren(of: option, into: selectedContent)
    }

    /// "Option element nearest ancestor select": the nearest `select` ancestor, unless a
    /// `datalist`, `hr` or `option` comes first, or two `optgroup`s do.
    func nearestAncestorSelect(ofOption option: Int32) -> Int32? {
        var sawOptgroup = false
        var current = document.nodes[Int(option)].parent
        while current != HTMLDocument.none {
            let record = document.nodes[Int(current)]
            if record.kind == .element && record.namespace == .html {
                switch KnownName(rawValue: record.name) {
                case .datalist, .hr, .option: return nil
                case .optgroup:
                    if sawOptgroup { return nil }
                    sawOptgroup = true
                case .select: return current
                default: break
                }
            }
            current = record.parent
        }
        return nil
    }

    /// A select's "enabled selectedcontent": its first `selectedcontent` descendant in tree
    /// order, none for a `multiple` select. Only those the parser made are looked for, so a page
    /// without one costs nothing per option.
    func enabledSelectedContent(of select: Int32) -> Int32? {
        guard !document.hasAttribute(.multiple, of: select) else { return nil }
        let inside = selectedContentElements.filter { isDescendant($0, of: select) }
        guard inside.count > 1 else { return inside.first }
        var node = document.following(select, within: select)
        while node != HTMLDocument.none {
            if inside.contains(node) { return node }
            node = document.following(node, within: select)
        }
        return nil
    }

    private func isDescendant(_ node: Int32, of ancestor: Int32) -> Bool {
        var current = document.nodes[Int(node)].parent
        while current != HTMLDocument.none {
            if current == ancestor { return true }
            current = document.nodes[Int(current)].parent
        }
        return false
    }

    /// An option's selectedness in the tree as parsed, as the selectedness setting algorithm
    /// leaves it after each option's insertion: the last option with `selected`, else (a
    /// single-line select) the first one not disabled. (A script's change to `.selected` lives
    /// in the script runtime, which the parser does not see.)
    func isSelected(_ option: Int32, in select: Int32) -> Bool {
        var lastMarked = HTMLDocument.none
        var firstEnabled = HTMLDocument.none
        var node = document.following(select, within: select)
        while node != HTMLDocument.none {
            let record = document.nodes[Int(node)]
            var descend = true
            if record.kind == .element && record.namespace == .html {
                switch KnownName(rawValue: record.name) {
                case .option:
                    descend = false
                    if nearestAncestorSelect(ofOption: node) == select {
                        if document.hasAttribute(.selected, of: node) { lastMarked = node }
                        if firstEnabled == HTMLDocument.none && !isDisabledOption(node) { firstEnabled = node }
                    }
                case .select, .datalist, .hr:
                    descend = false
                default: break
                }
            }
            node = document.following(node, within: select, descending: descend)
        }
        if lastMarked != HTMLDocument.none { return lastMarked == option }
        return displaySize(of: select) <= 1 && firstEnabled == option
    }

    /// An option is disabled by its own `disabled` or its parent optgroup's.
    private func isDisabledOption(_ option: Int32) -> Bool {
        if document.hasAttribute(.disabled, of: option) { return true }
        let parent = document.nodes[Int(option)].parent
        return parent != HTMLDocument.none && document.isElement(parent, .optgroup) && document.hasAttribute(.disabled, of: parent)
    }

    /// The `size` attribute as a non-negative integer (0 counts as 1, as browsers draw it), else 1.
    private func displaySize(of select: Int32) -> Int {
        guard let size = document.attribute(.size, of: select) else { return 1 }
        var value = 0
        for byte in size.utf8.drop(while: { $0.isHTMLWhitespace }) {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
            value = min(value * 10 + Int(byte - UInt8(ascii: "0")), Int(Int32.max))
        }
        return max(value, 1)
    }

    /// "Clone an option into a selectedcontent": the selectedcontent's children are replaced
    /// by deep clones of the option's.
    private mutating func cloneChildren(of option: Int32, into selectedContent: Int32) {
        var clones: [Int32] = []
        var child = document.nodes[Int(option)].firstChild
        while child != HTMLDocument.none {
            clones.append(document.cloneSubtree(child))
            child = document.nodes[Int(child)].next
        }
        while let old = document.firstChild(of: NodeID(selectedContent)) { document.remove(old) }
        for clone in clones { document.link(clone, into: selectedContent, before: HTMLDocument.none) }
    }
}
