/// The encodings of the WHATWG Encoding Standard, and how webnav decodes each.
enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "UTF-8", ibm866 = "IBM866", iso8859_2 = "ISO-8859-2", iso8859_3 = "ISO-8859-3"
    case iso8859_4 = "ISO-8859-4", iso8859_5 = "ISO-8859-5", iso8859_6 = "ISO-8859-6", iso8859_7 = "ISO-8859-7"
    case iso8859_8 = "ISO-8859-8", iso8859_8I = "ISO-8859-8-I", iso8859_10 = "ISO-8859-10"
    case iso8859_13 = "ISO-8859-13", iso8859_14 = "ISO-8859-14", iso8859_15 = "ISO-8859-15"
    case iso8859_16 = "ISO-8859-16", koi8R = "KOI8-R", koi8U = "KOI8-U", macintosh, windows874 = "windows-874"
    case windows1250 = "windows-1250", windows1251 = "windows-1251", windows1252 = "windows-1252"
    case windows1253 = "windows-1253", windows1254 = "windows-1254", windows1255 = "windows-1255"
    case windows1256 = "windows-1256", windows1257 = "windows-1257", windows1258 = "windows-1258"
    case xMacCyrillic = "x-mac-cyrillic", gbk = "GBK", gb18030, big5 = "Big5", eucJP = "EUC-JP"
    case iso2022JP = "ISO-2022-JP", shiftJIS = "Shift_JIS", eucKR = "EUC-KR", replacement
    case utf16BE = "UTF-16BE", utf16LE = "UTF-16LE", xUserDefined = "x-user-defined"

    /// The encoding a label names ("get an encoding": whitespace trimmed, case ignored), or nil.
    ///
    /// Only the standard's labels are known: anything else (UTF-7, UTF-32, EBCDIC code pages…)
    /// is not, so no arbitrary name ever reaches iconv.
    init?(label: String) {
        let key = String(decoding: Array(label.utf8).trimmingHTMLWhitespace().map(asciiLowercase), as: UTF8.self)
        guard let encoding = Self.labels[key] else { return nil }
        self = encoding
    }

    /// The name of the iconv converter for the encodings not decoded in Swift.
    var iconvName: String? {
        switch self {
        case .utf8, .windows1252, .replacement, .utf16BE, .utf16LE, .xUserDefined: return nil
        case .iso8859_8I: return "ISO-8859-8"
        case .macintosh: return "MACINTOSH"
        case .windows874: return "WINDOWS-874"
        case .xMacCyrillic: return "MAC-CYRILLIC"
        // The standard's GBK decoder is its gb18030 decoder.
        case .gbk, .gb18030: return "GB18030"
        // The standard's Big5 includes the HKSCS extensions.
        case .big5: return "BIG5-HKSCS"
        // The standard's Shift_JIS and EUC-KR are Microsoft's code pages 932 and 949.
        case .shiftJIS: return "CP932"
        case .eucKR: return "CP949"
        default: return rawValue.uppercased()
        }
    }

    /// Every label of the Encoding Standard (encodings.json), lowercased.
    static let labels: [String: TextEncoding] = {
        let table: [(TextEncoding, [String])] = [
            (.utf8, ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"]),
            (.ibm866, ["866", "cp866", "csibm866", "ibm866"]),
            (.iso8859_2, ["csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2",
                          "iso_8859-2:1987", "l2", "latin2"]),
            (.iso8859_3, ["csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3",
                          "iso_8859-3:1988", "l3", "latin3"]),
            (.iso8859_4, ["csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4",
                          "iso_8859-4:1988", "l4", "latin4"]),
            (.iso8859_5, ["csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595",
                          "iso_8859-5", "iso_8859-5:1988"]),
            (.iso8859_6, ["arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114",
                          "iso-8859-6", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596",
                          "iso_8859-6", "iso_8859-6:1987"]),
            (.iso8859_7, ["csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126",
                          "iso8859-7", "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek"]),
            (.iso8859_8, ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138",
                          "iso8859-8", "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual"]),
            (.iso8859_8I, ["csiso88598i", "iso-8859-8-i", "logical"]),
            (.iso8859_10, ["csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]),
            (.iso8859_13, ["iso-8859-13", "iso8859-13", "iso885913"]),
            (.iso8859_14, ["iso-8859-14", "iso8859-14", "iso885914"]),
            (.iso8859_15, ["csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9"]),
            (.iso8859_16, ["iso-8859-16"]),
            (.koi8R, ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
            (.koi8U, ["koi8-ru", "koi8-u"]),
            (.macintosh, ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
            (.windows874, ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874"]),
            (.windows1250, ["cp1250", "windows-1250", "x-cp1250"]),
            (.windows1251, ["cp1251", "windows-1251", "x-cp1251"]),
            (.windows1252, ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
                            "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
                            "us-ascii", "windows-1252", "x-cp1252"]),
            (.windows1253, ["cp1253", "windows-1253", "x-cp1253"]),
            (.windows1254, ["cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
                            "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254"]),
            (.windows1255, ["cp1255", "windows-1255", "x-cp1255"]),
            (.windows1256, ["cp1256", "windows-1256", "x-cp1256"]),
            (.windows1257, ["cp1257", "windows-1257", "x-cp1257"]),
            (.windows1258, ["cp1258", "windows-1258", "x-cp1258"]),
            (.xMacCyrillic, ["x-mac-cyrillic", "x-mac-ukrainian"]),
            (.gbk, ["chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58",
                    "x-gbk"]),
            (.gb18030, ["gb18030"]),
            (.big5, ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
            (.eucJP, ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
            (.iso2022JP, ["csiso2022jp", "iso-2022-jp"]),
            (.shiftJIS, ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"]),
            (.eucKR, ["cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
                      "ksc5601", "ksc_5601", "windows-949"]),
            (.replacement, ["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr", "replacement"]),
            (.utf16BE, ["unicodefffe", "utf-16be"]),
            (.utf16LE, ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le"]),
            (.xUserDefined, ["x-user-defined"]),
        ]
        var labels: [String: TextEncoding] = [:]
        for (encoding, names) in table {
            for name in names { labels[name] = encoding }
        }
        return labels
    }()
}

extension Array where Element == UInt8 {
    /// The bytes without leading and trailing ASCII whitespace.
    func trimmingHTMLWhitespace() -> ArraySlice<UInt8> {
        var start = startIndex, end = endIndex
        while start < end && self[start].isHTMLWhitespace { start += 1 }
        while end > start && self[end - 1].isHTMLWhitespace { end -= 1 }
        return self[start..<end]
    }
}
