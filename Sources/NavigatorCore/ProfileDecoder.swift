#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import URLKit

/// A decoded profile, its warnings, and which top-level fields the file set.
public struct DecodedProfile: Equatable, Sendable {
    public var profile: AppProfile
    /// Lines `PATH:LINE:COLUMN: warning: …` for stderr, in the file's order.
    public var warnings: [String]
    /// The top-level keys the file sets: an Info.plist's values give way to these (`merging`).
    public var givenFields: Set<String>

    public init(profile: AppProfile = .builtIn, warnings: [String] = [], givenFields: Set<String> = []) {
        self.profile = profile
        self.warnings = warnings
        self.givenFields = givenFields
    }
}

extension AppProfile {
    /// Reads a profile (`webnav.json`): unknown keys become warnings, anything malformed a located error.
    ///
    /// Paths stay as written; `resolvingFiles(in:fileExists:)` checks them against the profile's folder.
    public static func decode(json: [UInt8], path: String) throws(UserError) -> DecodedProfile {
        let document = try JSONReader.parse(json, path: path)
        var decoder = ProfileDecoder(path: path)
        return try decoder.decodeProfile(document)
    }

    /// The profile with every file it names made absolute against `folder` (the profile's folder);
    /// fails, at the place the path is written, on the first file `fileExists` does not find.
    public func resolvingFiles(in folder: String, fileExists: (String) -> Bool) throws(UserError) -> AppProfile {
        var profile = self
        func resolve(_ file: inout FileReference, _ keyPath: String) throws(UserError) {
            let absolute = URL(fileURLWithPath: file.path, isDirectory: false, relativeTo: URL(fileURLWithPath: folder, isDirectory: true))
                .standardizedFileURL.path
            guard fileExists(absolute) else {
                throw UserError("\(JSONText.excerpt(keyPath)): no such file: \(absolute)", at: file.location)
            }
            file.path = absolute
        }
        func resolve(_ source: inout ScriptSource, _ keyPath: String) throws(UserError) {
            guard case .file(var file) = source else { return }
            try resolve(&file, keyPath)
            source = .file(file)
        }
        if var file = profile.infoPlist {
            try resolve(&file, "infoPlist")
            profile.infoPlist = file
        }
        if var file = profile.trustedCertificates {
            try resolve(&file, "trustedCertificates")
            profile.trustedCertificates = file
        }
        for index in profile.messageHandlers.indices {
            guard case .script(var source, let replies) = profile.messageHandlers[index].behaviour else { continue }
            try resolve(&source, "messageHandlers.\(profile.messageHandlers[index].name).scriptFile")
            profile.messageHandlers[index].behaviour = .script(source, replies: replies)
        }
        for index in profile.intercepts.indices {
            try resolve(&profile.intercepts[index].script, "intercepts.\(profile.intercepts[index].prefix).scriptFile")
        }
        for index in profile.userScripts.indices {
            try resolve(&profile.userScripts[index].source, "userScripts[\(index)].file")
        }
        for index in profile.networkRoutes.indices {
            guard case .file(var file, let status, let headers, let delay) = profile.networkRoutes[index].answer else { continue }
            try resolve(&file, "networkRoutes[\(index)].file")
            profile.networkRoutes[index].answer = .file(file, status: status, headers: headers, delayMs: delay)
        }
        return profile
    }
}

/// Turns a profile's JSON into an `AppProfile`, one field at a time, in the file's order.
///
/// Only the first `shownUnknownKeys` unknown keys get a warning (with a suggestion); the rest are
/// counted into one closing warning, so a hostile file costs linear time and a few lines of output.
struct ProfileDecoder {
    let path: String
    private var warnings: [String] = []
    private var unknownKeyCount = 0
    private var firstUnshownUnknownKey: SourceLocation?

    static let shownUnknownKeys = 20

    static let topLevelKeys = [
        "schemes", "routes", "externalSchemes", "root", "pages",
        "javaScriptEnabled", "uiDelegate", "scriptTimeLimitMs", "allowFileAccessFromFileURLs",
        "messageHandlers", "intercepts", "userScripts", "pushToken",
        "headers", "userAgent", "applicationNameForUserAgent", "cookies", "dataStore", "ats", "infoPlist",
        "bundleId", "platformVersion", "launch", "launchTitle", "notifications", "privacyGuard", "timeoutSeconds",
        "env", "networkRoutes", "trustedCertificates",
        "pageSizeLimitMB",
    ]
    static let networkRouteKeys = ["url", "file", "status", "headers", "delayMs", "abort"]
    static let handlerKeys = ["world", "replies", "script", "scriptFile", "reply", "error"]
    static let interceptKeys = ["script", "scriptFile"]
    static let userScriptKeys = ["source", "file", "injectionTime", "forMainFrameOnly", "world"]
    static let cookieKeys = ["name", "value", "domain", "path", "secure", "httpOnly", "expires"]
    static let launchKeys = ["checkAlive", "method", "expect", "delayMs"]
    static let notificationKeys = ["foreground", "categories", "linkKey", "imageKey", "contentExtension"]
    /// The largest millisecond count accepted: JavaScript timers' limit (2^31 - 1), which also keeps nanoseconds in an Int.
    static let maximumMilliseconds = 2_147_483_647

