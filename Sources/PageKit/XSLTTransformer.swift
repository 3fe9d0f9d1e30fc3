internal import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// XSLT 1.0 transforms for `XSLTProcessor` (WebKit's XSLTProcessorLibxslt.cpp uses libxslt
/// too): the stylesheet and the source cross as XML text, libxslt transforms them, and the
/// result comes back as text with its output method. The library is opened with `dlopen` the
/// first time a page transforms; every file and network access of a transform is forbidden
/// (DECISIONS.md, "XSLTProcessor").
public enum XSLTTransformer {
    /// The library's file name on Debian (package libxslt1.1).
    static let libraryName = "libxslt.so.1"

    /// The library's functions, and why they could not be loaded.
    nonisolated(unsafe) static let loaded: (functions: CLibXSLTFunctions, failure: String?) = {
        var table = CLibXSLTFunctions()
        let failure = clibxslt_load(&table, libraryName).map { String(cString: $0) }
        return (table, failure)
    }()

    /// A transform's result: the serialized output, and whether its output method is HTML.
    public struct Output: Equatable, Sendable {
        public var text: String
        public var isHTML: Bool
    }

    /// Why a transform gave nothing (`transformToDocument` then returns null).
    public enum Failure: Error, Equatable {
        case libraryUnavailable(String)
        case sourceNotWellFormed
        case stylesheetNotWellFormed
        case notAStylesheet
        case transformFailed
        case outputNotSerializable
    }

    /// Transforms `source` (an XML document's text) with `stylesheet`; `parameters` are the
    /// top-level parameters by name, each passed as a string value.
    public static func transform(source: String, stylesheet: String, parameters: [(name: String, value: String)] = [])
        -> Result<Output, Failure> {
        if let failure = loaded.failure { return .failure(.libraryUnavailable(failure)) }
        let options = Int32(XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue)
        guard let styleDocument = parse(stylesheet, options: options) else { return .failure(.stylesheetNotWellFormed) }
        // The stylesheet owns its document from here.
        guard let style = loaded.functions.xsltParseStylesheetDoc(styleDocument) else {
            loaded.functions.xmlFreeDoc(styleDocument)
            return .failure(.notAStylesheet)
        }
        defer { loaded.functions.xsltFreeStylesheet(style) }
        guard let sourceDocument = parse(source, options: options) else { return .failure(.sourceNotWellFormed) }
        defer { loaded.functions.xmlFreeDoc(sourceDocument) }
        // Parameters are XPath expressions: each value goes as a string literal.
        var strings: [UnsafeMutablePointer<CChar>?] = parameters.flatMap { [strdup($0.name), strdup(literal($0.value))] }
        defer { for pointer in strings { free(pointer) } }
        strings.append(nil)
        let result = strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { params in
                withUnsafePointer(to: loaded.functions) { clibxslt_apply($0, style, sourceDocument, params) }
            }
        }
        guard let result else { return .failure(.transformFailed) }
        defer { loaded.functions.xmlFreeDoc(result) }
        var bytes: UnsafeMutablePointer<xmlChar>?
        var length: Int32 = 0
        guard loaded.functions.xsltSaveResultToString(&bytes, &length, result, style) == 0 else { return .failure(.outputNotSerializable) }
        defer { if let bytes { loaded.functions.xmlFree(bytes) } }
        var text = bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(max(length, 0))), as: UTF8.self) } ?? ""
        // libxslt ends its output with a line break, and begins XML with a declaration, which
        // WebKit's result documents and fragments do not have.
        if text.hasSuffix("\n") { text.removeLast() }
        let isHTML = clibxslt_is_html(result) != 0
        if !isHTML, text.hasPrefix("<?xml"), let close = text.firstIndex(of: ">") {
            text = String(text[text.index(after: close)...].drop { $0 == "\n" })
        }
        return .success(Output(text: text, isHTML: isHTML))
    }

    private static func parse(_ text: String, options: Int32) -> xmlDocPtr? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                loaded.functions.xmlReadMemory(pointer, Int32(clamping: buffer.count), "about:blank", "UTF-8", options)
            }
        }
    }

    /// An XPath string literal of `value` (`concat()` of pieces when it holds both quotes).
    static func literal(_ value: String) -> String {
        if !value.contains("'") { return "'" + value + "'" }
        if !value.contains("\"") { return "\"" + value + "\"" }
        let pieces = value.split(separator: "'", omittingEmptySubsequences: false).map { "'" + $0 + "'" }
        return "concat(" + pieces.joined(separator: ", \"'\", ") + ")"
    }
}
