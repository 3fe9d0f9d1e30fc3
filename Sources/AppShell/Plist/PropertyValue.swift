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

/// Read from a property list by `PropertyListDecoder` (XML and binary): a dictionary, an
/// array, or the first scalar type the value decodes as. `PropertyListDecoder` converts
/// numbers exactly, so a `<real>` holding a whole number (`2.0`) reads as an integer.
extension PropertyValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var members: [String: PropertyValue] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(PropertyValue.self, forKey: key) }
            self = .dictionary(members)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [PropertyValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(PropertyValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int.self) {
                self = .integer(value)
            } else if let value = try? single.decode(Double.self) {
                self = .real(value)
            } else if let value = try? single.decode(Date.self) {
                self = .date(value)
            } else if let value = try? single.decode(Data.self) {
                self = .data([UInt8](value))
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
