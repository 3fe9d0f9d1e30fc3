#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// What the app knows about its notifications (the profile's `notifications` and `bundleId`).
public struct NotificationSettings: Equatable, Sendable {
    public var bundleIdentifier: String?
    /// The categories registered with `UNUserNotificationCenter.setNotificationCategories`.
    public var categories: Set<String>
    /// Whether the app ships a notification service extension (needed by `mutable-content`).
    public var hasServiceExtension: Bool
    /// The payload key holding a URL to open when the notification is tapped.
    public var linkKey: String
    /// The payload key holding an image (seed 002's rich push).
    public var imageKey: String

    public init(bundleIdentifier: String? = nil, categories: Set<String> = [], hasServiceExtension: Bool = false,
                linkKey: String = "link", imageKey: String = "image") {
        self.bundleIdentifier = bundleIdentifier
        self.categories = categories
        self.hasServiceExtension = hasServiceExtension
        self.linkKey = linkKey
        self.imageKey = imageKey
    }

    /// What the profile says: its bundle id and its `notifications`.
    public init(profile: AppProfile) {
        self.init(bundleIdentifier: profile.bundleId, categories: Set(profile.notifications.categories.map(\.name)),
                  hasServiceExtension: profile.notifications.contentExtension, linkKey: profile.notifications.linkKey,
                  imageKey: profile.notifications.imageKey)
    }
}

/// A problem with a payload: a stable code (the linter reuses it), and whether the
/// notification can still be delivered.
public struct PayloadProblem: Equatable, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        /// Not delivered (APNs or `simctl push` would refuse it, or it goes to another app).
        case error
        /// Delivered, but not as its author meant.
        case warning
    }

    public var code: String
    public var severity: Severity
    public var message: String

    public init(code: String, severity: Severity, message: String) {
        self.code = code
        self.severity = severity
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(code): \(message)" }
}