    init(path: String) {
        self.path = path
    }

    mutating func decodeProfile(_ document: Located<JSONValue>) throws(UserError) -> DecodedProfile {
        guard case .object(let fields) = document.value else {
            throw failure("a profile is a JSON object, found \(document.value.typeName)", at: document)
        }
        var profile = AppProfile.builtIn
        var given: Set<String> = []
        for (key, value) in fields {
            switch key.value {
            case "schemes":
                profile.schemes = try stringArray(value, "schemes")
                for scheme in profile.schemes where !Self.isValidScheme(scheme) {
                    throw failure("\(JSONText.excerpt(scheme)) is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')", at: value)
                }
            case "externalSchemes": profile.externalSchemes = try stringArray(value, "externalSchemes")
            case "routes": profile.routes = try routes(value)
            case "root": profile.root = try root(value)
            case "pages": profile.pagesFolder = try nonEmptyString(value, "pages", "a folder path")
            case "javaScriptEnabled": profile.javaScriptEnabled = try bool(value, "javaScriptEnabled")
            case "uiDelegate": profile.uiDelegate = try bool(value, "uiDelegate")
            case "allowFileAccessFromFileURLs": profile.allowFileAccessFromFileURLs = try bool(value, "allowFileAccessFromFileURLs")
            case "scriptTimeLimitMs":
                profile.scriptTimeLimitMs = try integer(value, "scriptTimeLimitMs", in: 1...Self.maximumMilliseconds, "a whole number of milliseconds from 1 to 2147483647")
            case "messageHandlers":
                for (name, handler) in try members(value, "messageHandlers", "an object of name: handler") {
                    profile.messageHandlers.append(try messageHandler(name, handler))
                }
            case "intercepts":
                for (prefix, intercept) in try members(value, "intercepts", "an object of URL prefix: handler") {
                    profile.intercepts.append(try self.intercept(prefix, intercept))
                }
            case "userScripts":
                for (index, element) in try elements(value, "userScripts", "an array of user scripts").enumerated() {
                    profile.userScripts.append(try userScript(element, "userScripts[\(index)]"))
                }
            case "pushToken": profile.pushToken = try optionalString(value, "pushToken")
            case "headers": profile.headers = try headers(value)
            case "userAgent": profile.userAgent = try headerValue(value, "userAgent", allowingNull: true)
            case "applicationNameForUserAgent":
                profile.applicationNameForUserAgent = try headerValue(value, "applicationNameForUserAgent", allowingNull: true)
            case "cookies":
                for (index, element) in try elements(value, "cookies", "an array of cookies").enumerated() {
                    profile.cookies.append(try cookie(element, "cookies[\(index)]"))
                }
            case "dataStore": profile.dataStore = try enumeration(value, "dataStore")
            case "ats":
                if case .null = value.value { profile.ats = nil; break }
                guard case .object = value.value else {
                    throw failure("\"ats\" must be an object (the NSAppTransportSecurity dictionary), found \(value.value.typeName)", at: value)
                }
                profile.ats = AppProfile.AppTransportSecurity(dictionary: value.value, location: location(value))
            case "trustedCertificates":
                if case .null = value.value { profile.trustedCertificates = nil; break }
                profile.trustedCertificates = try fileReference(value, "trustedCertificates")
            case "infoPlist":
                if case .null = value.value { profile.infoPlist = nil; break }
                profile.infoPlist = try fileReference(value, "infoPlist")
            case "bundleId": profile.bundleId = try bundleId(value)
            case "platformVersion":
                let text = try string(value, "platformVersion")
                guard let version = AppProfile.PlatformVersion(text) else {
                    throw failure("\"platformVersion\" must be a version such as \"17.0\", found \(JSONText.excerpt(text))", at: value)
                }
                profile.platformVersion = version
            case "launch":
                if case .null = value.value { profile.launch = nil; break }
                profile.launch = try launch(value)
            case "launchTitle": profile.launchTitle = try optionalString(value, "launchTitle")
            case "notifications": profile.notifications = try notifications(value)
            case "privacyGuard":
                if case .null = value.value { profile.privacyGuard = nil; break }
                var privacyGuard = AppProfile.PrivacyGuard()
                for (guardKey, guardValue) in try members(value, "privacyGuard", "an object {\"title\": …}") {
                    if guardKey.value == "title" {
                        privacyGuard.title = try optionalString(guardValue, "privacyGuard.title")
                    } else {
                        unknownKey(guardKey, scope: "privacyGuard.", known: ["title"])
                    }
                }
                profile.privacyGuard = privacyGuard
            case "timeoutSeconds": profile.timeoutSeconds = try positiveSeconds(value, "timeoutSeconds")
            case "env": profile.env = try environment(value)
            case "networkRoutes": profile.networkRoutes = try networkRoutes(value)
            case "pageSizeLimitMB":
                profile.pageSizeLimitMB = try integer(value, "pageSizeLimitMB", in: 1...AppProfile.maximumPageSizeLimitMB,
                                                      "a whole number of megabytes from 1 to \(AppProfile.maximumPageSizeLimitMB)")
            case "webnav-lint":
                // The linter's ignore list (`webnav lint` reads it); nothing the app has.
                continue
            default:
                unknownKey(key, scope: "", known: Self.topLevelKeys)
                continue
            }
            given.insert(key.value)
        }
        return DecodedProfile(profile: profile, warnings: finishedWarnings(), givenFields: given)
    }

