/// The definitions of every IDL file merged: partial interfaces and dictionaries folded into
/// their definitions, mixins' members appended where they are included (WebIDL §2.2.4), and
/// typedefs resolved, so the emitters see each interface whole.
struct IDLModel {
    private(set) var interfaces: [String: Interface] = [:]
    /// Interface names in the order their (non-partial) definitions were read.
    private(set) var interfaceOrder: [String] = []
    private(set) var dictionaries: [String: Dictionary] = [:]
    private(set) var enumerations: [String: Enumeration] = [:]
    private(set) var callbacks: [String: (returnType: IDLType, arguments: [Argument])] = [:]
    private(set) var typedefs: [String: IDLType] = [:]

    init(files: [(path: String, definitions: [Definition])]) throws {
        var mixins: [String: Interface] = [:]
        var partialInterfaces: [Interface] = []
        var partialDictionaries: [Dictionary] = []
        var includes: [(String, String, SourceLocation)] = []
        func claim(_ name: String, _ location: SourceLocation, _ taken: Bool) throws {
            if taken { throw GeneratorError("'\(name)' is defined twice", at: location) }
        }
        for file in files {
            for definition in file.definitions {
                switch definition {
                case .interface(let interface) where interface.isPartial:
                    partialInterfaces.append(interface)
                case .interface(let interface) where interface.kind == .mixin:
                    try claim(interface.name, interface.location, mixins[interface.name] != nil)
                    mixins[interface.name] = interface
                case .interface(let interface):
                    try claim(interface.name, interface.location, interfaces[interface.name] != nil)
                    interfaces[interface.name] = interface
                    interfaceOrder.append(interface.name)
                case .dictionary(let dictionary) where dictionary.isPartial:
                    partialDictionaries.append(dictionary)
                case .dictionary(let dictionary):
                    try claim(dictionary.name, dictionary.location, dictionaries[dictionary.name] != nil)
                    dictionaries[dictionary.name] = dictionary
                case .enumeration(let enumeration):
                    try claim(enumeration.name, enumeration.location, enumerations[enumeration.name] != nil)
                    enumerations[enumeration.name] = enumeration
                case .typedef(let name, let type, let location):
                    try claim(name, location, typedefs[name] != nil)
                    typedefs[name] = type
                case .callback(let name, let returnType, let arguments, _, let location):
                    try claim(name, location, callbacks[name] != nil)
                    callbacks[name] = (returnType, arguments)
                case .includes(let target, let mixin, let location):
                    includes.append((target, mixin, location))
                }
            }
        }
        for partial in partialInterfaces {
            if interfaces[partial.name] != nil {
                interfaces[partial.name]!.members += partial.members
            } else if mixins[partial.name] != nil {
                mixins[partial.name]!.members += partial.members
            } else {
                throw GeneratorError("partial interface '\(partial.name)' has no interface", at: partial.location)
            }
        }
        for partial in partialDictionaries {
            guard dictionaries[partial.name] != nil else {
                throw GeneratorError("partial dictionary '\(partial.name)' has no dictionary", at: partial.location)
            }
            dictionaries[partial.name]!.members += partial.members
        }
        for (target, mixin, location) in includes {
            guard interfaces[target] != nil else { throw GeneratorError("'\(target)' includes '\(mixin)' but is not an interface", at: location) }
            guard let members = mixins[mixin]?.members else { throw GeneratorError("'\(mixin)' is not an interface mixin", at: location) }
            interfaces[target]!.members += members
        }
        for name in interfaceOrder {
            if let parent = interfaces[name]!.parent, interfaces[parent] == nil {
                throw GeneratorError("'\(name)' inherits from '\(parent)', which no IDL file defines", at: interfaces[name]!.location)
            }
        }
    }

    /// The type with typedefs replaced by what they name (recursively).
    func resolved(_ type: IDLType) -> IDLType {
        switch type {
        case .named(let name): return typedefs[name].map(resolved) ?? type
        case .generic(let name, let inner): return .generic(name, resolved(inner))
        case .record(let key, let value): return .record(resolved(key), resolved(value))
        case .union(let members): return .union(members.map(resolved))
        case .nullable(let inner): return .nullable(resolved(inner))
        case .annotated(let attributes, let inner): return .annotated(attributes, resolved(inner))
        }
    }

    /// The interface and its ancestors, nearest first.
    func chain(of name: String) -> [Interface] {
        var result: [Interface] = []
        var current = interfaces[name]
        while let interface = current {
            result.append(interface)
            current = interface.parent.flatMap { interfaces[$0] }
        }
        return result
    }

    func isInterface(_ name: String) -> Bool { interfaces[name] != nil && interfaces[name]!.kind == .interface }
}
