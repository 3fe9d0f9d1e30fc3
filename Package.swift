// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "webnav",
    products: [
        .executable(name: "webnav", targets: ["webnav"]),
    ],
    targets: [
        // C system libraries, each reached from exactly one adapter file.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libcurl's header only: the library is opened with dlopen on the first http(s) load, so
        // programs that never fetch do not pay for loading it (no pkgConfig, no link flags).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // JavaScriptCore's header only: ScriptRuntime's adapter opens the library with dlopen when a
        // page runs scripts. No pkgConfig: SwiftPM would then link the library (and GLib) into
        // every program (DECISIONS.md); the header's folder (`pkg-config --cflags
        // javascriptcoregtk-4.1`) is given to ScriptRuntime instead.
        .systemLibrary(
            name: "CJavaScriptCore",
            providers: [.apt(["libjavascriptcoregtk-4.1-dev"])]
        ),

        // Locks, conditions and threads over pthreads (what Foundation's NSLock, NSCondition and
        // Thread gave): the executable's modules import FoundationEssentials, never Foundation.
        .target(name: "Threading"),
        // URLs: the one URL type, resolution as a web view does it, percent-encoding.
        .target(name: "URLKit"),
        // The pure core: deeplinks, profile, the navigation stack state machine.
        .target(name: "NavigatorCore", dependencies: ["URLKit"]),
        // HTML pages: a WHATWG HTML parser into a mutable node tree, and text layout.
        .target(name: "PageKit", dependencies: ["URLKit"]),
        // The app shell: the loader (libcurl, opened lazily), cookies, web storage, ATS, Info.plist,
        // notification payloads.
        .target(name: "AppShell", dependencies: ["NavigatorCore", "URLKit", "CCurl", "Threading"]),
        // Page scripts: JavaScriptCore, a DOM over PageKit's tree, the event loop.
        .target(
            name: "ScriptRuntime",
            dependencies: ["PageKit", "URLKit", "NavigatorCore", "CJavaScriptCore"],
            exclude: ["Prelude", "NativePrelude"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])]
        ),
        // The simulated app: the engine plus page loading, performing the engine's effects.
        .target(name: "Simulator", dependencies: ["NavigatorCore", "PageKit", "AppShell", "URLKit", "ScriptRuntime", "Threading"]),
        // Screens as values, widgets, and the terminals that show them.
        .target(name: "TerminalUI", dependencies: ["Simulator", "NavigatorCore", "PageKit", "CNcursesw"]),
        // Flow files: parser, runner and reports.
        .target(name: "Flows", dependencies: ["Simulator", "TerminalUI", "NavigatorCore", "PageKit", "AppShell", "URLKit", "ScriptRuntime", "Threading"]),
        // `webnav lint`: pages, scripts, flows, the profile, Info.plists and payloads checked with the engine's rules.
        .target(name: "Lint", dependencies: ["NavigatorCore", "PageKit", "AppShell", "Simulator", "Flows", "URLKit"]),
        // The interactive program: keys, panels, the `:` command line and stepping through flows.
        .target(name: "TerminalApp", dependencies: ["TerminalUI", "Flows", "Simulator", "NavigatorCore", "PageKit", "ScriptRuntime", "Threading"]),
        // The command line: argument parsing, subcommands, wiring.
        .executableTarget(name: "webnav", dependencies: ["NavigatorCore", "PageKit", "Simulator", "TerminalUI", "Flows", "TerminalApp", "AppShell", "Lint", "ScriptRuntime", "Threading"]),

        // What several test targets share: a seeded generator, in-memory pages, tmux sessions.
        .target(name: "TestSupport", dependencies: ["PageKit"], path: "Tests/TestSupport"),
        .testTarget(name: "AppShellTests", dependencies: ["AppShell", "NavigatorCore", "URLKit", "TestSupport"]),
        .testTarget(name: "ThreadingTests", dependencies: ["Threading"]),
        .testTarget(name: "URLKitTests", dependencies: ["URLKit", "TestSupport"]),
        .testTarget(name: "NavigatorCoreTests", dependencies: ["NavigatorCore", "URLKit", "TestSupport"]),
        .testTarget(name: "PageKitTests", dependencies: ["PageKit", "TestSupport"], exclude: ["Oracle"]),
        .testTarget(
            name: "ScriptRuntimeTests",
            dependencies: ["ScriptRuntime", "PageKit", "TestSupport"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])]  // @testable sees CJavaScriptCore
        ),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "NavigatorCore", "PageKit", "AppShell", "URLKit", "ScriptRuntime", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Simulator", "NavigatorCore", "PageKit", "AppShell", "URLKit", "TestSupport"]),
        .testTarget(name: "FlowsTests", dependencies: ["Flows", "Simulator", "TerminalUI", "NavigatorCore", "PageKit", "AppShell", "URLKit", "TestSupport"]),
        .testTarget(name: "TerminalAppTests", dependencies: ["TerminalApp", "TerminalUI", "Flows", "Simulator", "NavigatorCore", "PageKit", "AppShell", "TestSupport"]),
        .testTarget(name: "LintTests", dependencies: ["Lint", "NavigatorCore", "PageKit", "TestSupport"]),
        .testTarget(name: "WebnavTests", dependencies: ["webnav", "TestSupport"], exclude: ["Fixtures"]),
    ]
)
