#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A page's bytes as the UTF-8 the parser reads, and what decoding had to say.
enum PageDecoder {
    /// The page as UTF-8 (nil when the bytes already are valid UTF-8 without a BOM, to be read as
    /// they are), and what sniffing had to say.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> (utf8: [UInt8]?, warnings: [String], encoding: TextEncoding) {
        let sniffed = CharsetSniffer.sniff(bytes)
        var input = bytes.bindMemory(to: UInt8.self)
        if sniffed.encoding == .utf8 && !sniffed.hasByteOrderMark && isValidUTF8(input) { return (nil, sniffed.warnings, .utf8) }
        if sniffed.hasByteOrderMark && sniffed.encoding == .utf8 { input = UnsafeBufferPointer(rebasing: input.dropFirst(3)) }
        return (CharsetDecoder.utf8(from: input, encoding: sniffed.encoding), sniffed.warnings, sniffed.encoding)
    }
}

/// Turns a page's bytes into valid UTF-8 as browsers decode: every malformed sequence becomes
/// U+FFFD and decoding goes on (libxml2's own decoders stopped the page at the first bad byte
/// and printed to stderr).
enum CharsetDecoder {
    /// UTF-8, UTF-16, windows-1252, x-user-defined and replacement are decoded here, the other
    /// encodings of the standard with iconv under a fixed name (never a label from the page).
    static func utf8(from input: UnsafeBufferPointer<UInt8>, encoding: TextEncoding) -> [UInt8] {
        switch encoding {
        case .utf8:
            return isValidUTF8(input) ? Array(input) : Array(String(decoding: input, as: UTF8.self).utf8)
        case .utf16LE, .utf16BE:
            return decodedUTF16(input, bigEndian: encoding == .utf16BE)
        case .windows1252:
            return decodedWindows1252(input)
        case .xUserDefined:
            var scalars = String.UnicodeScalarView()
            for byte in input {
                scalars.append(Unicode.Scalar(byte < 0x80 ? UInt32(byte) : 0xF780 + UInt32(byte - 0x80)) ?? "\u{FFFD}")
            }
            return Array(String(scalars).utf8)
        case .replacement:
            return input.isEmpty ? [] : replacementCharacter
        default:
            return encoding.iconvName.flatMap { decodedWithIconv(input, from: $0) }
                ?? Array(String(decoding: input, as: UTF8.self).utf8)
        }
    }

    private static func decodedUTF16(_ input: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(input.count / 2)
        var index = 0
        while index + 1 < input.count {
            let (first, second) = (UInt16(input[index]), UInt16(input[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if units.first == 0xFEFF { units.removeFirst() }
        var output = Array(String(decoding: units, as: UTF16.self).utf8)
        if index < input.count { output += replacementCharacter }
        return output
    }

    /// The characters of 0x80…0x9F in windows-1252 (0 where it has none).
    private static let windows1252High: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    private static func decodedWindows1252(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var scalars = String.UnicodeScalarView()
        for byte in input {
            var value = UInt32(byte)
            if byte >= 0x80 && byte <= 0x9F {
                let mapped = windows1252High[Int(byte - 0x80)]
                value = mapped == 0 ? UInt32(byte) : UInt32(mapped)
            }
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return Array(String(scalars).utf8)
    }

    /// Converts with iconv, replacing each byte it cannot decode; nil if iconv lacks the encoding.
    private static func decodedWithIconv(_ input: UnsafeBufferPointer<UInt8>, from encoding: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", encoding)
        guard let converter, Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 2)
        var chunk = [CChar](repeating: 0, count: 16 * 1024)
        var next = UnsafeMutablePointer(mutating: UnsafeRawPointer(input.baseAddress)?.assumingMemoryBound(to: CChar.self))
        var remaining = input.count
        /// Runs iconv once into `chunk` (with no input: flushes its state) and keeps what it wrote.
        func convert(flushing: Bool) -> Int32 {
            let (result, failure, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int, Int32, Int) in
                var out = buffer.baseAddress
                var room = buffer.count
                let result = flushing ? iconv(converter, nil, nil, &out, &room) : iconv(converter, &next, &remaining, &out, &room)
                return (result, result == -1 ? errno : 0, buffer.count - room)
            }
            chunk.withUnsafeBytes { output += $0.prefix(produced) }
            return result == -1 ? failure : 0
        }
        while remaining > 0 {
            switch convert(flushing: false) {
            case 0, E2BIG:
                continue
            case EILSEQ:
                output += replacementCharacter
                next = next.map { $0 + 1 }
                remaining -= 1
            default:
                output += replacementCharacter
                remaining = 0
            }
        }
        _ = convert(flushing: true)
        return output
    }

    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
}

/// Whether bytes are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
        if index + 8 <= count,
           UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
            continue
        }
        let lead = base[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(base[index + offset])
        }
        switch lead {
        case 0xC2...0xDF:
            guard continuation(1) else { return false }
            index += 2
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard continuation(1, second), continuation(2) else { return false }
            index += 3
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard continuation(1, second), continuation(2), continuation(3) else { return false }
            index += 4
        default:
            return false
        }
    }
    return true
}
