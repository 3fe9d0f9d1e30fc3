#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a page's bytes into the UTF-8 the parser reads, as browsers decode: every
/// malformed sequence becomes U+FFFD and decoding goes on (libxml2's own decoders stop the
/// page at the first bad byte and print to stderr). NUL bytes become U+FFFD too.
enum CharsetDecoder {
    /// The page as UTF-8, or nil when the bytes already are valid UTF-8 without NULs.
    ///
    /// `encoding` is a name from `CharsetSniffer`: UTF-8, UTF-16 and windows-1252 are
    /// decoded here, anything else with iconv (UTF-8 when iconv does not know it).
    static func utf8(from bytes: UnsafeRawBufferPointer, encoding: String) -> [UInt8]? {
        let input = bytes.bindMemory(to: UInt8.self)
        switch encoding {
        case "UTF-8":
            return repairedUTF8(input)
        case "UTF-16LE", "UTF-16BE":
            return decodedUTF16(input, bigEndian: encoding == "UTF-16BE")
        case "WINDOWS-1252":
            return decodedWindows1252(input)
        default:
            return decodedWithIconv(input, from: encoding) ?? repairedUTF8(input)
        }
    }

    private static func repairedUTF8(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let hasNul = input.baseAddress.map { memchr($0, 0, input.count) != nil } ?? false
        if !hasNul && isValidUTF8(input) { return nil }
        return replacingNuls(Array(String(decoding: input, as: UTF8.self).utf8))
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
        return replacingNuls(output)
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
        return replacingNuls(Array(String(scalars).utf8))
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
        return replacingNuls(output)
    }

    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    private static func replacingNuls(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if byte == 0 { output += replacementCharacter } else { output.append(byte) }
        }
        return output
    }
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
