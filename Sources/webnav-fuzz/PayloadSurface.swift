import AppShell
import ScriptRuntime

/// Notification payloads (`webnav push`, `app.notify`) and the bridge's tagged JSON (every value
/// between a page and the app): generated JSON of the shapes they take, with hostile numbers,
/// strings, nesting and damage. The first byte says which reader gets the rest.
struct PayloadSurface: FuzzSurface {
    let name = "payload"

    private static let keys = ["aps", "alert", "title", "subtitle", "body", "badge", "sound", "category", "link", "image",
                               "mutable-content", "content-available", "thread-id", "Simulator Target Bundle", "t", "v", "", "é\u{202E}"]

    func input(_ random: inout FuzzRandom) -> [UInt8] {
        let tagged = random.chance(50)
        var text = ""
        if tagged {
            taggedValue(&text, &random, depth: 0)
        } else {
            text = "{\"aps\":"
            json(&text, &random, depth: 0)
            text += ",\"link\":"
            json(&text, &random, depth: 2)
            text += "}"
        }
        var bytes = Array(text.utf8)
        if random.chance(25) { bytes = random.mutate(bytes) }
        return [tagged ? 1 : 0] + bytes
    }

    private func scalar(_ random: inout FuzzRandom) -> String {
        random.pick(["0", "-0", "1", "1e400", "-1e400", "9223372036854775807", "1.5", "1e-400", "true", "false", "null",
                     "\"mkwebview://webview?url=a.html\"", "\"\\u0000\\u001b[31m\\u202e\"", "\"\\ud800\"", "\"é\"", "\"\"",
                     "\"" + String(repeating: "x", count: 3000) + "\"", "01", "\"unterminated"])
    }

    private func json(_ text: inout String, _ random: inout FuzzRandom, depth: Int) {
        if depth > 600 || random.chance(depth > 3 ? 60 : 25) {
            text += scalar(&random)
            return
        }
        if random.chance(5) {
            let levels = 100 + random.below(600)
            text += String(repeating: "[", count: levels) + scalar(&random) + String(repeating: "]", count: levels)
            return
        }
        if random.chance(40) {
            text += "["
            for index in 0..<random.below(5) {
                if index > 0 { text += "," }
                json(&text, &random, depth: depth + 1)
            }
            text += "]"
        } else {
            text += "{"
            for index in 0..<random.below(6) {
                if index > 0 { text += "," }
                text += "\"" + random.pick(Self.keys) + "\":"
                json(&text, &random, depth: depth + 1)
            }
            text += "}"
        }
    }

    private func taggedValue(_ text: inout String, _ random: inout FuzzRandom, depth: Int) {
        switch random.below(depth > 20 ? 3 : 7) {
        case 0: text += scalar(&random)
        case 1: text += random.pick(["{\"t\":\"u\"}", "{\"t\":\"x\",\"v\":\"NaN\"}", "{\"t\":\"x\",\"v\":\"-0\"}", "{\"t\":\"D\",\"v\":\"NaN\"}",
                                     "{\"t\":\"D\",\"v\":1e300}", "{\"t\":\"x\",\"v\":\"one\"}", "{\"v\":1,\"t\":\"x\"}", "{\"t\":\"q\"}", "{}"])
        case 2: text += "\"" + random.pick(["a", "\\\"", "\\\\", "\\u2028", "\\ud83d\\ude00", "\\udc00", "\\x"]) + "\""
        case 3, 4:
            text += "["
            for index in 0..<random.below(6) {
                if index > 0 { text += "," }
                taggedValue(&text, &random, depth: depth + 1)
            }
            text += random.chance(97) ? "]" : ""
        default:
            text += "{\"t\":\"o\",\"v\":["
            for index in 0..<random.below(4) {
                if index > 0 { text += "," }
                text += "[\"" + random.pick(Self.keys) + "\","
                taggedValue(&text, &random, depth: depth + 1)
                text += "]"
            }
            text += "]}"
        }
    }

    func run(_ input: [UInt8]) {
        guard let kind = input.first else { return }
        let body = Array(input.dropFirst())
        if kind == 0 {
            _ = NotificationPayload.parse(body, settings: NotificationSettings(bundleIdentifier: "com.example.app", categories: ["CHAT"]))
            _ = NotificationPayload.parse(body, settings: NotificationSettings(), isRemote: false)
            return
        }
        let crossed = TaggedValue(json: String(decoding: body, as: UTF8.self))
        let preview = crossed.description(limit: 80)
        guard preview.count <= 81 else { fatalError("payload: a preview of \(preview.count) characters, limit 80") }
        if let value = crossed.value {
            // What reads, writes back to the same value, and reads again.
            guard TaggedValue(value).value == value else { fatalError("payload: \(value) does not survive its own tagged JSON") }
        }
    }
}
