import Foundation
import PageKit

/// Where parsing stopped so the page could act: the seam to PageKit's incremental parser.
enum ParserPause: Equatable {
    /// `<html>` was just inserted (user scripts at document start run now).
    case documentElementCreated(NodeID)
    /// A `<script>` element and its text were just inserted.
    case script(NodeID)
    case finished
}

/// Parses a page in steps, pausing at each script so it sees only what came before it.
///
/// Until PageKit's incremental tokenizer lands (branch `parser`), this runs today's one-call
/// parser once and reveals the tree node by node: every node is detached, then attached again
/// in document order to the parent it had, so a script that moved or removed elements finds
/// the parser appending to the same open elements a browser's would. `write` parses its text
/// as a fragment inserted at the parser's position, ahead of the rest of the input (a tag left
/// open by one `write` and closed by the next is a known difference).
struct EmulatedIncrementalParser {
    /// The tree so far; the page takes it between pauses and gives it back.
    var document: HTMLDocument
    /// Nodes still to insert, in document order, with their parents.
    private var pending: [(node: NodeID, parent: NodeID)] = []
    private var next = 0
    /// Nodes of written fragments, inserted before the rest.
    private var written: [(node: NodeID, parent: NodeID)] = []
    private var writtenText = ""
    private var sawDocumentElement = false
    /// The parent of the element the parser paused at: where written markup goes.
    private var insertionParent: NodeID
    /// Where each inline script's text starts in the page's source.
    private var positions: [NodeID: (line: Int, column: Int)] = [:]

    init(source: PageSource) {
        let text: String
        var full: HTMLDocument
        switch source {
        case .bytes(let data):
            full = HTMLParser.parse(data)
            text = String(decoding: data, as: UTF8.self)
        case .text(let string):
            full = HTMLParser.parse(string)
            text = string
        }
        insertionParent = full.root
        var order: [(NodeID, NodeID)] = []
        var stack: [NodeID] = Array(full.children(of: full.root).reversed())
        while let node = stack.popLast() {
            order.append((node, full.parent(of: node) ?? full.root))
            stack.append(contentsOf: full.children(of: node).reversed())
        }
        positions = Self.scriptPositions(in: full, order: order.map(\.0), source: text)
        for (node, _) in order.reversed() { full.remove(node) }
        document = full
        pending = order.map { (node: $0.0, parent: $0.1) }
    }

    /// Inserts nodes until the next pause.
    mutating func resume() -> ParserPause {
        if !writtenText.isEmpty { insertWrittenText() }
        while true {
            let item: (node: NodeID, parent: NodeID)
            let fromWrite: Bool
            if !written.isEmpty {
                item = written.removeFirst()
                fromWrite = true
            } else if next < pending.count {
                item = pending[next]
                next += 1
                fromWrite = false
            } else {
                return .finished
            }
            try? document.appendChild(item.node, to: item.parent)
            if !sawDocumentElement, document.name(of: item.node) == "html", item.parent == document.root {
                sawDocumentElement = true
                return .documentElementCreated(item.node)
            }
            if document.name(of: item.node) == "script" {
                attachChildren(of: item.node, fromWrite: fromWrite)
                insertionParent = item.parent
                return .script(item.node)
            }
        }
    }

    /// Queues markup from `document.write`, parsed before the rest of the input.
    mutating func write(_ text: String) {
        writtenText += text
    }

    /// Inserts everything left.
    mutating func finish() {
        while resume() != .finished {}
    }

    /// The line and column (1-based) where an inline script's text starts in the source.
    func sourcePosition(of script: NodeID) -> (line: Int, column: Int)? {
        positions[script]
    }

    private mutating func attachChildren(of script: NodeID, fromWrite: Bool) {
        if fromWrite {
            while let first = written.first, first.parent == script {
                try? document.appendChild(first.node, to: first.parent)
                written.removeFirst()
            }
        } else {
            while next < pending.count, pending[next].parent == script {
                try? document.appendChild(pending[next].node, to: script)
                next += 1
            }
        }
    }

    private mutating func insertWrittenText() {
        let text = writtenText
        writtenText = ""
        let fragment = FragmentParser.parse(text, context: document.name(of: insertionParent) ?? "body", into: &document)
        var order: [(node: NodeID, parent: NodeID)] = []
        var stack: [NodeID] = Array(document.children(of: fragment).reversed())
        while let node = stack.popLast() {
            let parent = document.parent(of: node) ?? fragment
            order.append((node, parent == fragment ? insertionParent : parent))
            stack.append(contentsOf: document.children(of: node).reversed())
        }
        for item in order.reversed() { document.remove(item.node) }
        document.free(fragment)
        written = order + written
    }

    /// Finds each inline script's text in the source, in order, for error locations.
    private static func scriptPositions(in document: HTMLDocument, order: [NodeID], source: String)
        -> [NodeID: (line: Int, column: Int)] {
        let normalized = Array(source.replacingOccurrences(of: "\r\n", with: "\n").utf8)
        var positions: [NodeID: (line: Int, column: Int)] = [:]
        var searchFrom = 0
        for node in order where document.name(of: node) == "script" {
            let text = document.textContent(of: node)
            guard !text.isEmpty, let found = find(Array(text.utf8), in: normalized, from: searchFrom) else { continue }
            let before = normalized[..<found]
            let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: normalized[lineStart..<found], as: UTF8.self).utf16.count + 1
            positions[node] = (line, column)
            searchFrom = found + text.utf8.count
        }
        return positions
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count - start else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            guard let candidate = haystack[index...last].firstIndex(of: first) else { return nil }
            if haystack[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
