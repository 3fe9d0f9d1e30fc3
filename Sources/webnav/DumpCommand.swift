#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import Simulator

/// `webnav dump PAGE [--width N]`: the page as text with numbered links and References, like `lynx -dump`.
enum DumpCommand {
    static let spec = CommandSpec(
        name: "dump", operands: "PAGE", brief: "the page as text, its scripts run, links numbered [3]Products, then References",
        summary: "Render a page as text, links numbered inline ([3]Products), then a References list of their URLs.",
        options: [
            OptionSpec(name: "width", valueName: "N", help: "line width in terminal cells (default 80)"),
            OptionSpec(name: "no-scripts", valueName: nil, help: "do not run the page's scripts (they run by default, as in preview and the terminal UI)"),
        ],
        positionalName: "a PAGE (a file path or URL)", minimumPositionals: 1, maximumPositionals: 1,
        details: "A page with scripts is shown as they leave it once it has loaded (the profile's user scripts and handlers too); their errors go to stderr.",
        operandValues: .pageFiles
    )

    static func run(_ arguments: ParsedArguments) throws(UserError) -> Int32 {
        let width = try arguments.integer("width", in: 1...10_000) ?? 80
        // The profile is read (and a malformed one reported) as every command does.
        let environment = try AppEnvironment.load(arguments)
        try environment.reportWarnings()
        let url = try pageURL(arguments.positionals[0])
        let runsScripts = !arguments.has("no-scripts") && environment.profile.javaScriptEnabled
        let layout = try layOut(url, width: width, argument: arguments.positionals[0], sizeLimit: environment.profile.pageSizeLimit,
                                environment: runsScripts ? environment : nil)
        var failure: UserError?
        PageDump.render(layout, piecesOf: 1 << 16) { piece in
            guard failure == nil else { return }
            do throws(UserError) { try StandardStream.output.raw(VisibleText.escaping(piece, keepingLines: true)) } catch { failure = error }
        }
        if let failure { throw failure }
        return 0
    }

    /// The page laid out; its bytes and tree are freed on return, before the text is rendered
    /// (on the 1.9 MB book they were alive to the end).
    private static func layOut(_ url: URL, width: Int, argument: String, sizeLimit: Int,
                               environment: AppEnvironment?) throws(UserError) -> PageLayout {
        let reader = LocalAndRemotePageReader(sizeLimit: sizeLimit)
        let document = try parse(url, reader: reader, argument: argument)
        if let environment, PageContent.hasScripts(document) {
            return try scriptedLayout(url, width: width, argument: argument, environment: environment)
        }
        let styleSheets = LinkedStyleSheets(document: document, pageURL: url.absoluteString) { sheet in
            PageLoader.localStyleSheet(sheet, reader: reader)
        }
        return PageLayoutEngine.layout(document, baseURL: url, options: .dump(width: width), styleSheets: styleSheets)
    }

    /// The page as its scripts leave it once loaded: the app launched on it as its root (in
    /// virtual time, no launch check), so it runs as `preview` and the terminal UI run it.
    private static func scriptedLayout(_ url: URL, width: Int, argument: String, environment: AppEnvironment) throws(UserError) -> PageLayout {
        var profile = environment.profile
        profile.root = AppProfile.RootPage(url: url.absoluteString)
        profile.launch = nil
        // A local page is read with access to its own folder, as an app's loadFileURL gives it.
        let pagesBase = url.isFileURL ? url.deletingLastPathComponent() : environment.pagesFolder
        let host = AppHost(profile: profile, pagesBase: pagesBase, store: environment.pageStore(revalidates: false))
        let app = host.perform(.launch).app
        for event in app.eventLog.events where event.kind == .scriptError || event.kind == .scriptTimeout {
            try StandardStream.error.line("\(argument): \(event.text)")
        }
        guard let content = app.topWebView?.content else { throw UserError("cannot read page: it did not load", path: argument) }
        return content.layout(.dump(width: width))
    }

    /// The page's tree, its warnings reported; the page's bytes are freed on return, before layout.
    private static func parse(_ url: URL, reader: LocalAndRemotePageReader, argument: String) throws(UserError) -> HTMLDocument {
        let data: Data
        do { data = try reader.read(url) } catch {
            throw UserError("cannot read page: \(ErrorDescription.reason(error))", path: argument)
        }
        let (document, pageWarnings) = HTMLParser.parseWithWarnings(data)
        for warning in pageWarnings {
            try StandardStream.error.line("\(argument): warning: \(warning)")
        }
        return document
    }

    /// A page argument as a URL: `http(s):`/`file:` URLs as given, anything else a path from here.
    static func pageURL(_ argument: String) throws(UserError) -> URL {
        let lowered = argument.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("file:") {
            guard let url = URL(string: argument) else { throw UserError("not a valid URL: \(argument)") }
            return url
        }
        return URL(fileURLWithPath: argument).standardizedFileURL
    }
}
