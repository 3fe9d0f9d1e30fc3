/// The "in body" insertion mode, with the adoption agency algorithm.
extension HTMLTreeBuilder {
    mutating func bodyCharacters(_ text: UnsafeBufferPointer<UInt8>) {
        if text.count == 1 && text[0] == 0 { return }
        reconstructFormattingElements()
        insertText(text)
        if framesetOK && !isAllWhitespace(text) { framesetOK = false }
    }

    static let formattingNames: Set<KnownName> = [
        .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u,
    ]

    private static let headings: [KnownName] = [.h1, .h2, .h3, .h4, .h5, .h6]

    mutating func bodyStartTag(_ tag: TagToken) {
        guard let name = KnownName(rawValue: tag.name) else {
            reconstructFormattingElements()
            insertElement(for: tag)
            return
        }
        switch name {
        case .html:
            guard lastIndex(of: .template) < 0, let html = openElements.first?.node else { return }
            addMissingAttributes(of: tag, to: html)
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
            inHeadStartTag(tag)
        case .body:
            guard openElements.count > 1, isHTML(openElements[1], .body), lastIndex(of: .template) < 0 else { return }
            framesetOK = false
            addMissingAttributes(of: tag, to: openElements[1].node)
        case .frameset:
            guard openElements.count > 1, isHTML(openElements[1], .body), framesetOK else { return }
            document.remove(NodeID(openElements[1].node))
            while openElements.count > 1 { pop() }
            insertElement(for: tag)
            mode = .inFrameset
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
             .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .search, .section, .summary,
             .ul:
            closeParagraphIfInButtonScope()
            insertElement(for: tag)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closeParagraphIfInButtonScope()
            if let current = KnownName(rawValue: currentHTMLName), current.headingLevel != nil { pop() }
            insertElement(for: tag)
        case .pre, .listing:
            closeParagraphIfInButtonScope()
            insertElement(for: tag)
            ignoreNextLineFeed = true
            framesetOK = false
        case .form:
            let hasTemplate = lastIndex(of: .template) >= 0
            if formElement != HTMLDocument.none && !hasTemplate { return }
            closeParagraphIfInButtonScope()
            let form = insertElement(for: tag)
            if !hasTemplate { formElement = form }
        case .li, .dd, .dt:
            framesetOK = false
            var index = openElements.count - 1
            while index >= 0 {
                let entry = openElements[index]
                let closes: [KnownName] = name == .li ? [.li] : [.dd, .dt]
                if entry.namespace == .html, let known = KnownName(rawValue: entry.name), closes.contains(known) {
                    generateImpliedEndTags(except: known)
                    popUntil(known)
                    break
                }
                if isSpecial(entry) && !(isHTML(entry, .address) || isHTML(entry, .div) || isHTML(entry, .p)) { break }
                index -= 1
            }
            closeParagraphIfInButtonScope()
            insertElement(for: tag)
        case .plaintext:
            closeParagraphIfInButtonScope()
            insertElement(for: tag)
            switchTokenizer(to: .plaintext)
        case .button:
            if hasInScope(.button) {
                generateImpliedEndTags()
                popUntil(.button)
            }
            reconstructFormattingElements()
            insertElement(for: tag)
            framesetOK = false
        case .a:
            if let index = formattingIndex(named: KnownName.a.rawValue) {
                let element = formattingElements[index]
                adoptionAgency(subject: KnownName.a.rawValue)
                removeFormattingElement(element)
                removeFromStack(element)
            }
            reconstructFormattingElements()
            pushFormattingElement(insertElement(for: tag))
        case .b, .big, .code, .em, .font, .i, .s, .small, .strike, .strong, .tt, .u:
            reconstructFormattingElements()
            pushFormattingElement(insertElement(for: tag))
        case .nobr:
            reconstructFormattingElements()
            if hasInScope(.nobr) {
                adoptionAgency(subject: KnownName.nobr.rawValue)
                reconstructFormattingElements()
            }
            pushFormattingElement(insertElement(for: tag))
        case .applet, .marquee, .object:
            reconstructFormattingElements()
            insertElement(for: tag)
            insertFormattingMarker()
            framesetOK = false
        case .table:
            if document.quirksMode != .quirks { closeParagraphIfInButtonScope() }
            insertElement(for: tag)
            framesetOK = false
            mode = .inTable
        case .area, .br, .embed, .img, .keygen, .wbr:
            reconstructFormattingElements()
            insertElement(for: tag)
            pop()
            framesetOK = false
        case .input:
            if fragmentContextIsSelect { return }
            if hasInScope(.select) { popUntil(.select) }
            reconstructFormattingElements()
            insertElement(for: tag)
            pop()
            let type = tag.value(of: KnownName.type.rawValue).map { $0.map(asciiLowercase) }
            if type.map({ !$0.elementsEqual("hidden".utf8) }) ?? true { framesetOK = false }
        case .param, .source, .track:
            insertElement(for: tag)
            pop()
        case .hr:
            closeParagraphIfInButtonScope()
            if hasInScope(.select) { generateImpliedEndTags() }
            insertElement(for: tag)
            pop()
            framesetOK = false
        case .image:
            var renamed = tag
            renamed.name = KnownName.img.rawValue
            bodyStartTag(renamed)
        case .textarea:
            insertElement(for: tag)
            ignoreNextLineFeed = true
            switchTokenizer(to: .rcdata, endTagName: tag.name)
            originalMode = mode
            framesetOK = false
            mode = .text
        case .xmp:
            closeParagraphIfInButtonScope()
            reconstructFormattingElements()
            framesetOK = false
            parseRawText(tag, state: .rawtext)
        case .iframe:
            framesetOK = false
            parseRawText(tag, state: .rawtext)
        case .noembed:
            parseRawText(tag, state: .rawtext)
        case .noscript where scriptingEnabled:
            parseRawText(tag, state: .rawtext)
        case .select:
            if fragmentContextIsSelect { return }
            if hasInScope(.select) {
                popUntil(.select)
                return
            }
            reconstructFormattingElements()
            insertElement(for: tag)
            framesetOK = false
        case .option, .optgroup:
            // Inside a select, an open option (and for optgroup an open optgroup) closes as far as
            // its end tag is implied; elsewhere only an option that is the current node does.
            if hasInScope(.select) {
                generateImpliedEndTags(except: name == .option ? .optgroup : nil)
            } else if currentNodeIs(.option) {
                pop()
            }
            reconstructFormattingElements()
            insertElement(for: tag)
        case .rb, .rtc:
            if hasInScope(.ruby) { generateImpliedEndTags() }
            insertElement(for: tag)
        case .rp, .rt:
            if hasInScope(.ruby) { generateImpliedEndTags(except: .rtc) }
            insertElement(for: tag)
        case .math, .svg:
            reconstructFormattingElements()
            let namespace: HTMLDocument.Namespace = name == .math ? .mathML : .svg
            _ = foreignNameAdjustments()
            insertElement(for: tag, namespace: namespace)
            if tag.selfClosing { pop() }
        case .caption, .col, .colgroup, .frame, .head, .tbody, .td, .tfoot, .th, .thead, .tr:
            break
        default:
            reconstructFormattingElements()
            insertElement(for: tag)
        }
    }

