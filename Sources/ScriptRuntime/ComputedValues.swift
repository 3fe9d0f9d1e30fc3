import Foundation
import PageKit

/// `getComputedStyle`'s resolved values of the properties pages read, as WebKit serializes
/// them: colours as `rgb()`/`rgba()`, lengths in `px` (font-relative ones against the
/// element's font size, box lengths snapped to WebKit's 1/64 px layout unit), times in seconds,
/// font weights as numbers, and each property's initial value when nothing is declared.
enum ComputedValues {
    /// The initial values (CSS's "Initial:" lines, as WebKitGTK 2.50 serializes them); a
    /// colour property's `currentcolor` is resolved to `color`.
    static let initial: [String: String] = {
        var table: [String: String] = [
            "color": "rgb(0, 0, 0)", "background-color": "rgba(0, 0, 0, 0)", "position": "static", "font-size": "16px",
            "font-weight": "400", "font-style": "normal", "font-family": "-webkit-standard", "opacity": "1",
            "transition-property": "all", "transition-duration": "0s", "transition-timing-function": "ease",
            "transition-delay": "0s", "z-index": "auto", "text-align": "start", "cursor": "auto", "box-sizing": "content-box",
            "float": "none", "overflow": "visible", "overflow-x": "visible", "overflow-y": "visible", "line-height": "normal",
            "top": "auto", "left": "auto", "right": "auto", "bottom": "auto", "transform": "none", "text-transform": "none",
            "white-space": "normal", "width": "auto", "height": "auto", "min-width": "auto", "min-height": "auto",
            "max-width": "none", "max-height": "none", "pointer-events": "auto", "letter-spacing": "normal",
            "word-spacing": "0px", "text-indent": "0px", "direction": "ltr", "list-style-type": "disc", "text-decoration-line": "none",
            "vertical-align": "baseline", "flex-direction": "row", "justify-content": "normal", "align-items": "normal",
            "fill": "rgb(0, 0, 0)", "stroke": "none",
            "animation-name": "none", "animation-duration": "0s", "animation-timing-function": "ease", "animation-delay": "0s",
            "animation-iteration-count": "1", "animation-direction": "normal", "animation-fill-mode": "none",
            "animation-play-state": "running",
        ]
        for side in ["top", "right", "bottom", "left"] {
            table["margin-" + side] = "0px"
            table["padding-" + side] = "0px"
            table["border-\(side)-width"] = "3px"
            table["border-\(side)-style"] = "none"
            table["border-\(side)-color"] = "currentcolor"
        }
        return table
    }()

    /// The properties a style snapshot holds, in name order.
    static let snapshotProperties = initial.keys.sorted()

    /// The properties the cascade keeps for them.
    static let cascaded = Set(initial.keys)

    static let colorProperties: Set<String> = ["color", "background-color", "border-top-color", "border-right-color",
                                              "border-bottom-color", "border-left-color"]
    static let boxLengths: Set<String> = {
        var names: Set<String> = ["top", "left", "right", "bottom", "width", "height", "min-width", "min-height", "max-width",
                                  "max-height", "text-indent", "word-spacing"]
        for side in ["top", "right", "bottom", "left"] { names.formUnion(["margin-" + side, "padding-" + side, "border-\(side)-width"]) }
        return names
    }()
    /// SVG paints: inherited, and taken from an SVG element's presentation attribute (`fill="…"`)
    /// where no style rule sets them (SVG 2 §6.6: presentation attributes come before every
    /// author rule).
    static let paintProperties: Set<String> = ["fill", "stroke"]

    /// A paint as WebKit serializes it: a colour as `rgb()`, `none`, else the text as declared.
    static func paint(_ declared: String, color: String) -> String {
        let text = declared.trimmingSpaces()
        switch text.lowercased() {
        case "none": return "none"
        case "currentcolor": return color
        default: return CSSColor.parse(text)?.serialized ?? text
        }
    }