    // MARK: - Navigation

    private func routes(_ value: Located<JSONValue>) throws(UserError) -> [String: RouteAction] {
        guard case .object(let routeMembers) = value.value else {
            throw failure("\"routes\" must be an object of host: action, found \(value.value.typeName)", at: value)
        }
        let names = RouteAction.allCases.filter { $0 != .unhandled }.map(\.rawValue)
        var routes: [String: RouteAction] = [:]
        for (host, action) in routeMembers {
            guard case .string(let name) = action.value, let routeAction = RouteAction(rawValue: name), routeAction != .unhandled else {
                throw failure("route \(JSONText.excerpt(host.value)) must be one of \(names.joined(separator: ", "))", at: action)
            }
            routes[host.value] = routeAction
        }
        return routes
    }

    private mutating func root(_ value: Located<JSONValue>) throws(UserError) -> AppProfile.RootPage {
        guard case .object(let rootMembers) = value.value else {
            throw failure("\"root\" must be an object {\"url\": …, \"title\": …}, found \(value.value.typeName)", at: value)
        }
        var root = AppProfile.builtIn.root
        for (rootKey, rootValue) in rootMembers {
            switch (rootKey.value, rootValue.value) {
            case ("url", .string(let url)): root.url = url
            case ("title", .string(let title)): root.title = title
            case ("title", .null): root.title = nil
            case ("url", _), ("title", _):
                throw failure("\(JSONText.excerpt("root." + rootKey.value)) must be a string, found \(rootValue.value.typeName)", at: rootValue)
            default:
                unknownKey(rootKey, scope: "root.", known: ["url", "title"])
            }
        }
        return root
    }

    // MARK: - The bridge

    private mutating func messageHandler(_ name: Located<String>, _ value: Located<JSONValue>) throws(UserError) -> AppProfile.MessageHandler {
        guard !name.value.isEmpty else { throw failure("a message handler's name must not be empty", at: name) }
        let keyPath = "messageHandlers." + name.value
        var world = AppProfile.ContentWorld.page
        var replies: (value: Bool, key: Located<String>)?
        var chosen: (behaviour: AppProfile.MessageHandler.Behaviour, key: Located<String>)?
        for (key, member) in try members(value, keyPath, "an object such as {\"script\": …}") {
            let memberPath = keyPath + "." + key.value
            let behaviour: AppProfile.MessageHandler.Behaviour
            switch key.value {
            case "world": world = try self.world(member, memberPath); continue
            case "replies": replies = (try bool(member, memberPath), key); continue
            case "script": behaviour = .script(.inline(try string(member, memberPath), location: location(member)), replies: false)
            case "scriptFile": behaviour = .script(.file(try fileReference(member, memberPath)), replies: false)
            case "reply": behaviour = .reply(member.value)
            case "error": behaviour = .error(try string(member, memberPath))
            default: unknownKey(key, scope: keyPath + ".", known: Self.handlerKeys); continue
            }
            if let chosen {
                throw failure("\(JSONText.excerpt(keyPath)) has both \(JSONText.excerpt(chosen.key.value)) and \(JSONText.excerpt(key.value)): give exactly one", at: key)
            }
            chosen = (behaviour, key)
        }
        guard let chosen else {
            throw failure("\(JSONText.excerpt(keyPath)) needs one of \"script\", \"scriptFile\", \"reply\" or \"error\"", at: value)
        }
        var behaviour = chosen.behaviour
        if let replies {
            switch behaviour {
            case .script(let source, _):
                behaviour = .script(source, replies: replies.value)
            case .reply, .error:
                if !replies.value {
                    throw failure("\(JSONText.excerpt(keyPath + ".replies")) is false, but a handler with \(JSONText.excerpt(chosen.key.value)) always replies", at: replies.key)
                }
            }
        }
        return AppProfile.MessageHandler(name: name.value, world: world, behaviour: behaviour, location: location(name))
    }

