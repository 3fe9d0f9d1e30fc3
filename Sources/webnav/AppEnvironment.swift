import Foundation
import NavigatorCore
import PageKit
import Simulator

/// The app a command works on: the profile, the pages folder and the page store.
struct AppEnvironment {
    var profile: AppProfile
    /// The pages folder, absolute, as a directory URL.
    var pagesFolder: URL
    var profileWarnings: [String]
    /// Files the app itself is made of (the profile): a change to one changes every flow's app.
    var watchedFiles: [String] = []

    /// Loads the profile (`--profile`, else `./webnav.json`, else built in) and finds the pages folder
    /// (`--pages`, else the profile's `pages` beside the profile, else `Pages` here).
    static func load(_ arguments: ParsedArguments) throws(UserError) -> AppEnvironment {
        let fileManager = FileManager.default
        let currentFolder = URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true)
        var profile = AppProfile.builtIn
        var warnings: [String] = []
        var profileFolder = currentFolder
        let explicitProfile = arguments.value("profile")
        let profilePath = explicitProfile ?? (fileManager.fileExists(atPath: "webnav.json") ? "webnav.json" : nil)
        if let profilePath {
            let url = URL(fileURLWithPath: profilePath, relativeTo: currentFolder)
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw UserError("cannot read profile: \(FileErrorDescription.reason(error, path: url.path))", path: profilePath)
            }
            let decoded = try AppProfile.decode(json: Array(data), path: profilePath)
            profileFolder = url.deletingLastPathComponent()
            profile = try decoded.profile.resolvingFiles(in: profileFolder.path, fileExists: isRegularFile)
            warnings = decoded.warnings
        }
        let pagesPath = arguments.value("pages") ?? profile.pagesFolder
        let base = arguments.value("pages") != nil ? currentFolder : profileFolder
        let pagesFolder = URL(fileURLWithPath: pagesPath, isDirectory: true, relativeTo: base).standardizedFileURL
        let profileFile = profilePath.map { URL(fileURLWithPath: $0, relativeTo: currentFolder).standardizedFileURL.path }
        return AppEnvironment(profile: profile, pagesFolder: pagesFolder, profileWarnings: warnings,
                              watchedFiles: profileFile.map { [$0] } ?? [])
    }

    /// Whether a file (not a folder) exists at `path`: what a script or plist the profile names must be.
    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// Fails with a clear message when the pages folder does not exist (commands that load pages).
    func requirePagesFolder() throws(UserError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: pagesFolder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UserError("pages folder not found: \(pagesFolder.path) (give one with --pages DIR)")
        }
    }

    /// A page store reading local files and http(s) pages.
    func pageStore(revalidates: Bool) -> PageStore {
        PageStore(reader: LocalAndRemotePageReader(), revalidates: revalidates)
    }

    /// Prints the profile's warnings on stderr.
    func reportWarnings() {
        for warning in profileWarnings { StandardError.write(warning) }
    }
}

/// Writes lines to standard error.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// Short reasons for file errors: "No such file", "Permission denied", "Is a directory".
enum FileErrorDescription {
    static func reason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return "Is a directory" }
            if !FileManager.default.isReadableFile(atPath: path) { return "Permission denied" }
        } else {
            return "No such file"
        }
        return (error as NSError).localizedDescription
    }
}
