/// How many colours a terminal shows, and so how `TerminalColor.rgb` is sent to it.
public enum ColorMode: String, Sendable, CaseIterable {
    /// No colour at all (`NO_COLOR`, or a terminal without colours).
    case none
    /// The 8 basic colours, SGR 30–37 and 40–47.
    case ansi8
    /// The xterm 256-colour palette, SGR 38;5;n.
    case ansi256
    /// 24-bit colour, SGR 38;2;r;g;b.
    case trueColor

    /// The mode for a terminal described by its environment and its terminfo entry.
    ///
    /// `NO_COLOR` set and non-empty wins; then `COLORTERM=truecolor|24bit` or a
    /// direct-colour terminfo entry (`terminfoColors >= 2^24`) gives `trueColor`;
    /// then the terminfo colour count decides. Without a terminfo entry
    /// (`terminfoColors == nil`) the `TERM` name decides: `*-direct` true colour,
    /// `*256color*` 256, anything else but `dumb` 8.
    public static func detect(environment: [String: String], terminfoColors: Int?) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let colors: Int
        if let terminfoColors {
            colors = terminfoColors
        } else {
            let term = environment["TERM"] ?? ""
            if term.isEmpty || term == "dumb" { colors = 0 }
            else if term.hasSuffix("-direct") { colors = directColors }
            else if term.contains("256color") { colors = 256 }
            else { colors = 8 }
        }
        if colors >= directColors { return .trueColor }
        if colors >= 256 { return .ansi256 }
        if colors >= 8 { return .ansi8 }
        return .none
    }

    /// The terminfo colour count of a direct-colour entry (`xterm-direct`).
    static let directColors = 1 << 24

    /// The `-direct` terminfo name to try when `COLORTERM` promises 24-bit colour
    /// but `term` is a palette entry: `xterm-256color` → `xterm-direct`. Nil when
    /// there is nothing to try.
    static func directVariant(of term: String, environment: [String: String]) -> String? {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        guard colorTerm == "truecolor" || colorTerm == "24bit" else { return nil }
        guard !term.isEmpty, term != "dumb", !term.hasSuffix("-direct") else { return nil }
        var base = Substring(term)
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        return base + "-direct"
    }
}

/// Nearest palette entries for 24-bit colours, by Euclidean distance in RGB.
enum ColorQuantizer {
    /// The nearest xterm-256 index among the 6×6×6 cube (16–231) and the grey ramp
    /// (232–255); the first 16 are left out because terminals theme them.
    static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let r = Int(red), g = Int(green), b = Int(blue)
        let ri = nearestCubeLevel(r), gi = nearestCubeLevel(g), bi = nearestCubeLevel(b)
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = distance(r, g, b, cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])

        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        var greyIndex = 232 + greyStep
        var greyDistance = Int.max
        for step in max(0, greyStep - 1)...min(23, greyStep + 1) {
            let level = 8 + 10 * step
            let d = distance(r, g, b, level, level, level)
            if d < greyDistance { greyDistance = d; greyIndex = 232 + step }
        }
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    /// The nearest of the 8 basic colours (0 black … 7 white), xterm's default values.
    static func nearest8(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let r = Int(red), g = Int(green), b = Int(blue)
        var best = 0
        var bestDistance = Int.max
        for (index, color) in basicColors.enumerated() {
            let d = distance(r, g, b, color.0, color.1, color.2)
            if d < bestDistance { bestDistance = d; best = index }
        }
        return best
    }

    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    static let basicColors: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    ]

    private static func nearestCubeLevel(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        return dr * dr + dg * dg + db * db
    }
}
