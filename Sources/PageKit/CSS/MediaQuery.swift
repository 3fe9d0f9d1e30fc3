/// The device that `@media` rules and `media` attributes are evaluated against: a phone
/// web view, as WebKit on an iPhone would see it.
public struct MediaEnvironment: Hashable, Sendable {
    /// The viewport, in CSS pixels.
    public var width: Double
    public var height: Double
    /// The screen, in CSS pixels.
    public var deviceWidth: Double
    public var deviceHeight: Double
    /// Device pixels per CSS pixel.
    public var pixelRatio: Double
    /// `(scripting: enabled)`: page scripts run.
    public var scripting: Bool
    /// `(prefers-color-scheme: dark)`.
    public var prefersDark: Bool

    public init(width: Double, height: Double, deviceWidth: Double, deviceHeight: Double, pixelRatio: Double,
                scripting: Bool, prefersDark: Bool = false) {
        self.width = width
        self.height = height
        self.deviceWidth = deviceWidth
        self.deviceHeight = deviceHeight
        self.pixelRatio = pixelRatio
        self.scripting = scripting
        self.prefersDark = prefersDark
    }

    /// An iPhone 14 or 15 (390×844 points, 3 device pixels per point), portrait; the web view
    /// below the status bar (47) and a navigation bar (44): 390×753.
    public static func phone(scripting: Bool) -> MediaEnvironment {
        MediaEnvironment(width: 390, height: 753, deviceWidth: 390, deviceHeight: 844, pixelRatio: 3, scripting: scripting)
    }

    /// Whether a media query list (a `media` attribute, or what follows `@media`) matches.
    public func matches(_ mediaQueryList: String) -> Bool {
        let tokenizer = CSSTokenizer(mediaQueryList)
        let tokens = tokenizer.tokens()
        return MediaQueryList(tokenizer: tokenizer, tokens: tokens, range: 0..<(tokens.count - 1)).matches(self)
    }
}

/// A parsed media query list (Media Queries Level 4); an empty list matches.
struct MediaQueryList: Sendable {
    /// A media condition, evaluated in three-valued logic (unknown features are unknown).
    indirect enum Condition: Sendable {
        case feature(name: String, comparisons: [(Comparison, Value)])
        case not(Condition)
        case and([Condition])
        case or([Condition])
        /// A `(…)` or function the grammar allows but that means nothing known.
        case unknown
    }

    enum Comparison: String, Hashable, Sendable {
        /// `(name: value)`, and `(name)` with no value.
        case equal = ":", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", boolean = ""
    }

    enum Value: Sendable {
        case number(Double)
        /// A length in CSS pixels.
        case length(Double)
        /// Percentages of the viewport's width and height (`vw`, `vh`).
        case viewportWidths(Double)
        case viewportHeights(Double)
        /// Device pixels per CSS pixel.
        case resolution(Double)
        case ratio(Double)
        case ident(String)
        case none
    }

    struct Query: Sendable {
        var negated = false
        /// The media type; nil for `all` or none written.
        var type: String?
        var condition: Condition?
        /// A query that did not parse: `not all`.
        var isInvalid = false
    }

    var queries: [Query]

    init(queries: [Query]) {
        self.queries = queries
    }

    /// Parses the tokens of `range`; a query that does not parse becomes `not all`.
    init(tokenizer: CSSTokenizer, tokens: [CSSToken], range: Range<Int>) {
        let parser = MediaQueryParser(tokenizer: tokenizer, tokens: tokens)
        let meaningful = range.contains { tokens[$0].kind != .whitespace }
        queries = meaningful ? parser.splitOnCommas(range).map { parser.parseQuery($0) } : []
    }

