/// Interned element and attribute names of one document, starting with every `KnownName`.
struct NameTable: Sendable {
    private(set) var names: [String]
    private var atoms: [String: Int32]

    /// The table holding exactly the known names.
    static let known: NameTable = {
        let names = KnownName.allCases.map(\.string)
        var atoms: [String: Int32] = [:]
        for (index, name) in names.enumerated() { atoms[name] = Int32(index) }
        return NameTable(names: names, atoms: atoms)
    }()

    private init(names: [String], atoms: [String: Int32]) {
        self.names = names
        self.atoms = atoms
    }

    /// The atom of an already lowercased name, adding it when new.
    mutating func atom(for name: String) -> Int32 {
        if let atom = atoms[name] { return atom }
        let atom = Int32(names.count)
        names.append(name)
        atoms[name] = atom
        return atom
    }

    /// The atom of a lowercased name, or nil when no node uses it.
    func existingAtom(for name: String) -> Int32? { atoms[name] }

    subscript(atom: Int32) -> String { names[Int(atom)] }
}
