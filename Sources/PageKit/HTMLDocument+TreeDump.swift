extension HTMLDocument {
    /// The tree in html5lib's test format, one node a line (`|<p>`, `|  class="x"`, `|  "text"`),
    /// attributes sorted by name; SVG and MathML elements are written `<svg name>` and `<math name>`.
    func treeDump(of top: NodeID? = nil) -> String {
        var lines: [String] = []
        var stack: [(node: Int32, depth: Int)] = []
        let start = top?.index ?? 0
        var child = nodes[Int(start)].lastChild
        while child != Self.none {
            stack.append((child, 0))
            child = nodes[Int(child)].previous
        }
        while let (node, depth) = stack.popLast() {
            let indent = "|" + String(repeating: "  ", count: depth)
            let record = nodes[Int(node)]
            switch record.kind {
            case .element:
                let prefix: String
                switch record.namespace {
                case .html, .other: prefix = ""
                case .svg: prefix = "svg "
                case .mathML: prefix = "math "
                }
                lines.append("\(indent)<\(prefix)\(names[record.name])>")
                for (name, value) in attributes(of: NodeID(node)).sorted(by: { $0.name < $1.name }) {
                    lines.append("\(indent)  \(name)=\"\(value)\"")
                }
            case .text, .cdataSection:
                lines.append("\(indent)\"\(text(of: NodeID(node)) ?? "")\"")
            case .comment:
                lines.append("\(indent)<!-- \(text(of: NodeID(node)) ?? "") -->")
            case .processingInstruction:
                lines.append("\(indent)<?\(processingInstructionTarget(of: NodeID(node)) ?? "") \(text(of: NodeID(node)) ?? "")>")
            case .document, .documentFragment, .doctype:
                break
            }
            var child = record.lastChild
            while child != Self.none {
                stack.append((child, depth + 1))
                child = nodes[Int(child)].previous
            }
        }
        return lines.joined(separator: "\n")
    }
}