    static let fontSizeKeywords: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48,
    ]

    /// What a value is resolved against.
    struct Context {
        var fontSize: Double
        var rootFontSize: Double
        var viewportWidth: Double
        var viewportHeight: Double
        /// The containing block's width, for percentages of box lengths.
        var containingWidth: Double
    }

    /// A length in px; nil when `text` is not one.
    static func pixels(_ text: String, _ context: Context, percentOf whole: Double?) -> Double? {
        let value = text.lowercased()
        if value == "0" { return 0 }
        let units: [(String, Double)] = [("px", 1), ("rem", context.rootFontSize), ("em", context.fontSize), ("vw", context.viewportWidth / 100),
                                         ("vh", context.viewportHeight / 100), ("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54),
                                         ("mm", 96 / 25.4), ("%", (whole ?? .nan) / 100)]
        for (unit, factor) in units where value.hasSuffix(unit) {
            guard let number = Double(value.dropLast(unit.count)), !factor.isNaN else { return nil }
            return number * factor
        }
        return nil
    }

    /// A px number as WebKit prints it (up to six significant decimals, no trailing zeros).
    static func pixelText(_ value: Double) -> String { number(value) + "px" }

    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6g", value)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// Snapped down to WebKit's layout unit, 1/64 px.
    static func layoutUnit(_ value: Double) -> Double { (value * 64).rounded(.towardZero) / 64 }

    /// A font size: keywords, lengths and percentages against the parent's.
    static func fontSize(_ text: String, parent: Double, root: Double, _ context: Context) -> Double {
        let value = text.lowercased()
        if let keyword = fontSizeKeywords[value] { return keyword }
        if value == "smaller" { return parent / 1.2 }
        if value == "larger" { return parent * 1.2 }
        var relative = context
        relative.fontSize = parent
        relative.rootFontSize = root
        return pixels(value, relative, percentOf: parent) ?? parent
    }

    /// `font-weight` as a number; `bolder`/`lighter` relative to the parent's (CSS Fonts 4 §2.2).
    static func fontWeight(_ text: String, parent: Double) -> Double {
        switch text.lowercased() {
        case "normal": return 400
        case "bold": return 700
        case "bolder": return parent < 350 ? 400 : parent < 550 ? 700 : 900
        case "lighter": return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700
        default: return Double(text).map { min(max($0, 1), 1000) } ?? parent
        }
    }

    /// A time list in seconds: `300ms` is `0.3s`.
    static func times(_ text: String) -> String {
        text.split(separator: ",").map { part in
            let time = String(part).trimmingSpaces().lowercased()
            if time.hasSuffix("ms"), let ms = Double(time.dropLast(2)) { return number(ms / 1000) + "s" }
            if time.hasSuffix("s"), let s = Double(time.dropLast()) { return number(s) + "s" }
            return "0s"
        }.joined(separator: ", ")
    }
}

extension ScriptPage {
    /// A resolver that keeps every property of `ComputedValues`, made once per task.
    func computedValuesResolver() -> StyleResolver {
        let key = StyleKey(version: version, arenaCount: document.arenaCount, focused: activeElement, url: url)
        if let cached = cachedComputedValuesResolver, cached.key == key { return cached.resolver }
        let resolver = StyleResolver(document: document, styleSheets: linkedStyleSheets(), baseURL: url, state: documentState,
                                     keeping: ComputedValues.cascaded)
        cachedComputedValuesResolver = (key, resolver)
        return resolver
    }

