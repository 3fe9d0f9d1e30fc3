/// Selectors compiled for matching: every complex selector, compound and simple test of a list
/// (nested lists of `:is()`, `:not()`, `:has()` and `of S` included) as plain values in flat
/// arrays, so that testing an element copies, retains and allocates nothing.
///
/// A program is made once per parsed list (`SelectorList`) or per set of style rules (the
/// cascade) and shared by every match; the atoms of names no document interns at a fixed place
/// are looked up per document (`SelectorMatcher`).
final class SelectorProgram: Sendable {
    /// A complex selector: `compoundCount` compounds from `firstCompound`, left to right.
    struct Complex {
        var firstCompound: Int32
        var compoundCount: Int32
        /// A pseudo-element: the selector never matches an element.
        var neverMatches: Bool
    }

    /// How a compound tests an element's name.
    enum TypeTest: UInt8 {
        /// `*` or no type selector.
        case any
        /// HTML elements by the lowercased name, SVG and MathML ones by the name as written.
        case named
        /// A pseudo-element: no element matches.
        case never
        /// `|*` and `|E`: elements in no namespace (`createElementNS(null, …)`), any or by the
        /// name as written.
        case anyInNoNamespace, namedInNoNamespace
    }

    /// A compound selector: its name test, then `testCount` tests from `firstTest`.
    struct Compound {
        /// How it relates to the compound on its left (unused for the first of a selector).
        var combinator: Combinator
        var typeTest: TypeTest
        /// Indices into `names`: the lowercased name (HTML elements), the name as written.
        var htmlName: Int32
        var foreignName: Int32
        var firstTest: Int32
        var testCount: Int32
    }

    /// What one simple test checks.
    enum TestKind: UInt8 {
        case id, className, attribute
        case root, empty, scope, hasAnchor, firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType
        case nthChild, nthLastChild, nthOfType, nthLastOfType
        case matchesAny, not, has
        case link, never, target, focus, focusWithin, lang, dir, defined, formState, host, customState
    }

    /// One simple test; what `a` and `b` hold depends on the kind (byte ranges of `bytes`,
    /// indices into the side tables).
    struct Test {
        var kind: TestKind
        /// `id`, `className`: start of the bytes; `attribute`: index into `attributes`;
        /// `nth…`: index into `patterns`; lists: index into `lists`; `lang`: into `languages`;
        /// `dir`: into `names`; `formState`: the `FormStatePseudoClass`.
        var a: Int32 = 0
        /// `id`, `className`: length; `nthChild`, `nthLastChild`: the `of S` list or -1.
        var b: Int32 = -1
    }

    /// `[name]`, `[name=value]` and the other attribute tests, with the value's bytes in `bytes`.
    struct AttributeTest {
        var htmlName: Int32
        var foreignName: Int32
        var operation: AttributeSelector.Operator
        var valueStart: Int32
        var valueLength: Int32
        /// Compared without ASCII case on HTML elements (the `i` flag, or an attribute of HTML's list).
        var foldedOnHTML: Bool
        /// Compared without ASCII case on other elements (the `i` flag).
        var foldedElsewhere: Bool
        /// `~=` with an empty value or one holding whitespace never matches.
        var valueHasWhitespace: Bool
    }

    /// A list of complex selectors: `count` entries of `listItems` from `start`.
    struct List {
        var start: Int32
        var count: Int32
    }

    let complexes: [Complex]
    let compounds: [Compound]
    let tests: [Test]
    let attributes: [AttributeTest]
    let lists: [List]
    let listItems: [Int32]
    let patterns: [NthPattern]
    let languages: [[String]]
    let bytes: [UInt8]
    /// Element and attribute names, and `:dir()` arguments, each once.
    let names: [String]
    /// The atom of each name where every document has it at a fixed place (`KnownName`), else `none`.
    let knownAtoms: [Int32]
    /// Whether some name has no fixed atom (then each document's is looked up).
    let hasDocumentNames: Bool
    /// Whether a test needs positions among siblings, the `:target` element or other memos.
    let usesPositions: Bool
    /// The top-level list: the selectors the program was made from, in order.
    let roots: List

