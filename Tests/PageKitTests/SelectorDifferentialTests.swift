import TestSupport
import XCTest
@testable import PageKit

/// The selector engine against the one it replaced (kept in `SelectorOracle/`, unchanged but
/// renamed): generated selectors over generated trees must give the same elements for
/// `querySelectorAll` (from the document and from elements), `querySelector`, `matches` on
/// every element, `closest`, and each selector of a list as the cascade tests them.
final class SelectorDifferentialTests: XCTestCase {
    private static let htmlNames = ["div", "p", "span", "a", "ul", "li", "section", "input", "label", "form", "option",
                                    "select", "fieldset", "legend", "template", "x-card", "div", "p", "a", "li"]
    private static let classes = ["a", "b", "c", "item", "hidden", "Big"]
    private static let attributeNames = ["data-n", "title", "lang", "dir", "href", "type", "name", "rel", "data-x"]
    private static let values = ["", "x", "x-y", "a b", "X", "en", "en-US", "fr", "rtl", "ltr", "auto", "text", "checkbox",
                                 "radio", "7", "17", "/p/7", "Stylesheet"]

    // MARK: - Trees

    private func tree(_ random: inout SeededGenerator) -> String {
        var html = "<!DOCTYPE html><html lang=en><body>"
        func element(_ depth: Int) {
            let name = Self.htmlNames.randomElement(using: &random)!
            var attributes = ""
            if Int.random(in: 0..<4, using: &random) == 0 { attributes += " id=i\(Int.random(in: 0..<6, using: &random))" }
            if Int.random(in: 0..<2, using: &random) == 0 {
                let count = Int.random(in: 1...3, using: &random)
                attributes += " class=\"" + (0..<count).map { _ in Self.classes.randomElement(using: &random)! }.joined(separator: " ") + "\""
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let attribute = Self.attributeNames.randomElement(using: &random)!
                if attributes.contains(" \(attribute)=") { continue }
                attributes += " \(attribute)=\"\(Self.values.randomElement(using: &random)!)\""
            }
            for flag in ["checked", "disabled", "required", "selected", "placeholder", "readonly"]
                where Int.random(in: 0..<12, using: &random) == 0 {
                attributes += " " + flag
            }
            html += "<\(name)\(attributes)>"
            if name == "input" || name == "img" { return }
            let children = depth > 5 ? 0 : Int.random(in: 0...4, using: &random)
            for _ in 0..<children {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: html += "text \(Int.random(in: 0..<9, using: &random))"
                case 1: html += "<!-- c -->"
                case 2 where depth < 3:
                    html += "<svg viewBox=\"0 0 1 1\"><foreignObject><p class=a>f</p></foreignObject><circle r=1 class=b /></svg>"
                default: element(depth + 1)
                }
            }
            html += "</\(name)>"
        }
        for _ in 0..<Int.random(in: 2...5, using: &random) { element(0) }
        return html + "</body></html>"
    }

    // MARK: - Selectors

    private func compound(_ random: inout SeededGenerator, depth: Int) -> String {
        var text = ""
        switch Int.random(in: 0..<7, using: &random) {
        case 0: text = "*"
        case 1, 2, 3: text = Self.htmlNames.randomElement(using: &random)!
        case 3: text = ["svg", "circle", "foreignObject", "foreignobject", "DIV", "P"].randomElement(using: &random)!
        default: break
        }
        let simples = text.isEmpty ? Int.random(in: 1...2, using: &random) : [0, 0, 1, 1, 2].randomElement(using: &random)!
        for _ in 0..<simples {
            text += simple(&random, depth: depth)
        }
        return text.isEmpty ? "*" : text
    }

    private func simple(_ random: inout SeededGenerator, depth: Int) -> String {
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return "#i\(Int.random(in: 0..<6, using: &random))"
        case 1, 2: return "." + Self.classes.randomElement(using: &random)!
        case 3: return "[" + Self.attributeNames.randomElement(using: &random)! + "]"
        case 4, 5:
            let operation = ["=", "~=", "|=", "^=", "$=", "*="].randomElement(using: &random)!
            let flag = Int.random(in: 0..<4, using: &random) == 0 ? " i" : ""
            return "[" + Self.attributeNames.randomElement(using: &random)! + operation + "\""
                + Self.values.randomElement(using: &random)! + "\"" + flag + "]"
        case 6, 7:
            return [":first-child", ":last-child", ":only-child", ":first-of-type", ":last-of-type", ":only-of-type", ":empty",
                    ":root", ":scope", ":link", ":checked", ":disabled", ":enabled", ":required", ":optional", ":read-only",
                    ":read-write", ":placeholder-shown", ":focus", ":focus-within", ":target", ":defined", ":hover",
                    ":indeterminate", ":default", ":valid", ":invalid"].randomElement(using: &random)!
        case 8:
            let pattern = ["odd", "even", "2n+1", "-n+3", "3", "n", "3n-1", "0n+2"].randomElement(using: &random)!
            let kind = [":nth-child", ":nth-last-child", ":nth-of-type", ":nth-last-of-type"].randomElement(using: &random)!
            if kind.hasSuffix("child") && depth < 2 && Int.random(in: 0..<3, using: &random) == 0 {
                return "\(kind)(\(pattern) of \(complex(&random, depth: depth + 1)))"
            }
            return "\(kind)(\(pattern))"
        case 9 where depth < 2:
            let name = [":not", ":is", ":where"].randomElement(using: &random)!
            let count = Int.random(in: 1...2, using: &random)
            return name + "(" + (0..<count).map { _ in complex(&random, depth: depth + 1) }.joined(separator: ", ") + ")"
        case 10 where depth == 0:
            let combinator = ["", "> ", "+ ", "~ "].randomElement(using: &random)!
            return ":has(" + combinator + complex(&random, depth: depth + 1) + ")"
        case 11:
            return [":lang(en)", ":lang(fr, \"*-US\")", ":dir(rtl)", ":dir(ltr)"].randomElement(using: &random)!
        default:
            return "." + Self.classes.randomElement(using: &random)!
        }
    }

    private func complex(_ random: inout SeededGenerator, depth: Int) -> String {
        var text = compound(&random, depth: depth)
        for _ in 0..<Int.random(in: 0...(depth == 0 ? 3 : 1), using: &random) {
            text += [" ", " ", " > ", " + ", " ~ "].randomElement(using: &random)! + compound(&random, depth: depth)
        }
        return text
    }

    private func selectorList(_ random: inout SeededGenerator) -> String {
        var parts = [complex(&random, depth: 0)]
        if Int.random(in: 0..<4, using: &random) == 0 { parts.append(complex(&random, depth: 0)) }
        if Int.random(in: 0..<20, using: &random) == 0 { parts.append("p::before") }
        return parts.joined(separator: ", ")
    }

    // MARK: - The comparison

    private func elements(of document: HTMLDocument) -> [Int32] {
        var result: [Int32] = []
        var node = document.nodes[0].firstChild
        while node != HTMLDocument.none {
            if document.nodes[Int(node)].kind == .element { result.append(node) }
            node = document.following(node, within: 0)
        }
        return result
    }

    private func oracleQuery(_ document: HTMLDocument, _ list: SelectorList, scope: Int32, state: DocumentState, first: Bool) -> [Int32] {
        var found: [Int32] = []
        OracleSelectorQuery(document: document, selectors: list.selectors, scope: scope, state: state).run { element in
            found.append(element)
            return !first
        }
        return found
    }

    func testTheEngineAnswersAsTheOneItReplacedOnGeneratedSelectorsAndTrees() throws {
        var random = SeededGenerator(seed: 21)
        var compared = 0
        var parsed = 0
        var nonEmpty = 0
        for treeNumber in 0..<60 {
            let document = HTMLParser.parse(tree(&random))
            let all = elements(of: document)
            var state = DocumentState()
            if let focused = all.randomElement(using: &random), treeNumber % 2 == 0 { state.focused = NodeID(focused) }
            state.fragment = ["i1", "i3", nil].randomElement(using: &random)!
            for element in all where Int.random(in: 0..<6, using: &random) == 0 {
                state.checkedness[NodeID(element)] = Bool.random(using: &random)
            }
            for _ in 0..<40 {
                let text = selectorList(&random)
                guard let list = try? SelectorList(text) else { continue }
                parsed += 1
                let context = "selector \(text) on tree \(treeNumber)"

                let expected = oracleQuery(document, list, scope: 0, state: state, first: false)
                XCTAssertEqual(document.querySelectorAll(list, under: document.root, state: state).map(\.index), expected,
                               "querySelectorAll: \(context)")
                XCTAssertEqual(document.querySelector(list, under: document.root, state: state)?.index, expected.first,
                               "querySelector: \(context)")
                if !expected.isEmpty { nonEmpty += 1 }

                for scope in all where Int.random(in: 0..<8, using: &random) == 0 {
                    XCTAssertEqual(document.querySelectorAll(list, under: NodeID(scope), state: state).map(\.index),
                                   oracleQuery(document, list, scope: scope, state: state, first: false),
                                   "querySelectorAll under \(scope): \(context)")
                }
                for element in all {
                    let oracle = OracleSelectorMatcher(document: document, state: state, scope: element)
                    XCTAssertEqual(document.matches(NodeID(element), list, state: state), oracle.matches(list.selectors, element),
                                   "matches \(element): \(context)")
                    var closest: Int32?
                    var current = element
                    while current != HTMLDocument.none && document.nodes[Int(current)].kind == .element {
                        if oracle.matches(list.selectors, current) {
                            closest = current
                            break
                        }
                        current = document.nodes[Int(current)].parent
                    }
                    XCTAssertEqual(document.closest(NodeID(element), list, state: state)?.index, closest, "closest \(element): \(context)")
                }
                // As the cascade tests them: each selector of the list alone, from the document.
                let matcher = SelectorMatcher(document: document, state: state, program: list.program)
                let documentOracle = OracleSelectorMatcher(document: document, state: state)
                for (position, selector) in list.selectors.enumerated() {
                    let complex = list.program.item(list.program.roots, Int32(position))
                    for element in all {
                        XCTAssertEqual(matcher.matches(complex: complex, element), documentOracle.matches(selector, element),
                                       "selector \(position) of \(text), element \(element), tree \(treeNumber)")
                    }
                }
                compared += 1
            }
        }
        // The generator must exercise the engines, not only fail to parse.
        XCTAssertGreaterThan(parsed, 1_500)
        XCTAssertEqual(compared, parsed)
        XCTAssertGreaterThan(nonEmpty, 400, "\(nonEmpty) of \(parsed) selectors matched something")
    }
}