    func matches(_ environment: MediaEnvironment) -> Bool {
        if queries.isEmpty { return true }
        return queries.contains { query in
            if query.isInvalid { return false }
            var result: Bool? = true
            if let type = query.type {
                switch type {
                case "all", "screen": result = true
                default: result = false
                }
            }
            if result == true, let condition = query.condition { result = evaluate(condition, environment) }
            guard let result else { return false }
            return query.negated ? !result : result
        }
    }

    private func evaluate(_ condition: Condition, _ environment: MediaEnvironment) -> Bool? {
        switch condition {
        case .unknown:
            return nil
        case .not(let inner):
            return evaluate(inner, environment).map { !$0 }
        case .and(let parts):
            var result: Bool? = true
            for part in parts {
                switch evaluate(part, environment) {
                case false: return false
                case nil: result = nil
                default: break
                }
            }
            return result
        case .or(let parts):
            var result: Bool? = false
            for part in parts {
                switch evaluate(part, environment) {
                case true: return true
                case nil: result = nil
                default: break
                }
            }
            return result
        case .feature(let name, let comparisons):
            return evaluateFeature(name, comparisons, environment)
        }
    }

    private func evaluateFeature(_ name: String, _ comparisons: [(Comparison, Value)], _ environment: MediaEnvironment) -> Bool? {
        var feature = name
        var implied: Comparison?
        for (prefix, comparison) in [("min-", Comparison.greaterOrEqual), ("max-", Comparison.lessOrEqual)] where feature.hasPrefix(prefix) {
            feature.removeFirst(prefix.count)
            implied = comparison
        }
        if feature.hasPrefix("-webkit-min-") {
            feature = "-webkit-" + feature.dropFirst(12)
            implied = .greaterOrEqual
        } else if feature.hasPrefix("-webkit-max-") {
            feature = "-webkit-" + feature.dropFirst(12)
            implied = .lessOrEqual
        }
        if implied != nil && (comparisons.count != 1 || comparisons[0].0 != .equal) { return nil }
        let tests = implied.map { comparison in comparisons.map { (comparison, $0.1) } } ?? comparisons
        let numeric: Double?
        let keyword: [String]?
        switch feature {
        case "width": numeric = environment.width; keyword = nil
        case "height": numeric = environment.height; keyword = nil
        case "device-width": numeric = environment.deviceWidth; keyword = nil
        case "device-height": numeric = environment.deviceHeight; keyword = nil
        case "aspect-ratio": numeric = environment.width / environment.height; keyword = nil
        case "device-aspect-ratio": numeric = environment.deviceWidth / environment.deviceHeight; keyword = nil
        case "resolution", "-webkit-device-pixel-ratio": numeric = environment.pixelRatio; keyword = nil
        case "color": numeric = 8; keyword = nil
        case "color-index", "monochrome", "grid": numeric = 0; keyword = nil
        case "-webkit-transform-3d": numeric = 1; keyword = nil
        case "orientation": numeric = nil; keyword = [environment.height >= environment.width ? "portrait" : "landscape"]
        case "hover", "any-hover": numeric = nil; keyword = ["none"]
        case "pointer", "any-pointer": numeric = nil; keyword = ["coarse"]
        case "prefers-color-scheme": numeric = nil; keyword = [environment.prefersDark ? "dark" : "light"]
        case "prefers-reduced-motion", "prefers-contrast", "prefers-reduced-transparency", "prefers-reduced-data":
            numeric = nil; keyword = ["no-preference"]
        case "inverted-colors", "forced-colors": numeric = nil; keyword = ["none"]
        case "scripting": numeric = nil; keyword = [environment.scripting ? "enabled" : "none"]
        case "update": numeric = nil; keyword = ["fast"]
        case "display-mode": numeric = nil; keyword = ["browser"]
        case "dynamic-range", "video-dynamic-range": numeric = nil; keyword = ["standard", "high"]
        case "color-gamut": numeric = nil; keyword = ["srgb", "p3"]
        case "overflow-block", "overflow-inline": numeric = nil; keyword = ["scroll"]
        case "scan": numeric = nil; keyword = ["progressive"]
        case "prefers-dark-interface": numeric = nil; keyword = []
        default: return nil
        }
        for (comparison, value) in tests {
            if let keyword {
                switch (comparison, value) {
                case (.boolean, _):
                    if keyword.isEmpty || keyword == ["none"] || keyword == ["no-preference"] { return false }
                case (.equal, .ident(let wanted)):
                    if !keyword.contains(wanted) { return false }
                default:
                    return nil
                }
                continue
            }
            guard let actual = numeric else { return nil }
            let wanted: Double
            switch (feature, value) {
            case (_, .none) where comparison == .boolean:
                if actual == 0 { return false }
                continue
            case ("width", .length(let length)), ("height", .length(let length)), ("device-width", .length(let length)),
                 ("device-height", .length(let length)):
                wanted = length
            case ("width", .viewportWidths(let share)), ("height", .viewportWidths(let share)),
                 ("device-width", .viewportWidths(let share)), ("device-height", .viewportWidths(let share)):
                wanted = share * environment.width / 100
            case ("width", .viewportHeights(let share)), ("height", .viewportHeights(let share)),
                 ("device-width", .viewportHeights(let share)), ("device-height", .viewportHeights(let share)):
                wanted = share * environment.height / 100
            case ("width", .number(0)), ("height", .number(0)), ("device-width", .number(0)), ("device-height", .number(0)):
                wanted = 0
            case ("aspect-ratio", .ratio(let ratio)), ("device-aspect-ratio", .ratio(let ratio)):
                wanted = ratio
            case ("aspect-ratio", .number(let number)), ("device-aspect-ratio", .number(let number)):
                wanted = number
            case ("resolution", .resolution(let dppx)):
                wanted = dppx
            case ("-webkit-device-pixel-ratio", .number(let number)), ("color", .number(let number)),
                 ("color-index", .number(let number)), ("monochrome", .number(let number)), ("grid", .number(let number)),
                 ("-webkit-transform-3d", .number(let number)):
                wanted = number
            default:
                return nil
            }
            let holds: Bool
            switch comparison {
            case .equal: holds = abs(actual - wanted) < 1e-9
            case .less: holds = actual < wanted
            case .lessOrEqual: holds = actual <= wanted + 1e-9
            case .greater: holds = actual > wanted
            case .greaterOrEqual: holds = actual + 1e-9 >= wanted
            case .boolean: holds = actual != 0
            }
            if !holds { return false }
        }
        return true
    }
}

