/// Shadow trees as the style cascade and the layout see them (DOM §4.2.2, CSS Scoping §3):
/// which tree a node is in, the slot a host's child is assigned to, and the flattened tree's
/// parent an element inherits from.
extension HTMLDocument {
    /// The shadow root (by index) whose tree holds a node; nil for the document's own tree and
    /// for a detached node.
    public func shadowRootIndex(containing node: Int32) -> Int32? {
        guard !shadowHosts.isEmpty else { return nil }
        var top = node
        while true {
            let parent = nodes[Int(top)].parent
            if parent == Self.none { break }
            top = parent
        }
        return shadowHosts[top] == nil ? nil : top
    }

    /// The first `<slot>` in tree order of a shadow tree whose name is `name`; nil when none.
    public func firstSlot(named name: String, in root: NodeID) -> NodeID? {
        var stack = Array(children(of: root).reversed())
        while let candidate = stack.popLast() {
            if self.name(of: candidate) == "slot", namespace(of: candidate) == .html, (attribute("name", of: candidate) ?? "") == name {
                return candidate
            }
            stack.append(contentsOf: children(of: candidate).reversed())
        }
        return nil
    }

    /// The slot a shadow host's child element or text is assigned to, by named assignment (an
    /// element by its `slot` attribute, a text to the default slot); nil when none takes it or
    /// the root assigns manually (the page's script keeps that assignment).
    public func assignedSlot(of node: Int32) -> Int32? {
        let host = nodes[Int(node)].parent
        guard host != Self.none, !shadowRoots.isEmpty, let root = shadowRoots[host],
              shadowHosts[Int32(root.rawValue)]?.slotAssignment == "named" else { return nil }
        let name: String
        switch nodes[Int(node)].kind {
        case .element: name = attribute("slot", of: NodeID(node)) ?? ""
        case .text: name = ""
        default: return nil
        }
        return firstSlot(named: name, in: root).map { Int32($0.rawValue) }
    }

    /// The node an element inherits from in the flattened tree: the host for a shadow tree's
    /// top-level nodes, the assigned slot for a host's child, else the parent.
    public func flatTreeParent(of node: Int32) -> Int32 {
        let parent = nodes[Int(node)].parent
        guard parent != Self.none, !shadowHosts.isEmpty else { return parent }
        if let link = shadowHosts[parent] { return Int32(link.host.rawValue) }
        if shadowRoots[parent] != nil { return assignedSlot(of: node) ?? parent }
        return parent
    }

    /// ``flatTreeParent(of:)`` for a node ID; nil at the top of a tree.
    public func flatTreeParent(of node: NodeID) -> NodeID? {
        let parent = flatTreeParent(of: node.index)
        return parent == Self.none ? nil : NodeID(parent)
    }
}
