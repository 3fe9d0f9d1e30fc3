/// The parsed form of WebIDL (https://webidl.spec.whatwg.org/#idl-grammar): what the generator
/// reads from `Sources/ScriptRuntime/IDL/*.webidl`.

/// Where a token or definition came from, for messages (`file:line:column: …`).
struct SourceLocation: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int

    var description: String { "\(file):\(line):\(column)" }
}

/// An error in an IDL file or in what the generator was given, located when it can be.
struct GeneratorError: Error, CustomStringConvertible {
    var location: SourceLocation?
    var message: String

    init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    var description: String { location.map { "\($0): error: \(message)" } ?? "error: \(message)" }
}

/// `[Name]`, `[Name=value]`, `[Name=(a, b)]`, `[Name(args)]` or `[Name=Ident(args)]`.
struct ExtendedAttribute: Equatable {
    enum Value: Equatable {
        case none
        case identifier(String)
        case identifiers([String])
        case string(String)
        case integer(String)
        case arguments(String?, [Argument])
    }
    var name: String
    var value: Value
    var location: SourceLocation

    /// The single identifier (or string or integer) given, if any.
    var text: String? {
        switch value {
        case .identifier(let text), .string(let text), .integer(let text): return text
        default: return nil
        }
    }

    /// The identifiers given, one or a list.
    var list: [String] {
        switch value {
        case .identifier(let text), .string(let text), .integer(let text): return [text]
        case .identifiers(let list): return list
        default: return []
        }
    }
}

extension Array where Element == ExtendedAttribute {
    func first(named name: String) -> ExtendedAttribute? { first { $0.name == name } }
    func has(_ name: String) -> Bool { contains { $0.name == name } }
}

/// A WebIDL type.
indirect enum IDLType: Equatable, CustomStringConvertible {
    /// A named type: a primitive (`long`, `unsigned long long`, `DOMString`, `any`…), an
    /// interface, dictionary, enum, callback or typedef.
    case named(String)
    /// `sequence<T>`, `FrozenArray<T>`, `ObservableArray<T>`, `Promise<T>`.
    case generic(String, IDLType)
    case record(IDLType, IDLType)
    case union([IDLType])
    case nullable(IDLType)
    /// A type with extended attributes on it (`[EnforceRange] long`, `[LegacyNullToEmptyString] DOMString`).
    case annotated([ExtendedAttribute], IDLType)

    var description: String {
        switch self {
        case .named(let name): return name
        case .generic(let name, let inner): return "\(name)<\(inner)>"
        case .record(let key, let value): return "record<\(key), \(value)>"
        case .union(let members): return "(" + members.map(\.description).joined(separator: " or ") + ")"
        case .nullable(let inner): return "\(inner)?"
        case .annotated(let attributes, let inner): return "[" + attributes.map(\.name).joined(separator: ", ") + "] \(inner)"
        }
    }

    /// The type without its extended attributes and nullability.
    var inner: IDLType {
        switch self {
        case .nullable(let inner), .annotated(_, let inner): return inner.inner
        default: return self
        }
    }

    var isNullable: Bool {
        switch self {
        case .nullable: return true
        case .annotated(_, let inner): return inner.isNullable
        default: return false
        }
    }

    /// The extended attributes on the type (outside and inside a nullable).
    var attributes: [ExtendedAttribute] {
        switch self {
        case .annotated(let attributes, let inner): return attributes + inner.attributes
        case .nullable(let inner): return inner.attributes
        default: return []
        }
    }
}

/// A default value of an optional argument or dictionary member.
enum DefaultValue: Equatable {
    case null, `true`, `false`, emptySequence, emptyDictionary, undefined
    case number(String)
    case string(String)
}

struct Argument: Equatable {
    var name: String
    var type: IDLType
    var isOptional = false
    var isVariadic = false
    var defaultValue: DefaultValue?
    var attributes: [ExtendedAttribute] = []
}

/// A member of an interface, mixin, namespace or callback interface.
enum Member: Equatable {
    case constant(Constant)
    case attribute(Attribute)
    case operation(Operation)
    case constructor([Argument], [ExtendedAttribute], SourceLocation)
    /// `iterable<V>` or `iterable<K, V>` (and `async iterable`).
    case iterable(key: IDLType?, value: IDLType, async: Bool, SourceLocation)
    /// `maplike<K, V>` or `setlike<V>`.
    case collectionLike(kind: String, key: IDLType?, value: IDLType, readonly: Bool, SourceLocation)
    /// `stringifier;`
    case stringifier([ExtendedAttribute], SourceLocation)
}

struct Constant: Equatable {
    var name: String
    var type: IDLType
    var value: String
    var attributes: [ExtendedAttribute]
    var location: SourceLocation
}

struct Attribute: Equatable {
    var name: String
    var type: IDLType
    var isReadonly = false
    var isStatic = false
    var isStringifier = false
    var isInherit = false
    var attributes: [ExtendedAttribute] = []
    var location: SourceLocation
}

struct Operation: Equatable {
    /// Empty for an unnamed special operation (`getter any (DOMString name);`).
    var name: String
    var returnType: IDLType
    var arguments: [Argument]
    var isStatic = false
    /// `getter`, `setter`, `deleter`, `stringifier`.
    var special: String?
    var attributes: [ExtendedAttribute] = []
    var location: SourceLocation
}

struct DictionaryMember: Equatable {
    var name: String
    var type: IDLType
    var isRequired = false
    var defaultValue: DefaultValue?
    var attributes: [ExtendedAttribute]
    var location: SourceLocation
}

/// A top-level definition.
enum Definition: Equatable {
    /// `interface`, `interface mixin`, `callback interface` or `namespace` (`kind` says which).
    case interface(Interface)
    case dictionary(Dictionary)
    case enumeration(Enumeration)
    case typedef(name: String, type: IDLType, location: SourceLocation)
    case callback(name: String, returnType: IDLType, arguments: [Argument], attributes: [ExtendedAttribute], location: SourceLocation)
    case includes(target: String, mixin: String, location: SourceLocation)
}

struct Interface: Equatable {
    enum Kind: String { case interface, mixin = "interface mixin", callbackInterface = "callback interface", namespace }
    var kind: Kind
    var name: String
    var parent: String?
    var isPartial: Bool
    var members: [Member]
    var attributes: [ExtendedAttribute]
    var location: SourceLocation
}

struct Dictionary: Equatable {
    var name: String
    var parent: String?
    var isPartial: Bool
    var members: [DictionaryMember]
    var attributes: [ExtendedAttribute]
    var location: SourceLocation
}

struct Enumeration: Equatable {
    var name: String
    var values: [String]
    var attributes: [ExtendedAttribute]
    var location: SourceLocation
}