    /// Compiles `selectors` (the top-level list is `roots`; its complexes are `0..<count`).
    init(_ selectors: [ComplexSelector]) {
        var builder = Builder()
        let roots = builder.list(selectors)
        complexes = builder.complexes
        compounds = builder.compounds
        tests = builder.tests
        attributes = builder.attributes
        lists = builder.lists
        listItems = builder.listItems
        patterns = builder.patterns
        languages = builder.languages
        bytes = builder.bytes
        names = builder.names
        knownAtoms = builder.names.map { KnownName.atoms[$0] ?? HTMLDocument.none }
        hasDocumentNames = knownAtoms.contains(HTMLDocument.none)
        usesPositions = builder.usesPositions
        self.roots = roots
    }

    /// The complex selector at a position of a list.
    @inline(__always)
    func item(_ list: List, _ index: Int32) -> Int32 { listItems[Int(list.start + index)] }

    /// The compound furthest right (the subject) of a complex selector.
    @inline(__always)
    func subject(of complex: Int32) -> Int32 {
        let entry = complexes[Int(complex)]
        return entry.firstCompound + entry.compoundCount - 1
    }

    /// Gathers the flat arrays while compiling.
    private struct Builder {
        var complexes: [Complex] = []
        var compounds: [Compound] = []
        var tests: [Test] = []
        var attributes: [AttributeTest] = []
        var lists: [List] = []
        var listItems: [Int32] = []
        var patterns: [NthPattern] = []
        var languages: [[String]] = []
        var bytes: [UInt8] = []
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var usesPositions = false

        /// Compiles the complexes of a list first, contiguously, then what they nest.
        mutating func list(_ selectors: [ComplexSelector]) -> List {
            var indices: [Int32] = []
            indices.reserveCapacity(selectors.count)
            for selector in selectors { indices.append(complex(selector)) }
            let list = List(start: Int32(listItems.count), count: Int32(indices.count))
            listItems += indices
            return list
        }

        mutating func listIndex(_ selectors: [ComplexSelector]) -> Int32 {
            let made = list(selectors)
            lists.append(made)
            return Int32(lists.count - 1)
        }

        mutating func complex(_ selector: ComplexSelector) -> Int32 {
            let index = Int32(complexes.count)
            // Reserved first, so that a selector's compounds are contiguous even when its
            // tests compile nested lists.
            complexes.append(Complex(firstCompound: 0, compoundCount: 0, neverMatches: selector.hasPseudoElement))
            let first = Int32(compounds.count)
            for _ in selector.compounds {
                compounds.append(Compound(combinator: .descendant, typeTest: .any, htmlName: -1, foreignName: -1, firstTest: 0, testCount: 0))
            }
            for (position, compound) in selector.compounds.enumerated() {
                let combinator = position == 0 ? Combinator.descendant : selector.combinators[position - 1]
                compounds[Int(first) + position] = self.compound(compound, combinator: combinator)
            }
            complexes[Int(index)] = Complex(firstCompound: first, compoundCount: Int32(selector.compounds.count),
                                            neverMatches: selector.hasPseudoElement)
            return index
        }

        mutating func compound(_ compound: CompoundSelector, combinator: Combinator) -> Compound {
            var made = Compound(combinator: combinator, typeTest: .any, htmlName: -1, foreignName: -1, firstTest: 0, testCount: 0)
            if compound.pseudoElement != nil {
                made.typeTest = .never
            } else if let written = compound.typeName, let lowered = compound.lowercasedTypeName {
                made.typeTest = compound.requiresNoNamespace ? .namedInNoNamespace : .named
                made.htmlName = name(lowered)
                made.foreignName = name(written)
            } else if compound.requiresNoNamespace {
                made.typeTest = .anyInNoNamespace
            }
            // Nested lists are compiled before this compound's own tests are appended, so
            // its tests stay contiguous.
            var own: [Test] = []
            for simple in compound.simples { own.append(test(simple)) }
            made.firstTest = Int32(tests.count)
            made.testCount = Int32(own.count)
            tests += own
            return made
        }

        mutating func name(_ text: String) -> Int32 {
            if let known = nameIndex[text] { return known }
            let index = Int32(names.count)
            names.append(text)
            nameIndex[text] = index
            return index
        }

        mutating func byteRange(_ value: [UInt8]) -> (Int32, Int32) {
            let start = Int32(bytes.count)
            bytes += value
            return (start, Int32(value.count))
        }

