import NavigatorCore
import PageKit

/// Frees removed nodes no script can reach, so a page that rebuilds its content forever stays
/// within bounds (DECISIONS.md, "Node memory").
///
/// Each world keeps a wrapper per node it touched: strongly while the node is in a document,
/// weakly (a `WeakRef`) once it leaves it, with every wrapper of one detached subtree keeping
/// the others alive (WebKit's opaque roots: holding one node of a removed subtree keeps the
/// subtree's expandos). A detached subtree is freed when no world still has a wrapper for any
/// node in it; the arena reuses its slots.
extension ScriptPage {
    /// Sweeps when the live nodes have doubled (and grown by 2,000) since the last sweep.
    func sweepIfNeeded() {
        guard parser == nil, document.liveNodeCount > max(2 * liveAfterSweep, liveAfterSweep + 2000) else { return }
        sweep()
    }

    /// Marks the wrapper of a node in a world.
    func noteWrapper(_ node: NodeID, world: Int) {
        let index = node.rawValue
        if index >= wrapperMasks.count {
            wrapperMasks.append(contentsOf: repeatElement(0, count: max(index + 1 - wrapperMasks.count, wrapperMasks.count)))
        }
        wrapperMasks[index] |= 1 << UInt32(world & 31)
    }

    func mask(_ raw: Int) -> UInt32 { raw < wrapperMasks.count ? wrapperMasks[raw] : 0 }

    /// Finds detached subtrees, lets each world demote or release its wrappers, and frees the
    /// subtrees nothing holds.
    func sweep() {
        let count = document.arenaCount
        var connected = [Bool](repeating: false, count: count)
        var stack = [document.root]
        for content in templateContents.values { stack.append(content) }
        for inert in inertDocuments.values { stack.append(inert) }
        for script in currentScripts { stack.append(rootOf(script)) }
        for raw in frameDocuments { if let frameDocument = document.node(rawValue: Int(raw)) { stack.append(frameDocument) } }
        let shadowRoots = document.shadowRoots, shadowHosts = document.shadowHosts
        while let node = stack.popLast() {
            guard !connected[node.rawValue] else { continue }
            connected[node.rawValue] = true
            stack.append(contentsOf: document.children(of: node))
            // A connected host's shadow tree is connected (DOM "shadow-including").
            if !shadowRoots.isEmpty, let root = shadowRoots[Int32(node.rawValue)] { stack.append(root) }
        }
        var groups: [Int: [NodeID]] = [:]
        var rootOfNode = [Int](repeating: -1, count: count)
        for raw in 0..<count where !connected[raw] {
            guard let node = document.node(rawValue: raw) else { continue }
            var path = [raw]
            var current = node
            var root = raw
            // A shadow root belongs with its host: freed with it, kept by its wrappers.
            while let parent = document.parent(of: current) ?? shadowHosts[Int32(current.rawValue)]?.host {
                if rootOfNode[parent.rawValue] >= 0 { root = rootOfNode[parent.rawValue]; break }
                path.append(parent.rawValue)
                current = parent
                root = parent.rawValue
            }
            for step in path { rootOfNode[step] = root }
            groups[root, default: []].append(node)
        }
        // A same-origin frame's window shares the page world's wrappers, which the page world sweeps.
        for world in worlds where world.wrapperWorld == world.index {
            let bit = UInt32(1) << UInt32(world.index & 31)
            let wrapped: [ScriptValue] = groups.values.compactMap { nodes in
                let ids = nodes.filter { mask($0.rawValue) & bit != 0 }.map { ScriptValue.int($0.rawValue) }
                return ids.isEmpty ? nil : .array(ids)
            }
            release(world.callHost("sweep", .array(wrapped)), in: world, bit: bit)
        }
        // The nodes only wrappers keep: counted whole, wrapped or not (a host's shadow tree, the
        // parser's children of a wrapped element), since collecting the wrappers frees them all.
        var pending = groups.values.reduce(0) { total, nodes in total + (nodes.contains { mask($0.rawValue) != 0 } ? nodes.count : 0) }
        if pending > 2000 && pending * 2 > document.liveNodeCount {
            engine.machine.collectGarbage(in: pageWorld.context)
            for world in worlds where world.wrapperWorld == world.index {
                release(world.callHost("sweep", .array([])), in: world, bit: UInt32(1) << UInt32(world.index & 31))
            }
            pending = 0
        }
        for (root, nodes) in groups where nodes.allSatisfy({ mask($0.rawValue) == 0 }) {
            guard let rootNode = document.node(rawValue: root) else { continue }
            let shadowTrees = shadowHosts.isEmpty ? [] : nodes.filter { shadowHosts[Int32($0.rawValue)] != nil }
            for node in nodes { forget(node) }
            document.free(rootNode)
            for shadowTree in shadowTrees { document.free(shadowTree) }
        }
        liveAfterSweep = document.liveNodeCount
    }

    private func release(_ result: ScriptValue?, in world: PageWorld, bit: UInt32) {
        guard case .kept(let array)? = result, let released = world.context.elements(of: array) else { return }
        for case .number(let value) in released {
            guard let raw = WholeNumber.exactly(value, in: 0...Int(Int32.max)), raw < wrapperMasks.count else { continue }
            wrapperMasks[raw] &= ~bit
        }
    }

    /// Drops what the page kept about a node that is being freed.
    private func forget(_ node: NodeID) {
        let raw = Int32(node.rawValue)
        controls[raw] = nil
        startedScripts.remove(raw)
        asyncCleared.remove(raw)
        documentNodes.remove(raw)
        creators[raw] = nil
        quirksModes[raw] = nil
        documentContentTypes[raw] = nil
        mediaDocumentTypes[raw] = nil
        documentURLs[raw] = nil
        xmlDeclarations[raw] = nil
        submittingForms.remove(raw)
        customElementsDefined.remove(node)
        formAssociatedCustomElements[raw] = nil
        customStates[raw] = nil
        if let root = document.shadowRoots.removeValue(forKey: raw) { document.shadowHosts[Int32(root.rawValue)] = nil }
        if let link = document.shadowHosts.removeValue(forKey: raw) { document.shadowRoots[Int32(link.host.rawValue)] = nil }
        if let content = templateContents.removeValue(forKey: raw), document.node(rawValue: content.rawValue) == content,
           document.parent(of: content) == nil {
            for child in Array(document.children(of: content)) { document.remove(child) }
        }
        if activeElement == node { activeElement = nil }
        if node.rawValue < wrapperMasks.count { wrapperMasks[node.rawValue] = 0 }
    }
}
