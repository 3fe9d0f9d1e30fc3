/// What one html5lib test gave.
public struct TreeConstructionResult: Codable, Equatable, Sendable {
    public var id: String
    public var passed: Bool
    /// Whether it is a fragment test (parsed through `innerHTML`).
    public var fragment: Bool
    /// The dump the DOM gave and the test's, kept only for a failure.
    public var expected: String?
    public var actual: String?

    public init(id: String, passed: Bool, fragment: Bool, expected: String?, actual: String?) {
        self.id = id
        self.passed = passed
        self.fragment = fragment
        self.expected = expected
        self.actual = actual
    }
}

/// One subtest as testharness.js reported it.
public struct WPTSubtest: Codable, Equatable, Sendable {
    public var name: String
    /// `PASS`, `FAIL`, `TIMEOUT`, `NOTRUN` or `PRECONDITION_FAILED`.
    public var status: String
    public var message: String

    public init(name: String, status: String, message: String) {
        self.name = name
        self.status = status
        self.message = message
    }

    public var passed: Bool { status == "PASS" }
}

/// How a WPT file ended.
public enum WPTOutcome: String, Codable, Equatable, Sendable, CaseIterable {
    /// The harness completed with status OK.
    case ok = "OK"
    /// The harness completed with an error: an exception outside a test, a failed `setup`
    /// (the file "stops at setup").
    case error = "ERROR"
    /// The harness's own timeout ended it (10 s, or 60 s for `timeout=long`, virtual time).
    case timeout = "TIMEOUT"
    case preconditionFailed = "PRECONDITION_FAILED"
    /// The virtual-time budget ran out, or nothing was left to run, and the harness never completed.
    case noCompletion = "NO-COMPLETION"
    /// The real-time cap stopped it.
    case realTimeCap = "REAL-TIME-CAP"
    /// The worker running it died.
    case crash = "CRASH"
    /// The page itself could not be served.
    case notFound = "NOT-FOUND"

    /// Testharness's harness status numbers.
    init(harnessStatus: Int) {
        switch harnessStatus {
        case 0: self = .ok
        case 1: self = .error
        case 2: self = .timeout
        case 3: self = .preconditionFailed
        default: self = .error
        }
    }
}

/// What one WPT test page gave.
public struct WPTFileResult: Codable, Equatable, Sendable {
    public var id: String
    public var folder: String
    public var outcome: WPTOutcome
    /// The harness's message (or the runner's, for the runner's outcomes).
    public var message: String
    /// The first lines of the harness error's stack (where a file stopped at setup); empty without one.
    public var stack: String
    public var subtests: [WPTSubtest]
    public var needsTestdriver: Bool
    /// The first uncaught script errors and failed script loads, as the console shows them.
    public var scriptErrors: [String]

    public init(id: String, folder: String, outcome: WPTOutcome, message: String, stack: String = "", subtests: [WPTSubtest],
                needsTestdriver: Bool, scriptErrors: [String]) {
        self.id = id
        self.folder = folder
        self.outcome = outcome
        self.message = message
        self.stack = stack
        self.subtests = subtests
        self.needsTestdriver = needsTestdriver
        self.scriptErrors = scriptErrors
    }

    public var passedSubtests: Int { subtests.filter(\.passed).count }

    /// Subtests plus one for a harness status other than OK, which counts as a failure.
    public var countedSubtests: Int { subtests.count + (outcome == .ok ? 0 : 1) }

    /// The share of counted subtests that passed (0 for a file that ran none).
    public var passRate: Double { countedSubtests == 0 ? 0 : Double(passedSubtests) / Double(countedSubtests) }

    /// The harness completed OK, with at least one subtest, and every subtest passed.
    public var passesWhole: Bool { outcome == .ok && !subtests.isEmpty && subtests.allSatisfy(\.passed) }
}

/// Everything a run gave, as `--json` writes it (sorted, so that two runs diff line by line).
public struct ConformanceResults: Codable, Equatable, Sendable {
    public var html5lib: [TreeConstructionResult]
    public var wpt: [WPTFileResult]
    public var notRun: [WPTSkippedFile]

    public init(html5lib: [TreeConstructionResult], wpt: [WPTFileResult], notRun: [WPTSkippedFile]) {
        self.html5lib = html5lib
        self.wpt = wpt
        self.notRun = notRun
    }

    /// The ids of every html5lib test and WPT page that passes whole.
    public var passingWhole: [String] {
        html5lib.filter(\.passed).map { "html5lib/" + $0.id } + wpt.filter(\.passesWhole).map { "wpt/" + $0.id }
    }
}
