#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A property-list value: what an Info.plist holds, and what a JSON profile's `ats` object
/// becomes (JSON booleans, numbers, strings, arrays and objects map one to one).
public indirect enum PropertyValue: Equatable, Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PropertyValue])
    case dictionary([String: PropertyValue])

    /// `a Boolean`, `a string`, … for messages.
    public var typeName: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .real: return "a real number"
        case .bool: return "a Boolean"
        case .date: return "a date"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var dictionaryValue: [String: PropertyValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    public var arrayValue: [PropertyValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

}
