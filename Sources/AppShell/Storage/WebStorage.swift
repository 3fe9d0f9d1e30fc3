import URLKit

/// One origin's `localStorage` or `sessionStorage`: keys in the order they were first set.
public struct StorageArea: Codable, Equatable, Sendable {
    public private(set) var keys: [String] = []
    private var items: [String: String] = [:]
    /// Bytes used, counted as WebKit's `StorageMap` does (see `WebStorage.size(of:)`).
    public private(set) var usedBytes = 0

    public init() {}

    public var length: Int { keys.count }

    public func key(at index: Int) -> String? {
        keys.indices.contains(index) ? keys[index] : nil
    }

    public func getItem(_ key: String) -> String? {
        items[key]
    }

    /// `setItem`; returns the `QuotaExceededError` when the area would exceed `quota` bytes,
    /// leaving it unchanged.
    @discardableResult
    public mutating func setItem(_ key: String, _ value: String, quota: Int) -> StorageQuotaExceeded? {
        var size = usedBytes + WebStorage.size(of: value)
        if let old = items[key] { size -= WebStorage.size(of: old) } else { size += WebStorage.size(of: key) }
        guard size <= quota else { return StorageQuotaExceeded(quota: quota) }
        if items[key] == nil { keys.append(key) }
        items[key] = value
        usedBytes = size
        return nil
    }

    public mutating func removeItem(_ key: String) {
        guard let old = items.removeValue(forKey: key) else { return }
        keys.removeAll { $0 == key }
        usedBytes -= WebStorage.size(of: key) + WebStorage.size(of: old)
    }

    public mutating func clear() {
        self = StorageArea()
    }
}

/// `setItem` went over the quota: the page sees a `QuotaExceededError` DOMException.
public struct StorageQuotaExceeded: Error, Equatable, Sendable, CustomStringConvertible {
    public var quota: Int

    public init(quota: Int) {
        self.quota = quota
    }

    public var description: String {
        "QuotaExceededError: The quota has been exceeded."
    }
}

/// `localStorage` (or `sessionStorage`) of every origin, as a value.
///
/// All `file:` pages share one origin (`file://`), as in WebKit; pages with an opaque origin
/// (`data:`, `about:blank`) have no storage (WebKit throws a `SecurityError`).
public struct WebStorage: Codable, Equatable, Sendable {
    public private(set) var areas: [String: StorageArea] = [:]
    /// Bytes per origin: WebKit's 5 MB.
    public var quota: Int

    public static let defaultQuota = 5 * 1024 * 1024

    public init(quota: Int = WebStorage.defaultQuota) {
        self.quota = quota
    }

    /// The storage origin of a page, or nil when the page may not use storage.
    public static func origin(of pageURL: String) -> String? {
        let origin = WebURL(pageURL).origin
        return origin == "null" ? nil : origin
    }

    /// An origin's area (empty when it has none yet).
    public func area(for origin: String) -> StorageArea {
        areas[origin] ?? StorageArea()
    }

    @discardableResult
    public mutating func setItem(_ key: String, _ value: String, origin: String) -> StorageQuotaExceeded? {
        var area = areas[origin] ?? StorageArea()
        if let exceeded = area.setItem(key, value, quota: quota) { return exceeded }
        areas[origin] = area
        return nil
    }

    public mutating func removeItem(_ key: String, origin: String) {
        areas[origin]?.removeItem(key)
        if areas[origin]?.length == 0 { areas[origin] = nil }
    }

    public mutating func clear(origin: String) {
        areas[origin] = nil
    }

    /// WebKit's `String::sizeInBytes`: one byte per UTF-16 unit when every unit fits in Latin-1,
    /// else two.
    static func size(of text: String) -> Int {
        var units = 0
        var isLatin1 = true
        for unit in text.utf16 {
            units += 1
            if unit > 0xFF { isLatin1 = false }
        }
        return isLatin1 ? units : units * 2
    }
}