    private mutating func intercept(_ prefix: Located<String>, _ value: Located<JSONValue>) throws(UserError) -> AppProfile.Intercept {
        guard !prefix.value.isEmpty else { throw failure("an intercept's URL prefix must not be empty", at: prefix) }
        guard WebURL(validating: prefix.value)?.scheme != nil else {
            throw failure("intercept \(JSONText.excerpt(prefix.value)) must start with a URL scheme, such as \"app://home\"", at: prefix)
        }
        let keyPath = "intercepts." + prefix.value
        var chosen: (source: AppProfile.ScriptSource, key: Located<String>)?
        for (key, member) in try members(value, keyPath, "an object such as {\"script\": …}") {
            let source: AppProfile.ScriptSource
            switch key.value {
            case "script": source = .inline(try string(member, keyPath + ".script"), location: location(member))
            case "scriptFile": source = .file(try fileReference(member, keyPath + ".scriptFile"))
            default: unknownKey(key, scope: keyPath + ".", known: Self.interceptKeys); continue
            }
            if let chosen {
                throw failure("\(JSONText.excerpt(keyPath)) has both \(JSONText.excerpt(chosen.key.value)) and \(JSONText.excerpt(key.value)): give exactly one", at: key)
            }
            chosen = (source, key)
        }
        guard let chosen else { throw failure("\(JSONText.excerpt(keyPath)) needs \"script\" or \"scriptFile\"", at: value) }
        return AppProfile.Intercept(prefix: prefix.value, script: chosen.source)
    }

