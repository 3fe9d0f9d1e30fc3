import XCTest
@testable import Threading

final class ThreadingTests: XCTestCase {
    /// Threads started here all run, and the lock keeps their counts whole.
    func testThreadsRunAndTheLockExcludes() {
        final class Counter: @unchecked Sendable {
            let lock = Lock()
            let done = Condition()
            var count = 0
            var finished = 0
        }
        let counter = Counter()
        for _ in 0..<4 {
            XCTAssertTrue(Threads.start(name: "test worker", stackSize: 1 << 20) {
                for _ in 0..<10_000 { counter.lock.withLock { counter.count += 1 } }
                counter.done.lock()
                counter.finished += 1
                counter.done.broadcast()
                counter.done.unlock()
            })
        }
        counter.done.lock()
        while counter.finished < 4 { counter.done.wait() }
        counter.done.unlock()
        XCTAssertEqual(counter.lock.withLock { counter.count }, 40_000)
    }

    /// A wait with a deadline returns false once it passes, and true when signalled first.
    func testTimedWaits() {
        let condition = Condition()
        let start = ContinuousClock.now
        condition.lock()
        XCTAssertFalse(condition.wait(until: Condition.Deadline(after: .milliseconds(30))))
        condition.unlock()
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(30))
        condition.lock()
        XCTAssertFalse(condition.wait(until: Condition.Deadline(after: .seconds(-5))), "a past deadline returns at once")
        condition.unlock()

        final class Flag: @unchecked Sendable {
            let condition = Condition()
            var set = false
        }
        let flag = Flag()
        Threads.start {
            Threads.sleep(for: .milliseconds(10))
            flag.condition.lock()
            flag.set = true
            flag.condition.signal()
            flag.condition.unlock()
        }
        flag.condition.lock()
        let deadline = Condition.Deadline(after: .seconds(30))
        while !flag.set { XCTAssertTrue(flag.condition.wait(until: deadline)) }
        flag.condition.unlock()
    }

    func testSleepWaitsAtLeastItsDuration() {
        let start = ContinuousClock.now
        Threads.sleep(for: .milliseconds(20))
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(20))
    }
}
