/// The shorthands whose longhands `getComputedStyle` reports, and how their values split
/// (CSS Box 3 `margin`/`padding`, CSS Backgrounds 3 `border*`, CSS Transitions 1
/// `transition`, CSS Animations 1 `animation`, and `background`'s colour).
enum StyleShorthands {
    static let sides = ["top", "right", "bottom", "left"]

    /// The longhands of each shorthand, in the order `expand` gives their values.
    static let longhands: [String: [String]] = {
        var table: [String: [String]] = [
            "margin": sides.map { "margin-" + $0 },
            "padding": sides.map { "padding-" + $0 },
            "border-width": sides.map { "border-\($0)-width" },
            "border-style": sides.map { "border-\($0)-style" },
            "border-color": sides.map { "border-\($0)-color" },
            "border": sides.flatMap { ["border-\($0)-width", "border-\($0)-style", "border-\($0)-color"] },
            "transition": ["transition-property", "transition-duration", "transition-timing-function", "transition-delay"],
            "background": ["background-color"],
            "animation": animationLonghands,
        ]
        for side in sides { table["border-" + side] = ["border-\(side)-width", "border-\(side)-style", "border-\(side)-color"] }
        return table
    }()

    static let animationLonghands = ["animation-name", "animation-duration", "animation-timing-function", "animation-delay",
                                     "animation-iteration-count", "animation-direction", "animation-fill-mode", "animation-play-state"]
    static let animationDirections: Set<String> = ["normal", "reverse", "alternate", "alternate-reverse"]
    static let animationFillModes: Set<String> = ["forwards", "backwards", "both"]

    static let borderStyles: Set<String> = ["none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"]
    static let timingKeywords: Set<String> = ["ease", "linear", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end"]

    /// The longhands' values of a shorthand's value, nil when it is not one.
    static func expand(_ name: String, _ value: String) -> [String]? {
        switch name {
        case "margin", "padding", "border-width", "border-style", "border-color":
            let parts = components(value)
            switch parts.count {
            case 1: return [parts[0], parts[0], parts[0], parts[0]]
            case 2: return [parts[0], parts[1], parts[0], parts[1]]
            case 3: return [parts[0], parts[1], parts[2], parts[1]]
            case 4: return parts
            default: return nil
            }
        case "border", "border-top", "border-right", "border-bottom", "border-left":
            var width = "medium", style = "none", color = "currentcolor"
            for part in components(value) {
                let lower = asciiLowercased(part)
                if borderStyles.contains(lower) { style = lower }
                else if lower == "thin" || lower == "medium" || lower == "thick" || part.first.map({ $0.isNumber || $0 == "." }) == true { width = part }
                else { color = part }
            }
            let one = [width, style, color]
            return name == "border" ? Array([[String]](repeating: one, count: 4).joined()) : one
        case "transition":
            var properties: [String] = [], durations: [String] = [], timings: [String] = [], delays: [String] = []
            for single in splitOnCommas(value) {
                var property = "all", timing = "ease"
                var times: [String] = []
                for part in components(single) {
                    let lower = asciiLowercased(part)
                    if isTime(lower) { times.append(lower) }
                    else if timingKeywords.contains(lower) || lower.hasPrefix("cubic-bezier(") || lower.hasPrefix("steps(") { timing = part }
                    else { property = lower }
                }
                properties.append(property)
                durations.append(times.first ?? "0s")
                timings.append(timing)
                delays.append(times.count > 1 ? times[1] : "0s")
            }
            return [properties, durations, timings, delays].map { $0.joined(separator: ", ") }
        case "animation":
            // Each single animation's parts in any order (CSS Animations 1 §3.9): the first time
            // is the duration, the second the delay; a keyword names its longhand; the rest is the name.
            var lists = [[String]](repeating: [], count: 8)
            for single in splitOnCommas(value) {
                var values = ["none", "0s", "ease", "0s", "1", "normal", "none", "running"]
                var times = 0, named = false
                for part in components(single) {
                    let lower = asciiLowercased(part)
                    if isTime(lower) { values[times == 0 ? 1 : 3] = lower; times += 1 }
                    else if timingKeywords.contains(lower) || lower.hasPrefix("cubic-bezier(") || lower.hasPrefix("steps(") { values[2] = part }
                    else if lower == "infinite" || Double(lower) != nil { values[4] = lower }
                    else if animationDirections.contains(lower) && lower != "normal" { values[5] = lower }
                    else if animationFillModes.contains(lower) { values[6] = lower }
                    else if lower == "paused" || lower == "running" { values[7] = lower }
                    else if lower == "none" && named { values[6] = "none" }
                    else if lower != "normal" || named { values[0] = part; named = true }
                }
                for index in 0..<8 { lists[index].append(values[index]) }
            }
            return lists.map { $0.joined(separator: ", ") }
        case "background":
            for part in components(value).reversed() where CSSColor.parse(part) != nil { return [part] }
            return ["transparent"]
        default:
            return nil
        }
    }

    static func isTime(_ text: String) -> Bool {
        let number: Substring
        if text.hasSuffix("ms") { number = text.dropLast(2) } else if text.hasSuffix("s") { number = text.dropLast() } else { return false }
        return Double(number) != nil
    }

    /// A value's components separated by whitespace outside parentheses.
    static func components(_ value: String) -> [String] {
        var result: [String] = [], current = "", depth = 0
        for character in value {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
            if character == " " && depth == 0 {
                if !current.isEmpty { result.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// A value split on commas outside parentheses, each part trimmed.
    static func splitOnCommas(_ value: String) -> [String] {
        var result: [String] = [], current = "", depth = 0
        for character in value {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
            if character == "," && depth == 0 {
                result.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        result.append(current.trimmingSpaces)
        return result
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
