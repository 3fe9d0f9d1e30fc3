/// The WHATWG table of named character references, searched one byte at a time.
enum NamedCharacterReferences {
    /// The names (without `&`) as offsets into one byte array, in bytewise order.
    struct Table: Sendable {
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        var lengths: [UInt8] = []
    }

    static let table: Table = {
        var table = Table()
        joinedNames.withUTF8Buffer { joined in
            table.bytes = Array(joined)
        }
        var start = 0
        for index in 0...table.bytes.count where index == table.bytes.count || table.bytes[index] == 0x20 {
            table.starts.append(Int32(start))
            table.lengths.append(UInt8(index - start))
            start = index + 1
        }
        return table
    }()

    /// A search in progress: the names that start with the bytes fed so far.
    struct Search {
        private var lower = 0
        private var upper = NamedCharacterReferences.table.starts.count
        /// How many bytes were fed.
        private(set) var depth = 0
        /// The entry matched by the longest whole name fed so far, and its length.
        private(set) var longestMatch: (entry: Int, length: Int)?

        /// Narrows the candidates by one more byte; false (and nothing changes) when none is left.
        mutating func feed(_ byte: UInt8) -> Bool {
            let table = NamedCharacterReferences.table
            func byteAt(_ entry: Int) -> Int {
                Int(table.lengths[entry]) > depth ? Int(table.bytes[Int(table.starts[entry]) + depth]) : -1
            }
            var low = lower, high = upper
            while low < high {
                let middle = (low + high) / 2
                if byteAt(middle) < Int(byte) { low = middle + 1 } else { high = middle }
            }
            let first = low
            high = upper
            while low < high {
                let middle = (low + high) / 2
                if byteAt(middle) <= Int(byte) { low = middle + 1 } else { high = middle }
            }
            guard first < low else { return false }
            lower = first
            upper = low
            depth += 1
            if Int(table.lengths[first]) == depth { longestMatch = (first, depth) }
            return true
        }

        /// Whether a name could still follow.
        var canContinue: Bool { lower < upper }
    }

    /// The name of an entry ends with `;`.
    static func endsWithSemicolon(_ entry: Int) -> Bool {
        table.bytes[Int(table.starts[entry]) + Int(table.lengths[entry]) - 1] == UInt8(ascii: ";")
    }

    /// The characters an entry stands for, as UTF-8.
    static func appendValue(of entry: Int, to output: inout [UInt8]) {
        appendUTF8(codePoints[2 * entry], to: &output)
        if codePoints[2 * entry + 1] != 0 { appendUTF8(codePoints[2 * entry + 1], to: &output) }
    }
}

/// What a numeric character reference stands for, with the standard's replacements.
func numericCharacterReferenceValue(_ code: UInt32) -> UInt32 {
    switch code {
    case 0, 0xD800...0xDFFF, 0x110000...: return 0xFFFD
    case 0x80...0x9F:
        let mapped = c1Replacements[Int(code - 0x80)]
        return mapped == 0 ? code : mapped
    default: return code
    }
}

/// The standard's table for numeric references to 0x80…0x9F (0: kept as is).
private let c1Replacements: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
]

/// Appends a code point (a valid scalar, else U+FFFD) as UTF-8.
func appendUTF8(_ code: UInt32, to output: inout [UInt8]) {
    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
    let value = scalar.value
    switch value {
    case 0..<0x80:
        output.append(UInt8(value))
    case 0x80..<0x800:
        output.append(UInt8(0xC0 | (value >> 6)))
        output.append(UInt8(0x80 | (value & 0x3F)))
    case 0x800..<0x10000:
        output.append(UInt8(0xE0 | (value >> 12)))
        output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
        output.append(UInt8(0x80 | (value & 0x3F)))
    default:
        output.append(UInt8(0xF0 | (value >> 18)))
        output.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
        output.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
        output.append(UInt8(0x80 | (value & 0x3F)))
    }
}
