import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import ScriptRuntime

/// The profile's native side for the script engine (bridge.md): handlers, intercepts, user
/// scripts, the `app` object's values, and downloads into a folder.
enum AppBridge {
    /// The engine's bridge for a profile. Script files (absolute after `resolvingFiles`) are
    /// read here; one that cannot be read gives a script that throws, so the failure shows as
    /// a script error where the handler would run.
    static func bridge(for profile: AppProfile, downloads: DownloadFolder?) -> ScriptBridge {
        var bridge = ScriptBridge(bundleId: profile.bundleId, pushToken: profile.pushToken)
        bridge.handlers = profile.messageHandlers.map { handler in
            let kind: ScriptBridge.MessageHandler.Kind
            switch handler.behaviour {
            case .reply(let value): kind = .reply(resultValue(value))
            case .error(let message): kind = .error(message)
            case .script(let source, let replies):
                let (text, url) = read(source, keyPath: "messageHandlers.\(handler.name).\(source.keyName)")
                kind = .script(source: text, sourceURL: url, replies: replies)
            }
            return ScriptBridge.MessageHandler(name: handler.name, world: handler.world.description, kind: kind)
        }
        bridge.intercepts = profile.intercepts.map { intercept in
            let (text, url) = read(intercept.script, keyPath: "intercepts.\(intercept.prefix).\(intercept.script.keyName)")
            return ScriptBridge.Intercept(prefix: intercept.prefix, source: text, sourceURL: url)
        }
        if let downloads {
            bridge.saveDownload = { download in
                downloads.save(download.data, suggestedName: download.name).mapError { ScriptResourceError($0.message) }
            }
        }
        return bridge
    }

    /// The profile's user scripts, in order, their files read.
    static func userScripts(for profile: AppProfile) -> [UserScript] {
        profile.userScripts.enumerated().map { index, script in
            let key = if case .file = script.source { "file" } else { "source" }
            let (text, url) = read(script.source, keyPath: "userScripts[\(index)].\(key)")
            let time: UserScript.InjectionTime = script.injectionTime == .documentStart ? .documentStart : .documentEnd
            return UserScript(source: text, injectionTime: time, forMainFrameOnly: script.forMainFrameOnly,
                              world: script.world.description, sourceURL: url)
        }
    }

    private static func read(_ source: AppProfile.ScriptSource, keyPath: String) -> (text: String, url: String) {
        switch source {
        case .inline(let text, _):
            return (text, keyPath)
        case .file(let reference):
            guard let data = FileManager.default.contents(atPath: reference.path) else {
                return ("throw new Error(" + JSONText.quote("cannot read " + reference.path) + ")", reference.path)
            }
            return (String(decoding: data, as: UTF8.self), reference.path)
        }
    }

    /// A profile's JSON reply as the value WebKit hands the page (NSNull is `null`).
    static func resultValue(_ value: JSONValue) -> ScriptResultValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map { resultValue($0.value) })
        case .object(let fields): return .dictionary(fields.map { ($0.key.value, resultValue($0.value.value)) })
        }
    }

    /// What a record of the bridge means to the app: events for its log and an input.
    static func translate(_ output: ScriptOutput, profile: AppProfile) -> (events: [AppEvent], input: AppInput?) {
        guard let text = output.bridgeEventText else { return ([], nil) }
        switch output {
        case .message: return ([AppEvent(.message, text)], nil)
        case .reply: return ([AppEvent(.reply, text)], nil)
        case .download, .downloadFailed: return ([AppEvent(.download, text)], nil)
        case .intercepted: return ([AppEvent(.native, text)], nil)
        case .app(.open(let url)): return ([AppEvent(.native, text)], .navigator(.urlOpened(url, base: nil)))
        case .app(.restart): return ([AppEvent(.native, text)], .shell(.restart))
        case .app(.openStore(let url)): return ([AppEvent(.native, text)], .navigator(.urlOpened(url, base: nil)))
        case .app(.notify(let payload, let afterMs)):
            let bytes = Array((payloadJSON(payload)).utf8)
            let (parsed, problems) = NotificationPayload.parse(bytes, settings: NotificationSettings(profile: profile), isRemote: false)
            guard let parsed else {
                let reasons = problems.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
                return ([AppEvent(.native, text), AppEvent(.notification, "app notification refused: \(reasons)")], nil)
            }
            let incoming = IncomingNotification(payload: parsed, origin: .local, warnings: problems)
            return ([AppEvent(.native, text)], .shell(.notificationReceived(incoming, after: .milliseconds(WholeNumber.truncating(afterMs, clampedTo: 0...1_000_000_000_000) ?? 0))))
        default: return ([AppEvent(.native, text)], nil)
        }
    }

    /// A payload as JSON text: a string is the alert's body, as a short local notification.
    private static func payloadJSON(_ payload: ScriptResultValue) -> String {
        if case .string(let body) = payload {
            return "{\"aps\":{\"alert\":" + ScriptResultValue.string(body).description + "}}"
        }
        return payload.description
    }
}
