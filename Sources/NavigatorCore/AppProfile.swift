/// The simulated app: its schemes, routes, external schemes, root page and pages folder.
public struct AppProfile: Equatable, Sendable {
    /// App schemes whose URLs are deeplinks (compared case-insensitively).
    public var schemes: [String]
    /// Host → action; hosts are compared case-sensitively, as the app's `enum(rawValue:)` does.
    public var routes: [String: RouteAction]
    /// Schemes the system opens outside the app (`tel`, `mailto`, …).
    public var externalSchemes: [String]
    /// The first screen: its page and, when given, a title (which gives it a bar).
    public var root: RootPage
    /// The folder that scheme-less `url` values resolve against, relative to the profile's folder.
    public var pagesFolder: String

    public struct RootPage: Equatable, Sendable {
        public var url: String
        public var title: String?

        public init(url: String, title: String? = nil) {
            self.url = url
            self.title = title
        }
    }

    public init(
        schemes: [String] = ["mkwebview"],
        routes: [String: RouteAction] = RouteAction.defaultRoutes,
        externalSchemes: [String] = AppProfile.defaultExternalSchemes,
        root: RootPage = RootPage(url: "index.html"),
        pagesFolder: String = "Pages"
    ) {
        self.schemes = schemes
        self.routes = routes
        self.externalSchemes = externalSchemes
        self.root = root
        self.pagesFolder = pagesFolder
    }

    /// The defaults of semantics.md.
    public static let builtIn = AppProfile()

    /// The system schemes of semantics.md section 1.
    public static let defaultExternalSchemes = [
        "tel", "telprompt", "sms", "mailto", "facetime", "message", "shareddocuments", "app-settings",
    ]

    /// The action for a host, matched exactly.
    public func action(forHost host: String) -> RouteAction {
        routes[host] ?? .unhandled
    }

    /// A route whose host equals `host` when case is ignored, for the `host-case` warning.
    func caseInsensitiveRoute(forHost host: String) -> String? {
        routes.keys.sorted().first { $0.lowercased() == host.lowercased() }
    }

    func isAppScheme(_ scheme: String) -> Bool {
        schemes.contains { $0.lowercased() == scheme.lowercased() }
    }

    func isExternalScheme(_ scheme: String) -> Bool {
        externalSchemes.contains { $0.lowercased() == scheme.lowercased() }
    }
}

extension AppProfile {
    /// Reads a profile (`webnav.json`); unknown keys become warnings, anything malformed a located error.
    public static func decode(json: [UInt8], path: String) throws(UserError) -> (profile: AppProfile, warnings: [String]) {
        let document = try JSONReader.parse(json, path: path)
        var profile = AppProfile.builtIn
        var warnings: [String] = []
        func failure(_ message: String, _ located: Located<JSONValue>) -> UserError {
            UserError(message, at: SourceLocation(path: path, line: located.line, column: located.column))
        }
        guard case .object(let members) = document.value else {
            throw failure("a profile is a JSON object, found \(document.value.typeName)", document)
        }
        let knownKeys = ["schemes", "routes", "externalSchemes", "root", "pages"]
        let laterKeys = ["headers", "cookies", "bridge", "userScripts"]
        for (key, value) in members {
            switch key.value {
            case "schemes":
                profile.schemes = try stringArray(value, named: "schemes", failure: failure)
                for scheme in profile.schemes where !isValidScheme(scheme) {
                    throw failure("\"\(scheme)\" is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')", value)
                }
            case "externalSchemes":
                profile.externalSchemes = try stringArray(value, named: "externalSchemes", failure: failure)
            case "routes":
                guard case .object(let routeMembers) = value.value else {
                    throw failure("\"routes\" must be an object of host: action, found \(value.value.typeName)", value)
                }
                var routes: [String: RouteAction] = [:]
                for (host, action) in routeMembers {
                    let names = RouteAction.allCases.filter { $0 != .unhandled }.map(\.rawValue)
                    guard case .string(let name) = action.value, let routeAction = RouteAction(rawValue: name), routeAction != .unhandled else {
                        throw failure("route \"\(host.value)\" must be one of \(names.joined(separator: ", "))", action)
                    }
                    routes[host.value] = routeAction
                }
                profile.routes = routes
            case "root":
                guard case .object(let rootMembers) = value.value else {
                    throw failure("\"root\" must be an object {\"url\": …, \"title\": …}, found \(value.value.typeName)", value)
                }
                for (rootKey, rootValue) in rootMembers {
                    switch (rootKey.value, rootValue.value) {
                    case ("url", .string(let url)): profile.root.url = url
                    case ("title", .string(let title)): profile.root.title = title
                    case ("title", .null): profile.root.title = nil
                    case ("url", _), ("title", _):
                        throw failure("\"root.\(rootKey.value)\" must be a string, found \(rootValue.value.typeName)", rootValue)
                    default:
                        warnings.append(unknownKeyWarning(path: path, key: rootKey, known: ["url", "title"], scope: "root."))
                    }
                }
            case "pages":
                guard case .string(let folder) = value.value, !folder.isEmpty else {
                    throw failure("\"pages\" must be a folder path string, found \(value.value.typeName)", value)
                }
                profile.pagesFolder = folder
            case let other where laterKeys.contains(other):
                warnings.append("\(path):\(key.line):\(key.column): warning: \"\(other)\" is not supported yet; ignored")
            default:
                warnings.append(unknownKeyWarning(path: path, key: key, known: knownKeys, scope: ""))
            }
        }
        return (profile, warnings)
    }

    private static func stringArray(
        _ value: Located<JSONValue>, named name: String, failure: (String, Located<JSONValue>) -> UserError
    ) throws(UserError) -> [String] {
        guard case .array(let elements) = value.value else {
            throw failure("\"\(name)\" must be an array of strings, found \(value.value.typeName)", value)
        }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element.value else {
                throw failure("\"\(name)\" must hold only strings, found \(element.value.typeName)", element)
            }
            strings.append(string)
        }
        return strings
    }

    private static func unknownKeyWarning(path: String, key: Located<String>, known: [String], scope: String) -> String {
        let hint = NameSuggestion.nearest(to: key.value, among: known).map { " (did you mean \"\(scope)\($0)\"?)" } ?? ""
        return "\(path):\(key.line):\(key.column): warning: unknown key \"\(scope)\(key.value)\" ignored\(hint)"
    }

    private static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}
