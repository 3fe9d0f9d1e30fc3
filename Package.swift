// swift-tools-version:6.1
import PackageDescription

/// The package's folder: the release linker reads the hot-function order from it.
let packageFolder = String(#filePath.dropLast("Package.swift".count))

/// Release builds give each function its own section, so the linker can lay out the hot ones
/// together (DECISIONS.md, "Pages at the limit": about 3 MB less resident code on every run).
let functionSections: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]

/// Release links use lld, which places the functions listed in `hot-functions.txt`
/// (Scripts/generate-hot-functions.py writes it) first and in order; names no longer in the
/// binary are skipped without a warning.
let hotFunctionsFirst: [LinkerSetting] = [.unsafeFlags([
    "-use-ld=lld",
    "-Xlinker", "--symbol-ordering-file=\(packageFolder)Sources/webnav/hot-functions.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
    // Relative relocations packed (glibc 2.36's DT_RELR): 1 MB of `.rela.dyn` read at every start
    // becomes 9 KB.
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
    // The toolchain's static-stdlib arguments export every public symbol of our modules (5,600,
    // 390 KB of symbol tables the loader reads); nothing looks our symbols up by name.
    "-Xlinker", "--no-export-dynamic",
], .when(configuration: .release))]

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

        // libxml2's headers only: PageKit's XML parser opens the library with dlopen the first time
        // a page parses XML (it links ICU, which nothing else webnav loads needs). No pkgConfig,
        // as for JavaScriptCore; the header folder is given to PageKit instead.
        .systemLibrary(
            name: "CLibXML2",
            providers: [.apt(["libxml2-dev", "libxslt1-dev"])]
        ),

        // Locks, conditions and threads over pthreads (what Foundation's NSLock, NSCondition and
        // Thread gave): the executable's modules import FoundationEssentials, never Foundation.
        .target(name: "Threading", swiftSettings: functionSections),
        // URLs: the one URL type, resolution as a web view does it, percent-encoding.
        .target(name: "URLKit", swiftSettings: functionSections),
        // The pure core: deeplinks, profile, the navigation stack state machine.
        .target(name: "NavigatorCore", dependencies: ["URLKit"], swiftSettings: functionSections),
        // HTML pages: a WHATWG HTML parser into a mutable node tree, and text layout.
        .target(name: "PageKit", dependencies: ["URLKit", "CLibXML2"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])] + functionSections),
        // The app shell: the loader (libcurl, opened lazily), cookies, web storage, ATS, Info.plist,
        // notification payloads.
        .target(name: "AppShell", dependencies: ["NavigatorCore", "URLKit", "CCurl", "Threading"], swiftSettings: functionSections),
        // The build-time generator of ScriptRuntime's prelude: a WebIDL parser, the JavaScript
        // bindings of IDL/*.webidl, the natives' table, and the prelude embedded as Swift source.
        .executableTarget(name: "BindingsGenerator"),
        .plugin(name: "PreludePlugin", capability: .buildTool(), dependencies: ["BindingsGenerator"]),
        // Page scripts: JavaScriptCore, a DOM over PageKit's tree, the event loop.
        .target(
            name: "ScriptRuntime",
            dependencies: ["PageKit", "URLKit", "NavigatorCore", "Threading", "CJavaScriptCore"],
            exclude: ["Prelude", "NativePrelude", "SharedPrelude", "IDL"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])] + functionSections,
            plugins: ["PreludePlugin"]
        ),
        // The page engine: every web view's page (parsed documents, script pages), the only code
        // that reads their node trees; clients see contents, layouts and queries.
        .target(name: "WebEngine", dependencies: ["PageKit", "ScriptRuntime", "URLKit", "NavigatorCore", "Threading"], swiftSettings: functionSections),
        // The simulated app: the engine plus page loading, performing the engine's effects.
        .target(name: "Simulator", dependencies: ["NavigatorCore", "PageKit", "AppShell", "URLKit", "ScriptRuntime", "WebEngine", "Threading"], swiftSettings: functionSections),
        // Screens as values, widgets, and the terminals that show them.
        .target(name: "TerminalUI", dependencies: ["Simulator", "NavigatorCore", "PageKit", "Threading", "CNcursesw"], swiftSettings: functionSections),
        // Flow files: parser, runner and reports.
        .target(name: "Flows", dependencies: ["Simulator", "TerminalUI", "NavigatorCore", "PageKit", "AppShell", "URLKit", "ScriptRuntime", "Threading"], swiftSettings: functionSections),
        // `webnav lint`: pages, scripts, flows, the profile, Info.plists and payloads checked with the engine's rules.
        .target(name: "Lint", dependencies: ["NavigatorCore", "PageKit", "AppShell", "Simulator", "Flows", "URLKit", "ScriptRuntime"], swiftSettings: functionSections),
        // `make conformance`: html5lib tree-construction tests and WPT testharness files run as pages
        // through the real script engine, read back through the DOM API, and summarised.
        .target(name: "Conformance", dependencies: ["ScriptRuntime", "URLKit", "NavigatorCore"], swiftSettings: functionSections),
        // The interactive program: keys, panels, the `:` command line and stepping through flows.
        .target(name: "TerminalApp", dependencies: ["TerminalUI", "Flows", "Simulator", "NavigatorCore", "PageKit", "ScriptRuntime", "Threading"], swiftSettings: functionSections),
        // The command line: argument parsing, subcommands, wiring.
        .executableTarget(name: "webnav", dependencies: ["NavigatorCore", "PageKit", "Simulator", "TerminalUI", "Flows", "TerminalApp", "AppShell", "Lint", "ScriptRuntime", "Threading", "Conformance"],
                         exclude: ["hot-functions.txt"], swiftSettings: functionSections, linkerSettings: hotFunctionsFirst),

        // `make fuzz`: seeded inputs for each surface webnav reads from outside, run one process
        // at a time under Scripts/fuzz.py, which counts crashes, hangs and peak memory.
        .executableTarget(name: "webnav-fuzz", dependencies: ["ScriptRuntime", "AppShell", "Flows", "WebEngine", "NavigatorCore", "PageKit"]),

        // What several test targets share: a seeded generator, in-memory pages, tmux sessions.
        .target(name: "TestSupport", dependencies: ["PageKit"], path: "Tests/TestSupport"),
        .testTarget(name: "AppShellTests", dependencies: ["AppShell", "NavigatorCore", "URLKit", "TestSupport"]),
        .testTarget(name: "ThreadingTests", dependencies: ["Threading"]),
        .testTarget(name: "BindingsGeneratorTests", dependencies: ["BindingsGenerator"]),
        .testTarget(name: "URLKitTests", dependencies: ["URLKit", "TestSupport"]),
        .testTarget(name: "NavigatorCoreTests", dependencies: ["NavigatorCore", "URLKit", "TestSupport"]),
        .testTarget(name: "PageKitTests", dependencies: ["PageKit", "URLKit", "TestSupport"], exclude: ["Oracle"],
                    swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]),  // @testable sees CLibXML2
        .testTarget(
            name: "ScriptRuntimeTests",
            dependencies: ["ScriptRuntime", "PageKit", "TestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/webkitgtk-4.1"])]  // @testable sees CJavaScriptCore
        ),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "WebEngine", "NavigatorCore", "PageKit", "AppShell", "URLKit", "ScriptRuntime", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Simulator", "WebEngine", "NavigatorCore", "PageKit", "AppShell", "URLKit", "TestSupport"]),
        .testTarget(name: "FlowsTests", dependencies: ["Flows", "Simulator", "TerminalUI", "NavigatorCore", "PageKit", "AppShell", "URLKit", "TestSupport"]),
        .testTarget(name: "TerminalAppTests", dependencies: ["TerminalApp", "TerminalUI", "Flows", "Simulator", "NavigatorCore", "PageKit", "AppShell", "TestSupport"]),
        .testTarget(name: "LintTests", dependencies: ["Lint", "NavigatorCore", "PageKit", "TestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "ScriptRuntime"]),
        .testTarget(name: "WebnavTests", dependencies: ["webnav", "TestSupport"], exclude: ["Fixtures"]),
    ]
)
