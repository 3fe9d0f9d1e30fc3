#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads property lists, XML or binary, into `PropertyValue`s: linear in the input, nesting
/// bounded, shared references and cycles of binary lists caught (issue 23; Foundation's decoder
/// crashed on 10,000 nested arrays, took cubic time on 2,000, and spun on a cyclic bplist).
public enum PropertyListReader {
    /// How deeply arrays and dictionaries may nest.
    public static let maximumDepth = 512
    /// How many values one list may produce, counting each use of a shared binary object.
    public static let maximumValues = 100_000

    /// The value of XML (`<?xml`, `<plist>`) or binary (`bplist00`) property-list bytes.
    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyValue {
        if bytes.starts(with: Array("bplist".utf8)) {
            var parser = BinaryPropertyListParser(bytes)
            return try parser.parse()
        }
        var parser = XMLPropertyListParser(bytes)
        return try parser.parse()
    }
}

/// Why property-list bytes could not be read, and where (XML only: binary lists have no lines).
public struct PropertyListError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var line: Int?
    public var column: Int?

    public init(_ reason: String, line: Int? = nil, column: Int? = nil) {
        self.reason = reason
        self.line = line
        self.column = column
    }

    public var description: String {
        guard let line, let column else { return reason }
        return "\(line):\(column): \(reason)"
    }
}

/// Dates as property lists write them: seconds since 1970 from `YYYY-MM-DDTHH:MM:SSZ` (the
/// proleptic Gregorian calendar in UTC), and from binary lists' seconds since 2001.
enum PropertyListDate {
    /// Seconds from 1970-01-01 to 2001-01-01, the epoch of binary property lists.
    static let referenceOffset: Double = 978_307_200

    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
              bytes[19] == 0x5A else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for position in range {
                let digit = Int(bytes[position]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        // Days from 1970-01-01 to a civil date, by 400-year eras of 146,097 days.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
