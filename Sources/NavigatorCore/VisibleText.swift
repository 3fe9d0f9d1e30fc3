/// Makes text from input safe to print: control characters and bidi overrides become visible
/// escapes, so a value never moves the cursor, rings the bell, recolours or reorders the terminal.
///
/// One rule for every output path. Text output runs through `escaping`; JSON output uses
/// `JSONText.quote`, which escapes the same characters as `\uXXXX` so it stays valid JSON.
public enum VisibleText {
    /// Whether a scalar must not reach a terminal raw: C0 controls (newline and tab aside, when
    /// kept), DEL, C1 controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069), which reorder the rest of the line (CVE-2021-42574, "Trojan Source").
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// `text` with every unsafe scalar shown as an escape: `\e` for ESC, `\t`, `\r`, `\n`, and
    /// `\u{7}` for the rest (Swift's notation). With `keepingLines`, newlines and tabs stay (a
    /// multi-line report); lone carriage returns are still shown.
    ///
    /// Works on the UTF-8 bytes (a whole dump goes through here): safe stretches are copied
    /// as they are, and text with nothing to escape is returned without a copy.
    public static func escaping(_ text: String, keepingLines: Bool = false) -> String {
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard let first = unsafeScalar(in: bytes, from: 0, keepingLines: keepingLines) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var copied = 0
            var found: (start: Int, length: Int, value: UInt32)? = first
            while let scalar = found {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<scalar.start]))
                switch scalar.value {
                case 0x1B: output.append(contentsOf: "\\e".utf8)
                case 0x09: output.append(contentsOf: "\\t".utf8)
                case 0x0D: output.append(contentsOf: "\\r".utf8)
                case 0x0A: output.append(contentsOf: "\\n".utf8)
                default: output.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").utf8)
                }
                copied = scalar.start + scalar.length
                found = unsafeScalar(in: bytes, from: copied, keepingLines: keepingLines)
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// The first unsafe scalar at or after `start` in valid UTF-8: where it starts, its length
    /// in bytes and its value.
    private static func unsafeScalar(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                     keepingLines: Bool) -> (start: Int, length: Int, value: UInt32)? {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index &+= 1
                continue
            }
            if byte < 0x20 {
                if !(keepingLines && (byte == 0x0A || byte == 0x09)) { return (index, 1, UInt32(byte)) }
            } else if byte == 0x7F {
                return (index, 1, 0x7F)
            } else if byte == 0xC2 && index + 1 < count && bytes[index + 1] < 0xA0 {
                // U+0080–U+009F: C2 80 to C2 9F.
                return (index, 2, UInt32(bytes[index + 1]))
            } else if byte == 0xE2 && index + 2 < count {
                // U+202A–U+202E: E2 80 AA to AE; U+2066–U+2069: E2 81 A6 to A9.
                let second = bytes[index + 1], third = bytes[index + 2]
                if second == 0x80 && (0xAA...0xAE).contains(third) { return (index, 3, 0x2000 + UInt32(third & 0x3F)) }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return (index, 3, 0x2040 + UInt32(third & 0x3F)) }
            }
            index &+= 1
        }
        return nil
    }
}
