import PageKit

/// What `CSSStyleSheet.insertRule`, `deleteRule` and a rule's `style` ask of a `<style>`
/// element's sheet, and what they answer.
enum StyleSheetEditResult {
    /// The rule does not parse as one rule: the prelude throws SyntaxError.
    static let syntaxError = -1
    /// The index is past the end: IndexSizeError.
    static let indexError = -2
}

extension ScriptPage {
    /// The CSSOM rules of a `<style>` element's sheet as it is now.
    func styleSheetRules(_ element: NodeID) -> [CSSOMRule] {
        let text = document.styleSheetText(of: element)
        if let known = styleSheetRuleLists[text] { return known }
        let rules = CSSOMRules.rules(in: text)
        if styleSheetRuleLists.count >= 32 { styleSheetRuleLists.removeAll() }
        styleSheetRuleLists[text] = rules
        return rules
    }

    /// Inserts (`insert`), deletes (`delete`) or replaces (`replace`) the rule at `index` of a
    /// `<style>` element's sheet; the index inserted at, 0, or a `StyleSheetEditResult`.
    /// The sheet keeps the rules' source text, so the cascade reads the edited sheet.
    func editStyleSheet(_ element: NodeID, _ operation: String, index: Int, rule text: String) -> Int {
        var rules = styleSheetRules(element)
        switch operation {
        case "insert":
            guard let rule = CSSOMRules.rule(text) else { return StyleSheetEditResult.syntaxError }
            guard index >= 0, index <= rules.count else { return StyleSheetEditResult.indexError }
            rules.insert(rule, at: index)
        case "replace":
            guard index >= 0, index < rules.count else { return StyleSheetEditResult.indexError }
            guard let rule = CSSOMRules.rule(text) else { return StyleSheetEditResult.syntaxError }
            rules[index] = rule
        default:
            guard index >= 0, index < rules.count else { return StyleSheetEditResult.indexError }
            rules.remove(at: index)
        }
        let newText = rules.map(\.source).joined(separator: "\n")
        let key = Int32(element.rawValue)
        let source = document.styleSheetEdits[key].flatMap { $0.source == document.textContent(of: element) ? $0.source : nil }
            ?? document.textContent(of: element)
        document.styleSheetEdits[key] = StyleSheetEdit(source: source, text: newText)
        if styleSheetRuleLists.count >= 32 { styleSheetRuleLists.removeAll() }
        styleSheetRuleLists[newText] = rules
        version += 1
        return operation == "insert" ? index : 0
    }
}

extension ScriptPage {
    /// Every property `getComputedStyle` computes and its value, name then value, in name
    /// order: the style a transition starts from or goes to.
    func styleSnapshot(_ element: NodeID) -> [String] {
        guard document.kind(of: element) == .element, isConnected(element) else { return [] }
        var result: [String] = []
        result.reserveCapacity(ComputedValues.snapshotProperties.count * 2)
        for property in ComputedValues.snapshotProperties {
            result.append(property)
            result.append(computedStyle(element, property) ?? "")
        }
        return result
    }

    /// Whether a style sheet of the page mentions transitions, animations or keyframes (until one does,
    /// style changes start none and the prelude takes no snapshots).
    func motionDeclared() -> Bool {
        document.appliedStyleSheetTexts(linked: linkedStyleSheets(), pageURL: url).contains { text in
            text.contains("transition") || text.contains("animation") || text.contains("keyframes")
        }
    }

    /// The names of the page's `@keyframes` rules.
    func keyframesNames() -> [String] {
        document.appliedStyleSheetTexts(linked: linkedStyleSheets(), pageURL: url).flatMap { CSSOMRules.keyframesNames(in: $0) }
    }

    /// The document's elements whose `animation-name` names something, in tree order (none
    /// when no sheet of the page has a `@keyframes` rule).
    func animatedElements() -> [NodeID] {
        guard !keyframesNames().isEmpty else { return [] }
        let resolver = computedValuesResolver()
        return descendantElements(of: document.root) { element in
            guard let name = resolver.computedStyle(of: element)?.values["animation-name"] else { return false }
            return name.lowercased() != "none"
        }
    }
}
