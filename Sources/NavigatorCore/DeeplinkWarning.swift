/// A finding of the deeplink linter: a stable code and an explanation.
public struct DeeplinkWarning: Equatable, Hashable, Sendable {
    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The stable warning codes (semantics.md section 6, plus the three at the end).
    public enum Code: String, CaseIterable, Sendable {
        case unknownParameter = "unknown-parameter"
        case plusInValue = "plus-in-value"
        case unencodedURL = "unencoded-url"
        case suspiciousBool = "suspicious-bool"
        case invalidColor = "invalid-color"
        case alphaDropped = "alpha-dropped"
        case duplicateParameter = "duplicate-parameter"
        case valuelessParameter = "valueless-parameter"
        case hostCase = "host-case"
        case unhandledHost = "unhandled-host"
        case missingURL = "missing-url"
        case ignoredRemoveStack = "ignored-removeStack"
        case removeStackNoop = "removeStack-noop"
        /// A raw `#` ends the query: what follows is a fragment the app never reads.
        case fragment = "fragment"
        /// A value whose escapes do not decode to UTF-8: Foundation gives no value, so it is absent.
        case undecodableValue = "undecodable-value"
        /// A query with a character a query may not hold: Foundation re-encodes it and decodes no escape.
        case malformedQuery = "malformed-query"
    }
}
