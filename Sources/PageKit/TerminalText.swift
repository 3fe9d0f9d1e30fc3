/// Measures and cuts text in terminal cells.
///
/// Widths are per grapheme cluster: combining marks, joiners, variation selectors and
/// other format characters take no cell; East Asian wide and fullwidth characters and
/// emoji take two, including ZWJ sequences, flags, keycaps and text symbols turned into
/// emoji by VS16. Control characters take none (the layout never emits them).
public enum TerminalText {
    /// The number of terminal cells a string occupies.
    public static func width(of text: String) -> Int {
        if let ascii = text.utf8.withContiguousStorageIfAvailable(printableASCIICount), let ascii { return ascii }
        return width(ofScalars: text.unicodeScalars)
    }

    /// The number of terminal cells a substring occupies.
    public static func width(of text: Substring) -> Int {
        if let ascii = text.utf8.withContiguousStorageIfAvailable(printableASCIICount), let ascii { return ascii }
        return width(ofScalars: text.unicodeScalars)
    }

    /// The number of terminal cells a character (one grapheme cluster) occupies.
    public static func width(of character: Character) -> Int {
        width(ofScalars: character.unicodeScalars)
    }

    /// Cuts a string to at most `width` cells, ending it with `…` when anything was cut.
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if Self.width(of: text) <= width { return text }
        let limit = width - 1
        let scalars = text.unicodeScalars
        var counter = ClusterWidthCounter()
        var used = 0
        var cut = scalars.startIndex
        for index in scalars.indices {
            let step = counter.add(scalars[index].value)
            if step.startsCluster {
                guard used <= limit else { break }
                cut = index
            }
            used += step.cells
        }
        var kept = scalars[..<cut]
        while let last = kept.last, last == " " { kept.removeLast() }
        return String(kept) + "…"
    }

    private static func width<Scalars: Sequence<Unicode.Scalar>>(ofScalars scalars: Scalars) -> Int {
        var counter = ClusterWidthCounter()
        var total = 0
        for scalar in scalars { total += counter.add(scalar.value).cells }
        return total
    }

    private static func printableASCIICount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        return bytes.count
    }
}

/// Adds up cell widths scalar by scalar, tracking enough of the current grapheme cluster
/// to count emoji sequences once.
struct ClusterWidthCounter {
    /// The current cluster is one narrow non-space character, which VS16 or a keycap turn into emoji.
    private var baseIsUpgradable = false
    private var baseIsPictographic = false
    private var afterJoiner = false
    private var regionalIndicatorOpen = false

    /// Adds a scalar: the cells it adds and whether it begins a new grapheme cluster.
    mutating func add(_ scalar: UInt32) -> (cells: Int, startsCluster: Bool) {
        if scalar >= 0x20 && scalar < 0x7F {
            if scalar == 0x20 { noteSpace() } else { noteASCII() }
            return (1, true)
        }
        if scalar == 0x200D {
            afterJoiner = baseIsPictographic
            return (0, false)
        }
        if afterJoiner {
            afterJoiner = false
            if isPictographic(scalar) { return (0, false) }
        }
        switch scalar {
        case 0xFE0F, 0x20E3:
            if baseIsUpgradable {
                baseIsUpgradable = false
                baseIsPictographic = true
                return (1, false)
            }
            return (0, false)
        case 0x1F3FB...0x1F3FF where baseIsPictographic:
            return (0, false)
        case 0x1F1E6...0x1F1FF:
            if regionalIndicatorOpen {
                regionalIndicatorOpen = false
                return (0, false)
            }
            regionalIndicatorOpen = true
            baseIsUpgradable = false
            baseIsPictographic = true
            return (2, true)
        default:
            break
        }
        let width = cellWidth(of: scalar)
        if width == 0 { return (0, false) }
        regionalIndicatorOpen = false
        baseIsUpgradable = width == 1
        baseIsPictographic = isPictographic(scalar)
        return (width, true)
    }

    /// Records that a narrow, non-emoji, non-space character (printable ASCII, U+FFFD) began a cluster.
    mutating func noteASCII() {
        baseIsUpgradable = true
        baseIsPictographic = false
        afterJoiner = false
        regionalIndicatorOpen = false
    }

    /// Records that a space began a cluster: nothing after it joins or upgrades it.
    mutating func noteSpace() {
        baseIsUpgradable = false
        baseIsPictographic = false
        afterJoiner = false
        regionalIndicatorOpen = false
    }
}

/// The cells one scalar takes on its own: 0, 1 or 2.
func cellWidth(of scalar: UInt32) -> Int {
    if scalar < 0x300 {
        if scalar < 0x20 || (scalar >= 0x7F && scalar < 0xA0) || scalar == 0xAD { return 0 }
        return 1
    }
    if contains(zeroWidthRanges, scalar) { return 0 }
    if scalar >= 0x1100 && contains(wideRanges, scalar) { return 2 }
    return 1
}

/// Whether a wide character is one a line may break before or after (CJK, not emoji).
func isBreakableWide(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
         0xFE10...0xFE6F, 0xFF00...0xFFEF, 0x20000...0x3FFFD:
        return true
    default:
        return false
    }
}

/// Roughly Extended_Pictographic: what may follow a ZWJ inside one emoji.
private func isPictographic(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x2194...0x21AA, 0x231A...0x23FF, 0x24C2,
         0x25AA...0x27BF, 0x2934, 0x2935, 0x2B05...0x2B55, 0x3030, 0x303D, 0x3297, 0x3299,
         0x1F000...0x1FAFF:
        return true
    default:
        return false
    }
}

private func contains(_ ranges: [(UInt32, UInt32)], _ scalar: UInt32) -> Bool {
    var low = 0
    var high = ranges.count - 1
    while low <= high {
        let middle = (low + high) / 2
        let range = ranges[middle]
        if scalar < range.0 {
            high = middle - 1
        } else if scalar > range.1 {
            low = middle + 1
        } else {
            return true
        }
    }
    return false
}
