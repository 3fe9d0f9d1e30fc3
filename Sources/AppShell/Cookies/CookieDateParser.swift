/// The `Expires` date algorithm of RFC 6265, section 5.1.1: it accepts every date format
/// servers send (RFC 1123, RFC 850, asctime, and their variants) by looking for a time, a day,
/// a month and a year among the tokens, in any order.
enum CookieDateParser {
    /// Seconds since 1970 (UTC), or nil when the text is not a cookie date.
    static func parse(_ text: String) -> Double? {
        var time: (Int, Int, Int)?
        var dayOfMonth: Int?
        var month: Int?
        var year: Int?
        for token in tokens(Array(text.utf8)) {
            if time == nil, let found = parseTime(token) {
                time = found
            } else if dayOfMonth == nil, let found = parseDigits(token, minimum: 1, maximum: 2) {
                dayOfMonth = found
            } else if month == nil, let found = parseMonth(token) {
                month = found
            } else if year == nil, let found = parseDigits(token, minimum: 2, maximum: 4) {
                year = found
            }
        }
        guard var year, let dayOfMonth, let month, let (hour, minute, second) = time else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(dayOfMonth), year >= 1601, hour <= 23, minute <= 59, second <= 59,
              dayOfMonth <= daysInMonth(month, year: year) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: dayOfMonth)
        return Double(days) * 86400 + Double(hour * 3600 + minute * 60 + second)
    }

    /// Splits on the delimiters `%x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E`.
    private static func tokens(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(whereSeparator: isDelimiter)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT ( non-digit *OCTET )`.
    private static func parseTime(_ token: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        var fields: [Int] = []
        var index = token.startIndex
        for part in 0..<3 {
            var value = 0
            var count = 0
            while index < token.endIndex, isDigit(token[index]), count < 2 {
                value = value * 10 + Int(token[index] - 0x30)
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            fields.append(value)
            if part < 2 {
                guard index < token.endIndex, token[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        if index < token.endIndex, isDigit(token[index]) { return nil }
        return (fields[0], fields[1], fields[2])
    }

    /// `minimum*maximum DIGIT ( non-digit *OCTET )`.
    private static func parseDigits(_ token: ArraySlice<UInt8>, minimum: Int, maximum: Int) -> Int? {
        var value = 0
        var count = 0
        var index = token.startIndex
        while index < token.endIndex, isDigit(token[index]) {
            guard count < maximum else { return nil }
            value = value * 10 + Int(token[index] - 0x30)
            count += 1
            index += 1
        }
        return count >= minimum ? value : nil
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The first three characters name a month, case-insensitively.
    private static func parseMonth(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = String(decoding: token.prefix(3).map { $0 | 0x20 }, as: UTF8.self)
        return months.firstIndex(of: prefix).map { $0 + 1 }
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }
}
