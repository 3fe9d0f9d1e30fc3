/// The insertion modes around the body: before it, in the head, after it, framesets, text.
extension HTMLTreeBuilder {
    // MARK: - Dispatch

    mutating func process(characters text: UnsafeBufferPointer<UInt8>, in mode: Mode) {
        switch mode {
        case .initial, .beforeHTML, .beforeHead, .inHead, .inHeadNoscript, .afterHead, .inColumnGroup,
             .inFrameset, .afterFrameset, .afterAfterFrameset:
            headCharacters(text, in: mode)
        case .inBody, .inCaption, .inCell, .inTemplate:
            bodyCharacters(text)
        case .afterBody, .afterAfterBody:
            let whitespace = leadingWhitespaceCount(text)
            if whitespace > 0 { bodyCharacters(UnsafeBufferPointer(rebasing: text[..<whitespace])) }
            if whitespace < text.count {
                self.mode = .inBody
                bodyCharacters(UnsafeBufferPointer(rebasing: text[whitespace...]))
            }
        case .text:
            insertText(text)
        case .inTable, .inTableBody, .inRow:
            tableCharacters(text)
        case .inTableText:
            appendTableText(text)
        }
    }

    mutating func process(comment text: UnsafeBufferPointer<UInt8>, in mode: Mode) {
        switch mode {
        case .initial, .beforeHTML, .afterAfterBody, .afterAfterFrameset:
            insertComment(text, at: InsertionLocation(parent: 0, before: HTMLDocument.none))
        case .afterBody:
            insertComment(text, at: InsertionLocation(parent: openElements[0].node, before: HTMLDocument.none))
        case .inTableText:
            flushTableText()
            process(comment: text, in: self.mode)
        default:
            insertComment(text)
        }
    }

    mutating func process(startTag tag: TagToken, in mode: Mode) {
        switch mode {
        case .initial:
            self.mode = .beforeHTML
            document.quirksMode = .quirks
            process(startTag: tag, in: .beforeHTML)
        case .beforeHTML:
            if tag.name == KnownName.html.rawValue {
                let html = createElement(for: tag, namespace: .html)
                insert(html, at: InsertionLocation(parent: 0, before: HTMLDocument.none))
                push(html)
                self.mode = .beforeHead
                documentElementInserted(html)
            } else if insertImpliedHTML() {
                deferredToken = .startTag(tag)
            } else {
                process(startTag: tag, in: self.mode)
            }
        case .beforeHead:
            switch KnownName(rawValue: tag.name) {
            case .html: process(startTag: tag, in: .inBody)
            case .head:
                headElement = insertElement(for: tag)
                self.mode = .inHead
            default:
                headElement = insertElement(named: .head)
                self.mode = .inHead
                process(startTag: tag, in: .inHead)
            }
        case .inHead:
            inHeadStartTag(tag)
        case .inHeadNoscript:
            switch KnownName(rawValue: tag.name) {
            case .html: process(startTag: tag, in: .inBody)
            case .basefont, .bgsound, .link, .meta, .noframes, .style: process(startTag: tag, in: .inHead)
            case .head, .noscript: break
            default:
                pop()
                self.mode = .inHead
                process(startTag: tag, in: .inHead)
            }
        case .afterHead:
            switch KnownName(rawValue: tag.name) {
            case .html: process(startTag: tag, in: .inBody)
            case .body:
                insertElement(for: tag)
                framesetOK = false
                self.mode = .inBody
            case .frameset:
                insertElement(for: tag)
                self.mode = .inFrameset
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
                if headElement == HTMLDocument.none { break }
                push(headElement)
                inHeadStartTag(tag)
                removeFromStack(headElement)
            case .head: break
            default:
                insertElement(named: .body)
                self.mode = .inBody
                process(startTag: tag, in: .inBody)
            }
        case .inBody:
            bodyStartTag(tag)
        case .text:
            break
        case .inTable:
            tableStartTag(tag)
        case .inTableText:
            flushTableText()
            process(startTag: tag, in: self.mode)
        case .inCaption:
            captionStartTag(tag)
        case .inColumnGroup:
            columnGroupStartTag(tag)
        case .inTableBody:
            tableBodyStartTag(tag)
        case .inRow:
            rowStartTag(tag)
        case .inCell:
            cellStartTag(tag)
        case .inTemplate:
            templateStartTag(tag)
        case .afterBody:
            if tag.name == KnownName.html.rawValue {
                process(startTag: tag, in: .inBody)
            } else {
                self.mode = .inBody
                process(startTag: tag, in: .inBody)
            }
        case .inFrameset:
            switch KnownName(rawValue: tag.name) {
            case .html: process(startTag: tag, in: .inBody)
            case .frameset: insertElement(for: tag)
            case .frame:
                insertElement(for: tag)
                pop()
            case .noframes: process(startTag: tag, in: .inHead)
            default: break
            }
        case .afterFrameset, .afterAfterFrameset:
            switch KnownName(rawValue: tag.name) {
            case .html: process(startTag: tag, in: .inBody)
            case .noframes: process(startTag: tag, in: .inHead)
            default: break
            }
        case .afterAfterBody:
            if tag.name == KnownName.html.rawValue {
                process(startTag: tag, in: .inBody)
            } else {
                self.mode = .inBody
                process(startTag: tag, in: .inBody)
            }
        }
    }