    /// Whether this is the fragment case with a `select` context element, where `select` and
    /// `input` start tags are ignored.
    var fragmentContextIsSelect: Bool {
        guard contextElement != HTMLDocument.none else { return false }
        let record = document.nodes[Int(contextElement)]
        return record.namespace == .html && record.name == KnownName.select.rawValue
    }

    private mutating func addMissingAttributes(of tag: TagToken, to element: Int32) {
        for attribute in tag.attributes where document.attributeIndex(attribute.name, of: element) == nil {
            let start = Int(attribute.valueStart)
            let range = tag.values.withUnsafeBufferPointer {
                document.store(bytes: UnsafeBufferPointer(rebasing: $0[start..<(start + Int(attribute.valueLength))]))
            }
            document.appendAttribute(atom: attribute.name, start: range.start, length: range.length, to: element)
        }
    }

    mutating func bodyEndTag(_ tag: TagToken) {
        guard let name = KnownName(rawValue: tag.name) else {
            anyOtherEndTag(tag.name)
            return
        }
        switch name {
        case .template:
            templateEndTag()
        case .body, .html:
            guard hasInScope(.body) else { return }
            mode = .afterBody
            if name == .html { process(endTag: tag, in: .afterBody) }
        case .address, .article, .aside, .blockquote, .button, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
             .figcaption, .figure, .footer, .header, .hgroup, .listing, .main, .menu, .nav, .ol, .pre, .search, .section,
             .summary, .ul:
            guard hasInScope(name) else { return }
            generateImpliedEndTags()
            popUntil(name)
        case .form:
            if lastIndex(of: .template) < 0 {
                let node = formElement
                formElement = HTMLDocument.none
                guard node != HTMLDocument.none, hasNodeInScope(node) else { return }
                generateImpliedEndTags()
                removeFromStack(node)
            } else {
                guard hasInScope(.form) else { return }
                generateImpliedEndTags()
                popUntil(.form)
            }
        case .p:
            if !hasInScope(.p, .button) { insertElement(named: .p) }
            closeParagraph()
        case .li:
            guard hasInScope(.li, .listItem) else { return }
            generateImpliedEndTags(except: .li)
            popUntil(.li)
        case .dd, .dt:
            guard hasInScope(name) else { return }
            generateImpliedEndTags(except: name)
            popUntil(name)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            guard hasAnyInScope(Self.headings) else { return }
            generateImpliedEndTags()
            popUntil(anyOf: Self.headings)
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u:
            adoptionAgency(subject: tag.name)
        case .applet, .marquee, .object:
            guard hasInScope(name) else { return }
            generateImpliedEndTags()
            popUntil(name)
            clearFormattingElementsToLastMarker()
        case .select:
            guard hasInScope(.select) else { return }
            popUntil(.select)
        case .br:
            var start = Self.emptyTag(.br)
            start.isEndTag = false
            bodyStartTag(start)
        default:
            anyOtherEndTag(tag.name)
        }
    }

