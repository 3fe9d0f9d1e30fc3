#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// What to lint and with which app: the command line's paths and the loaded profile.
public struct LintOptions: Sendable {
    /// The paths as given (relative to `currentFolder`, or absolute); empty for the pages folder
    /// and the profile.
    public var paths: [String]
    /// The current folder, absolute.
    public var currentFolder: String
    public var profile: AppProfile
    /// The profile's file, absolute; nil for the built-in profile.
    public var profilePath: String?
    /// The pages folder, absolute.
    public var pagesFolder: String

    public init(paths: [String], currentFolder: String, profile: AppProfile, profilePath: String?, pagesFolder: String) {
        self.paths = paths
        self.currentFolder = currentFolder
        self.profile = profile
        self.profilePath = profilePath
        self.pagesFolder = pagesFolder
    }
}

/// The files a lint covers, by kind (absolute paths, sorted), and how much of the app that is.
public struct LintInputs: Sendable {
    var pages: [String] = []
    var scripts: [String] = []
    var flows: [String] = []
    var plists: [String] = []
    var payloads: [String] = []
    /// The profile is linted (no paths, or a path holds its file).
    var profileIncluded = false
    /// Every page of the pages folder is linted (no paths, or a folder path holds the pages
    /// folder): only then are pages checked for reachability and handlers for use.
    var wholePagesFolder = false

    /// Every file named, for a report that must not be written over one of them.
    public var files: [String] { pages + scripts + flows + plists + payloads }
    /// Whether the profile is linted (its warnings are then findings).
    public var includesProfile: Bool { profileIncluded }
}

/// A finding silenced by an ignore comment, and the reason the comment gives.
public struct SilencedFinding: Equatable, Sendable {
    public var finding: LintFinding
    public var reason: String
}

/// What a lint found.
public struct LintResult: Sendable {
    /// Findings no ignore silenced, sorted by path, line, column and code.
    public var findings: [LintFinding]
    public var silenced: [SilencedFinding]
    /// How many files were read.
    public var fileCount: Int

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// `webnav lint`: checks pages, scripts, flows, the profile, Info.plists and push payloads for
/// the deeplink and navigation problems the engine would meet, reusing the engine's own rules.
public struct Linter: Sendable {
    public let options: LintOptions
    let files: LintFiles

    public init(options: LintOptions, files: LintFiles = DiskFiles()) {
        self.options = options
        self.files = files
    }

    /// The files to lint; a path that does not exist, or a file the linter does not read, is a
    /// usage error (before any file is read).
    public func inputs() throws(UserError) -> LintInputs {
        var inputs = LintInputs()
        var seen: Set<String> = []
        func add(_ path: String, _ kind: LintInputKind) {
            guard seen.insert(path).inserted else { return }
            switch kind {
            case .page: inputs.pages.append(path)
            case .script: inputs.scripts.append(path)
            case .flow: inputs.flows.append(path)
            case .plist: inputs.plists.append(path)
            case .payload: inputs.payloads.append(path)
            case .profile: inputs.profileIncluded = true
            }
        }
        func addFolder(_ folder: String) {
            for relative in files.files(under: folder) {
                let path = folder == "/" ? "/" + relative : folder + "/" + relative
                // Scripts count only as pages load them; a folder's other JSON files are not profiles.
                guard let kind = LintInputKind.of(path, profilePath: options.profilePath), kind != .script else { continue }
                add(path, kind)
            }
        }
        let pagesFolder = options.pagesFolder
        if options.paths.isEmpty {
            guard files.kind(of: pagesFolder) == .folder else {
                throw UserError("pages folder not found: \(pagesFolder) (give files or folders to lint, or --pages DIR)")
            }
            addFolder(pagesFolder)
            inputs.wholePagesFolder = true
            if options.profilePath != nil { inputs.profileIncluded = true }
        }
        for written in options.paths {
            let path = absolute(written)
            switch files.kind(of: path) {
            case nil:
                throw UserError("no such file or folder", path: written)
            case .folder:
                addFolder(path)
                if pagesFolder == path || pagesFolder.hasPrefix(path == "/" ? "/" : path + "/") { inputs.wholePagesFolder = true }
                if let profilePath = options.profilePath, profilePath.hasPrefix(path == "/" ? "/" : path + "/") { inputs.profileIncluded = true }
            case .file:
                if LocalPath.extensionName(path).lowercased() == "json", path != options.profilePath {
                    throw UserError("not the profile in use: lint a profile by giving it with --profile", path: written)
                }
                guard let kind = LintInputKind.of(path, profilePath: options.profilePath) else {
                    throw UserError("not something webnav lint reads (pages .html, scripts .js, flows .flow, the profile, Info.plist .plist, payloads .apns)", path: written)
                }
                add(path, kind)
            }
        }
        if inputs.profileIncluded, let plist = options.profile.infoPlist?.path { add(plist, .plist) }
        inputs.pages.sort()
        inputs.scripts.sort()
        inputs.flows.sort()
        inputs.plists.sort()
        inputs.payloads.sort()
        return inputs
    }

    /// Lints the inputs.
    public func run(_ inputs: LintInputs) -> LintResult {
        var run = LintRun(options: options, files: files, inputs: inputs)
        return run.lint()
    }

    /// A path as given, made absolute against the current folder and standardized.
    func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: options.currentFolder, isDirectory: true)).standardizedFileURL.path
    }
}
