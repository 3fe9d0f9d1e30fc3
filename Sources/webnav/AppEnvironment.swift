import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import Simulator
import Flows

/// The app a command works on: the profile, the pages folder and the page store.
struct AppEnvironment {
    var profile: AppProfile
    /// The pages folder, absolute, as a directory URL.
    var pagesFolder: URL
    var profileWarnings: [String]
    /// Files the app itself is made of (the profile): a change to one changes every flow's app.
    var watchedFiles: [String] = []
    /// Whether the pages folder was named (`--pages`, or a profile's `pages`) rather than the default.
    var pagesFolderIsExplicit = false
    /// The profile's file, absolute; nil for the built-in profile.
    var profileFile: String?

    /// Loads the profile (`--profile`, else `./webnav.json`, else built in) and finds the pages folder
    /// (`--pages`, else the profile's `pages` beside the profile, else `Pages` here); the
    /// profile's scripts are checked unless `checksScripts` is false (shell completion).
    static func load(_ arguments: ParsedArguments, checksScripts: Bool = true) throws(UserError) -> AppEnvironment {
        let fileManager = FileManager.default
        let currentFolder = URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true)
        var profile = AppProfile.builtIn
        var warnings: [String] = []
        var profileFolder = currentFolder
        let explicitProfile = arguments.value("profile")
        let profilePath = explicitProfile ?? (fileManager.fileExists(atPath: "webnav.json") ? "webnav.json" : nil)
        var watched: [String] = []
        if let profilePath {
            let url = URL(fileURLWithPath: profilePath, relativeTo: currentFolder)
            watched.append(url.standardizedFileURL.path)
            let data: Data
            do { data = try FilePageReader().read(url) } catch {
                throw UserError("cannot read profile: \(ErrorDescription.reason(error))", path: profilePath)
            }
            profileFolder = url.deletingLastPathComponent()
            if InfoPlistImport.isPropertyList(data, path: profilePath) {
                // `--profile Info.plist`: the app as its Info.plist describes it, defaults elsewhere
                // (the pages folder too: `Pages` here, wherever the plist lives).
                profileFolder = currentFolder
                let plist = try InfoPlistImport.read(profilePath)
                profile = DecodedProfile().merging(plist.values)
                warnings = plist.warnings
            } else {
                let decoded = try AppProfile.decode(json: Array(data), path: profilePath)
                profile = try decoded.profile.resolvingFiles(in: profileFolder.path, fileExists: isRegularFile)
                if checksScripts { try ProfileScripts.check(profile) }
                try readRouteFiles(&profile)
                watched += profile.networkRoutes.compactMap { route in
                    if case .file(let file, _, _, _) = route.answer { return file.path }
                    return nil
                }
                warnings = decoded.warnings
                if let reference = profile.infoPlist {
                    let plist = try InfoPlistImport.read(reference.path)
                    var merged = decoded
                    merged.profile = profile
                    profile = merged.merging(plist.values)
                    warnings += plist.warnings
                    watched.append(reference.path)
                }
            }
        }
        let pagesPath = arguments.value("pages") ?? profile.pagesFolder
        let base = arguments.value("pages") != nil ? currentFolder : profileFolder
        let pagesFolder = URL(fileURLWithPath: pagesPath, isDirectory: true, relativeTo: base).standardizedFileURL
        watched += profile.scripts.compactMap { script in
            if case .file(let reference) = script.source { return reference.path }
            return nil
        }
        let explicit = arguments.value("pages") != nil || profile.pagesFolder != AppProfile.builtIn.pagesFolder
        return AppEnvironment(profile: profile, pagesFolder: pagesFolder, profileWarnings: warnings, watchedFiles: watched,
                              pagesFolderIsExplicit: explicit, profileFile: profilePath.map { _ in watched[0] })
    }

    /// The bodies of the profile's `networkRoutes`, read once when the profile is loaded.
    private static func readRouteFiles(_ profile: inout AppProfile) throws(UserError) {
        for index in profile.networkRoutes.indices {
            guard case .file(let file, _, _, _) = profile.networkRoutes[index].answer else { continue }
            do {
                profile.networkRoutes[index].body = Array(try FilePageReader().read(URL(fileURLWithPath: file.path)))
            } catch {
                throw UserError("\"networkRoutes[\(index)].file\": cannot read \(file.path): \(ErrorDescription.reason(error))", at: file.location)
            }
        }
    }

    /// Whether a file (not a folder) exists at `path`: what a script or plist the profile names must be.
    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
    }

    /// Fails with a clear message when a pages folder that was named does not exist (commands
    /// that load pages). The default `Pages` may be missing: absolute URLs and flow paths work
    /// from any folder, and a scheme-less URL then shows an error page saying what is missing.
    func requirePagesFolder() throws(UserError) {
        guard pagesFolderIsExplicit else { return }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: pagesFolder.path, isDirectory: &isDirectory), isDirectory else {
            throw UserError("pages folder not found: \(pagesFolder.path) (give one with --pages DIR)")
        }
    }

    /// A page store reading local files and http(s) pages.
    func pageStore(revalidates: Bool) -> PageStore {
        PageStore(reader: LocalAndRemotePageReader(sizeLimit: profile.pageSizeLimit), revalidates: revalidates,
                  sizeLimit: profile.pageSizeLimit)
    }

    /// Prints the profile's warnings on stderr.
    func reportWarnings() throws(UserError) {
        for warning in profileWarnings { try StandardStream.error.line(warning) }
    }
}

