import Foundation

/// The one table of the natives the DOM prelude calls: `IDL/natives.webidl`'s namespace lists
/// them; from it come the Swift side (`DOMNative`, one case per native, so `define(.name)` with
/// a name not in the table does not compile) and two checks that fail the build: every
/// `N.name` in the prelude is declared, and every declared native is defined exactly once in
/// the Swift files that define natives (and called by the prelude).
struct NativeTable {
    struct Native {
        var name: String
        var arguments: [Argument]
        var location: SourceLocation
    }

    let natives: [Native]
    let location: SourceLocation

    init(model: IDLModel) throws {
        guard let namespace = model.interfaces.values.first(where: { $0.kind == .namespace && $0.attributes.has("WebnavNatives") }) else {
            throw GeneratorError("no IDL file declares the natives ([WebnavNatives] namespace N { … })")
        }
        var natives: [Native] = []
        var seen = Set<String>()
        for member in namespace.members {
            guard case .operation(let operation) = member, !operation.name.isEmpty else {
                throw GeneratorError("the natives' namespace holds only operations", at: namespace.location)
            }
            guard seen.insert(operation.name).inserted else {
                throw GeneratorError("native '\(operation.name)' is declared twice", at: operation.location)
            }
            natives.append(Native(name: operation.name, arguments: operation.arguments, location: operation.location))
        }
        self.natives = natives
        location = namespace.location
    }

    /// Checks the prelude's `N.name` uses against the table.
    func checkUses(in files: [(path: String, text: String)]) throws {
        let declared = Set(natives.map(\.name))
        var used = Set<String>()
        for file in files {
            for use in Self.uses(in: file.text) {
                guard declared.contains(use.name) else {
                    throw GeneratorError("N.\(use.name) is not a native: declare it in IDL/natives.webidl (and define it in Swift)",
                                         at: SourceLocation(file: file.path, line: use.line, column: use.column))
                }
                used.insert(use.name)
            }
        }
        if let unused = natives.first(where: { !used.contains($0.name) }) {
            throw GeneratorError("native '\(unused.name)' is declared but no prelude file calls N.\(unused.name)", at: unused.location)
        }
    }

    /// Checks that each native is defined once (`define(.name)`) in the Swift files given.
    func checkDefinitions(in files: [(path: String, text: String)]) throws {
        var definitions: [String: SourceLocation] = [:]
        for file in files {
            for use in Self.occurrences(of: "define(.", in: file.text) {
                let location = SourceLocation(file: file.path, line: use.line, column: use.column)
                if let earlier = definitions[use.name] {
                    throw GeneratorError("native '\(use.name)' is defined twice (first at \(earlier))", at: location)
                }
                definitions[use.name] = location
            }
        }
        for native in natives where definitions[native.name] == nil {
            throw GeneratorError("native '\(native.name)' has no definition: add define(.\(native.name)) { … } to "
                                 + files.map { $0.path.split(separator: "/").last.map(String.init) ?? $0.path }.joined(separator: ", "),
                                 at: native.location)
        }
    }

    /// `N.name` in JavaScript source, outside comments and strings (good enough for the prelude's
    /// style: `N` is never shadowed and never spelt in a string).
    static func uses(in text: String) -> [(name: String, line: Int, column: Int)] {
        var result: [(String, Int, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            let scalars = Array(code.unicodeScalars)
            var i = 0
            while i + 2 < scalars.count {
                if scalars[i] == "N" && scalars[i + 1] == "." && (i == 0 || !isIdentifierPart(scalars[i - 1])) {
                    var j = i + 2
                    var name = ""
                    while j < scalars.count && isIdentifierPart(scalars[j]) { name.unicodeScalars.append(scalars[j]); j += 1 }
                    if !name.isEmpty { result.append((name, index + 1, i + 1)) }
                    i = j
                } else {
                    i += 1
                }
            }
        }
        return result
    }

    private static func occurrences(of prefix: String, in text: String) -> [(name: String, line: Int, column: Int)] {
        var result: [(String, Int, Int)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let range = rest.range(of: prefix) {
                let name = rest[range.upperBound...].prefix { isIdentifierPart($0.unicodeScalars.first!) }
                let column = line.distance(from: line.startIndex, to: range.lowerBound) + 1
                if !name.isEmpty { result.append((String(name), index + 1, column)) }
                rest = rest[range.upperBound...]
            }
        }
        return result
    }

    private static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c == "$" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
    }

    /// The Swift side: the enumeration of natives.
    func swiftSource() -> String {
        var out = "// Generated by BindingsGenerator from Sources/ScriptRuntime/IDL/natives.webidl: edit that.\n\n"
        out += "/// The natives the DOM prelude calls (`N.name(…)` in Prelude/*.js), one case per declaration in\n"
        out += "/// IDL/natives.webidl: `define(.name)` with a name not declared there does not compile.\n"
        out += "enum DOMNative: Int, CaseIterable {\n"
        for native in natives { out += "    case `\(native.name)`\n" }
        out += "\n    /// The native's property name on the prelude's `N`.\n"
        out += "    var name: String { Self.names[rawValue] }\n\n"
        out += "    private static let names: [String] = [\n"
        for native in natives { out += "        \"\(native.name)\",\n" }
        out += "    ]\n}\n"
        return out
    }
}