/// A remote notification payload as `xcrun simctl push` takes it (an `.apns` file).
public struct NotificationPayload: Equatable, Sendable {
    public var title: String?
    public var subtitle: String?
    public var body: String?
    public var category: String?
    public var badge: Int?
    public var sound: String?
    public var threadIdentifier: String?
    /// The URL under the settings' `linkKey`, opened when the notification is tapped.
    public var link: String?
    /// The image under the settings' `imageKey`.
    public var image: String?
    /// `Simulator Target Bundle`: the app `simctl push` delivers to.
    public var targetBundle: String?
    public var isMutableContent: Bool
    public var isContentAvailable: Bool

    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil, category: String? = nil, badge: Int? = nil,
                sound: String? = nil, threadIdentifier: String? = nil, link: String? = nil, image: String? = nil,
                targetBundle: String? = nil, isMutableContent: Bool = false, isContentAvailable: Bool = false) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.category = category
        self.badge = badge
        self.sound = sound
        self.threadIdentifier = threadIdentifier
        self.link = link
        self.image = image
        self.targetBundle = targetBundle
        self.isMutableContent = isMutableContent
        self.isContentAvailable = isContentAvailable
    }

    /// APNs' limit for a remote notification's payload, in bytes.
    public static let maximumBytes = 4096

    /// Reads and checks a payload; the payload is nil when a problem is an error.
    ///
    /// `size` is the file's whole size when `bytes` holds only its start. A local notification
    /// (`isRemote` false: `UNNotificationRequest`, no APNs) has no size limit and no target bundle.
    public static func parse(_ bytes: [UInt8], settings: NotificationSettings = NotificationSettings(), size: Int? = nil,
                             isRemote: Bool = true) -> (payload: NotificationPayload?, problems: [PayloadProblem]) {
        var problems: [PayloadProblem] = []
        func refuse(_ code: String, _ message: String) -> (NotificationPayload?, [PayloadProblem]) {
            (nil, problems + [PayloadProblem(code: code, severity: .error, message: message)])
        }
        let size = size ?? bytes.count
        if isRemote, size > maximumBytes {
            problems.append(PayloadProblem(
                code: "payload-too-large", severity: .error,
                message: "the payload is \(size) bytes; APNs accepts at most \(maximumBytes)"))
            if size > bytes.count { return (nil, problems) }
        }
        let root: [String: JSONValue]
        do {
            let value = try JSONReader.parse(bytes, path: "payload", allowingDuplicateKeys: true).value
            guard let members = value.lastMembers else {
                return refuse("payload-not-object", "the payload must be a JSON object, found \(value.typeName)")
            }
            root = members
        } catch {
            return refuse("payload-not-json", "the payload is not JSON")
        }
        guard let apsValue = root["aps"] else {
            return refuse("payload-no-aps", "the payload has no \"aps\" dictionary")
        }
        guard let aps = apsValue.lastMembers else {
            return refuse("payload-aps-not-object", "\"aps\" must be an object, found \(apsValue.typeName)")
        }
        var payload = NotificationPayload()
        switch aps["alert"] {
        case nil: break
        case .string(let text)?:
            payload.body = text
        case .object?:
            let alert = aps["alert"]?.lastMembers ?? [:]
            payload.title = alert["title"]?.stringValue
            payload.subtitle = alert["subtitle"]?.stringValue
            payload.body = alert["body"]?.stringValue
        case let other?:
            return refuse("payload-alert-type", "\"aps.alert\" must be a string or an object, found \(other.typeName)")
        }
        payload.category = aps["category"]?.stringValue
        if let badge = aps["badge"] {
            if case .number(let number) = badge {
                payload.badge = Self.integerPart(number)
            } else {
                problems.append(PayloadProblem(
                    code: "payload-badge-type", severity: .warning,
                    message: "\"aps.badge\" must be a number, found \(badge.typeName); the badge is left alone"))
            }
        }
        switch aps["sound"] {
        case .string(let name)?: payload.sound = name
        case .object?: payload.sound = aps["sound"]?.lastMembers?["name"]?.stringValue
        default: break
        }
        payload.threadIdentifier = aps["thread-id"]?.stringValue
        payload.isMutableContent = isOne(aps["mutable-content"])
        payload.isContentAvailable = isOne(aps["content-available"])
        payload.targetBundle = root["Simulator Target Bundle"]?.stringValue
        payload.link = root[settings.linkKey]?.stringValue
        payload.image = root[settings.imageKey]?.stringValue

        if isRemote, let target = payload.targetBundle, let bundle = settings.bundleIdentifier, target != bundle {
            return refuse("payload-bundle-mismatch",
                         "\"Simulator Target Bundle\" is \(target), but the app is \(bundle): simctl would deliver it to another app")
        }
        if let category = payload.category, !settings.categories.contains(category) {
            problems.append(PayloadProblem(
                code: "payload-category-unregistered", severity: .warning,
                message: "category \"\(category)\" is not registered by the app: the notification shows without actions"))
        }
        if payload.isMutableContent, !settings.hasServiceExtension {
            problems.append(PayloadProblem(
                code: "payload-mutable-content-no-extension", severity: .warning,
                message: "\"mutable-content\" is set but the app declares no notification service extension: it is shown unmodified"))
        }
        if root[settings.linkKey] != nil, payload.link == nil {
            problems.append(PayloadProblem(
                code: "payload-link-type", severity: .warning,
                message: "\"\(settings.linkKey)\" must be a URL string; tapping the notification opens nothing"))
        }
        return (problems.contains { $0.severity == .error } ? nil : payload, problems)
    }

    /// Whether a value counts as 1, as `NSNumber.intValue` reads it: `true`, or a number whose
    /// integer part is 1.
    private static func isOne(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag)?: return flag
        case .number(let number)?: return integerPart(number) == 1
        default: return false
        }
    }

    /// A JSON number's integer part (towards zero), clamped to `Int`: `NSNumber.intValue`.
    private static func integerPart(_ number: Double) -> Int {
        number.isFinite ? WholeNumber.truncating(number, clampedTo: Int.min...Int.max) ?? 0 : 0
    }
}