    private mutating func userScript(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> AppProfile.UserScript {
        var chosen: (source: AppProfile.ScriptSource, key: Located<String>)?
        var script = AppProfile.UserScript(source: .inline("", location: location(value)))
        for (key, member) in try members(value, keyPath, "an object such as {\"source\": …}") {
            let memberPath = keyPath + "." + key.value
            let source: AppProfile.ScriptSource
            switch key.value {
            case "source": source = .inline(try string(member, memberPath), location: location(member))
            case "file": source = .file(try fileReference(member, memberPath))
            case "injectionTime": script.injectionTime = try enumeration(member, memberPath); continue
            case "forMainFrameOnly": script.forMainFrameOnly = try bool(member, memberPath); continue
            case "world": script.world = try world(member, memberPath); continue
            default: unknownKey(key, scope: keyPath + ".", known: Self.userScriptKeys); continue
            }
            if let chosen {
                throw failure("\(JSONText.excerpt(keyPath)) has both \(JSONText.excerpt(chosen.key.value)) and \(JSONText.excerpt(key.value)): give exactly one", at: key)
            }
            chosen = (source, key)
        }
        guard let chosen else { throw failure("\(JSONText.excerpt(keyPath)) needs \"source\" or \"file\"", at: value) }
        script.source = chosen.source
        return script
    }

    private func world(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> AppProfile.ContentWorld {
        let name = try string(value, keyPath)
        guard !name.isEmpty else { throw failure("\(JSONText.excerpt(keyPath)) must be page, defaultClient or a world's name, found an empty string", at: value) }
        // A near miss of a built-in world would silently make a named world of its own, whose
        // pages see none of the handlers meant for them.
        if name != "page", name != "defaultClient",
           let meant = ["page", "defaultClient"].first(where: { $0.lowercased() == name.lowercased() })
               ?? NameSuggestion.nearest(to: name, among: ["page", "defaultClient"]) ?? (name.lowercased() == "default" ? "defaultClient" : nil) {
            throw failure("\(JSONText.excerpt(keyPath)): unknown world \(JSONText.excerpt(name)) (did you mean \(JSONText.excerpt(meant))? Other names are worlds of their own)", at: value)
        }
        return AppProfile.ContentWorld(name: name)
    }

    private func fileReference(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> AppProfile.FileReference {
        AppProfile.FileReference(path: try nonEmptyString(value, keyPath, "a file path"), location: location(value))
    }

    // MARK: - Flows

    /// `env`: names as flows write them in `${NAME}`, each with a string.
    private func environment(_ value: Located<JSONValue>) throws(UserError) -> [String: String] {
        var environment: [String: String] = [:]
        for (name, member) in try members(value, "env", "an object of NAME: \"value\"") {
            guard VariableName.isValid(name.value) else {
                throw failure("env name \(JSONText.excerpt(name.value)) is not a variable name (a letter or _, then letters, digits or _)", at: name)
            }
            environment[name.value] = try string(member, "env." + name.value)
        }
        return environment
    }

    /// `networkRoutes`: `[{"url": PATTERN, "file": PATH, "status": 200, "headers": {…}, "delayMs": 0}]` or `{"url": …, "abort": true}`.
    private mutating func networkRoutes(_ value: Located<JSONValue>) throws(UserError) -> [AppProfile.NetworkRouteSetting] {
        var routes: [AppProfile.NetworkRouteSetting] = []
        for (index, element) in try elements(value, "networkRoutes", "an array of routes such as {\"url\": …, \"file\": …}").enumerated() {
            let keyPath = "networkRoutes[\(index)]"
            var url: String?
            var file: AppProfile.FileReference?
            var status = 200
            var headers: [AppProfile.HTTPHeader] = []
            var delay = 0
            var abort = false
            for (key, member) in try members(element, keyPath, "an object such as {\"url\": …, \"file\": …}") {
                let memberPath = keyPath + "." + key.value
                switch key.value {
                case "url": url = try nonEmptyString(member, memberPath, "a URL pattern such as \"**/api/items\"")
                case "file": file = try fileReference(member, memberPath)
                case "status": status = try integer(member, memberPath, in: 100...599, "an HTTP status from 100 to 599")
                case "headers": headers = try self.headers(member, keyPath: memberPath)
                case "delayMs":
                    delay = try integer(member, memberPath, in: 0...Self.maximumMilliseconds, "a whole number of milliseconds from 0 to 2147483647")
                case "abort": abort = try bool(member, memberPath)
                default: unknownKey(key, scope: keyPath + ".", known: Self.networkRouteKeys)
                }
            }
            guard let url else { throw failure("\(JSONText.excerpt(keyPath)) needs \"url\" (the pattern of the URLs it answers)", at: element) }
            let answer: AppProfile.NetworkRouteSetting.Answer
            switch (file, abort) {
            case (let file?, false): answer = .file(file, status: status, headers: headers, delayMs: delay)
            case (nil, true): answer = .abort
            case (.some, true): throw failure("\(JSONText.excerpt(keyPath)) has both \"file\" and \"abort\": a route answers with a file or aborts", at: element)
            case (nil, false): throw failure("\(JSONText.excerpt(keyPath)) needs \"file\" (the answer's body) or \"abort\": true", at: element)
            }
            routes.append(AppProfile.NetworkRouteSetting(url: url, answer: answer, location: location(element)))
        }
        return routes
    }

    // MARK: - The app shell

    private func headers(_ value: Located<JSONValue>, keyPath: String = "headers") throws(UserError) -> [AppProfile.HTTPHeader] {
        var headers: [AppProfile.HTTPHeader] = []
        var firstByLowercasedName: [String: Located<String>] = [:]
        for (name, member) in try members(value, keyPath, "an object of header name: value") {
            guard !name.value.isEmpty else { throw failure("a header name must not be empty", at: name) }
            guard Self.isToken(name.value) else {
                throw failure("header name \(JSONText.excerpt(name.value)) is not an HTTP token (use letters, digits and \(Self.tokenSymbols))", at: name)
            }
            if let first = firstByLowercasedName[name.value.lowercased()] {
                throw failure("header \(JSONText.excerpt(name.value)) repeats \(JSONText.excerpt(first.value)) (first at \(first.line):\(first.column)); header names ignore case", at: name)
            }
            firstByLowercasedName[name.value.lowercased()] = name
            let text = try headerValue(member, keyPath + "." + name.value, allowingNull: false) ?? ""
            headers.append(AppProfile.HTTPHeader(name: name.value, value: text))
        }
        return headers
    }

    /// A string sent in a header: no CR, LF or NUL, which would end it (RFC 9110 section 5.5).
    private func headerValue(_ value: Located<JSONValue>, _ keyPath: String, allowingNull: Bool) throws(UserError) -> String? {
        if allowingNull, case .null = value.value { return nil }
        let text = try string(value, keyPath)
        if text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw failure("\(JSONText.excerpt(keyPath)) must not hold a line break or NUL (it is sent in a header)", at: value)
        }
        return text
    }

    private mutating func cookie(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> AppProfile.Cookie {
        var name: String?, cookieValue: String?, domain: String?
        var cookie = AppProfile.Cookie(name: "", value: "", domain: "")
        for (key, member) in try members(value, keyPath, "an object such as {\"name\": …, \"value\": …, \"domain\": …}") {
            let memberPath = keyPath + "." + key.value
            switch key.value {
            case "name":
                let text = try string(member, memberPath)
                guard !text.isEmpty else { throw failure("\(JSONText.excerpt(memberPath)) must not be empty", at: member) }
                guard Self.isToken(text) else {
                    throw failure("cookie name \(JSONText.excerpt(text)) is not an HTTP token (use letters, digits and \(Self.tokenSymbols))", at: member)
                }
                name = text
            case "value":
                let text = try string(member, memberPath)
                if text.unicodeScalars.contains(where: { $0 == ";" || $0.value < 0x20 || $0.value == 0x7F }) {
                    throw failure("\(JSONText.excerpt(memberPath)) must not hold ';' or control characters", at: member)
                }
                cookieValue = text
            case "domain":
                let text = try nonEmptyString(member, memberPath, "a domain such as \"example.com\"")
                if text.unicodeScalars.contains(where: { $0 == ";" || $0 == " " || $0.value < 0x20 || $0.value == 0x7F }) {
                    throw failure("\(JSONText.excerpt(memberPath)) must be a domain such as \"example.com\", found \(JSONText.excerpt(text))", at: member)
                }
                domain = text
            case "path":
                let text = try string(member, memberPath)
                guard text.hasPrefix("/"), !text.unicodeScalars.contains(where: { $0 == ";" || $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw failure("\(JSONText.excerpt(memberPath)) must be a path starting with \"/\", found \(JSONText.excerpt(text))", at: member)
                }
                cookie.path = text
            case "secure": cookie.secure = try bool(member, memberPath)
            case "httpOnly": cookie.httpOnly = try bool(member, memberPath)
            case "expires":
                if case .null = member.value { cookie.expires = nil; break }
                let text = try string(member, memberPath)
                guard let date = InternetDate.parse(text) else {
                    throw failure("\(JSONText.excerpt(memberPath)) must be an ISO 8601 date such as \"2026-12-31T23:59:59Z\", found \(JSONText.excerpt(text))", at: member)
                }
                cookie.expires = date
            default: unknownKey(key, scope: keyPath + ".", known: Self.cookieKeys)
            }
        }
        guard let name else { throw failure("\(JSONText.excerpt(keyPath)) needs \"name\"", at: value) }
        guard let cookieValue else { throw failure("\(JSONText.excerpt(keyPath)) needs \"value\"", at: value) }
        guard let domain else { throw failure("\(JSONText.excerpt(keyPath)) needs \"domain\"", at: value) }
        cookie.name = name
        cookie.value = cookieValue
        cookie.domain = domain
        return cookie
    }

    private func bundleId(_ value: Located<JSONValue>) throws(UserError) -> String {
        let text = try nonEmptyString(value, "bundleId", "a bundle identifier such as \"com.example.app\"")
        guard text.utf8.allSatisfy({ Self.isASCIILetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else {
            throw failure("\"bundleId\" must hold only letters, digits, '-' and '.' (CFBundleIdentifier), found \(JSONText.excerpt(text))", at: value)
        }
        return text
    }

    private mutating func launch(_ value: Located<JSONValue>) throws(UserError) -> AppProfile.Launch {
        var checkAlive: WebURL?
        var launch = AppProfile.Launch(checkAlive: WebURL(""))
        for (key, member) in try members(value, "launch", "an object such as {\"checkAlive\": \"https://…\"}") {
            let memberPath = "launch." + key.value
            switch key.value {
            case "checkAlive":
                let text = try string(member, memberPath)
                guard let url = WebURL(validating: text), ["http", "https"].contains(url.normalizedScheme ?? ""), !(url.host ?? "").isEmpty else {
                    throw failure("\"launch.checkAlive\" must be an http or https URL, found \(JSONText.excerpt(text))", at: member)
                }
                checkAlive = url
            case "method":
                let text = try string(member, memberPath)
                guard !text.isEmpty, Self.isToken(text) else {
                    throw failure("\"launch.method\" must be an HTTP method such as \"HEAD\" or \"GET\", found \(JSONText.excerpt(text))", at: member)
                }
                launch.method = text
            case "expect": launch.expect = try integer(member, memberPath, in: 100...599, "an HTTP status from 100 to 599")
            case "delayMs":
                launch.delayMs = try integer(member, memberPath, in: 0...Self.maximumMilliseconds, "a whole number of milliseconds from 0 to 2147483647")
            default: unknownKey(key, scope: "launch.", known: Self.launchKeys)
            }
        }
        guard let checkAlive else { throw failure("\"launch\" needs \"checkAlive\" (the URL to check)", at: value) }
        launch.checkAlive = checkAlive
        return launch
    }

    private mutating func notifications(_ value: Located<JSONValue>) throws(UserError) -> AppProfile.Notifications {
        var notifications = AppProfile.Notifications()
        for (key, member) in try members(value, "notifications", "an object such as {\"foreground\": […]}") {
            let memberPath = "notifications." + key.value
            switch key.value {
            case "foreground":
                var options: Set<AppProfile.PresentationOption> = []
                for (index, element) in try elements(member, memberPath, "an array of banner, list, sound or badge").enumerated() {
                    options.insert(try enumeration(element, "\(memberPath)[\(index)]"))
                }
                notifications.foreground = options
            case "categories":
                for (name, category) in try members(member, memberPath, "an object of category name: {\"actions\": […]}") {
                    notifications.categories.append(try notificationCategory(name, category, memberPath + "." + name.value))
                }
            case "linkKey": notifications.linkKey = try nonEmptyString(member, memberPath, "a payload key")
            case "imageKey": notifications.imageKey = try nonEmptyString(member, memberPath, "a payload key")
            case "contentExtension": notifications.contentExtension = try bool(member, memberPath)
            default: unknownKey(key, scope: "notifications.", known: Self.notificationKeys)
            }
        }
        return notifications
    }

    private mutating func notificationCategory(
        _ name: Located<String>, _ value: Located<JSONValue>, _ keyPath: String
    ) throws(UserError) -> AppProfile.NotificationCategory {
        guard !name.value.isEmpty else { throw failure("a notification category's name must not be empty", at: name) }
        var category = AppProfile.NotificationCategory(name: name.value, actions: [])
        for (key, member) in try members(value, keyPath, "an object such as {\"actions\": […]}") {
            guard key.value == "actions" else {
                unknownKey(key, scope: keyPath + ".", known: ["actions"])
                continue
            }
            for (index, element) in try elements(member, keyPath + ".actions", "an array of {\"id\": …, \"title\": …}").enumerated() {
                let actionPath = "\(keyPath).actions[\(index)]"
                var id: String?, title: String?
                var options: Set<AppProfile.ActionOption> = []
                for (actionKey, actionValue) in try members(element, actionPath, "an object such as {\"id\": …, \"title\": …}") {
                    switch actionKey.value {
                    case "id": id = try nonEmptyString(actionValue, actionPath + ".id", "an action identifier")
                    case "title": title = try string(actionValue, actionPath + ".title")
                    case "options":
                        let optionsPath = actionPath + ".options"
                        for (index, option) in try elements(actionValue, optionsPath, "an array of foreground, destructive or authenticationRequired").enumerated() {
                            options.insert(try enumeration(option, "\(optionsPath)[\(index)]"))
                        }
                    default: unknownKey(actionKey, scope: actionPath + ".", known: ["id", "title", "options"])
                    }
                }
                guard let id else { throw failure("\(JSONText.excerpt(actionPath)) needs \"id\"", at: element) }
                guard let title else { throw failure("\(JSONText.excerpt(actionPath)) needs \"title\"", at: element) }
                category.actions.append(AppProfile.NotificationAction(id: id, title: title, options: options))
            }
        }
        return category
    }

    // MARK: - Values

    private func members(
        _ value: Located<JSONValue>, _ keyPath: String, _ expected: String
    ) throws(UserError) -> [(key: Located<String>, value: Located<JSONValue>)] {
        guard case .object(let members) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(value.value.typeName)", at: value)
        }
        return members
    }

    private func elements(_ value: Located<JSONValue>, _ keyPath: String, _ expected: String) throws(UserError) -> [Located<JSONValue>] {
        guard case .array(let elements) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(value.value.typeName)", at: value)
        }
        return elements
    }

    private func string(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> String {
        guard case .string(let text) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be a string, found \(value.value.typeName)", at: value)
        }
        return text
    }

    /// A string, or nil for JSON `null` (a field whose default is "none").
    private func optionalString(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> String? {
        if case .null = value.value { return nil }
        return try string(value, keyPath)
    }

    private func nonEmptyString(_ value: Located<JSONValue>, _ keyPath: String, _ expected: String) throws(UserError) -> String {
        guard case .string(let text) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(value.value.typeName)", at: value)
        }
        guard !text.isEmpty else { throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found an empty string", at: value) }
        return text
    }

    private func stringArray(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> [String] {
        var strings: [String] = []
        for element in try elements(value, keyPath, "an array of strings") {
            guard case .string(let string) = element.value else {
                throw failure("\(JSONText.excerpt(keyPath)) must hold only strings, found \(element.value.typeName)", at: element)
            }
            strings.append(string)
        }
        return strings
    }

    private func bool(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> Bool {
        guard case .bool(let flag) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be true or false, found \(value.value.typeName)", at: value)
        }
        return flag
    }

    private func integer(_ value: Located<JSONValue>, _ keyPath: String, in range: ClosedRange<Int>, _ expected: String) throws(UserError) -> Int {
        guard case .number(let number) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(value.value.typeName)", at: value)
        }
        guard let whole = Int(exactly: number), range.contains(whole) else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(Self.formatted(number))", at: value)
        }
        return whole
    }

    private func positiveSeconds(_ value: Located<JSONValue>, _ keyPath: String) throws(UserError) -> Double {
        let expected = "a positive number of seconds (at most 2147483647)"
        guard case .number(let number) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(value.value.typeName)", at: value)
        }
        guard number > 0, number <= Double(Self.maximumMilliseconds) else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(Self.formatted(number))", at: value)
        }
        return number
    }

    /// One of an enumeration's names, with a suggestion when the value is close to one.
    private func enumeration<Value: RawRepresentable & CaseIterable>(
        _ value: Located<JSONValue>, _ keyPath: String
    ) throws(UserError) -> Value where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        let expected = names.count == 2 ? "\(names[0]) or \(names[1])" : "one of \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")"
        guard case .string(let text) = value.value else {
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(value.value.typeName)", at: value)
        }
        guard let chosen = Value(rawValue: text) else {
            let hint = NameSuggestion.nearest(to: text, among: names).map { " (did you mean \(JSONText.excerpt($0))?)" } ?? ""
            throw failure("\(JSONText.excerpt(keyPath)) must be \(expected), found \(JSONText.excerpt(text))\(hint)", at: value)
        }
        return chosen
    }

