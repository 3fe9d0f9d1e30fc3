/// A parsed CSS selector list, as `querySelectorAll`, `matches` and style rules take it.
///
/// Parsing follows CSS Selectors Level 4 as WebKit implements it: what WebKit rejects (a
/// jQuery extension such as `:visible` or `:eq(1)`, an unknown pseudo-class, `[a=b s]`)
/// is a `SelectorSyntaxError`, so a script sees a `SyntaxError` exactly where the app does.
public struct SelectorList: Hashable, Sendable, CustomStringConvertible {
    /// The source text.
    public let text: String
    let selectors: [ComplexSelector]
    /// The selectors compiled for matching, once per list.
    let program: SelectorProgram

    /// Parses a selector list; throws with the position of the first error.
    public init(_ text: String) throws(SelectorSyntaxError) {
        self.text = text
        selectors = try SelectorParser.parseList(text)
        program = SelectorProgram(selectors)
    }

    init(text: String, selectors: [ComplexSelector]) {
        self.text = text
        self.selectors = selectors
        program = SelectorProgram(selectors)
    }

    public static func == (left: SelectorList, right: SelectorList) -> Bool {
        left.text == right.text && left.selectors == right.selectors
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(selectors)
    }

    /// The specificity of each selector of the list, in order.
    public var specificities: [Specificity] { selectors.map(\.specificity) }

    public var description: String { text }
}

/// Why a selector did not parse, and where.
public struct SelectorSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `unknown pseudo-class ":visible"`.
    public var message: String
    /// Where, in Unicode scalars from the start of the selector text.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at offset \(offset)" }
}

/// How specific a selector is: IDs, then classes, attributes and pseudo-classes, then types.
public struct Specificity: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var ids: Int
    public var classes: Int
    public var types: Int

    public init(ids: Int = 0, classes: Int = 0, types: Int = 0) {
        self.ids = ids
        self.classes = classes
        self.types = types
    }

    public static func < (left: Specificity, right: Specificity) -> Bool {
        (left.ids, left.classes, left.types) < (right.ids, right.classes, right.types)
    }

    static func + (left: Specificity, right: Specificity) -> Specificity {
        Specificity(ids: left.ids + right.ids, classes: left.classes + right.classes, types: left.types + right.types)
    }

    /// Packed into 24 bits for the cascade's sort key (each part saturates at 255).
    var packed: UInt64 {
        UInt64(min(ids, 255)) << 16 | UInt64(min(classes, 255)) << 8 | UInt64(min(types, 255))
    }

    public var description: String { "(\(ids),\(classes),\(types))" }
}

/// A chain of compound selectors joined by combinators, matched right to left.
struct ComplexSelector: Hashable, Sendable {
    /// Left to right; `combinators[i]` joins `compounds[i]` and `compounds[i + 1]`.
    var compounds: [CompoundSelector]
    var combinators: [Combinator]
    var specificity = Specificity()
    /// A pseudo-element selects no element, so the selector never matches one.
    var hasPseudoElement = false

    var subject: CompoundSelector { compounds[compounds.count - 1] }

    /// `::slotted()`'s argument when the selector ends with it (`slot[name=a]::slotted(p)`).
    var slottedArgument: CompoundSelector? {
        subject.pseudoElement == "slotted" ? subject.slottedArgument.first : nil
    }

    /// Whether the selector is one compound that tests `:host`: in a shadow tree's sheet it
    /// styles the tree's host.
    var stylesTheHost: Bool {
        compounds.count == 1 && subject.simples.contains { if case .pseudoClass(.host) = $0 { true } else { false } }
    }
}

/// How two compounds of a complex selector relate.
enum Combinator: UInt8, Hashable, Sendable {
    case descendant, child, nextSibling, subsequentSibling
}

/// Simple selectors that all apply to one element.
struct CompoundSelector: Hashable, Sendable {
    /// The element name as written and lowercased; nil for `*` or none.
    var typeName: String?
    var lowercasedTypeName: String? {
        didSet { knownTypeAtom = lowercasedTypeName.flatMap { KnownName.atoms[$0] } ?? HTMLDocument.none }
    }
    /// The atom of a name every document interns at a fixed place (`KnownName`), else `none`.
    private(set) var knownTypeAtom = HTMLDocument.none
    /// `|E`, `|*`: only elements in no namespace.
    var requiresNoNamespace = false
    var simples: [SimpleSelector] = []
    /// The pseudo-element, such as `before`; it never matches an element.
    var pseudoElement: String?
    /// `::slotted()`'s argument (one compound): the slotted elements it styles.
    var slottedArgument: [CompoundSelector] = []
}

/// One test of a compound selector.
enum SimpleSelector: Hashable, Sendable {
    case id([UInt8])
    case className([UInt8])
    case attribute(AttributeSelector)
    case pseudoClass(PseudoClass)
}

/// `[name]`, `[name=value]` and the other attribute tests.
struct AttributeSelector: Hashable, Sendable {
    enum Operator: UInt8, Hashable, Sendable {
        case exists, equals, includes, dashMatch, prefix, suffix, substring
    }

    var name: String
    var lowercasedName: String
    /// `[|name]`: only attributes in no namespace (every attribute of ours); `[*|name]`: any.
    var anyNamespace = false
    var operation: Operator
    var value: [UInt8]
    /// The `i` flag.
    var caseInsensitive: Bool
}

/// `An+B` of the `:nth-*` pseudo-classes.
struct NthPattern: Hashable, Sendable {
    var a: Int
    var b: Int

    /// Whether a 1-based position is `a×n + b` for some n ≥ 0.
    func matches(_ position: Int) -> Bool {
        if a == 0 { return position == b }
        let difference = position - b
        return difference % a == 0 && difference / a >= 0
    }
}

/// A pseudo-class, with its argument.
indirect enum PseudoClass: Hashable, Sendable {
    case root, empty, scope
    case firstChild, lastChild, onlyChild, firstOfType, lastOfType, onlyOfType
    case nthChild(NthPattern, of: [ComplexSelector]?)
    case nthLastChild(NthPattern, of: [ComplexSelector]?)
    case nthOfType(NthPattern)
    case nthLastOfType(NthPattern)
    /// `:is()`, `:where()`, `:matches()`, `:-webkit-any()`.
    case matchesAny([ComplexSelector])
    case not([ComplexSelector])
    /// Relative selectors, each starting with a `hasAnchor` compound.
    case has([ComplexSelector])
    /// The element a `:has()` is being tested on.
    case hasAnchor
    case link, visited, target, focus, focusWithin, focusVisible, hover, active
    case checked, indeterminate, isDefault, disabled, enabled, required, optional, readOnly, readWrite
    case placeholderShown, valid, invalid, inRange, outOfRange, defined, paused, muted
    case lang([String])
    case dir(String)
    /// `:state(name)`: a custom element whose `ElementInternals.states` has the name.
    case customState(String)
    /// `:host` (nil) and `:host(compound)`: the shadow host, seen from inside its shadow tree
    /// (CSS Scoping §3.2), where it is featureless but for these.
    case host([ComplexSelector]?)
    /// A pseudo-class WebKit knows that no element of a static page is in: `:fullscreen`,
    /// `:playing`, `:autofill`, scrollbar states…
    case never
}