    mutating func process(endTag tag: TagToken, in mode: Mode) {
        let name = KnownName(rawValue: tag.name)
        switch mode {
        case .initial:
            self.mode = .beforeHTML
            document.quirksMode = .quirks
            process(endTag: tag, in: .beforeHTML)
        case .beforeHTML:
            switch name {
            case .head, .body, .html, .br:
                if insertImpliedHTML() {
                    deferredToken = .endTag(tag)
                } else {
                    process(endTag: tag, in: self.mode)
                }
            default: break
            }
        case .beforeHead:
            switch name {
            case .head, .body, .html, .br:
                headElement = insertElement(named: .head)
                self.mode = .inHead
                process(endTag: tag, in: .inHead)
            default: break
            }
        case .inHead:
            switch name {
            case .head:
                pop()
                self.mode = .afterHead
            case .body, .html, .br:
                pop()
                self.mode = .afterHead
                process(endTag: tag, in: .afterHead)
            case .template:
                templateEndTag()
            default: break
            }
        case .inHeadNoscript:
            switch name {
            case .noscript:
                pop()
                self.mode = .inHead
            case .br:
                pop()
                self.mode = .inHead
                process(endTag: tag, in: .inHead)
            default: break
            }
        case .afterHead:
            switch name {
            case .template: process(endTag: tag, in: .inHead)
            case .body, .html, .br:
                insertElement(named: .body)
                self.mode = .inBody
                process(endTag: tag, in: .inBody)
            default: break
            }
        case .inBody:
            bodyEndTag(tag)
        case .text:
            let node = currentNode
            pop()
            self.mode = originalMode
            if name == .script && document.nodes[Int(node)].name == KnownName.script.rawValue {
                scriptEnded(node)
            }
        case .inTable:
            tableEndTag(tag)
        case .inTableText:
            flushTableText()
            process(endTag: tag, in: self.mode)
        case .inCaption:
            captionEndTag(tag)
        case .inColumnGroup:
            columnGroupEndTag(tag)
        case .inTableBody:
            tableBodyEndTag(tag)
        case .inRow:
            rowEndTag(tag)
        case .inCell:
            cellEndTag(tag)
        case .inTemplate:
            if name == .template { templateEndTag() }
        case .afterBody:
            if name == .html {
                if contextElement == HTMLDocument.none { self.mode = .afterAfterBody }
            } else {
                self.mode = .inBody
                process(endTag: tag, in: .inBody)
            }
        case .inFrameset:
            if name == .frameset, openElements.count > 1 {
                pop()
                if contextElement == HTMLDocument.none && !currentNodeIs(.frameset) { self.mode = .afterFrameset }
            }
        case .afterFrameset:
            if name == .html { self.mode = .afterAfterFrameset }
        case .afterAfterBody:
            self.mode = .inBody
            process(endTag: tag, in: .inBody)
        case .afterAfterFrameset:
            break
        }
    }

    mutating func process(endOfFileIn mode: Mode) {
        switch mode {
        case .initial:
            self.mode = .beforeHTML
            document.quirksMode = .quirks
            process(endOfFileIn: .beforeHTML)
        case .beforeHTML:
            if insertImpliedHTML() {
                deferredToken = .endOfFile
            } else {
                process(endOfFileIn: self.mode)
            }
        case .beforeHead:
            headElement = insertElement(named: .head)
            self.mode = .inHead
            process(endOfFileIn: .inHead)
        case .inHead:
            pop()
            self.mode = .afterHead
            process(endOfFileIn: .afterHead)
        case .inHeadNoscript:
            pop()
            self.mode = .inHead
            process(endOfFileIn: .inHead)
        case .afterHead:
            insertElement(named: .body)
            self.mode = .inBody
            process(endOfFileIn: .inBody)
        case .inBody, .inCaption, .inCell, .inTable, .inTableBody, .inRow, .inColumnGroup:
            if !templateModes.isEmpty {
                templateEndOfFile()
            }
        case .inTemplate:
            templateEndOfFile()
        case .text:
            if currentNodeIs(.script) {
                document.nodes[Int(currentNode)].flags |= HTMLDocument.NodeFlags.alreadyStarted
            }
            pop()
            self.mode = originalMode
            process(endOfFileIn: self.mode)
        case .inTableText:
            flushTableText()
            process(endOfFileIn: self.mode)
        case .afterBody, .inFrameset, .afterFrameset, .afterAfterBody, .afterAfterFrameset:
            break
        }
    }

    // MARK: - Before and in the head

    /// Inserts the `html` element a page did not start with; true when the parser pauses for
    /// it, and the token at hand must wait (`deferredToken`) until the host resumes.
    mutating func insertImpliedHTML() -> Bool {
        let html = createElement(for: Self.emptyTag(.html), namespace: .html)
        insert(html, at: InsertionLocation(parent: 0, before: HTMLDocument.none))
        push(html)
        mode = .beforeHead
        return documentElementInserted(html)
    }

