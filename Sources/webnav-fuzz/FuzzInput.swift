/// The seeded generator every surface draws its inputs from: SplitMix64, so input `index` of
/// `seed` is the same bytes on every machine and every run, and one input can be made again
/// alone (`--print`) without the ones before it.
struct FuzzRandom {
    private var state: UInt64

    init(seed: UInt64, surface: String, index: Int) {
        var mixed = seed ^ 0x6A09_E667_F3BC_C908
        for byte in surface.utf8 { mixed = (mixed ^ UInt64(byte)) &* 0x100_0000_01B3 }
        state = mixed ^ (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when the bound is not positive).
    mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    mutating func byte() -> UInt8 {
        UInt8(truncatingIfNeeded: next())
    }

    /// A few bytes of the input overwritten, removed, repeated or cut: what a damaged file is.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + below(4)) where !bytes.isEmpty {
            let at = below(bytes.count)
            switch below(5) {
            case 0: bytes[at] = byte()
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + below(16))], at: at)
            case 3: bytes = Array(bytes.prefix(at))
            default: bytes.insert(pick([0x00, 0x3C, 0x3E, 0x26, 0x22, 0xFF, 0x80]), at: at)
            }
        }
        return bytes
    }
}

/// One kind of input webnav reads from outside: how inputs are made, and what reading one does.
protocol FuzzSurface {
    /// The name `make fuzz` reports and `webnav-fuzz NAME` takes.
    var name: String { get }
    /// Input `random` makes; the same generator state always gives the same bytes.
    func input(_ random: inout FuzzRandom) -> [UInt8]
    /// Reads the input the way webnav does. Returning is a pass; a crash or a hang is what
    /// the supervisor (Scripts/fuzz.py) counts. A broken promise of the reader stops the
    /// process with `fatalError`, so it counts as a crash too.
    func run(_ input: [UInt8])
}
