#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import XCTest
@testable import ScriptRuntime

/// What the prelude installs, property by property: the window's own properties in order (as a
/// new page sees them, then once every interface was made), and for every interface its
/// constructor's and prototype's own properties with their attributes, the names and lengths of
/// their functions and how those stringify, and its prototype chain.
///
/// `Fixtures/prelude-shape.txt` was written from the prelude before the install-time work was
/// restructured for speed (DECISIONS.md, "Page scripts"): the restructuring must change none of
/// it. A deliberate change to the DOM's shape rewrites the file (`WEBNAV_WRITE_SHAPE=1`).
final class PreludeShapeTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("prelude-shape.txt")

    static let dump = """
    (function () {
      const toText = Function.prototype.toString;
      const look = (f) => {
        const match = /^function ([^(]*)\\(\\) \\{\\n    \\[native code\\]\\n\\}$/.exec(toText.call(f));
        return match ? "native " + match[1] : "script";
      };
      const fn = (f) => typeof f === "function" ? JSON.stringify(f.name) + "/" + f.length + "/" + look(f) : String(f);
      const value = (v) => {
        if (typeof v === "function") return "function " + fn(v);
        if (v === null) return "null";
        if (typeof v === "object") {
          const proto = Object.getPrototypeOf(v);
          return "object " + (proto === null ? "null" : typeof proto.constructor === "function" ? proto.constructor.name : "?");
        }
        return typeof v + " " + String(v);
      };
      const describe = (object, key) => {
        const d = Object.getOwnPropertyDescriptor(object, key);
        const flags = (d.enumerable ? "e" : "-") + (d.configurable ? "c" : "-") + ("value" in d ? (d.writable ? "w" : "-") : "");
        const name = typeof key === "symbol" ? key.toString() : key;
        return "value" in d ? name + " " + flags + " " + value(d.value) : name + " " + flags + " get " + fn(d.get) + " set " + fn(d.set);
      };
      const own = (object) => Reflect.ownKeys(object).map((key) => "  " + describe(object, key));
      const lines = ["window, new:"].concat(own(window));
      for (const key of Object.getOwnPropertyNames(window)) { try { window[key]; } catch (e) {} }
      lines.push("window, every interface made:");
      lines.push(...own(window));
      const names = Object.getOwnPropertyNames(window).filter((key) => {
        const d = Object.getOwnPropertyDescriptor(window, key);
        return "value" in d && typeof d.value === "function" && typeof d.value.prototype === "object" && d.value.prototype !== null;
      }).sort();
      for (const name of names) {
        const cls = window[name];
        const parent = Object.getPrototypeOf(cls.prototype);
        lines.push(name + ": " + fn(cls) + " extends " + (parent === null ? "null" : typeof parent.constructor === "function" ? parent.constructor.name : "?")
          + ", constructor's prototype " + (Object.getPrototypeOf(cls) === Function.prototype ? "Function.prototype" : fn(Object.getPrototypeOf(cls))));
        lines.push(" constructor:", ...own(cls), " prototype:", ...own(cls.prototype));
      }
      lines.push("document:", ...own(document), "body:", ...own(document.body), "location:", ...own(location));
      return lines.join("\\n");
    })()
    """

    func testThePreludeInstallsTheSameShape() throws {
        let (page, records, _) = try load("<p>shape</p>")
        XCTAssertEqual(records, [])
        guard case .value(.string(let shape)) = page.evaluate(Self.dump) else {
            return XCTFail("the dump failed: \(page.evaluate(Self.dump))")
        }
        if ProcessInfo.processInfo.environment["WEBNAV_WRITE_SHAPE"] == "1" {
            try Data((shape + "\n").utf8).write(to: Self.fixture)
        }
        let expected = try String(contentsOf: Self.fixture, encoding: .utf8)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let lines = shape.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The lists are long: name the first lines that differ rather than printing them whole.
        let differing = zip(lines, expectedLines).enumerated().filter { $0.element.0 != $0.element.1 }
        for (index, (line, wanted)) in differing.prefix(5) {
            XCTFail("line \(index + 1): \(line)\n        expected: \(wanted)")
        }
        XCTAssertEqual(lines.count, expectedLines.count, "line count")
        XCTAssertTrue(lines == expectedLines, "\(differing.count) lines differ")
    }
}
