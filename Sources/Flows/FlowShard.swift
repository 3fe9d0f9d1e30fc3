import NavigatorCore

/// One of N slices of a suite of flows (`run --shard I/N`), so that N CI machines share it.
///
/// The flow paths are sorted and dealt out in turn: flow k (0-based, in sorted order) goes to
/// shard k mod N + 1. Every machine sees the same checkout, so the slices are disjoint, each
/// flow is in exactly one, and a slice is the same on every run; dealing in turn keeps the
/// slices within one flow of each other in size, even when slow flows sit together in a folder.
public struct FlowShard: Equatable, Sendable {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// Reads `I/N` with 1 ≤ I ≤ N.
    public init(parsing text: String) throws(UserError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UserError("--shard takes I/N, such as 2/3, got \"\(text)\"")
        }
        guard count >= 1 else { throw UserError("--shard I/N needs N of 1 or more, got \"\(text)\"") }
        guard (1...count).contains(index) else {
            throw UserError("--shard I/N needs I from 1 to N, got \"\(text)\"")
        }
        self.index = index
        self.count = count
    }

    /// The paths of this slice, in sorted order.
    public func slice(of paths: [String]) -> [String] {
        paths.sorted().enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
