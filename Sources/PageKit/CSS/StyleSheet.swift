/// A parsed style sheet, keeping only what can decide `display` and `visibility`: style rules
/// that declare them, and the conditional, layer and import rules around them.
struct StyleSheet: Sendable {
    var items: [StyleSheetItem]

    static let empty = StyleSheet(items: [])
}

/// One rule of a style sheet, in source order.
indirect enum StyleSheetItem: Sendable {
    case style(StyleRule)
    /// `@media`: the rules apply when the media query list matches.
    case media(MediaQueryList, [StyleSheetItem])
    /// `@layer name { … }`; a nil name is an anonymous layer.
    case layerBlock([String]?, [StyleSheetItem])
    /// `@layer a, b;`: declares the order of layers.
    case layerStatement([[String]])
    /// `@import`: the URL as written, its media, and its layer (`.some(nil)` for an anonymous one).
    case importRule(url: String, media: MediaQueryList, layer: [String]??)
}

/// A style rule: selectors and the declarations of `display` and `visibility`.
struct StyleRule: Sendable {
    var selectors: [ComplexSelector]
    var declarations: [StyleDeclaration]
}

/// One declaration of `display` or `visibility`, or (for `getComputedStyle`) of a property a
/// parser was asked to keep, its value as written.
struct StyleDeclaration: Hashable, Sendable {
    enum Property: Hashable, Sendable {
        case display, visibility
        case other(String)
    }

    enum Value: Hashable, Sendable {
        case display(Display)
        case visibility(Visibility)
        case text(String)
        case inherit, initial, unset, revert, revertLayer
    }

    var property: Property
    var value: Value
    var important: Bool
}
