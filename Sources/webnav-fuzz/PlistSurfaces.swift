import AppShell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// XML property lists: generated element trees (deep nesting past the bound, entities, CDATA,
/// comments, stray text and tags), some of them damaged afterwards.
struct PlistXMLSurface: FuzzSurface {
    let name = "plist-xml"

    func input(_ random: inout FuzzRandom) -> [UInt8] {
        var text = random.chance(80) ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        if random.chance(50) { text += "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x.dtd\"\(random.chance(20) ? " [ <!ENTITY a \"b\"> ]" : "")>\n" }
        text += random.chance(90) ? "<plist version=\"1.0\">" : ""
        var budget = 1 + random.below(random.chance(10) ? 4000 : 60)
        if random.chance(8) {
            let depth = 400 + random.below(800)
            text += String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth - random.below(3))
        } else {
            value(&text, &random, &budget, depth: 0)
        }
        text += random.chance(90) ? "</plist>" : ""
        let bytes = Array(text.utf8)
        return random.chance(35) ? random.mutate(bytes) : bytes
    }

    private func value(_ text: inout String, _ random: inout FuzzRandom, _ budget: inout Int, depth: Int) {
        budget -= 1
        let scalars = ["<string>\(words(&random))</string>", "<integer>\(random.pick(["0", "-1", "42", "0x1F", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1.5", ""]))</integer>",
                       "<real>\(random.pick(["2.5", "nan", "-inf", "1e400", "x", ""]))</real>", "<true/>", "<false/>", "<true>x</true>",
                       "<date>\(random.pick(["2024-01-01T00:00:00Z", "1970-13-01T00:00:00Z", "nope"]))</date>",
                       "<data>\(random.pick(["AAEC/w==", "not base64", "", " A A E C "]))</data>", "<string/>", "<key>k</key>",
                       "<widget/>", "text", "<![CDATA[<&>]]>", "<!-- c -->", "</dict>", "&bogus;"]
        guard budget > 0, depth < 700, random.chance(55) else {
            text += random.pick(scalars)
            return
        }
        if random.chance(50) {
            text += "<array>"
            for _ in 0..<random.below(6) { value(&text, &random, &budget, depth: depth + 1) }
            text += random.chance(95) ? "</array>" : ""
        } else {
            text += "<dict>"
            for _ in 0..<random.below(6) {
                if random.chance(92) { text += "<key>\(words(&random))</key>" }
                value(&text, &random, &budget, depth: depth + 1)
            }
            text += random.chance(95) ? "</dict>" : ""
        }
    }

    private func words(_ random: inout FuzzRandom) -> String {
        random.pick(["CFBundleIdentifier", "NSAppTransportSecurity", "a &amp; b", "&#x1F600;", "&#0;", "&lt;", "é", "\u{202E}x", "$(X)",
                     "", "CFBundleURLTypes", "CFBundleURLSchemes", "NSExceptionDomains", "&#xD800;"])
    }

    func run(_ input: [UInt8]) {
        _ = try? PropertyListReader.read(input)
        _ = try? InfoPlist.parse(Data(input), path: "Fuzz.plist")
    }
}

/// Binary property lists: object tables whose references point anywhere (themselves, shared
/// objects, past the end), counts that lie, and trailers that do not fit.
struct PlistBinarySurface: FuzzSurface {
    let name = "plist-binary"

    func input(_ random: inout FuzzRandom) -> [UInt8] {
        let count = 1 + random.below(random.chance(10) ? 3000 : 40)
        let referenceSize = random.chance(90) ? 2 : random.pick([1, 3, 8, 0, 9])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        func reference(_ number: Int) -> [UInt8] {
            (0..<max(referenceSize, 0)).reversed().map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) }
        }
        for index in 0..<count {
            offsets.append(bytes.count)
            let target = { (random: inout FuzzRandom) -> Int in
                switch random.below(4) {
                case 0: return index
                case 1: return min(count - 1, index + 1)
                case 2: return random.below(count + 2)
                default: return random.below(max(1, index))
                }
            }
            switch random.below(9) {
            case 0: bytes += [random.pick([0x08, 0x09, 0x00, 0x0F])]
            case 1: bytes += [0x10 | UInt8(random.below(5))] + (0..<8).map { _ in random.byte() }
            case 2: bytes += [random.pick([0x22, 0x23, 0x21])] + (0..<8).map { _ in random.byte() }
            case 3: bytes += [0x33] + (0..<8).map { _ in random.byte() }
            case 4:
                let length = random.below(20)
                bytes += [0x50 | UInt8(min(length, 15))] + (length >= 15 ? [0x10, UInt8(length)] : []) + (0..<length).map { _ in 0x61 }
            case 5: bytes += [0x62] + [0x00, 0x41, 0xD8, 0x00]
            case 6, 7:
                let members = random.below(random.chance(10) ? 40 : 5)
                let marker: UInt8 = random.chance(60) ? 0xA0 : 0xD0
                let header: [UInt8] = members >= 15 ? [marker | 0x0F, 0x10, UInt8(members)] : [marker | UInt8(members)]
                bytes += header
                for _ in 0..<(marker == 0xD0 ? 2 * members : members) { bytes += reference(target(&random)) }
            default: bytes += [random.byte(), random.byte()]
            }
        }
        let table = bytes.count
        let offsetSize = random.chance(90) ? 2 : random.pick([1, 4, 8, 0])
        for offset in offsets { bytes += (0..<max(offsetSize, 0)).reversed().map { UInt8(truncatingIfNeeded: offset >> ($0 * 8)) } }
        func be(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        let top = random.chance(90) ? 0 : random.below(count + 3)
        bytes += [0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: offsetSize), UInt8(truncatingIfNeeded: referenceSize)]
            + be(random.chance(95) ? count : random.below(1 << 20)) + be(top) + be(random.chance(95) ? table : random.below(table + 9))
        return random.chance(20) ? random.mutate(bytes) : bytes
    }

    func run(_ input: [UInt8]) {
        _ = try? PropertyListReader.read(input)
    }
}