        mutating func test(_ simple: SimpleSelector) -> Test {
            switch simple {
            case .id(let identifier):
                let (start, length) = byteRange(identifier)
                return Test(kind: .id, a: start, b: length)
            case .className(let name):
                let (start, length) = byteRange(name)
                return Test(kind: .className, a: start, b: length)
            case .attribute(let selector):
                let (start, length) = byteRange(selector.value)
                let onHTML = selector.caseInsensitive || SelectorMatcher.caseInsensitiveAttributes.contains(selector.lowercasedName)
                attributes.append(AttributeTest(htmlName: name(selector.lowercasedName), foreignName: name(selector.name),
                                                operation: selector.operation, valueStart: start, valueLength: length,
                                                foldedOnHTML: onHTML, foldedElsewhere: selector.caseInsensitive,
                                                valueHasWhitespace: selector.value.contains(where: \.isHTMLWhitespace)))
                return Test(kind: .attribute, a: Int32(attributes.count - 1))
            case .pseudoClass(let pseudoClass):
                return test(pseudoClass)
            }
        }

        mutating func pattern(_ pattern: NthPattern) -> Int32 {
            usesPositions = true
            patterns.append(pattern)
            return Int32(patterns.count - 1)
        }

        mutating func test(_ pseudoClass: PseudoClass) -> Test {
            switch pseudoClass {
            case .root: return Test(kind: .root)
            case .empty: return Test(kind: .empty)
            case .scope: return Test(kind: .scope)
            case .hasAnchor: return Test(kind: .hasAnchor)
            case .firstChild: return Test(kind: .firstChild)
            case .lastChild: return Test(kind: .lastChild)
            case .onlyChild: return Test(kind: .onlyChild)
            case .firstOfType:
                usesPositions = true
                return Test(kind: .firstOfType)
            case .lastOfType:
                usesPositions = true
                return Test(kind: .lastOfType)
            case .onlyOfType:
                usesPositions = true
                return Test(kind: .onlyOfType)
            case .nthChild(let nth, let filter):
                return Test(kind: .nthChild, a: pattern(nth), b: filter.map { listIndex($0) } ?? -1)
            case .nthLastChild(let nth, let filter):
                return Test(kind: .nthLastChild, a: pattern(nth), b: filter.map { listIndex($0) } ?? -1)
            case .nthOfType(let nth): return Test(kind: .nthOfType, a: pattern(nth))
            case .nthLastOfType(let nth): return Test(kind: .nthLastOfType, a: pattern(nth))
            case .matchesAny(let list): return Test(kind: .matchesAny, a: listIndex(list))
            case .not(let list): return Test(kind: .not, a: listIndex(list))
            case .has(let list): return Test(kind: .has, a: listIndex(list))
            case .link: return Test(kind: .link)
            case .visited, .hover, .active, .never: return Test(kind: .never)
            case .target:
                usesPositions = true
                return Test(kind: .target)
            case .focus, .focusVisible: return Test(kind: .focus)
            case .focusWithin: return Test(kind: .focusWithin)
            case .lang(let ranges):
                languages.append(ranges)
                return Test(kind: .lang, a: Int32(languages.count - 1))
            case .dir(let direction): return Test(kind: .dir, a: name(direction))
            case .customState(let state): return Test(kind: .customState, a: name(state))
            case .defined: return Test(kind: .defined)
            case .host(let list): return Test(kind: .host, a: list.map { listIndex($0) } ?? -1)
            case .checked: return formState(.checked)
            case .indeterminate: return formState(.indeterminate)
            case .isDefault: return formState(.isDefault)
            case .disabled: return formState(.disabled)
            case .enabled: return formState(.enabled)
            case .required: return formState(.required)
            case .optional: return formState(.optional)
            case .readOnly: return formState(.readOnly)
            case .readWrite: return formState(.readWrite)
            case .placeholderShown: return formState(.placeholderShown)
            case .valid: return formState(.valid)
            case .invalid: return formState(.invalid)
            case .inRange: return formState(.inRange)
            case .outOfRange: return formState(.outOfRange)
            case .paused: return formState(.paused)
            case .muted: return formState(.muted)
            }
        }

        func formState(_ state: FormStatePseudoClass) -> Test {
            Test(kind: .formState, a: Int32(state.rawValue))
        }
    }
}
