/// The HTML fragment serialization algorithm, for `innerHTML` and `outerHTML`.
extension HTMLDocument {
    /// The markup of a node's children (`innerHTML`); empty for void elements.
    ///
    /// With `scriptingEnabled`, text in `noscript` is written as is (as it was parsed as raw text).
    public func serializeChildren(of node: NodeID, scriptingEnabled: Bool = false) -> String {
        var output: [UInt8] = []
        let record = nodes[Int(node.index)]
        if record.kind == .element && record.namespace == .html, let known = KnownName(rawValue: record.name),
           Self.voidElements.contains(known) {
            return ""
        }
        var child = templateContents[node.index].map { nodes[Int($0.index)].firstChild } ?? record.firstChild
        while child != Self.none {
            serialize(child, into: &output, scriptingEnabled: scriptingEnabled)
            child = nodes[Int(child)].next
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The markup of a node itself and its subtree (`outerHTML`).
    public func serialize(_ node: NodeID, scriptingEnabled: Bool = false) -> String {
        if kind(of: node) == .document || kind(of: node) == .documentFragment {
            return serializeChildren(of: node, scriptingEnabled: scriptingEnabled)
        }
        var output: [UInt8] = []
        serialize(node.index, into: &output, scriptingEnabled: scriptingEnabled)
        return String(decoding: output, as: UTF8.self)
    }

    static let voidElements: Set<KnownName> = [
        .area, .base, .basefont, .bgsound, .br, .col, .embed, .frame, .hr, .img, .input, .keygen, .link, .meta,
        .param, .source, .track, .wbr,
    ]

    /// Writes one subtree with an explicit stack, so deep trees cannot overflow the call stack.
    private func serialize(_ top: Int32, into output: inout [UInt8], scriptingEnabled: Bool) {
        // A positive entry opens a node; a negative one (-index - 1) closes an element.
        var stack: [Int32] = [top]
        while let entry = stack.popLast() {
            if entry < 0 {
                let element = -entry - 1
                output.append(contentsOf: "</".utf8)
                writeTagName(of: element, into: &output)
                output.append(UInt8(ascii: ">"))
                continue
            }
            let record = nodes[Int(entry)]
            switch record.kind {
            case .element:
                output.append(UInt8(ascii: "<"))
                writeTagName(of: entry, into: &output)
                var attribute = record.dataStart
                while attribute != Self.none {
                    output.append(UInt8(ascii: " "))
                    output.append(contentsOf: names.utf8(of: attributes[Int(attribute)].name))
                    output.append(contentsOf: "=\"".utf8)
                    escape(storage[attributeRange(Int(attribute))], inAttribute: true, into: &output)
                    output.append(UInt8(ascii: "\""))
                    attribute = attributes[Int(attribute)].next
                }
                output.append(UInt8(ascii: ">"))
                if record.namespace == .html, let known = KnownName(rawValue: record.name),
                   Self.voidElements.contains(known) {
                    continue
                }
                stack.append(-entry - 1)
                var child = templateContents[entry].map { nodes[Int($0.index)].lastChild } ?? record.lastChild
                while child != Self.none {
                    stack.append(child)
                    child = nodes[Int(child)].previous
                }
            case .text, .cdataSection:
                let parent = record.parent
                if parent != Self.none && isRawTextParent(parent, scriptingEnabled: scriptingEnabled) {
                    output.append(contentsOf: storage[dataRange(of: entry)])
                } else {
                    escape(storage[dataRange(of: entry)], inAttribute: false, into: &output)
                }
            case .comment:
                output.append(contentsOf: "<!--".utf8)
                output.append(contentsOf: storage[dataRange(of: entry)])
                output.append(contentsOf: "-->".utf8)
            case .doctype:
                output.append(contentsOf: "<!DOCTYPE ".utf8)
                output.append(contentsOf: (doctypeFields(of: NodeID(entry))?.name ?? "").utf8)
                output.append(UInt8(ascii: ">"))
            case .processingInstruction:
                output.append(contentsOf: "<?".utf8)
                output.append(contentsOf: (processingInstructionTarget(of: NodeID(entry)) ?? "").utf8)
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: storage[dataRange(of: entry)])
                output.append(UInt8(ascii: ">"))
            case .document, .documentFragment:
                var child = record.lastChild
                while child != Self.none {
                    stack.append(child)
                    child = nodes[Int(child)].previous
                }
            }
        }
    }

    /// An element's local name, or its qualified name outside the HTML, SVG and MathML namespaces.
    private func writeTagName(of element: Int32, into output: inout [UInt8]) {
        if nodes[Int(element)].namespace == .other, let prefix = prefix(of: NodeID(element)) {
            output.append(contentsOf: prefix.utf8)
            output.append(UInt8(ascii: ":"))
        }
        output.append(contentsOf: names.utf8(of: nodes[Int(element)].name))
    }

    private func isRawTextParent(_ node: Int32, scriptingEnabled: Bool) -> Bool {
        let record = nodes[Int(node)]
        guard record.kind == .element, record.namespace == .html else { return false }
        switch KnownName(rawValue: record.name) {
        case .style, .script, .xmp, .iframe, .noembed, .noframes, .plaintext: return true
        case .noscript: return scriptingEnabled
        default: return false
        }
    }

    /// Escapes `&`, no-break space, `<` and `>`, and in attributes `"` too (the current standard
    /// escapes `<` and `>` in attribute values as well).
    private func escape(_ bytes: ArraySlice<UInt8>, inAttribute: Bool, into output: inout [UInt8]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: output.append(contentsOf: "&quot;".utf8)
            case 0xC2 where index + 1 < bytes.endIndex && bytes[index + 1] == 0xA0:
                output.append(contentsOf: "&nbsp;".utf8)
                index += 1
            default: output.append(byte)
            }
            index += 1
        }
    }
}
