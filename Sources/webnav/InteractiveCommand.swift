import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Flows
import NavigatorCore
import Simulator
import TerminalApp
import TerminalUI

/// `webnav` and `webnav open URL...`: the terminal UI; `webnav run --step FLOW`: stepping through a flow.
enum InteractiveCommand {
    /// `--data DIR`: the terminal UI's cookies and storage kept between runs.
    static let dataOption = OptionSpec(name: "data", valueName: "DIR",
                                       help: "keep cookies and localStorage in DIR between runs (read at start, written on quit)", values: .folders)

    /// `--downloads DIR`: where the app's downloads go.
    static let downloadsOption = OptionSpec(name: "downloads", valueName: "DIR",
                                            help: "save the app's downloads (app.saveDownload) in DIR (default webnav-downloads)", values: .folders)

    /// `--env NAME=VALUE`: a value for `${NAME}` in the steps typed at `:`.
    static let envOption = OptionSpec(name: "env", valueName: "NAME=VALUE",
                                      help: "a value for ${NAME} in the steps typed at : (again for more; wins over the profile's env)", repeats: true)

    static let startSpec = CommandSpec(
        name: "", operands: "", brief: "the terminal UI on the app's root page (default Pages/index.html)",
        summary: "The terminal UI on the app's root page.",
        options: [dataOption, downloadsOption, envOption], positionalName: "nothing", minimumPositionals: 0, maximumPositionals: 0
    )

    static let openSpec = CommandSpec(
        name: "open", operands: "URL...", brief: "the terminal UI, after delivering each URL in order",
        summary: "The terminal UI, after delivering each URL in order (deeplinks are routed, pages load in the top screen).",
        options: [dataOption, downloadsOption, envOption], positionalName: "at least one URL", minimumPositionals: 1, maximumPositionals: nil,
        details: "Relative page URLs resolve against the current folder. Keys: ? in the terminal UI lists them.",
        operandValues: .pagesFolderPages
    )

