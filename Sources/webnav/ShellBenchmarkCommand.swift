import AppShell
import NavigatorCore

/// `webnav __bench-shell URL` (hidden; `Scripts/bench.py` runs it against `Scripts/demo-server.py`):
/// what loading libcurl costs the first time, the loader's overhead on a loopback page, and
/// matching a request against 1,000 cookies.
enum ShellBenchmarkCommand {
    static let name = "__bench-shell"

    static func run(_ arguments: [String]) throws(UserError) -> Int32 {
        guard arguments.count == 1, let url = arguments.first else { throw UserError("usage: webnav \(name) URL") }
        print("libcurl opened on the first http load: \(Int((ShellBenchmarks.libraryLoadMilliseconds() * 1000).rounded())) µs")
        guard let overhead = ShellBenchmarks.loopbackOverhead(url: url) else { throw UserError("cannot load \(url)") }
        print(overhead)
        print(ShellBenchmarks.cookieMatching())
        return 0
    }
}