/// Reads media queries from CSS tokens.
private struct MediaQueryParser {
    let tokenizer: CSSTokenizer
    let tokens: [CSSToken]

    struct Invalid: Error {}

    func splitOnCommas(_ range: Range<Int>) -> [Range<Int>] {
        SelectorParser(tokenizer: tokenizer, tokens: tokens).splitOnCommas(range)
    }

    func parseQuery(_ range: Range<Int>) -> MediaQueryList.Query {
        (try? query(range)) ?? MediaQueryList.Query(isInvalid: true)
    }

    private func meaningful(_ range: Range<Int>) -> [Int] {
        range.filter { tokens[$0].kind != .whitespace }
    }

    private func lowercasedIdent(_ index: Int) -> String? {
        tokens[index].kind == .ident ? asciiLowercased(tokenizer.name(of: tokens[index])) : nil
    }

    private func query(_ range: Range<Int>) throws -> MediaQueryList.Query {
        let parts = meaningful(range)
        guard let first = parts.first else { throw Invalid() }
        var query = MediaQueryList.Query()
        var index = 0
        if let word = lowercasedIdent(first), word != "not" || (parts.count > 1 && tokens[parts[1]].kind == .ident) {
            if word == "only" || word == "not" {
                query.negated = word == "not"
                index += 1
            }
            guard index < parts.count, let type = lowercasedIdent(parts[index]),
                  !["only", "not", "and", "or", "layer"].contains(type) else { throw Invalid() }
            query.type = type
            index += 1
            if index == parts.count { return query }
            guard lowercasedIdent(parts[index]) == "and", index + 1 < parts.count else { throw Invalid() }
            let condition = try self.condition(parts[index + 1]..<range.upperBound, allowsOr: false, depth: 0)
            query.condition = condition
            return query
        }
        query.condition = try condition(range, allowsOr: true, depth: 0)
        return query
    }