    // MARK: - Messages

    private func location<Value>(_ value: Located<Value>) -> SourceLocation {
        SourceLocation(path: path, line: value.line, column: value.column)
    }

    private func failure<Value>(_ message: String, at value: Located<Value>) -> UserError {
        UserError(message, at: location(value))
    }

    private mutating func unknownKey(_ key: Located<String>, scope: String, known: [String]) {
        unknownKeyCount += 1
        guard unknownKeyCount <= Self.shownUnknownKeys else {
            if firstUnshownUnknownKey == nil { firstUnshownUnknownKey = location(key) }
            return
        }
        let hint = NameSuggestion.nearest(to: key.value, among: known).map { " (did you mean \(JSONText.excerpt(scope + $0))?)" } ?? ""
        warnings.append("\(location(key)): warning: unknown key \(JSONText.excerpt(scope + key.value)) ignored\(hint)")
    }

    private func finishedWarnings() -> [String] {
        guard let firstUnshownUnknownKey else { return warnings }
        let more = unknownKeyCount - Self.shownUnknownKeys
        return warnings + ["\(firstUnshownUnknownKey): warning: … and \(Self.grouped(more)) more unknown \(more == 1 ? "key" : "keys")"]
    }

    /// `99,980`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// A number as the user would write it: `700`, `2.5`, `-1`.
    static func formatted(_ number: Double) -> String {
        guard number.isFinite else { return "an out-of-range number" }
        if let whole = Int(exactly: number), abs(whole) < 1_000_000_000_000_000 { return String(whole) }
        return String(number)
    }

    // MARK: - Character rules

    /// RFC 9110 `tchar`s other than letters and digits.
    static let tokenSymbols = "!#$%&'*+-.^_`|~"

    /// An RFC 9110 token: header names and methods.
    static func isToken(_ text: String) -> Bool {
        text.utf8.allSatisfy { isASCIILetterOrDigit($0) || tokenSymbols.utf8.contains($0) }
    }

    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scheme.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
    }
}
