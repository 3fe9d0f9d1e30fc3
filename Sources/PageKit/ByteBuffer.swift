/// A growable byte buffer with no copy-on-write or uniqueness checks, for the layout's hot loop.
///
/// Owned by exactly one `LineWriter`, which frees it or hands its memory to `LaidOutText`;
/// it must not be copied.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    var last: UInt8? { count > 0 ? base[count - 1] : nil }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count added: Int) {
        if count &+ added > capacity { grow(to: count + added) }
        if added <= 16 {
            for index in 0..<added { base[count &+ index] = bytes[index] }
        } else {
            (base + count).update(from: bytes, count: added)
        }
        count &+= added
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if count + times > capacity { grow(to: count + times) }
        (base + count).update(repeating: byte, count: times)
        count += times
    }

    mutating func append(_ other: UnsafeBufferPointer<UInt8>) {
        if let start = other.baseAddress { append(start, count: other.count) }
    }

    /// Keeps only the first `newCount` bytes.
    mutating func truncate(to newCount: Int) { count = min(count, max(0, newCount)) }

    mutating func removeAll() { count = 0 }

    func deallocate() { base.deallocate() }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
