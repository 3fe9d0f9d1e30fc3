/// How many terminal cells a grapheme cluster occupies: 0, 1 or 2.
///
/// Zero for controls and clusters made only of combining marks, format characters
/// (ZWJ, ZWNJ) or variation selectors; two for East Asian Wide and Fullwidth
/// characters and for emoji shown in emoji presentation (by default, or forced with
/// U+FE0F); one otherwise. A cluster takes the width of its first spacing scalar,
/// so ZWJ sequences, skin tones, flags and keycaps count as one glyph.
enum CellWidth {
    static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        var base: Unicode.Scalar?
        var emojiPresentation = false
        var textPresentation = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: emojiPresentation = true
            case 0xFE0E: textPresentation = true
            default:
                if base == nil, !isZeroWidth(scalar) { base = scalar }
            }
        }
        guard let base else { return 0 }
        if isWide(base) {
            return textPresentation && !isEastAsianWide(base) ? 1 : 2
        }
        if emojiPresentation, base.properties.isEmoji { return 2 }
        return 1
    }

    /// The cells taken by a whole string, cluster by cluster.
    static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0: return true
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
        case 0x200B: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        isEastAsianWide(scalar) || scalar.properties.isEmojiPresentation
    }

    /// East Asian Width W or F, outside the emoji (which `isEmojiPresentation` covers).
    static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        for range in eastAsianWideRanges {
            if value < range.lowerBound { return false }
            if value <= range.upperBound { return true }
        }
        return false
    }

    private static let eastAsianWideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2329...0x232A,    // angle brackets
        0x2E80...0x303E,    // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3041...0x33FF,    // kana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
        0x3400...0x4DBF,    // CJK extension A
        0x4E00...0x9FFF,    // CJK unified ideographs
        0xA000...0xA4CF,    // Yi
        0xA960...0xA97F,    // Hangul Jamo extended A
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // fullwidth forms
        0xFFE0...0xFFE6,    // fullwidth signs
        0x16FE0...0x16FE4,  // ideographic symbols
        0x17000...0x18CFF,  // Tangut, Khitan
        0x1B000...0x1B2FF,  // kana supplement and extensions, Nushu
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B to F
        0x30000...0x3FFFD,  // CJK extensions G and H
    ]
}
