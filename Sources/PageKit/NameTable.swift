/// Interned element and attribute names of one document, starting with every `KnownName`.
///
/// Names are kept as bytes in one array and found through an open-addressing hash table,
/// so the tokenizer interns a name from its bytes without making a `String`. Names are
/// case-sensitive: the tokenizer lowercases HTML names, foreign content adjusts some.
struct NameTable: Sendable {
    private var bytes: [UInt8] = []
    /// Where each atom's bytes start; one more entry than there are atoms.
    private var starts: [Int32] = [0]
    /// Atoms by hash, -1 where empty; the count is a power of two at most half full.
    private var slots: [Int32] = Array(repeating: -1, count: 512)

    /// The table holding exactly the known names.
    static let known: NameTable = {
        var table = NameTable()
        for name in KnownName.allCases {
            let atom = table.atom(for: name.string)
            assert(atom == name.rawValue)
        }
        return table
    }()

    private init() {}

    /// How many names there are; atoms are 0..<count.
    var count: Int { starts.count - 1 }

    /// The atom of a name given as UTF-8, adding it when new.
    mutating func atom(for name: UnsafeBufferPointer<UInt8>) -> Int32 {
        var slot = Self.hash(name) & (slots.count - 1)
        while true {
            let atom = slots[slot]
            if atom < 0 { break }
            if matches(atom, name) { return atom }
            slot = (slot + 1) & (slots.count - 1)
        }
        let atom = Int32(count)
        bytes.append(contentsOf: name)
        starts.append(Int32(bytes.count))
        slots[slot] = atom
        if count * 2 > slots.count { grow() }
        return atom
    }

    /// The atom of a name, adding it when new.
    mutating func atom(for name: String) -> Int32 {
        var name = name
        return name.withUTF8 { atom(for: $0) }
    }

    /// The atom of a name given as UTF-8, or nil when no node uses it.
    func existingAtom(for name: UnsafeBufferPointer<UInt8>) -> Int32? {
        var slot = Self.hash(name) & (slots.count - 1)
        while true {
            let atom = slots[slot]
            if atom < 0 { return nil }
            if matches(atom, name) { return atom }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// The atom of a name, or nil when no node uses it.
    func existingAtom(for name: String) -> Int32? {
        var name = name
        return name.withUTF8 { existingAtom(for: $0) }
    }

    subscript(atom: Int32) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(of: atom)]), as: UTF8.self) }
    }

    /// The UTF-8 of a name.
    func utf8(of atom: Int32) -> ArraySlice<UInt8> { bytes[range(of: atom)] }

    private func range(of atom: Int32) -> Range<Int> { Int(starts[Int(atom)])..<Int(starts[Int(atom) + 1]) }

    private func matches(_ atom: Int32, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[Int(atom)])
        guard Int(starts[Int(atom) + 1]) - start == name.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            for index in 0..<name.count where stored[start + index] != name[index] { return false }
            return true
        }
    }

    private mutating func grow() {
        var grown = [Int32](repeating: -1, count: slots.count * 2)
        for atom in 0..<Int32(count) {
            let name = bytes[range(of: atom)]
            var slot = name.withUnsafeBufferPointer { Self.hash($0) } & (grown.count - 1)
            while grown[slot] >= 0 { slot = (slot + 1) & (grown.count - 1) }
            grown[slot] = atom
        }
        slots = grown
    }

    /// FNV-1a, then mixed so that the low bits depend on every byte.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        hash ^= hash >> 29
        hash = hash &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