    static func start(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        try requireTerminal()
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        try environment.requirePagesFolder()
        let variables = try FlowVariables.values(arguments, profile: environment.profile)
        let data = try DataFolder(arguments.value("data"), profile: environment.profile)
        let socket = try listen(environment)
        defer { socket.listener.stop() }
        let terminal = try startTerminal()
        let (host, launch) = launchedHost(environment, websiteData: data?.contents,
                                          downloads: DownloadFolder(path: arguments.value("downloads") ?? DownloadFolder.defaultPath))
        var state = TerminalAppState(app: host.snapshot.app, size: terminal.size, parser: fileParser, variables: variables)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).absoluteString
        // The launch, the profile's warnings (in the log and the footer, where the user looks)
        // and the URLs go through the loop's queue: the UI draws at once and `q` quits while a
        // first page is still loading.
        var start = launch + profileWarningEffects(environment)
        for url in arguments.positionals { start += state.open(url, base: base) }
        TerminalAppLoop().run(&state, host: host, on: terminal, startingWith: start, inbox: socket.inbox)
        socket.listener.stop()
        try data?.save(host)
        return state.exitStatus
    }

    /// The control socket `webnav push` delivers to, and where its payloads go.
    private static func listen(_ environment: AppEnvironment) throws(UserError) -> (listener: ControlSocketListener, inbox: AppInbox) {
        let folder = try ControlSocket.folder(environment: ProcessInfo.processInfo.environment)
        let listener = try ControlSocketListener(path: ControlSocket.path(folder: folder))
        let inbox = AppInbox()
        let settings = NotificationSettings(profile: environment.profile)
        listener.start { bytes in
            let (payload, problems) = NotificationPayload.parse(bytes, settings: settings)
            let lines = problems.map(\.description)
            guard let payload else { return ["error"] + lines }
            inbox.post(.shell(.receiveNotification(IncomingNotification(payload: payload, origin: .push, warnings: problems))))
            let heading = payload.title ?? payload.body ?? ""
            return ["ok"] + lines + ["delivered to webnav (pid \(getpid())): \"\(heading)\""]
        }
        return (listener, inbox)
    }

    static func open(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        try start(arguments)
    }

    static let recordSpec = CommandSpec(
        name: "record", operands: "FILE.flow", brief: "the terminal UI, writing each action as a flow step",
        summary: "The terminal UI, writing every action as a flow step into FILE as it happens; on quit the state reached is appended as expectations.",
        options: [dataOption, downloadsOption, envOption], positionalName: "one flow file to write", minimumPositionals: 1, maximumPositionals: 1,
        details: "Replay it with webnav run FILE.flow. R in the terminal UI starts and stops a recording too.",
        operandValues: .flowFile
    )

    /// `webnav record FILE.flow`: the terminal UI, recording.
    static func record(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        try requireTerminal()
        let path = arguments.positionals[0]
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        try environment.requirePagesFolder()
        let recording: RecordingFile
        do {
            recording = try RecordingFile(path: path)
        } catch {
            throw UserError(error.message)
        }
        let variables = try FlowVariables.values(arguments, profile: environment.profile)
        let data = try DataFolder(arguments.value("data"), profile: environment.profile)
        let socket = try listen(environment)
        defer { socket.listener.stop() }
        let terminal = try startTerminal()
        let (host, launch) = launchedHost(environment, websiteData: data?.contents,
                                          downloads: DownloadFolder(path: arguments.value("downloads") ?? DownloadFolder.defaultPath))
        var state = TerminalAppState(app: host.snapshot.app, size: terminal.size, parser: fileParser, variables: variables)
        TerminalAppLoop().run(&state, host: host, on: terminal, recording: recording, startingWith: launch, inbox: socket.inbox)
        socket.listener.stop()
        try data?.save(host)
        return state.exitStatus
    }

    /// The flow beside the screen; exit 0 when every step ran and passed, else 1.
    static func stepThrough(_ flow: Flow, environment: AppEnvironment, variables: [String: String]) throws(UserError) -> Int32 {
        try requireTerminal()
        try environment.requirePagesFolder()
        let terminal = try startTerminal()
        let (host, launch) = launchedHost(environment, websiteData: nil, downloads: DownloadFolder(path: DownloadFolder.defaultPath))
        var state = TerminalAppState(app: host.snapshot.app, size: terminal.size, stepping: flow,
                                     parser: fileParser.knowing(Set(variables.keys)), variables: variables)
        TerminalAppLoop().run(&state, host: host, on: terminal, startingWith: launch + profileWarningEffects(environment))
        for line in state.stepSummary ?? [] { try StandardStream.output.line(line) }
        return state.exitStatus
    }

    private static func profileWarningEffects(_ environment: AppEnvironment) -> [TerminalAppEffect] {
        environment.profileWarnings.isEmpty ? [] : [.perform(.observe(environment.profileWarnings.map { AppEvent(.warning, $0) }))]
    }

    static func requireTerminal() throws(UserError) {
        if let reason = TerminalAvailability.check(environment: ProcessInfo.processInfo.environment, stdinIsTTY: isatty(STDIN_FILENO) == 1) {
            throw UserError("the terminal UI needs a terminal: \(reason)")
        }
    }

    /// A host for the app, reading pages again when their files change (so `r` shows an edit),
    /// and the launch, for the loop to run while the launch screen shows: the root page (or a
    /// liveness check) may come from a server that is slow or never answers.
    private static func launchedHost(_ environment: AppEnvironment, websiteData: WebsiteDataStore?,
                                     downloads: DownloadFolder) -> (AppHost, [TerminalAppEffect]) {
        let host = AppHost(profile: environment.profile, pagesBase: environment.pagesFolder, store: environment.pageStore(revalidates: true),
                           clock: .real, websiteData: websiteData, downloads: downloads, makesScriptEngineAhead: true)
        return (host, [.perform(.launch)])
    }

    /// ncurses on the terminal: standard output, or `/dev/tty` when standard output is not a
    /// terminal (`webnav > file` keeps escape codes out of the file, as `vim > file` does).
    private static func startTerminal() throws(UserError) -> NcursesTerminal {
        var output = STDOUT_FILENO
        if isatty(STDOUT_FILENO) != 1 {
            output = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard output >= 0 else {
                throw UserError("the terminal UI needs a terminal: standard output is not one, and /dev/tty cannot be opened")
            }
        }
        defer { if output != STDOUT_FILENO { close(output) } }
        do {
            return try NcursesTerminal(environment: ProcessInfo.processInfo.environment, output: output)
        } catch {
            throw UserError("the terminal UI cannot start: \(error)")
        }
    }

    /// Reads the files that `include` names at the `:` prompt.
    private static let fileParser = FlowParser.files
}

/// `--data DIR`: the website data read at start and written on quit (each file atomically).
struct DataFolder {
    let directory: DataDirectory
    let contents: WebsiteDataStore

    /// Reads DIR (nil without `--data`); a damaged file, or DIR being a file, is a one-line error.
    init?(_ path: String?, profile: AppProfile) throws(UserError) {
        guard let path else { return nil }
        var isDirectory = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory {
            throw UserError("--data takes a folder, and this is a file", path: path)
        }
        directory = DataDirectory(path: path)
        do {
            contents = try directory.load(policy: CookiePolicy.webKit(platformVersion: profile.platformVersion), now: Date().timeIntervalSince1970)
        } catch {
            throw UserError("cannot read --data: \(error.reason)", path: error.path)
        }
    }

    /// Writes the shared store as the app left it.
    func save(_ host: AppHost) throws(UserError) {
        do {
            try directory.save(host.dataStores.shared.contents, now: Date().timeIntervalSince1970)
        } catch {
            throw UserError("cannot write --data: \(error.reason)", path: error.path)
        }
    }
}