/// Why a file or page could not be read, in one short phrase; the one place that turns the
/// errors of readers into words (`PageReadError.message` for pages and files).
enum ErrorDescription {
    static func reason(_ error: Error) -> String {
        ReadFailure.reason(error)
    }
}

/// Reads an app's Info.plist (XML or binary) into what it contributes to the profile.
enum InfoPlistImport {
    /// Whether a profile file is a property list rather than JSON (`bplist`, or XML).
    static func isPropertyList(_ data: Data, path: String) -> Bool {
        if path.lowercased().hasSuffix(".plist") { return true }
        let start = data.prefix(64)
        return start.starts(with: Array("bplist".utf8)) || start.starts(with: Array("<?xml".utf8))
    }

    /// The plist's values and warnings; a malformed plist is a one-line error naming the file.
    static func read(_ path: String) throws(UserError) -> (values: InfoPlistValues, warnings: [String]) {
        let plist: InfoPlist
        do {
            plist = try InfoPlist.read(path: path)
        } catch {
            if let line = error.line { throw UserError(error.reason, at: SourceLocation(path: path, line: line, column: error.column)) }
            throw UserError(error.reason, path: path)
        }
        let location = SourceLocation(path: path, line: 1)
        let ats = plist.appTransportSecurity.map { AppProfile.AppTransportSecurity(dictionary: $0.json, location: location) }
        let values = InfoPlistValues(schemes: plist.urlSchemes.isEmpty ? nil : plist.urlSchemes, bundleId: plist.bundleIdentifier,
                                     ats: ats, queriesSchemes: plist.queriesSchemes)
        return (values, plist.warnings.map { "\(path): warning: \($0)" })
    }
}

extension PropertyValue {
    /// The value as JSON (dates as ISO 8601 strings, data as base64), for the profile's `ats`.
    var json: JSONValue {
        switch self {
        case .string(let string): return .string(string)
        case .integer(let integer): return .number(Double(integer))
        case .real(let real): return .number(real)
        case .bool(let bool): return .bool(bool)
        case .date(let date): return .string(date.formatted(.iso8601))
        case .data(let bytes): return .string(Data(bytes).base64EncodedString())
        case .array(let elements): return .array(elements.map { Located(value: $0.json, line: 1, column: 1) })
        case .dictionary(let members):
            return .object(members.sorted { $0.key < $1.key }.map {
                (key: Located(value: $0.key, line: 1, column: 1), value: Located(value: $0.value.json, line: 1, column: 1))
            })
        }
    }
}
