#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A binary property list (`bplist00`: a header, objects, an offset table and a 32-byte
/// trailer, as CoreFoundation's CFBinaryPList.c writes them) read from its top object.
///
/// Objects refer to each other by index, so a list can contain itself or share one object
/// many times: an object on the path being read is a cycle (an error), and every value
/// produced counts against `PropertyListReader.maximumValues`, so 200 bytes of shared
/// references cannot expand into billions of values. Nesting is bounded by `maximumDepth`.
struct BinaryPropertyListParser {
    private let bytes: [UInt8]
    private var offsets: [Int] = []
    private var objectReferenceSize = 0
    private var onPath: Set<Int> = []
    private var produced = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parse() throws(PropertyListError) -> PropertyValue {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw failure("not a property list: a binary list starts with bplist00 and ends with a 32-byte trailer")
        }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        objectReferenceSize = Int(bytes[trailer + 7])
        let objectCount = unsigned(at: trailer + 8, size: 8)
        let top = unsigned(at: trailer + 16, size: 8)
        let tableOffset = unsigned(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(objectReferenceSize), objectCount > 0,
              objectCount <= UInt64(trailer), top < objectCount, tableOffset >= 8,
              tableOffset + objectCount * UInt64(offsetSize) <= UInt64(trailer) else {
            throw failure("not a property list: the binary trailer does not fit the file")
        }
        offsets.reserveCapacity(Int(objectCount))
        for number in 0..<Int(objectCount) {
            let offset = unsigned(at: Int(tableOffset) + number * offsetSize, size: offsetSize)
            guard offset >= 8, offset < tableOffset else { throw failure("not a property list: object \(number) lies outside the objects") }
            offsets.append(Int(offset))
        }
        return try object(Int(top))
    }

    // MARK: - Objects

    private mutating func object(_ number: Int) throws(PropertyListError) -> PropertyValue {
        guard number >= 0, number < offsets.count else {
            throw failure("not a property list: a reference to object \(number), of \(offsets.count)")
        }
        produced += 1
        guard produced <= PropertyListReader.maximumValues else {
            throw failure("the list expands to more than \(PropertyListReader.maximumValues) values (shared references)")
        }
        var position = offsets[number]
        let marker = bytes[position]
        position += 1
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw failure("not a property list: object \(number) has no value (marker 0x\(String(marker, radix: 16)))")
            }
        case 0x1:
            guard low <= 4 else { throw failure("not a property list: object \(number) is an integer of \(1 << low) bytes") }
            let size = 1 << low
            try require(position, size, number)
            // 16-byte integers are unsigned values beyond Int64; their low eight bytes are kept.
            let raw = unsigned(at: position + max(0, size - 8), size: min(size, 8))
            return .integer(size >= 8 ? Int(truncatingIfNeeded: raw) : Int(raw))
        case 0x2:
            guard low == 2 || low == 3 else { throw failure("not a property list: object \(number) is a real of \(1 << low) bytes") }
            try require(position, 1 << low, number)
            let raw = unsigned(at: position, size: 1 << low)
            return .real(low == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33 else { throw failure("not a property list: object \(number) has marker 0x\(String(marker, radix: 16))") }
            try require(position, 8, number)
            let seconds = Double(bitPattern: unsigned(at: position, size: 8))
            guard seconds.isFinite else { throw failure("not a property list: object \(number) is a date that is not a number") }
            return .date(Date(timeIntervalSince1970: seconds + PropertyListDate.referenceOffset))
        case 0x4:
            let count = try length(low, &position, number)
            try require(position, count, number)
            return .data(Array(bytes[position..<(position + count)]))
        case 0x5:
            let count = try length(low, &position, number)
            try require(position, count, number)
            return .string(String(decoding: bytes[position..<(position + count)], as: UTF8.self))
        case 0x6:
            let count = try length(low, &position, number)
            try require(position, count * 2, number)
            let units = (0..<count).map { UInt16(bytes[position + 2 * $0]) << 8 | UInt16(bytes[position + 2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            // A UID of 1 to 16 bytes; beyond eight, as for integers, the low eight are kept.
            try require(position, low + 1, number)
            let size = low + 1
            return .integer(Int(truncatingIfNeeded: unsigned(at: position + max(0, size - 8), size: min(size, 8))))
        case 0xA, 0xC:
            let count = try length(low, &position, number)
            try require(position, count * objectReferenceSize, number)
            let references = (0..<count).map { reference(at: position + $0 * objectReferenceSize) }
            return .array(try nested(number) { parser throws(PropertyListError) in
                var items: [PropertyValue] = []
                items.reserveCapacity(references.count)
                for child in references { items.append(try parser.object(child)) }
                return items
            })
        case 0xD:
            let count = try length(low, &position, number)
            try require(position, count * 2 * objectReferenceSize, number)
            let keys = (0..<count).map { reference(at: position + $0 * objectReferenceSize) }
            let values = (0..<count).map { reference(at: position + (count + $0) * objectReferenceSize) }
            return .dictionary(try nested(number) { parser throws(PropertyListError) in
                var members: [String: PropertyValue] = [:]
                for (key, value) in zip(keys, values) {
                    guard case .string(let name) = try parser.object(key) else {
                        throw parser.failure("not a property list: a key of object \(number) is not a string")
                    }
                    members[name] = try parser.object(value)
                }
                return members
            })
        default:
            throw failure("not a property list: object \(number) has marker 0x\(String(marker, radix: 16))")
        }
    }

    /// Reads an array's or dictionary's members with it on the path: meeting it again below
    /// itself is a cycle.
    private mutating func nested<T>(_ number: Int, _ body: (inout BinaryPropertyListParser) throws(PropertyListError) -> T) throws(PropertyListError) -> T {
        guard !onPath.contains(number) else { throw failure("the list contains itself (object \(number) is inside object \(number))") }
        depth += 1
        guard depth <= PropertyListReader.maximumDepth else {
            throw failure("nesting deeper than \(PropertyListReader.maximumDepth) levels")
        }
        onPath.insert(number)
        defer {
            onPath.remove(number)
            depth -= 1
        }
        return try body(&self)
    }

    /// A count: the marker's low nibble, or (0xF) the integer object that follows it.
    private func length(_ low: Int, _ position: inout Int, _ number: Int) throws(PropertyListError) -> Int {
        guard low == 0xF else { return low }
        try require(position, 1, number)
        let marker = bytes[position]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw failure("not a property list: object \(number) has a malformed count") }
        let size = 1 << Int(marker & 0x0F)
        try require(position + 1, size, number)
        let count = unsigned(at: position + 1, size: size)
        position += 1 + size
        guard count <= UInt64(bytes.count) else { throw failure("not a property list: object \(number) claims \(count) elements") }
        return Int(count)
    }

    private func require(_ position: Int, _ count: Int, _ number: Int) throws(PropertyListError) {
        guard count >= 0, position <= bytes.count - 32, count <= bytes.count - 32 - position else {
            throw failure("not a property list: object \(number) runs past the end of the objects")
        }
    }

    private func reference(at position: Int) -> Int {
        Int(truncatingIfNeeded: unsigned(at: position, size: objectReferenceSize))
    }

    /// A big-endian unsigned integer of 1 to 8 bytes.
    private func unsigned(at position: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for offset in 0..<size { value = value << 8 | UInt64(bytes[position + offset]) }
        return value
    }

    private func failure(_ reason: String) -> PropertyListError {
        PropertyListError(reason)
    }
}