    /// Processes the token that arrived when `html` was implied, once the host has resumed.
    mutating func processDeferredToken() {
        guard let token = deferredToken else { return }
        deferredToken = nil
        switch token {
        case .characters(let text): text.withUnsafeBufferPointer { characters($0) }
        case .startTag(let tag): startTag(tag)
        case .endTag(let tag): endTag(tag)
        case .endOfFile: endOfFile()
        }
    }

    /// Characters in the modes where leading whitespace is kept or dropped and anything else moves on.
    private mutating func headCharacters(_ text: UnsafeBufferPointer<UInt8>, in mode: Mode) {
        let whitespace = leadingWhitespaceCount(text)
        let rest = UnsafeBufferPointer(rebasing: text[whitespace...])
        let space = UnsafeBufferPointer(rebasing: text[..<whitespace])
        switch mode {
        case .initial, .beforeHTML, .beforeHead:
            guard !rest.isEmpty else { return }
            if mode == .initial {
                self.mode = .beforeHTML
                document.quirksMode = .quirks
                process(characters: rest, in: .beforeHTML)
            } else if mode == .beforeHTML {
                if insertImpliedHTML() {
                    deferredToken = .characters(Array(rest))
                } else {
                    process(characters: rest, in: self.mode)
                }
            } else {
                headElement = insertElement(named: .head)
                self.mode = .inHead
                process(characters: rest, in: .inHead)
            }
        case .inHead, .inHeadNoscript, .afterHead:
            if !space.isEmpty { insertText(space) }
            guard !rest.isEmpty else { return }
            switch mode {
            case .inHeadNoscript:
                pop()
                self.mode = .inHead
                process(characters: rest, in: .inHead)
            case .inHead:
                pop()
                self.mode = .afterHead
                process(characters: rest, in: .afterHead)
            default:
                insertElement(named: .body)
                self.mode = .inBody
                process(characters: rest, in: .inBody)
            }
        case .inColumnGroup:
            if !space.isEmpty { insertText(space) }
            guard !rest.isEmpty else { return }
            guard currentNodeIs(.colgroup) else { return }
            pop()
            self.mode = .inTable
            process(characters: rest, in: .inTable)
        default:
            // In framesets only whitespace is kept; anything else is a parse error and dropped.
            var index = 0
            while index < text.count {
                let start = index
                while index < text.count && text[index].isHTMLWhitespace { index += 1 }
                if index > start { insertText(UnsafeBufferPointer(rebasing: text[start..<index])) }
                while index < text.count && !text[index].isHTMLWhitespace { index += 1 }
            }
        }
    }

    func leadingWhitespaceCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        while count < text.count && text[count].isHTMLWhitespace { count += 1 }
        return count
    }

    mutating func inHeadStartTag(_ tag: TagToken) {
        switch KnownName(rawValue: tag.name) {
        case .html:
            process(startTag: tag, in: .inBody)
        case .base, .basefont, .bgsound, .link, .meta:
            insertElement(for: tag)
            pop()
        case .title:
            parseRawText(tag, state: .rcdata)
        case .noscript where scriptingEnabled, .noframes, .style:
            parseRawText(tag, state: .rawtext)
        case .noscript:
            insertElement(for: tag)
            mode = .inHeadNoscript
        case .script:
            let location = appropriatePlace()
            let script = createElement(for: tag, namespace: .html)
            insert(script, at: location)
            push(script)
            switchTokenizer(to: .scriptData, endTagName: tag.name)
            originalMode = mode
            mode = .text
        case .template:
            insertElement(for: tag)
            insertFormattingMarker()
            framesetOK = false
            mode = .inTemplate
            templateModes.append(.inTemplate)
        case .head:
            break
        default:
            pop()
            mode = .afterHead
            process(startTag: tag, in: .afterHead)
        }
    }

    // MARK: - Templates

    mutating func templateEndTag() {
        guard lastIndex(of: .template) >= 0 else { return }
        generateImpliedEndTags(thoroughly: true)
        popUntil(.template)
        clearFormattingElementsToLastMarker()
        templateModes.removeLast()
        resetInsertionMode()
    }

    private mutating func templateStartTag(_ tag: TagToken) {
        let next: Mode
        switch KnownName(rawValue: tag.name) {
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
            process(startTag: tag, in: .inHead)
            return
        case .caption, .colgroup, .tbody, .tfoot, .thead: next = .inTable
        case .col: next = .inColumnGroup
        case .tr: next = .inTableBody
        case .td, .th: next = .inRow
        default: next = .inBody
        }
        templateModes.removeLast()
        templateModes.append(next)
        mode = next
        process(startTag: tag, in: next)
    }

    mutating func templateEndOfFile() {
        guard lastIndex(of: .template) >= 0 else { return }
        popUntil(.template)
        clearFormattingElementsToLastMarker()
        templateModes.removeLast()
        resetInsertionMode()
        process(endOfFileIn: mode)
    }
}
