#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as bytes (4 or 16).
struct IPAddress: Equatable, Hashable {
    let bytes: [UInt8]

    /// Parses dotted IPv4 (`192.168.1.87`) or IPv6 (`2001:db8::1`) text, as `inet_pton` does.
    init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count < 64, !text.utf8.contains(0) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16)
        if text.contains(":") {
            guard inet_pton(AF_INET6, text, &buffer) == 1 else { return nil }
            bytes = buffer
        } else {
            guard inet_pton(AF_INET, text, &buffer) == 1 else { return nil }
            bytes = Array(buffer.prefix(4))
        }
    }
}

/// An address or a CIDR range (`192.168.0.0/24`, `2001:db8:12::/48`), as iOS 17 accepts in
/// `NSExceptionDomains`.
struct IPAddressRange: Equatable {
    let address: IPAddress
    let prefixLength: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(String(parts[0])) else { return nil }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard parts[1].count <= 3, parts[1].allSatisfy({ $0 >= "0" && $0 <= "9" }), let length = Int(parts[1]),
                  length <= bits else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.address = address
    }

    func contains(_ other: IPAddress) -> Bool {
        guard other.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(address.bytes, other.bytes) {
            guard remaining > 0 else { return true }
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            if mine & mask != theirs & mask { return false }
            remaining -= 8
        }
        return true
    }
}
