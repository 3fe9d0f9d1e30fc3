#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Threading

/// Work on several threads, delivered in input order: each result as soon as it and all before it are done.
enum OrderedParallelMap {
    /// Calls `work` for `0..<count` on up to `jobs` threads and `deliver` on the calling thread, in order.
    static func run<Result: Sendable>(count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result, deliver: (Result) -> Void) {
        guard jobs > 1, count > 1 else {
            for index in 0..<count { deliver(work(index)) }
            return
        }
        let slots = ResultSlots<Result>(count: count)
        let next = IndexDispenser()
        let group = DispatchGroup()
        for _ in 0..<min(jobs, count) {
            group.enter()
            Threads.start(name: "webnav flow job") {
                while let index = next.take(below: count) {
                    slots.fill(index, with: work(index))
                }
                group.leave()
            }
        }
        for index in 0..<count { deliver(slots.wait(for: index)) }
        group.wait()
    }
}

/// Hands out indices to worker threads.
private final class IndexDispenser: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Results filled by workers in any order and read in order.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let condition = Condition()
    private var slots: [Result?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func fill(_ index: Int, with result: Result) {
        condition.lock()
        slots[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func wait(for index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while slots[index] == nil { condition.wait() }
        return slots[index]!
    }
}
