import Foundation

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

    /// Converts what `PropertyListSerialization` or `JSONSerialization` returns; nil for
    /// anything else (JSON `null`).
    public init?(foundationObject object: Any) {
        switch object {
        case let number as NSNumber:
            if type(of: number) == type(of: NSNumber(value: true)) {
                self = .bool(number.boolValue)
            } else if ["d", "f"].contains(String(cString: number.objCType)) {
                self = .real(number.doubleValue)
            } else {
                self = .integer(number.intValue)
            }
        case let bool as Bool:
            self = .bool(bool)
        case let integer as Int:
            self = .integer(integer)
        case let real as Double:
            self = .real(real)
        case let string as String:
            self = .string(string)
        case let date as Date:
            self = .date(date)
        case let data as Data:
            self = .data([UInt8](data))
        case let array as [Any]:
            self = .array(array.compactMap { PropertyValue(foundationObject: $0) })
        case let dictionary as [String: Any]:
            var members: [String: PropertyValue] = [:]
            for (key, value) in dictionary {
                if let converted = PropertyValue(foundationObject: value) { members[key] = converted }
            }
            self = .dictionary(members)
        default:
            return nil
        }
    }
}
