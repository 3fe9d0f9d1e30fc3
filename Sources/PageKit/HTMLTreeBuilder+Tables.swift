/// The table insertion modes, with foster parenting, and the rules for foreign content.
extension HTMLTreeBuilder {
    // MARK: - In table

    mutating func tableCharacters(_ text: UnsafeBufferPointer<UInt8>) {
        switch KnownName(rawValue: currentHTMLName) {
        case .table, .tbody, .template, .tfoot, .thead, .tr:
            pendingTableText.removeAll(keepingCapacity: true)
            pendingTableTextIsWhitespace = true
            originalMode = mode
            mode = .inTableText
            appendTableText(text)
        default:
            tableAnythingElse { $0.bodyCharacters(text) }
        }
    }

    mutating func appendTableText(_ text: UnsafeBufferPointer<UInt8>) {
        if text.count == 1 && text[0] == 0 { return }
        pendingTableText.append(contentsOf: text)
        if pendingTableTextIsWhitespace && !isAllWhitespace(text) { pendingTableTextIsWhitespace = false }
    }

    /// Leaves "in table text": whitespace is inserted, anything else is foster parented.
    mutating func flushTableText() {
        mode = originalMode
        let text = pendingTableText
        pendingTableText.removeAll(keepingCapacity: true)
        guard !text.isEmpty else { return }
        text.withUnsafeBufferPointer { buffer in
            if pendingTableTextIsWhitespace {
                insertText(buffer)
            } else {
                tableAnythingElse { $0.bodyCharacters(buffer) }
            }
        }
    }

    /// "Anything else" in table: the in-body rules with foster parenting on.
    mutating func tableAnythingElse(_ body: (inout HTMLTreeBuilder) -> Void) {
        fosterParenting = true
        body(&self)
        fosterParenting = false
    }

    mutating func clearStackToTableContext() {
        clearStack(backTo: [.table, .template, .html])
    }

    /// Pops until the current node is an HTML element with one of these names.
    private mutating func clearStack(backTo names: [KnownName]) {
        while openElements.count > 1 {
            if let known = KnownName(rawValue: currentHTMLName), names.contains(known) { return }
            pop()
        }
    }

