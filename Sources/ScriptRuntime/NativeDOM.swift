#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import URLKit

/// The native functions the prelude builds the DOM and the window on (`N` in Prelude/*.js):
/// small operations over node IDs (plain numbers), never JavaScript objects. Each is declared in
/// IDL/natives.webidl; the build checks that every declared native is defined here, in
/// NativeWindow or in NativeBridge, once.
///
/// Invalid IDs (a stale one, or anything a page that replaced builtins fed the prelude: NaN, a
/// fraction, 1e300) read as "no node".
enum NativeDOM {
    typealias Body = (NativeCall) -> ScriptValue

    static func natives(page: ScriptPage, world: PageWorld) -> [(String, (NativeCall) -> Result<ScriptValue, ScriptThrow>)] {
        var list: [(String, (NativeCall) -> Result<ScriptValue, ScriptThrow>)] = []
        func define(_ native: DOMNative, _ body: @escaping Body) {
            list.append((native.name, { call in .success(body(call)) }))
        }
        let none = ScriptValue.int(-1)
        let worldIndex = world.index
        let wrapperWorld = world.wrapperWorld
        unowned let page = page
        unowned let world = world
        func node(_ call: NativeCall, _ index: Int) -> NodeID? {
            WholeNumber.exactly(call.number(index), in: 0...Int(Int32.max)).flatMap { page.document.node(rawValue: $0) }
        }
        func id(_ node: NodeID?) -> ScriptValue { node.map { .int($0.rawValue) } ?? none }
        func ids(_ nodes: [NodeID]) -> ScriptValue { .array(nodes.map { .int($0.rawValue) }) }

        // MARK: Tree reading
        define(.info) { call in
            guard let target = node(call, 0) else { return .number(3) }
            page.noteWrapper(target, world: wrapperWorld)
            let type = page.nodeType(target)
            guard type == 1, page.document.namespace(of: target) == .html else { return .int(type) }
            return .string(page.document.name(of: target) ?? "")
        }
        define(.kind) { call in node(call, 0).map { .int(page.nodeType($0)) } ?? .int(0) }
        define(.tag) { call in .string(node(call, 0).flatMap { page.document.name(of: $0) } ?? "") }
        define(.parent) { call in id(node(call, 0).flatMap { page.document.parent(of: $0) }) }
        define(.first) { call in id(node(call, 0).flatMap { page.document.firstChild(of: $0) }) }
        define(.last) { call in id(node(call, 0).flatMap { page.document.lastChild(of: $0) }) }
        define(.next) { call in id(node(call, 0).flatMap { page.document.nextSibling(of: $0) }) }
        define(.prev) { call in id(node(call, 0).flatMap { page.document.previousSibling(of: $0) }) }
        define(.children) { call in ids(node(call, 0).map { Array(page.document.children(of: $0)) } ?? []) }
        define(.elementChildren) { call in ids(node(call, 0).map { page.elementChildren($0) } ?? []) }
        define(.root) { call in id(node(call, 0).map { page.rootOf($0) }) }
        define(.owner) { call in id(node(call, 0).map { page.ownerDocument($0) }) }
        define(.connected) { call in .bool(node(call, 0).map { page.isConnected($0) } ?? false) }
        define(.contains) { call in
            guard let container = node(call, 0), var current = node(call, 1) else { return .bool(false) }
            while current != container {
                guard let parent = page.document.parent(of: current) else { return .bool(false) }
                current = parent
            }
            return .bool(true)
        }
        define(.position) { call in
            guard let a = node(call, 0), let b = node(call, 1) else { return .int(1 | 32) }
            return .int(page.position(of: b, relativeTo: a))
        }
        define(.equal) { call in
            guard let a = node(call, 0), let b = node(call, 1) else { return .bool(false) }
            return .bool(page.equalNodes(a, b))
        }
        define(.version) { _ in .int(page.version) }
        define(.data) { call in .string(node(call, 0).flatMap { page.document.text(of: $0) } ?? "") }
        define(.setData) { call in
            guard let target = node(call, 0) else { return .undefined }
            let kind = page.document.kind(of: target)
            guard kind == .text || kind == .comment || kind == .processingInstruction || kind == .cdataSection else { return .undefined }
            page.document.setText(call.string(1), of: target)
            page.version += 1
            return .undefined
        }
        define(.text) { call in
            guard let target = node(call, 0) else { return .string("") }
            if page.isDocumentNode(target) { return .null }
            return .string(page.document.textContent(of: target))
        }
        define(.setText) { call in
            guard let target = node(call, 0), !page.isDocumentNode(target) else { return .undefined }
            page.document.setText(call.string(1), of: target)
            page.version += 1
            page.detachDisconnectedFrames()
            return .undefined
        }
        define(.doctype) { call in
            guard let fields = node(call, 0).flatMap({ page.document.doctypeFields(of: $0) }) else { return .null }
            return .array([.string(fields.name), .string(fields.publicID), .string(fields.systemID)])
        }
        define(.target) { call in .string(node(call, 0).flatMap { page.document.processingInstructionTarget(of: $0) } ?? "") }
        define(.compatMode) { call in
            guard let target = node(call, 0) else { return .string("CSS1Compat") }
            let mode = target == page.document.root ? page.document.quirksMode : page.quirksModes[Int32(target.rawValue)] ?? .noQuirks
            return .string(mode == .quirks ? "BackCompat" : "CSS1Compat")
        }
        define(.contentType) { call in
            guard let target = node(call, 0) else { return .string("text/html") }
            return .string(page.documentContentTypes[Int32(target.rawValue)] ?? "text/html")
        }
        // `document.contentType`: a media document's type, else the type its markup rules follow.
        define(.reportedContentType) { call in
            guard let target = node(call, 0) else { return .string("text/html") }
            let raw = Int32(target.rawValue)
            return .string(page.mediaDocumentTypes[raw] ?? page.documentContentTypes[raw] ?? "text/html")
        }
        define(.scriptText) { call in .string(node(call, 0).map { page.scriptText($0) } ?? "") }
        define(.innerText) { call in .string(node(call, 0).map { page.innerText($0) } ?? "") }

        // MARK: Attributes
        define(.attr) { call in
            guard let target = node(call, 0), let value = page.document.attribute(call.string(1), of: target) else { return .null }
            return .string(value)
        }
        define(.setAttr) { call in
            guard let target = node(call, 0) else { return .undefined }
            page.document.setAttribute(call.string(1), call.string(2), of: target)
            page.version += 1
            page.frameAttributeChanged(target, call.string(1))
            return .undefined
        }
        define(.removeAttr) { call in
            guard let target = node(call, 0) else { return .undefined }
            page.document.removeAttribute(call.string(1), of: target)
            page.version += 1
            return .undefined
        }
        define(.attrs) { call in
            guard let target = node(call, 0) else { return .array([]) }
            return .array(page.document.attributes(of: target).flatMap { [ScriptValue.string($0.name), .string($0.value)] })
        }

        define(.attrsNS) { call in
            guard let target = node(call, 0) else { return .array([]) }
            return .array(page.document.namespacedAttributes(of: target).flatMap {
                [ScriptValue.string($0.name), $0.namespace.map { .string($0) } ?? .null, .string($0.value)]
            })
        }
        define(.setAttrNS) { call in
            guard let target = node(call, 0) else { return .undefined }
            page.document.setAttribute(namespace: call.isNullish(1) ? nil : call.string(1), qualifiedName: call.string(2),
                                       call.string(3), of: target)
            page.version += 1
            if call.isNullish(1) { page.frameAttributeChanged(target, call.string(2)) }
            return .undefined
        }
        define(.removeAttrNS) { call in
            guard let target = node(call, 0) else { return .undefined }
            page.document.removeAttribute(namespace: call.isNullish(1) ? nil : call.string(1), localName: call.string(2), of: target)
            page.version += 1
            return .undefined
        }
        define(.ns) { call in node(call, 0).flatMap { page.document.namespaceURI(of: $0) }.map { .string($0) } ?? .null }
        define(.prefix) { call in node(call, 0).flatMap { page.document.prefix(of: $0) }.map { .string($0) } ?? .null }

        // MARK: Queries
        define(.byTag) { call in ids(node(call, 0).map { page.elementsByTag($0, call.string(1)) } ?? []) }
        define(.byClass) { call in ids(node(call, 0).map { page.elementsByClass($0, call.string(1)) } ?? []) }
        define(.byName) { call in
            let name = call.string(1)
            return ids(node(call, 0).map { root in page.descendantElements(of: root) { page.document.attribute("name", of: $0) == name } } ?? [])
        }
        define(.byId) { call in id(node(call, 0).flatMap { page.elementByID($0, call.string(1)) }) }
        define(.query) { call in
            guard let root = node(call, 0) else { return call.bool(2) ? .array([]) : none }
            return page.querySelector(root, call.string(1), all: call.bool(2))
        }
        define(.matches) { call in .int(node(call, 0).map { page.matchesSelector($0, call.string(1)) } ?? 0) }
        define(.closest) { call in .int(node(call, 0).map { page.closestMatching($0, call.string(1)) } ?? -1) }
        define(.computedStyle) { call in
            guard let element = node(call, 0) else { return .string("") }
            return page.computedStyle(element, call.string(1)).map(ScriptValue.string) ?? .null
        }
        define(.rendered) { call in .bool(node(call, 0).map { page.isRendered($0) } ?? false) }
        define(.sheetText) { call in node(call, 0).map { .string(page.document.styleSheetText(of: $0)) } ?? .null }
        define(.sheetRules) { call in
            guard let element = node(call, 0) else { return .array([]) }
            return .array(page.styleSheetRules(element).map { rule in
                .array([.int(rule.type), .string(rule.interface), .string(rule.cssText), .string(rule.prelude), .string(rule.declarations)])
            })
        }
        define(.styleSnapshot) { call in
            guard let element = node(call, 0) else { return .array([]) }
            return .array(page.styleSnapshot(element).map(ScriptValue.string))
        }
        define(.motionDeclared) { _ in .bool(page.motionDeclared()) }
        define(.keyframesNames) { _ in .array(page.keyframesNames().map(ScriptValue.string)) }
        define(.animatedElements) { _ in .array(page.animatedElements().map { .int($0.rawValue) }) }
        define(.sheetEdit) { call in
            guard let element = node(call, 0) else { return .int(StyleSheetEditResult.indexError) }
            return .int(page.editStyleSheet(element, call.string(1), index: call.int(2), rule: call.string(3)))
        }

        // MARK: Changes
        define(.create) { call in
            let made: NodeID
            switch call.int(0) {
            // The prelude gives the name in ASCII lowercase (createElement): "aÇ" stays as it is.
            case 1: made = page.document.createElement(localName: call.string(1), namespaceURI: HTMLDocument.Namespace.html.uri, prefix: nil)
            case 3: made = page.document.createText(call.string(1))
            case 8: made = page.document.createComment(call.string(1))
            case 4: made = page.document.createCDATASection(call.string(1))
            case 9:
                made = page.document.createDocumentFragment()
                page.documentNodes.insert(Int32(made.rawValue))
                let type = call.string(1)
                if type != "text/html" { page.documentContentTypes[Int32(made.rawValue)] = type }
            default: made = page.document.createDocumentFragment()
            }
            page.noteCreator(of: made, owner: node(call, 2))
            return .int(made.rawValue)
        }
        define(.attachShadow) { call in
            guard let host = node(call, 0) else { return .int(-1) }
            let root = page.document.createDocumentFragment()
            page.noteCreator(of: root, owner: page.ownerDocument(host))
            page.document.shadowRoots[Int32(host.rawValue)] = root
            page.document.shadowHosts[Int32(root.rawValue)] = ShadowRootLink(
                host: host, mode: call.string(1), delegatesFocus: call.bool(2), slotAssignment: call.string(3),
                clonable: call.bool(4), serializable: call.bool(5))
            page.version += 1
            return .int(root.rawValue)
        }
        define(.shadowRoot) { call in id(node(call, 0).flatMap { page.document.shadowRoots[Int32($0.rawValue)] }) }
        define(.shadowHost) { call in id(node(call, 0).flatMap { page.document.shadowHosts[Int32($0.rawValue)]?.host }) }
        define(.shadowSettings) { call in
            guard let link = node(call, 0).flatMap({ page.document.shadowHosts[Int32($0.rawValue)] }) else { return .null }
            return .array([.string(link.mode), .bool(link.delegatesFocus), .string(link.slotAssignment), .bool(link.clonable),
                           .bool(link.serializable)])
        }
        define(.createDoctype) { call in
            let made = page.document.createDoctype(.init(name: call.string(0), publicID: call.string(1), systemID: call.string(2)))
            page.noteCreator(of: made, owner: node(call, 3))
            return .int(made.rawValue)
        }
        define(.createNS) { call in
            let made = page.document.createElement(localName: call.string(1), namespaceURI: call.isNullish(0) ? nil : call.string(0),
                                                   prefix: call.isNullish(2) ? nil : call.string(2))
            page.noteCreator(of: made, owner: node(call, 3))
            return .int(made.rawValue)
        }
        define(.createPI) { call in
            let made = page.document.createProcessingInstruction(target: call.string(0), data: call.string(1))
            page.noteCreator(of: made, owner: node(call, 2))
            return .int(made.rawValue)
        }
        define(.insert) { call in
            guard let parent = node(call, 0), let child = node(call, 1) else { return .int(1) }
            let reference = call.int(2) < 0 ? nil : node(call, 2)
            if call.int(2) >= 0 && reference == nil { return .int(2) }
            return .int(page.insert(child, into: parent, before: reference))
        }
        define(.canInsert) { call in
            guard let parent = node(call, 0), let child = node(call, 1), let replaced = node(call, 2) else { return .int(1) }
            return .int(page.insertionError(child, into: parent, before: nil, replacing: replaced))
        }
        define(.canPreInsert) { call in
            guard let parent = node(call, 0), let child = node(call, 1) else { return .int(1) }
            let reference = call.int(2) < 0 ? nil : node(call, 2)
            if call.int(2) >= 0 && reference == nil { return .int(2) }
            return .int(page.insertionError(child, into: parent, before: reference))
        }
        define(.remove) { call in
            guard let target = node(call, 0) else { return .undefined }
            page.document.remove(target)
            page.version += 1
            page.detachDisconnectedFrames()
            return .undefined
        }
        define(.clone) { call in
            guard let source = node(call, 0) else { return none }
            return .int(page.clone(source, deep: call.bool(1), owner: call.isNullish(2) ? nil : node(call, 2)).rawValue)
        }
        define(.adopt) { call in
            guard let target = node(call, 0), let owner = node(call, 1) else { return .undefined }
            for element in [target] + page.descendantElements(of: target, where: { _ in true }) {
                if owner == page.document.root { page.creators[Int32(element.rawValue)] = nil } else {
                    page.creators[Int32(element.rawValue)] = Int32(owner.rawValue)
                }
            }
            return .undefined
        }
        define(.normalize) { call in
            if let target = node(call, 0) { page.normalize(target) }
            return .undefined
        }
        define(.html) { call in .string(node(call, 0).map { page.serialize($0, outer: call.bool(1)) } ?? "") }
        define(.setHTML) { call in
            if let target = node(call, 0) { _ = page.setInnerHTML(target, call.string(1)) }
            return .undefined
        }
        define(.parse) { call in
            guard let context = node(call, 0) else { return none }
            return .int(page.parseFragment(call.string(1), context: context, scriptsRun: call.bool(2))?.rawValue ?? -1)
        }
        define(.parseDocument) { call in
            let type = call.string(1)
            let made: NodeID?
            if type == "text/html" { made = page.parseDocument(call.string(0)) } else {
                // XHR's document response has none when the XML is not well-formed; DOMParser's is the error document.
                made = page.parseXMLDocument(call.string(0), type: type, orNoneOnError: call.bool(2))
            }
            // DOMParser's document has the URL of its window's document (DOM Parsing §4.1), a frame's in a frame.
            // A parser made in another frame gives that frame's URL (DOM Parsing: the parser's relevant global).
            if let made, !call.isNullish(3) { page.documentURLs[Int32(made.rawValue)] = call.string(3) }
            else if let made, let frame = world.frame { page.documentURLs[Int32(made.rawValue)] = frame.url }
            return .int(made?.rawValue ?? -1)
        }
        // XSLTProcessor: the two nodes as XML text through libxslt; [output, isHTML], or null.
        define(.xsltTransform) { call in
            guard let stylesheet = node(call, 0), let source = node(call, 1),
                  let styleText = page.serializeXML(stylesheet, outer: true), let sourceText = page.serializeXML(source, outer: true)
            else { return .null }
            var parameters: [(name: String, value: String)] = []
            if let kept = call.kept(2), let values = world.context.elements(of: kept) {
                var index = 0
                while index + 1 < values.count {
                    if case .string(let name) = values[index], case .string(let value) = values[index + 1] { parameters.append((name, value)) }
                    index += 2
                }
            }
            guard case .success(let output) = XSLTTransformer.transform(source: sourceText, stylesheet: styleText, parameters: parameters)
            else { return .null }
            return .array([.string(output.text), .bool(output.isHTML)])
        }
        define(.xml) { call in .string(node(call, 0).flatMap { page.serializeXML($0, outer: true) } ?? "") }
        define(.documentURL) { call in
            guard let target = node(call, 0), let url = page.documentURLs[Int32(target.rawValue)] else { return .string("about:blank") }
            return .string(url)
        }
        define(.templateContent) { call in id(node(call, 0).map { page.templateContent($0) }) }
        // Whether a fragment is a template's content (DOM: a DocumentFragment whose host is non-null).
        define(.isTemplateContent) { call in .bool(node(call, 0).map { page.templateContents.values.contains($0) } ?? false) }
        define(.defineCustomElement) { call in
            let name = call.string(0)
            page.customElementNames.insert(name)
            page.parser?.customElementNames.insert(name)
            page.version += 1
            return .undefined
        }
        // A form-associated custom element's submission value: "" for none (and, the first time,
        // the mark that it is one), else JSON: ["value"] or [["name", "value"], …].
        define(.setFormAssociatedValue) { call in
            guard let element = node(call, 0) else { return .undefined }
            page.formAssociatedCustomElements[Int32(element.rawValue)] = FormAssociatedValue(json: call.string(1))
            return .undefined
        }
        define(.setCustomStates) { call in
            guard let element = node(call, 0) else { return .undefined }
            let names = (try? JSONDecoder().decode([String].self, from: Data(call.string(1).utf8))) ?? []
            page.customStates[Int32(element.rawValue)] = names.isEmpty ? nil : Set(names)
            page.version += 1
            return .undefined
        }
        define(.customElementDefined) { call in
            if let element = node(call, 0) {
                page.customElementsDefined.insert(element)
                page.version += 1
            }
            return .undefined
        }
        define(.customCandidates) { call in
            guard let root = node(call, 0) else { return .array([]) }
            let document = page.document
            func candidate(_ element: NodeID) -> Bool {
                document.namespace(of: element) == .html && document.name(of: element)?.contains("-") == true
            }
            return ids(page.shadowIncludingElements(of: root, where: candidate))
        }
        define(.observeParser) { call in
            let bit = UInt32(1) << UInt32(worldIndex & 31)
            if call.bool(0) { page.parserObservingWorlds |= bit } else { page.parserObservingWorlds &= ~bit }
            return .undefined
        }
        define(.title) { call in .string(node(call, 0).map { page.title(of: $0) } ?? "") }
        define(.setTitle) { call in
            if let root = node(call, 0) { page.setTitle(of: root, call.string(1)) }
            return .undefined
        }

        // MARK: Forms and focus
        define(.value) { call in .string(node(call, 0).map { page.controlValue($0) } ?? "") }
        define(.setValue) { call in
            if let target = node(call, 0) { page.setControlValue(target, call.string(1), byUser: call.bool(2)) }
            return .undefined
        }
        define(.checked) { call in .bool(node(call, 0).map { page.checkedness($0) } ?? false) }
        define(.setChecked) { call in
            if let target = node(call, 0) { page.setCheckedness(target, call.bool(1)) }
            return .undefined
        }
        define(.selected) { call in .bool(node(call, 0).map { page.selectedness($0) } ?? false) }
        define(.setSelected) { call in
            if let target = node(call, 0) { page.setSelectedness(target, call.bool(1)) }
            return .undefined
        }
        define(.options) { call in ids(node(call, 0).map { page.options(of: $0) } ?? []) }
        define(.selectedIndex) { call in .int(node(call, 0).map { page.selectedIndex($0) } ?? -1) }
        define(.setSelectedIndex) { call in
            if let target = node(call, 0) { page.setSelectedIndex(target, call.int(1)) }
            return .undefined
        }
        define(.optionText) { call in .string(node(call, 0).map { page.optionText($0) } ?? "") }
        define(.optionIndex) { call in
            guard let option = node(call, 0), let select = page.selectOf(option) else { return .int(0) }
            return .int(page.options(of: select).firstIndex(of: option) ?? 0)
        }
        define(.radioGroup) { call in ids(node(call, 0).map { page.radioGroup($0) } ?? []) }
        define(.formOwner) { call in id(node(call, 0).flatMap { page.formOwner($0) }) }
        define(.formElements) { call in ids(node(call, 0).map { page.formElements($0) } ?? []) }
        define(.labels) { call in ids(node(call, 0).map { page.labels(of: $0) } ?? []) }
        define(.labelControl) { call in id(node(call, 0).flatMap { page.labelControl($0) }) }
        define(.disabled) { call in .bool(node(call, 0).map { page.isDisabled($0) } ?? false) }
        define(.validity) { call in
            guard let element = node(call, 0) else { return .int(0) }
            return .int(ConstraintValidator(document: page.document, state: page.documentState).validity(of: element).rawValue)
        }
        define(.willValidate) { call in
            .bool(node(call, 0).map { ConstraintValidator(document: page.document, state: page.documentState).willValidate($0) } ?? false)
        }
        define(.validationMessage) { call in
            .string(node(call, 0).map { ConstraintValidator(document: page.document, state: page.documentState).validationMessage(of: $0) } ?? "")
        }
        define(.formNotSubmitted) { call in
            guard let control = node(call, 0) else { return .undefined }
            let message = ConstraintValidator(document: page.document, state: page.documentState).validationMessage(of: control)
            page.engine.record(.formNotSubmitted(control: ConstraintValidator.describe(control, in: page.document), message: message), page: page)
            return .undefined
        }
        define(.setCustomValidity) { call in
            guard let element = node(call, 0) else { return .undefined }
            let message = call.string(1)
            page.customValidity[Int32(element.rawValue)] = message.isEmpty ? nil : message
            page.version += 1
            return .undefined
        }
        define(.resetForm) { call in
            if let form = node(call, 0) { page.resetControls(form) }
            return .undefined
        }
        define(.formDataSet) { call in
            guard let form = node(call, 0) else { return .array([]) }
            let entries = page.formDataSet(form, submitter: node(call, 1))
            return .array(entries.flatMap { [ScriptValue.string($0.name), .string($0.value)] })
        }
        define(.formSubmission) { call in
            guard let form = node(call, 0), let submission = page.formSubmission(form, submitter: node(call, 1)) else { return .null }
            return .array([.string(submission.url), .string(submission.target), .bool(submission.post != nil)])
        }
        define(.postForm) { call in
            guard let form = node(call, 0), let submission = page.formSubmission(form, submitter: node(call, 1)),
                  let body = submission.post else { return .undefined }
            page.engine.record(.formPost(url: submission.url, body: body), page: page)
            return .undefined
        }
        define(.formSubmitting) { call in .bool(node(call, 0).map { page.submittingForms.contains(Int32($0.rawValue)) } ?? false) }
        define(.activeElement) { _ in id(page.focusedElement) }
        define(.setActiveElement) { call in
            page.activeElement = node(call, 0)
            return .undefined
        }

        // MARK: Scripts and the document
        define(.currentScript) { _ in id(page.currentScripts.last) }
        define(.scriptAsync) { call in
            guard let script = node(call, 0) else { return .bool(false) }
            let raw = Int32(script.rawValue)
            return .bool(page.document.attribute("async", of: script) != nil
                || (!page.document.isParserInsertedScript(script) && !page.asyncCleared.contains(raw)))
        }
        define(.setScriptAsync) { call in
            if let script = node(call, 0) { page.asyncCleared.insert(Int32(script.rawValue)) }
            return .undefined
        }
        // The page's encoding for its own document; every document a script makes is UTF-8.
        define(.characterSet) { call in .string(node(call, 0) == page.document.root ? page.characterSet : "UTF-8") }
        define(.frameElements) { _ in ids(page.frameElements(of: world)) }
        define(.windowProperties) { [weak world] call in
            guard let world, let resolver = call.kept(0), world.context.isFunction(resolver) else { return .undefined }
            world.windowNamedPropertyResolver = resolver
            return .kept(world.context.makeNamedPropertiesObject { [weak world] name in world?.windowNamedProperty(name) })
        }
        define(.namedDocumentObject) { [weak world] call in
            guard let world, let document = node(call, 0), let resolver = call.kept(1), world.context.isFunction(resolver) else { return .undefined }
            world.documentNamedPropertyResolver = resolver
            let raw = Int32(document.rawValue)
            return .kept(world.context.makeNamedGetterObject(lookup: { [weak world] name in world?.documentNamedProperty(of: raw, name) },
                                                             names: { [weak world] in world?.documentNamedPropertyNames(of: raw) ?? [] },
                                                             mayAnswer: { [weak world] name in world?.mayBeDocumentNamedProperty(raw, name) ?? false }))
        }
        define(.documentNamedElements) { call in
            ids(node(call, 0).map { page.documentNamedElements(of: $0, named: call.string(1)) } ?? [])
        }
        define(.frameIsOpaque) { call in
            guard let element = node(call, 0), let index = page.frameWorlds[Int32(element.rawValue)] else { return .bool(false) }
            return .bool(page.worlds[index].frame?.isOpaque == true && !page.worlds[index].isDetached)
        }
        define(.crossOriginPost) { call in
            page.postCrossOriginMessage(from: world, to: call.int(0), data: call.string(1), targetOrigin: call.string(2))
            return .undefined
        }
        define(.windowNamedElements) { call in ids(page.windowNamedElements(of: world, named: call.string(0))) }
        define(.readyState) { _ in .string(world.frame?.readyState.rawValue ?? page.readyState.rawValue) }
        define(.write) { call in
            // A frame's document is parsed whole before its scripts run (Frames.swift): nothing to write into.
            guard world.frame == nil else { return .undefined }
            page.documentWrite(call.string(0))
            return .undefined
        }
        define(.documentOpen) { _ in
            if page.parser == nil && page.openedDocument == nil { page.openedDocument = "" }
            return .undefined
        }
        define(.documentClose) { _ in
            if let opened = page.openedDocument {
                page.openedDocument = nil
                page.replaceDocument(with: opened)
            }
            return .undefined
        }

        NativeWindow.define(into: define, page: page, world: world)
        NativeBridge.define(into: define, page: page, world: world)
        return list
    }
}