    /// The resolved value of `property` for a connected element; nil for a property webnav does
    /// not compute (the prelude then reads the inline style).
    func resolvedValue(_ element: NodeID, _ property: String) -> String? {
        guard ComputedValues.initial[property] != nil else { return nil }
        let resolver = computedValuesResolver()
        var chain: [NodeID] = []
        var current: NodeID? = element
        while let node = current, document.kind(of: node) == .element {
            chain.append(node)
            current = document.flatTreeParent(of: node)
        }
        let styles = chain.reversed().map { resolver.computedStyle(of: $0) }
        guard let style = styles.last ?? nil else { return "" }
        var context = ComputedValues.Context(fontSize: 16, rootFontSize: 16, viewportWidth: 390, viewportHeight: 753, containingWidth: 390)
        var weight = 400.0
        var colorText = ComputedValues.initial["color"]!
        var paint = ComputedValues.initial[property] ?? ""
        let chainFromRoot = Array(chain.reversed())
        for (index, ancestor) in styles.enumerated() {
            guard let ancestor else { continue }
            let size = ancestor.values["font-size"].map {
                ComputedValues.fontSize($0, parent: context.fontSize, root: index == 0 ? 16 : context.rootFontSize, context)
            } ?? context.fontSize
            context.fontSize = size
            if index == 0 { context.rootFontSize = size }
            if let declared = ancestor.values["font-weight"] { weight = ComputedValues.fontWeight(declared, parent: weight) }
            if let declared = ancestor.values["color"], let color = CSSColor.parse(declared) { colorText = color.serialized }
            if ComputedValues.paintProperties.contains(property) {
                let node = chainFromRoot[index]
                let presentation = document.namespace(of: node) == .svg ? document.attribute(property, of: node) : nil
                if let declared = ancestor.values[property] ?? presentation, declared.lowercased() != "inherit" {
                    paint = ComputedValues.paint(declared, color: colorText)
                }
            }
        }
        let declared = style.values[property]
        switch property {
        case "color": return colorText
        case "font-size": return ComputedValues.pixelText(context.fontSize)
        case "font-weight": return ComputedValues.number(weight)
        case _ where ComputedValues.paintProperties.contains(property): return paint
        case _ where ComputedValues.colorProperties.contains(property):
            guard let declared, asciiLower(declared) != "currentcolor", let color = CSSColor.parse(declared) else {
                return declared == nil && property == "background-color" ? ComputedValues.initial[property] : colorText
            }
            return color.serialized
        case "transition-duration", "transition-delay", "animation-duration", "animation-delay":
            return ComputedValues.times(declared ?? "0s")
        case "opacity":
            guard let declared else { return "1" }
            let value = declared.hasSuffix("%") ? Double(declared.dropLast()).map { $0 / 100 } : Double(declared)
            return value.map { ComputedValues.number(min(max($0, 0), 1)) } ?? "1"
        case "top", "left", "right", "bottom":
            let position = style.values["position"] ?? "static"
            guard position != "static" else { return declared ?? "auto" }
            guard let declared, declared != "auto" else { return position == "relative" ? "0px" : "auto" }
            return ComputedValues.pixels(declared, context, percentOf: context.containingWidth)
                .map { ComputedValues.pixelText(ComputedValues.layoutUnit($0)) } ?? declared
        case _ where property.hasPrefix("border-") && property.hasSuffix("-width"):
            let sideStyle = style.values[property.replacingOccurrences(of: "-width", with: "-style")] ?? "none"
            if sideStyle == "none" || sideStyle == "hidden" { return "0px" }
            switch declared ?? "medium" {
            case "thin": return "1px"
            case "medium": return "3px"
            case "thick": return "5px"
            case let length:
                return ComputedValues.pixels(length, context, percentOf: nil).map { ComputedValues.pixelText(ComputedValues.layoutUnit($0)) } ?? "3px"
            }
        case _ where ComputedValues.boxLengths.contains(property):
            guard let declared else { return ComputedValues.initial[property] }
            if declared == "auto" { return property.hasPrefix("margin-") ? "0px" : "auto" }
            return ComputedValues.pixels(declared, context, percentOf: context.containingWidth)
                .map { ComputedValues.pixelText(ComputedValues.layoutUnit($0)) } ?? declared
        default:
            return declared ?? ComputedValues.initial[property]
        }
    }
}

private func asciiLower(_ text: String) -> String { text.lowercased() }
