#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PageKit

/// Selectors for `querySelector(All)`, `matches` and `closest`, `display` and `visibility`
/// for `getComputedStyle`, and `innerText`: through PageKit's selector engine and style
/// resolver, with the page's form state and focus.
/// What cached selector state and styles depend on besides the tree.
struct StyleKey: Equatable {
    var version: Int
    /// Nodes made since (not all bump `version`) are beyond a kept resolver's copy of the arena.
    var arenaCount: Int
    var focused: NodeID?
    var url: String
}

/// A query as a page asked it: its selectors, where from, all matches or the first.
struct SelectorQueryKey: Hashable {
    var selectors: String
    var root: NodeID
    var all: Bool
}

extension ScriptPage {
    /// The value a selector query returns for selectors that do not parse: the prelude throws
    /// WebKit's SyntaxError ("'…' is not a valid selector.").
    static let invalidSelector = -2

    /// What selectors and styles need beyond the tree: focus, the URL's fragment, and the
    /// checkedness, selectedness and values scripts and typing set (for the host's layout too).
    public var documentState: DocumentState {
        let key = StyleKey(version: version, arenaCount: document.arenaCount, focused: activeElement, url: url)
        if let cached = cachedDocumentState, cached.key == key { return cached.state }
        var state = DocumentState(focused: focusedElement)
        state.definedCustomElements = customElementsDefined
        if !formAssociatedCustomElements.isEmpty { state.formAssociatedCustomElements = Set(formAssociatedCustomElements.keys) }
        state.customStates = customStates
        state.customValidity = customValidity
        state.isXMLDocument = xmlContentType != nil
        state.fragment = targetFragment
        state.otherDocuments = documentNodes
        for world in worlds {
            if let frame = world.frame, let fragment = frame.targetFragment { state.fragments[frame.document] = fragment }
        }
        for (raw, control) in controls {
            guard let node = document.node(rawValue: Int(raw)) else { continue }
            if let checked = control.checked ?? control.selected { state.checkedness[node] = checked }
            if let value = control.value { state.values[node] = value }
            if control.editedByUser { state.userEditedValues.insert(raw) }
        }
        state.patternMismatches = patternMismatches(state)
        cachedDocumentState = (key, state)
        return state
    }

    /// The text inputs whose value does not match their `pattern` (HTML §4.10.5.3.6), matched
    /// by the page's RegExp as WebKit compiles it: `^(?:pattern)$` with no flags; a pattern
    /// that does not compile constrains nothing.
    private func patternMismatches(_ state: DocumentState) -> Set<Int32> {
        var result: Set<Int32> = []
        for (element, pattern, value) in ConstraintValidator.patternsToMatch(in: document, state: state) {
            let key = pattern + "\u{0}" + value
            let matches: Bool
            if let known = patternMatches[key] {
                matches = known
            } else {
                guard let world = worlds.first, case .bool(let answer)? = world.callHost("patternMatches", .string(pattern), .string(value)) else {
                    continue
                }
                if patternMatches.count >= 1024 { patternMatches.removeAll() }
                patternMatches[key] = answer
                matches = answer
            }
            if !matches { result.insert(element) }
        }
        return result
    }

    /// Parsed selectors by their text (a page queries the same few again and again).
    func selectorList(_ text: String) -> SelectorList? {
        if let known = selectorLists[text] { return known }
        guard let list = try? SelectorList(text) else { return nil }
        if selectorLists.count >= 256 { selectorLists.removeAll() }
        selectorLists[text] = list
        return list
    }

    /// `querySelector(All)` from `root`: the same query asked again before the tree, the form
    /// state, the focus or the URL changed is answered from the last answer (jQuery and
    /// frameworks ask the same few selectors again and again).
    func querySelector(_ root: NodeID, _ selectors: String, all: Bool) -> ScriptValue {
        let key = StyleKey(version: version, arenaCount: document.arenaCount, focused: activeElement, url: url)
        if queryResultsKey != key {
            queryResults.removeAll(keepingCapacity: true)
            queryResultsSize = 0
            queryResultsKey = key
        }
        let query = SelectorQueryKey(selectors: selectors, root: root, all: all)
        if let known = queryResults[query] { return known }
        guard let list = selectorList(selectors) else { return .int(Self.invalidSelector) }
        let answer: ScriptValue
        let size: Int
        if all {
            let found = document.querySelectorAll(list, under: root, state: documentState)
            answer = .array(found.map { .int($0.rawValue) })
            size = found.count + 1
        } else {
            answer = .int(document.querySelector(list, under: root, state: documentState)?.rawValue ?? -1)
            size = 1
        }
        if queryResultsSize + size > Self.keptQueryElements {
            queryResults.removeAll(keepingCapacity: true)
            queryResultsSize = 0
        }
        if size <= Self.keptQueryElements {
            queryResults[query] = answer
            queryResultsSize += size
        }
        return answer
    }

