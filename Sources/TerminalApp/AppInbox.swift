#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Threading
import Simulator

/// Actions from outside the terminal (a payload from `webnav push`), posted from any thread
/// and performed by the loop in the order they came.
public final class AppInbox: @unchecked Sendable {
    private let lock = Lock()
    private var actions: [AppAction] = []

    public init() {}

    public func post(_ action: AppAction) {
        lock.lock()
        actions.append(action)
        lock.unlock()
    }

    /// The actions posted since the last call.
    func take() -> [AppAction] {
        lock.lock()
        defer { lock.unlock() }
        let taken = actions
        actions = []
        return taken
    }

    /// How often the loop looks into the inbox while waiting for a key.
    static let pollInterval = Duration.milliseconds(100)
}
