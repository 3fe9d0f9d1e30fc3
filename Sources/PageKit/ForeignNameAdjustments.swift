/// The standard's case adjustments of SVG element and attribute names and MathML attribute
/// names, as atoms of one document's name table.
struct ForeignNameAdjustments {
    private var svgElements: [Int32: Int32] = [:]
    private var lowercaseSVGElements: [Int32: Int32] = [:]
    /// Adjusted SVG attribute names by lowercased atom (-1: not adjusted); atoms past the end are not.
    private var svgAttributes: [Int32] = []
    private var mathMLAttributes: [Int32: Int32] = [:]
    /// The namespace of each foreign attribute (`xlink:href`, `xml:lang`, `xmlns`…) by atom.
    private var foreignAttributes: [Int32: String] = [:]

    /// Interns every name concerned into `names`.
    init(names: inout NameTable) {
        for adjusted in Self.svgElementNames {
            let lower = names.atom(for: adjusted.lowercased())
            let atom = names.atom(for: adjusted)
            svgElements[lower] = atom
            lowercaseSVGElements[atom] = lower
        }
        for adjusted in Self.svgAttributeNames {
            let lower = Int(names.atom(for: adjusted.lowercased()))
            if lower >= svgAttributes.count { svgAttributes += repeatElement(-1, count: lower + 1 - svgAttributes.count) }
            svgAttributes[lower] = names.atom(for: adjusted)
        }
        mathMLAttributes[names.atom(for: "definitionurl")] = names.atom(for: "definitionURL")
        for local in ["actuate", "arcrole", "href", "role", "show", "title", "type"] {
            foreignAttributes[names.atom(for: "xlink:" + local)] = HTMLDocument.xlinkNamespace
        }
        foreignAttributes[names.atom(for: "xml:lang")] = HTMLDocument.xmlNamespace
        foreignAttributes[names.atom(for: "xml:space")] = HTMLDocument.xmlNamespace
        foreignAttributes[names.atom(for: "xmlns")] = HTMLDocument.xmlnsNamespace
        foreignAttributes[names.atom(for: "xmlns:xlink")] = HTMLDocument.xmlnsNamespace
    }

    /// The namespace of a foreign attribute ("adjust foreign attributes"), if it is one.
    func foreignAttributeNamespace(_ atom: Int32) -> String? {
        foreignAttributes.isEmpty ? nil : foreignAttributes[atom]
    }

    /// The SVG element name for a lowercased tag name.
    func svgElementName(_ atom: Int32) -> Int32 { svgElements[atom] ?? atom }

    /// An element's name as the tokenizer would have lowercased it.
    func lowercased(_ atom: Int32) -> Int32 { lowercaseSVGElements[atom] ?? atom }

    /// The attribute name for a lowercased one on an element of a foreign namespace.
    func attributeName(_ atom: Int32, namespace: HTMLDocument.Namespace) -> Int32 {
        switch namespace {
        case .svg:
            guard atom >= 0 && Int(atom) < svgAttributes.count, svgAttributes[Int(atom)] >= 0 else { return atom }
            return svgAttributes[Int(atom)]
        case .mathML: return mathMLAttributes[atom] ?? atom
        case .html, .other: return atom
        }
    }

    static let svgElementNames = [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient",
        "radialGradient", "textPath",
    ]

    static let svgAttributeNames = [
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits", "kernelMatrix",
        "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight",
        "markerUnits", "markerWidth", "maskContentUnits", "maskUnits", "numOctaves", "pathLength",
        "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ",
        "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur",
        "requiredExtensions", "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod",
        "startOffset", "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX",
        "targetY", "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ]
}