    /// `not C`, `C and C…`, `C or C…`, over the whole range.
    private func condition(_ range: Range<Int>, allowsOr: Bool, depth: Int) throws -> MediaQueryList.Condition {
        guard depth <= 32 else { throw Invalid() }
        let parts = groups(range)
        guard !parts.isEmpty else { throw Invalid() }
        if case .word("not") = parts[0] {
            guard parts.count == 2, case .group(let inner) = parts[1] else { throw Invalid() }
            return .not(try inParens(inner, depth: depth))
        }
        guard case .group(let first) = parts[0] else { throw Invalid() }
        var conditions = [try inParens(first, depth: depth)]
        var joiner: String?
        var index = 1
        while index < parts.count {
            guard case .word(let word) = parts[index], word == "and" || (word == "or" && allowsOr),
                  joiner == nil || joiner == word, index + 1 < parts.count, case .group(let next) = parts[index + 1] else {
                throw Invalid()
            }
            joiner = word
            conditions.append(try inParens(next, depth: depth))
            index += 2
        }
        if conditions.count == 1 { return conditions[0] }
        return joiner == "or" ? .or(conditions) : .and(conditions)
    }

    private enum Part {
        case word(String)
        /// A `(…)` block or a function: the range of the whole group.
        case group(Range<Int>)
    }

    private func groups(_ range: Range<Int>) -> [Part] {
        var parts: [Part] = []
        var index = range.lowerBound
        let selectorParser = SelectorParser(tokenizer: tokenizer, tokens: tokens)
        while index < range.upperBound {
            let token = tokens[index]
            switch token.kind {
            case .whitespace:
                index += 1
            case .openParen, .function:
                let close = selectorParser.matchingClose(of: index, range) ?? (range.upperBound - 1)
                parts.append(.group(index..<(close + 1)))
                index = close + 1
            case .ident:
                parts.append(.word(asciiLowercased(tokenizer.name(of: token))))
                index += 1
            default:
                parts.append(.word("\u{0}"))
                index += 1
            }
        }
        return parts
    }

    /// `( condition )`, `( feature )`, or general enclosed (unknown).
    private func inParens(_ group: Range<Int>, depth: Int) throws -> MediaQueryList.Condition {
        guard tokens[group.lowerBound].kind == .openParen else { return .unknown }
        let inner = (group.lowerBound + 1)..<(group.upperBound - 1)
        let parts = meaningful(inner)
        guard let first = parts.first else { return .unknown }
        if tokens[first].kind == .openParen || lowercasedIdent(first) == "not" {
            return (try? condition(inner, allowsOr: true, depth: depth + 1)) ?? .unknown
        }
        return (try? feature(inner)) ?? .unknown
    }

