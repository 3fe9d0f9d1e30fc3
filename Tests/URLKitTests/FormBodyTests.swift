import URLKit
import XCTest

/// Form bodies for `method=post`, in each `enctype`, as whole byte strings.
final class FormBodyTests: XCTestCase {
    private let entries: [(name: String, value: String)] = [("a b", "x&y=z"), ("line", "1\n2\r3\r\n4"), ("q\"\n", "é")]

    func testTheEnctypeKeywords() {
        XCTAssertEqual(
            [nil, "", "TEXT/plain", " multipart/form-data ", "application/x-www-form-urlencoded", "text/html", "multipart/mixed"]
                .map { FormBody.Encoding(attribute: $0) },
            [.urlEncoded, .urlEncoded, .plainText, .multipart, .urlEncoded, .urlEncoded, .urlEncoded])
    }

    func testURLEncodedAndPlainText() {
        let urlEncoded = FormBody(entries: entries, encoding: .urlEncoded)
        XCTAssertEqual(urlEncoded.contentType, "application/x-www-form-urlencoded")
        XCTAssertEqual(String(decoding: urlEncoded.bytes, as: UTF8.self), "a+b=x%26y%3Dz&line=1%0D%0A2%0D%0A3%0D%0A4&q%22%0D%0A=%C3%A9")
        let plain = FormBody(entries: entries, encoding: .plainText)
        XCTAssertEqual(plain.contentType, "text/plain")
        XCTAssertEqual(String(decoding: plain.bytes, as: UTF8.self), "a b=x&y=z\r\nline=1\r\n2\r\n3\r\n4\r\nq\"\r\n=é\r\n")
        XCTAssertEqual(FormBody(entries: [], encoding: .plainText).bytes, [])
        XCTAssertEqual(FormBody(entries: [], encoding: .urlEncoded).bytes, [])
    }

    func testMultipartWithWebKitsBoundaryShape() throws {
        let body = FormBody(entries: entries, encoding: .multipart)
        let prefix = "multipart/form-data; boundary="
        XCTAssertTrue(body.contentType.hasPrefix(prefix), body.contentType)
        let boundary = String(body.contentType.dropFirst(prefix.count))
        XCTAssertTrue(boundary.hasPrefix("----WebKitFormBoundary"))
        XCTAssertEqual(boundary.count, 38)
        XCTAssertTrue(boundary.dropFirst(22).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, boundary)
        XCTAssertEqual(String(decoding: body.bytes, as: UTF8.self), """
            --\(boundary)\r\nContent-Disposition: form-data; name="a b"\r\n\r\nx&y=z\r\n\
            --\(boundary)\r\nContent-Disposition: form-data; name="line"\r\n\r\n1\r\n2\r\n3\r\n4\r\n\
            --\(boundary)\r\nContent-Disposition: form-data; name="q%22%0D%0A"\r\n\r\né\r\n\
            --\(boundary)--\r\n
            """)
        XCTAssertEqual(FormBody(entries: entries, encoding: .multipart), body, "the same entries, the same bytes")
        XCTAssertNotEqual(FormBody(entries: [("a", "1")], encoding: .multipart).contentType, body.contentType)
        let empty = FormBody(entries: [], encoding: .multipart)
        XCTAssertEqual(String(decoding: empty.bytes, as: UTF8.self), "--\(empty.contentType.dropFirst(prefix.count))--\r\n")
    }

    func testTheBoundaryNeverOccursInTheEntries() {
        // An entry holding the boundary its own entries would hash to gets another one.
        let first = FormBody(entries: [("a", "1")], encoding: .multipart)
        let boundary = String(first.contentType.dropFirst("multipart/form-data; boundary=".count))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let value = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in "ab-\r\n\"é".randomElement(using: &generator)! })
            let entries = [("a", value), ("b", boundary)]
            let body = FormBody(entries: entries, encoding: .multipart)
            let chosen = String(body.contentType.dropFirst("multipart/form-data; boundary=".count))
            XCTAssertFalse(entries.contains { $0.0.contains(chosen) || $0.1.contains(chosen) })
            XCTAssertTrue(String(decoding: body.bytes, as: UTF8.self).hasSuffix("--\(chosen)--\r\n"))
        }
    }
}