    mutating func tableStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .caption:
            clearStackToTableContext()
            insertFormattingMarker()
            insertElement(for: tag)
            mode = .inCaption
        case .colgroup:
            clearStackToTableContext()
            insertElement(for: tag)
            mode = .inColumnGroup
        case .col:
            clearStackToTableContext()
            insertElement(named: .colgroup)
            mode = .inColumnGroup
            process(startTag: tag, in: .inColumnGroup)
        case .tbody, .tfoot, .thead:
            clearStackToTableContext()
            insertElement(for: tag)
            mode = .inTableBody
        case .td, .th, .tr:
            clearStackToTableContext()
            insertElement(named: .tbody)
            mode = .inTableBody
            process(startTag: tag, in: .inTableBody)
        case .table:
            guard hasInScope(.table, .table) else { return }
            popUntil(.table)
            resetInsertionMode()
            process(startTag: tag, in: mode)
        case .style, .script, .template:
            inHeadStartTag(tag)
        case .input:
            let type = tag.value(of: KnownName.type.rawValue).map { $0.map(asciiLowercase) }
            guard let type, type.elementsEqual("hidden".utf8) else {
                tableAnythingElse { $0.bodyStartTag(tag) }
                return
            }
            insertElement(for: tag)
            pop()
        case .form:
            guard lastIndex(of: .template) < 0, formElement == HTMLDocument.none else { return }
            formElement = insertElement(for: tag)
            pop()
        default:
            tableAnythingElse { $0.bodyStartTag(tag) }
        }
    }

    mutating func tableEndTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .table:
            guard hasInScope(.table, .table) else { return }
            popUntil(.table)
            resetInsertionMode()
        case .body, .caption, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
            break
        case .template:
            templateEndTag()
        default:
            tableAnythingElse { $0.bodyEndTag(tag) }
        }
    }

    // MARK: - In caption

    mutating func captionStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
            guard closeCaption() else { return }
            process(startTag: tag, in: mode)
        default:
            bodyStartTag(tag)
        }
    }

    mutating func captionEndTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .caption:
            _ = closeCaption()
        case .table:
            guard closeCaption() else { return }
            process(endTag: tag, in: mode)
        case .body, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
            break
        default:
            bodyEndTag(tag)
        }
    }

    private mutating func closeCaption() -> Bool {
        guard hasInScope(.caption, .table) else { return false }
        generateImpliedEndTags()
        popUntil(.caption)
        clearFormattingElementsToLastMarker()
        mode = .inTable
        return true
    }

    // MARK: - In column group

    mutating func columnGroupStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .html:
            bodyStartTag(tag)
        case .col:
            insertElement(for: tag)
            pop()
        case .template:
            inHeadStartTag(tag)
        default:
            guard currentNodeIs(.colgroup) else { return }
            pop()
            mode = .inTable
            process(startTag: tag, in: .inTable)
        }
    }

    mutating func columnGroupEndTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .colgroup:
            guard currentNodeIs(.colgroup) else { return }
            pop()
            mode = .inTable
        case .col:
            break
        case .template:
            templateEndTag()
        default:
            guard currentNodeIs(.colgroup) else { return }
            pop()
            mode = .inTable
            process(endTag: tag, in: .inTable)
        }
    }

    // MARK: - In table body

    private mutating func clearStackToTableBodyContext() {
        clearStack(backTo: [.tbody, .tfoot, .thead, .template, .html])
    }

    mutating func tableBodyStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .tr:
            clearStackToTableBodyContext()
            insertElement(for: tag)
            mode = .inRow
        case .th, .td:
            clearStackToTableBodyContext()
            insertElement(named: .tr)
            mode = .inRow
            process(startTag: tag, in: .inRow)
        case .caption, .col, .colgroup, .tbody, .tfoot, .thead:
            guard hasAnyInScope([.tbody, .thead, .tfoot], .table) else { return }
            clearStackToTableBodyContext()
            pop()
            mode = .inTable
            process(startTag: tag, in: .inTable)
        default:
            tableStartTag(tag)
        }
    }

    mutating func tableBodyEndTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .tbody, .tfoot, .thead:
            guard hasNameInScope(tag.name, .table) else { return }
            clearStackToTableBodyContext()
            pop()
            mode = .inTable
        case .table:
            guard hasAnyInScope([.tbody, .thead, .tfoot], .table) else { return }
            clearStackToTableBodyContext()
            pop()
            mode = .inTable
            process(endTag: tag, in: .inTable)
        case .body, .caption, .col, .colgroup, .html, .td, .th, .tr:
            break
        default:
            tableEndTag(tag)
        }
    }

    // MARK: - In row

    private mutating func clearStackToTableRowContext() {
        clearStack(backTo: [.tr, .template, .html])
    }

    mutating func rowStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .th, .td:
            clearStackToTableRowContext()
            insertElement(for: tag)
            mode = .inCell
            insertFormattingMarker()
        case .caption, .col, .colgroup, .tbody, .tfoot, .thead, .tr:
            guard hasInScope(.tr, .table) else { return }
            clearStackToTableRowContext()
            pop()
            mode = .inTableBody
            process(startTag: tag, in: .inTableBody)
        default:
            tableStartTag(tag)
        }
    }

    mutating func rowEndTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .tr:
            guard hasInScope(.tr, .table) else { return }
            clearStackToTableRowContext()
            pop()
            mode = .inTableBody
        case .table:
            guard hasInScope(.tr, .table) else { return }
            clearStackToTableRowContext()
            pop()
            mode = .inTableBody
            process(endTag: tag, in: .inTableBody)
        case .tbody, .tfoot, .thead:
            guard hasNameInScope(tag.name, .table) else { return }
            guard hasInScope(.tr, .table) else { return }
            clearStackToTableRowContext()
            pop()
            mode = .inTableBody
            process(endTag: tag, in: .inTableBody)
        case .body, .caption, .col, .colgroup, .html, .td, .th:
            break
        default:
            tableEndTag(tag)
        }
    }

    // MARK: - In cell

    private mutating func closeCell() {
        generateImpliedEndTags()
        popUntil(anyOf: [.td, .th])
        clearFormattingElementsToLastMarker()
        mode = .inRow
    }

    mutating func cellStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
            guard hasAnyInScope([.td, .th], .table) else { return }
            closeCell()
            process(startTag: tag, in: .inRow)
        default:
            bodyStartTag(tag)
        }
    }

    mutating func cellEndTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .td, .th:
            guard hasNameInScope(tag.name, .table) else { return }
            generateImpliedEndTags()
            popUntilName(tag.name)
            clearFormattingElementsToLastMarker()
            mode = .inRow
        case .body, .caption, .col, .colgroup, .html:
            break
        case .table, .tbody, .tfoot, .thead, .tr:
            guard hasNameInScope(tag.name, .table) else { return }
            closeCell()
            process(endTag: tag, in: .inRow)
        default:
            bodyEndTag(tag)
        }
    }

    // MARK: - Foreign content

    private static let breakoutNames: Set<KnownName> = [
        .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed, .h1, .h2, .h3, .h4, .h5,
        .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr, .ol, .p, .pre, .ruby, .s, .small, .span,
        .strong, .strike, .sub, .sup, .table, .tt, .u, .ul, .var,
    ]

    mutating func foreignCharacters(_ text: UnsafeBufferPointer<UInt8>) {
        if text.count == 1 && text[0] == 0 {
            insertText(StaticText("\u{FFFD}").buffer)
            return
        }
        insertText(text)
        if framesetOK && !isAllWhitespace(text) { framesetOK = false }
    }

    mutating func foreignStartTag(_ tag: TagToken) {
        let known = KnownName(rawValue: tag.name)
        let breaksOut = known.map { Self.breakoutNames.contains($0) } ?? false
            || (known == .font && (tag.hasAttribute(.color) || tag.hasAttribute(.face) || tag.hasAttribute(.size)))
        if breaksOut {
            popToHTMLContent()
            process(startTag: tag, in: mode)
            return
        }
        guard let adjusted = adjustedCurrentNode else { return }
        let namespace = document.nodes[Int(adjusted)].namespace
        let adjustments = foreignNameAdjustments()
        let name = namespace == .svg ? adjustments.svgElementName(tag.name) : tag.name
        insertElement(for: tag, name: name, namespace: namespace)
        if tag.selfClosing {
            let node = pop()
            if namespace == .svg && name == KnownName.script.rawValue { scriptEnded(node) }
        }
    }

    /// Pops until the current node is HTML, a MathML text integration point or an HTML integration point.
    private mutating func popToHTMLContent() {
        while openElements.count > 1 {
            let record = document.nodes[Int(currentNode)]
            if record.namespace == .html { return }
            let points = HTMLDocument.NodeFlags.mathMLTextIntegrationPoint | HTMLDocument.NodeFlags.htmlIntegrationPoint
            if record.flags & points != 0 { return }
            pop()
        }
    }

    mutating func foreignEndTag(_ tag: TagToken) {
        if tag.name == KnownName.br.rawValue || tag.name == KnownName.p.rawValue {
            popToHTMLContent()
            process(endTag: tag, in: mode)
            return
        }
        if tag.name == KnownName.script.rawValue, let last = openElements.last, last.namespace == .svg,
           last.name == KnownName.script.rawValue {
            scriptEnded(pop())
            return
        }
        let adjustments = foreignNameAdjustments()
        let top = openElements.count - 1
        var index = top
        while index >= 0 {
            let entry = openElements[index]
            if index < top && entry.namespace == .html {
                process(endTag: tag, in: mode)
                return
            }
            if index == 0 { return }
            if adjustments.lowercased(entry.name) == tag.name {
                while openElements.count > index { pop() }
                return
            }
            index -= 1
        }
    }
}