    private func feature(_ range: Range<Int>) throws -> MediaQueryList.Condition {
        let parts = meaningful(range)
        guard let first = parts.first else { throw Invalid() }
        if parts.count == 1, let name = lowercasedIdent(first) {
            return .feature(name: name, comparisons: [(.boolean, .none)])
        }
        if let name = lowercasedIdent(first), parts.count >= 2, tokens[parts[1]].kind == .colon {
            let value = try self.value(Array(parts.dropFirst(2)))
            return .feature(name: name, comparisons: [(.equal, value)])
        }
        // Range syntax: `name op value`, `value op name`, `value op name op value`.
        var items: [Int] = parts
        var name: String?
        var comparisons: [(MediaQueryList.Comparison, MediaQueryList.Value)] = []
        var pendingValue: MediaQueryList.Value?
        var pendingOperator: MediaQueryList.Comparison?
        while !items.isEmpty {
            if let word = lowercasedIdent(items[0]), name == nil, pendingValue != nil || items.count > 1,
               !["landscape", "portrait"].contains(word) {
                name = word
                items.removeFirst()
                if let value = pendingValue, let operation = pendingOperator {
                    comparisons.append((flipped(operation), value))
                    pendingValue = nil
                    pendingOperator = nil
                }
                continue
            }
            if let operation = comparisonOperator(&items) {
                guard pendingOperator == nil else { throw Invalid() }
                pendingOperator = operation
                continue
            }
            let valueLength = items.count >= 3 && tokens[items[1]].isDelimiter("/") ? 3 : 1
            let value = try self.value(Array(items.prefix(valueLength)))
            items.removeFirst(valueLength)
            if name != nil {
                guard let operation = pendingOperator else { throw Invalid() }
                comparisons.append((operation, value))
                pendingOperator = nil
            } else {
                pendingValue = value
            }
        }
        guard let name, pendingOperator == nil, pendingValue == nil, !comparisons.isEmpty, comparisons.count <= 2 else {
            throw Invalid()
        }
        return .feature(name: name, comparisons: comparisons)
    }

    private func flipped(_ operation: MediaQueryList.Comparison) -> MediaQueryList.Comparison {
        switch operation {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return operation
        }
    }

    private func comparisonOperator(_ items: inout [Int]) -> MediaQueryList.Comparison? {
        let token = tokens[items[0]]
        guard token.kind == .delim else { return nil }
        let orEqual = items.count > 1 && tokens[items[1]].isDelimiter("=") && tokens[items[1]].start == token.end
        switch token.delimiter {
        case UInt8(ascii: "<"):
            items.removeFirst(orEqual ? 2 : 1)
            return orEqual ? .lessOrEqual : .less
        case UInt8(ascii: ">"):
            items.removeFirst(orEqual ? 2 : 1)
            return orEqual ? .greaterOrEqual : .greater
        case UInt8(ascii: "="):
            items.removeFirst()
            return .equal
        default:
            return nil
        }
    }

    private func value(_ parts: [Int]) throws -> MediaQueryList.Value {
        if parts.count == 3, tokens[parts[1]].isDelimiter("/"), tokens[parts[0]].kind == .number, tokens[parts[2]].kind == .number {
            let denominator = tokenizer.numericValue(of: tokens[parts[2]])
            guard denominator != 0 else { throw Invalid() }
            return .ratio(tokenizer.numericValue(of: tokens[parts[0]]) / denominator)
        }
        guard parts.count == 1 else { throw Invalid() }
        let token = tokens[parts[0]]
        switch token.kind {
        case .number:
            return .number(tokenizer.numericValue(of: token))
        case .ident:
            return .ident(asciiLowercased(tokenizer.name(of: token)))
        case .dimension:
            let number = tokenizer.numericValue(of: token)
            switch asciiLowercased(tokenizer.name(of: token)) {
            case "px": return .length(number)
            case "em", "rem": return .length(number * 16)
            case "vw": return .viewportWidths(number)
            case "vh": return .viewportHeights(number)
            case "cm": return .length(number * 96 / 2.54)
            case "mm": return .length(number * 96 / 25.4)
            case "q": return .length(number * 96 / 101.6)
            case "in": return .length(number * 96)
            case "pt": return .length(number * 96 / 72)
            case "pc": return .length(number * 16)
            case "dppx", "x": return .resolution(number)
            case "dpi": return .resolution(number / 96)
            case "dpcm": return .resolution(number * 2.54 / 96)
            default: throw Invalid()
            }
        default:
            throw Invalid()
        }
    }
}