    /// At most this many elements are kept in answers to queries (about 2 MB).
    static let keptQueryElements = 100_000

    func matchesSelector(_ element: NodeID, _ selectors: String) -> Int {
        guard let list = selectorList(selectors) else { return Self.invalidSelector }
        return document.matches(element, list, state: documentState) ? 1 : 0
    }

    func closestMatching(_ element: NodeID, _ selectors: String) -> Int {
        guard let list = selectorList(selectors) else { return Self.invalidSelector }
        return document.closest(element, list, state: documentState)?.rawValue ?? -1
    }

    /// A resolver for the tree as it is now, kept while the tree, the focus and the URL stay
    /// the same (jQuery's `:visible` asks for every element it filters) and dropped after each
    /// task. A kept resolver shares the tree's storage, so the first change after it copies the
    /// arena once: about what building a new resolver costs anyway.
    func styleResolver() -> StyleResolver {
        let key = StyleKey(version: version, arenaCount: document.arenaCount, focused: activeElement, url: url)
        if let cached = cachedStyleResolver, cached.key == key { return cached.resolver }
        let resolver = StyleResolver(document: document, styleSheets: linkedStyleSheets(), baseURL: url, state: documentState)
        cachedStyleResolver = (key, resolver)
        return resolver
    }

    /// The style sheets the page links to, read through the host's reader when the set of
    /// `<link rel=stylesheet>` URLs changes (each URL read once per page).
    public func linkedStyleSheets() -> LinkedStyleSheets {
        let links = descendantElements(of: document.root) { node in
            document.name(of: node) == "link" && document.attribute("href", of: node) != nil
                && (document.attribute("rel", of: node) ?? "").lowercased().split(separator: " ").contains("stylesheet")
        }.map { document.attribute("href", of: $0) ?? "" }
        if let cached = styleSheets, cached.links == links { return cached.sheets }
        let sheets = LinkedStyleSheets(document: document, pageURL: url) { sheetURL in
            let key = sheetURL.absoluteString
            if let known = styleSheetBytes[key] { return known }
            var bytes: Data?
            if case .success(let response) = resources(ScriptResourceRequest(kind: .styleSheet, url: key)),
               (200..<300).contains(response.status) || response.status == 0 {
                bytes = response.body
            }
            styleSheetBytes[key] = bytes
            return bytes
        }
        styleSheets = (links, sheets)
        return sheets
    }

    /// The resolved value of a property (`ComputedValues`); "" for a node outside the document
    /// (as WebKit answers for elements without a renderer); nil for a property not computed.
    func computedStyle(_ element: NodeID, _ property: String, resolver: StyleResolver? = nil) -> String? {
        guard document.kind(of: element) == .element, isShadowIncludingConnected(element),
              let style = (resolver ?? styleResolver()).computedStyle(of: element) else { return "" }
        switch property {
        case "display": return style.display.rawValue
        case "visibility": return style.visibility.rawValue
        default: return resolvedValue(element, property)
        }
    }

    /// Whether an element has a box: in the document (or a connected host's shadow tree), with
    /// no `display: none` at or above it in the flattened tree.
    func isRendered(_ element: NodeID, resolver: StyleResolver? = nil) -> Bool {
        guard isShadowIncludingConnected(element) else { return false }
        let resolver = resolver ?? styleResolver()
        var current: NodeID? = element
        while let node = current, document.kind(of: node) == .element {
            if resolver.computedStyle(of: node)?.display == Display.none { return false }
            current = document.flatTreeParent(of: node)
        }
        return true
    }

    /// `innerText` as WebKit's TextIterator collects it (`textContent` when not rendered):
    /// text collapsed by `white-space` and transformed by `text-transform`, hidden text and
    /// form controls' contents left out, a line break before and after each block (after one
    /// only when something rendered follows it in the document), a second one after `p` and
    /// `h1`–`h6` whose bottom margin is at least half their font size, `\n` for `br`, and a
    /// tab between table cells.
    func innerText(_ element: NodeID) -> String {
        guard isRendered(element) else { return document.textContent(of: element) }
        var collector = RenderedTextCollector(page: self, resolver: computedValuesResolver())
        return collector.collect(element)
    }
}