    /// The "any other end tag" rule: close the nearest element with this name, unless a special
    /// element comes first.
    mutating func anyOtherEndTag(_ name: Int32) {
        let index = lastIndex(ofName: name)
        guard index >= 0, index >= nearestSpecialIndex else { return }
        generateImpliedEndTags(except: KnownName(rawValue: name) ?? .html)
        while openElements.count > index { pop() }
    }

    // MARK: - The adoption agency algorithm

    /// Runs the adoption agency algorithm for an end tag (at most 8 outer and 3 inner rounds
    /// that reparent, as the standard bounds them).
    mutating func adoptionAgency(subject: Int32) {
        if currentHTMLName == subject && formattingIndex(of: currentNode) == nil {
            pop()
            return
        }
        for _ in 0..<8 {
            guard let formattingListIndex = formattingIndex(named: subject) else {
                anyOtherEndTag(subject)
                return
            }
            let formattingElement = formattingElements[formattingListIndex]
            guard let formattingStackIndex = stackIndex(of: formattingElement) else {
                formattingElements.remove(at: formattingListIndex)
                return
            }
            guard hasNodeInScope(formattingElement) else { return }
            var furthestBlockIndex = -1
            for index in (formattingStackIndex + 1)..<openElements.count where isSpecial(openElements[index]) {
                furthestBlockIndex = index
                break
            }
            guard furthestBlockIndex >= 0 else {
                while openElements.count > formattingStackIndex { pop() }
                formattingElements.remove(at: formattingListIndex)
                return
            }
            let furthestBlock = openElements[furthestBlockIndex].node
            let commonAncestor = openElements[formattingStackIndex - 1].node
            var bookmark = formattingListIndex
            var stack = openElements[formattingStackIndex...].map(\.node)
            var nodeIndex = furthestBlockIndex - formattingStackIndex
            var lastNode = furthestBlock
            var innerLoopCounter = 0
            while true {
                innerLoopCounter += 1
                nodeIndex -= 1
                var node = stack[nodeIndex]
                if node == formattingElement { break }
                var listIndex = formattingIndex(of: node)
                if innerLoopCounter > 3, let index = listIndex {
                    formattingElements.remove(at: index)
                    if index < bookmark { bookmark -= 1 }
                    listIndex = nil
                }
                guard let nodeListIndex = listIndex else {
                    // "Remove node from the stack": an option leaves it here, before the moves below.
                    stack.remove(at: nodeIndex)
                    if document.isElement(node, .option) && document.nodes[Int(node)].namespace == .html { optionLeftStack(node) }
                    continue
                }
                let clone = document.cloneElement(node)
                formattingElements[nodeListIndex] = clone
                stack[nodeIndex] = clone
                node = clone
                if lastNode == furthestBlock { bookmark = nodeListIndex + 1 }
                document.remove(NodeID(lastNode))
                document.link(lastNode, into: node, before: HTMLDocument.none)
                lastNode = node
            }
            document.remove(NodeID(lastNode))
            insert(lastNode, at: appropriatePlace(overrideTarget: commonAncestor))
            let clone = document.cloneElement(formattingElement)
            document.moveChildren(of: furthestBlock, to: clone)
            document.link(clone, into: furthestBlock, before: HTMLDocument.none)
            let oldIndex = formattingElements.firstIndex(of: formattingElement) ?? formattingListIndex
            formattingElements.remove(at: oldIndex)
            if oldIndex < bookmark { bookmark -= 1 }
            formattingElements.insert(clone, at: min(bookmark, formattingElements.count))
            stack.removeFirst()
            if let blockIndex = stack.firstIndex(of: furthestBlock) { stack.insert(clone, at: blockIndex + 1) }
            editStack(from: formattingStackIndex, optionsLeft: false) { $0 = stack }
        }
    }
}
