/// The tasks and timers of one app's pages, in the order they run.
///
/// Posted tasks (events, network callbacks) run first, in the order posted; then timers due at
/// the current time, earliest first, and among equal times in the order they were set.
struct EventLoop {
    /// A timer set by `setTimeout`/`setInterval`/`requestAnimationFrame`.
    struct Timer {
        var page: Int
        var world: Int
        var id: Int
        /// When it fires next, in clock milliseconds.
        var due: Double
        /// For repeating timers, the interval between fires (already clamped).
        var interval: Double?
        /// The interval the script asked for (repeating timers are clamped again as they nest).
        var requestedInterval: Double
        /// WebKit's timer nesting level (DOMTimer.cpp), which decides the clamping.
        var nestingLevel: Int
        var sequence: Int
    }

    /// A task posted by a page.
    struct Task {
        var page: Int
        var world: Int
        var work: Work
    }

    /// What a task does.
    enum Work {
        /// Calls a world's callback named by a token (events, FileReader results…).
        case callback(Int)
        /// Reads a resource for `fetch`/`XMLHttpRequest` and hands it to the world.
        case load(Int)
        /// Loads and runs a script element inserted by a script.
        case script(Int)
        /// Runs a piece of the engine's own work (the bridge's messages, replies and calls).
        case job(Int)
        /// Navigates an iframe (by element) to its `srcdoc` or `src`, or to a URL its window set.
        case frameNavigation(Int, url: String?)
    }

    private(set) var timers: [TimerKey: Timer] = [:]
    /// Keys of live timers ordered by (due, sequence); stale entries are skipped when popped.
    private var heap: [HeapEntry] = []
    private var tasks: [Task] = []
    private var taskHead = 0
    private var sequence = 0

    struct TimerKey: Hashable {
        var page: Int
        var id: Int
    }

    private struct HeapEntry {
        var due: Double
        var sequence: Int
        var key: TimerKey

        func precedes(_ other: HeapEntry) -> Bool {
            due < other.due || (due == other.due && sequence < other.sequence)
        }
    }

    var hasTasks: Bool { taskHead < tasks.count }

    mutating func post(_ task: Task) {
        tasks.append(task)
    }

    mutating func nextTask() -> Task? {
        guard taskHead < tasks.count else { return nil }
        let task = tasks[taskHead]
        taskHead += 1
        if taskHead == tasks.count {
            tasks.removeAll(keepingCapacity: true)
            taskHead = 0
        }
        return task
    }

    mutating func addTimer(_ timer: Timer) {
        var timer = timer
        sequence += 1
        timer.sequence = sequence
        let key = TimerKey(page: timer.page, id: timer.id)
        timers[key] = timer
        push(HeapEntry(due: timer.due, sequence: timer.sequence, key: key))
    }

    mutating func removeTimer(page: Int, id: Int) {
        timers[TimerKey(page: page, id: id)] = nil
    }

    /// Drops everything a closed page left behind.
    mutating func removePage(_ page: Int) {
        timers = timers.filter { $0.key.page != page }
        tasks.removeSubrange(0..<taskHead)
        taskHead = 0
        tasks.removeAll { $0.page == page }
    }

    /// The earliest live timer.
    mutating func earliestTimer() -> Timer? {
        while let top = heap.first {
            if let timer = timers[top.key], timer.sequence == top.sequence { return timer }
            popTop()
        }
        return nil
    }

    /// Takes the earliest timer if it is due at `now` (a repeating one is set again for its next fire).
    mutating func takeDueTimer(now: Double) -> Timer? {
        guard let timer = earliestTimer(), timer.due <= now else { return nil }
        popTop()
        let key = TimerKey(page: timer.page, id: timer.id)
        if timer.interval != nil {
            var next = timer
            next.nestingLevel = min(timer.nestingLevel + 1, EventLoop.maxNestingLevel)
            let clamped = EventLoop.clampedInterval(next.requestedInterval, repeating: true, nestingLevel: next.nestingLevel)
            next.interval = clamped
            next.due = timer.due + clamped
            timers[key] = nil
            addTimer(next)
        } else {
            timers[key] = nil
        }
        return timer
    }

    // MARK: - WebKit's clamping (Source/WebCore/page/DOMTimer.cpp, 2.50)

    /// `maxTimerNestingLevel`.
    static let maxNestingLevel = 10

    /// The interval a timer really waits: at least 0 ms (one-shot) or 1 ms (repeating), and at
    /// least 4 ms (`DOMTimer::defaultMinimumInterval`) once nested 10 levels deep (one-shot) or
    /// 5 (repeating). WebKit's further 1 s throttle of timers that change nothing visible is
    /// not modelled.
    static func clampedInterval(_ requested: Double, repeating: Bool, nestingLevel: Int) -> Double {
        var interval = max(repeating ? 1 : 0, requested)
        if nestingLevel >= (repeating ? 5 : 10) { interval = max(interval, 4) }
        return interval
    }

    // MARK: - Heap

    private mutating func push(_ entry: HeapEntry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        guard !heap.isEmpty else { return }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count && heap[left].precedes(heap[first]) { first = left }
            if right < heap.count && heap[right].precedes(heap[first]) { first = right }
            if first == parent { break }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
