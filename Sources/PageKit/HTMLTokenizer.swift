/// A start or end tag being built by the tokenizer; reused from one tag to the next.
struct TagToken {
    /// One attribute: its name's atom and where its value lies in `values`.
    struct Attribute {
        var name: Int32
        var valueStart: Int32
        var valueLength: Int32
        /// Where the value is written in the input (inside its quotes), for the linter.
        var sourceStart: Int32 = -1
        var sourceEnd: Int32 = -1
    }

    var name: Int32 = HTMLDocument.none
    var isEndTag = false
    /// The input offset of the tag's `<`; -1 for a tag the tree builder made up.
    var sourceStart: Int32 = -1
    var selfClosing = false
    var attributes: [Attribute] = []
    /// The values of `attributes`, back to back.
    var values: [UInt8] = []

    /// The value of an attribute, if the tag has it.
    func value(of name: Int32) -> ArraySlice<UInt8>? {
        for attribute in attributes where attribute.name == name {
            let start = Int(attribute.valueStart)
            return values[start..<(start + Int(attribute.valueLength))]
        }
        return nil
    }

    func hasAttribute(_ name: KnownName) -> Bool { attributes.contains { $0.name == name.rawValue } }
}

/// The WHATWG HTML tokenizer, run over UTF-8 bytes and handing each token to the tree builder.
///
/// It keeps its whole state between calls, so input may end anywhere (mid-tag, mid-reference)
/// and go on when more arrives: `document.write` text, or the rest of the page after a script.
/// Bytes at or above 0x80 are never special, so valid UTF-8 passes through untouched.
struct HTMLTokenizer {
    enum State: UInt8 {
        case data, rcdata, rawtext, scriptData, plaintext, tagOpen, endTagOpen, tagName
        case rcdataLessThanSign, rcdataEndTagOpen, rcdataEndTagName
        case rawtextLessThanSign, rawtextEndTagOpen, rawtextEndTagName
        case scriptDataLessThanSign, scriptDataEndTagOpen, scriptDataEndTagName
        case scriptDataEscapeStart, scriptDataEscapeStartDash, scriptDataEscaped, scriptDataEscapedDash
        case scriptDataEscapedDashDash, scriptDataEscapedLessThanSign, scriptDataEscapedEndTagOpen
        case scriptDataEscapedEndTagName, scriptDataDoubleEscapeStart, scriptDataDoubleEscaped
        case scriptDataDoubleEscapedDash, scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThanSign
        case scriptDataDoubleEscapeEnd
        case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
        case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
        case afterAttributeValueQuoted, selfClosingStartTag, bogusComment, markupDeclarationOpen
        case commentStart, commentStartDash, comment, commentLessThanSign, commentLessThanSignBang
        case commentLessThanSignBangDash, commentLessThanSignBangDashDash, commentEndDash, commentEnd, commentEndBang
        case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
        case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier, doctypePublicIdentifierDoubleQuoted
        case doctypePublicIdentifierSingleQuoted, afterDoctypePublicIdentifier
        case betweenDoctypePublicAndSystemIdentifiers, afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
        case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted, afterDoctypeSystemIdentifier
        case bogusDoctype, cdataSection, cdataSectionBracket, cdataSectionEnd
        case characterReference, namedCharacterReference, ambiguousAmpersand, numericCharacterReference
        case hexadecimalCharacterReferenceStart, decimalCharacterReferenceStart
        case hexadecimalCharacterReference, decimalCharacterReference
    }

    /// A DOCTYPE token's fields.
    struct Doctype {
        var name: [UInt8]? = nil
        var publicIdentifier: [UInt8]? = nil
        var systemIdentifier: [UInt8]? = nil
        var forceQuirks = false
    }

    var state = State.data
    /// Where reading goes on in the input.
    var position = 0
    /// The last input byte was a carriage return, so a line feed right after it is dropped.
    private var afterCarriageReturn = false
    private var returnState = State.data
    /// The lowercased name of the last start tag emitted, for "appropriate end tag" checks.
    var appropriateEndTagName: [UInt8] = []

    private var tag = TagToken()
    private var nameBuffer: [UInt8] = []
    /// The "temporary buffer" of the standard: raw end tag text, and the bytes of a character reference.
    private var temporaryBuffer: [UInt8] = []
    private var commentBuffer: [UInt8] = []
    private var textBuffer: [UInt8] = []
    private var doctype = Doctype()
    private var characterReferenceCode: UInt32 = 0
    private var referenceSearch = NamedCharacterReferences.Search()
    /// Stamps by attribute atom: an attribute whose stamp is the current tag's is a duplicate.
    private var attributeStamps: [UInt32] = []
    private var tagStamp: UInt32 = 0
    private var attributeIsDuplicate = false
    private var attributeValueStart = 0
    /// Where the current attribute's value starts in the input.
    private var attributeSourceStart = 0

    /// Why `run` returned.
    enum Stop {
        /// Every byte up to the limit was read (and, at the end of input, the end-of-file token sent).
        case endOfInput
        /// The tree builder asked to pause after the token it was just handed.
        case paused
    }

    /// Tokenizes `input[position..<limit]`; `isEnd` says whether the input ends at `limit`.
    mutating func run(_ input: UnsafeBufferPointer<UInt8>, limit: Int, isEnd: Bool,
                      into builder: inout HTMLTreeBuilder) -> Stop {
        while true {
            if builder.pauseRequested { return .paused }
            if let state = builder.requestedTokenizerState {
                self.state = state
                builder.requestedTokenizerState = nil
                if let name = builder.requestedEndTagName {
                    appropriateEndTagName = name
                    builder.requestedEndTagName = nil
                }
            }
            guard position < limit else {
                if isEnd && !builder.isFinished {
                    endOfFile(into: &builder)
                }
                return builder.pauseRequested ? .paused : .endOfInput
            }
            var byte = input[position]
            if byte == 0x0D {
                byte = 0x0A
                afterCarriageReturn = true
            } else if byte == 0x0A && afterCarriageReturn {
                afterCarriageReturn = false
                position += 1
                continue
            } else {
                afterCarriageReturn = false
            }
            if !step(byte, input, limit: limit, isEnd: isEnd, &builder) { return .endOfInput }
        }
    }

    // MARK: - States

    /// Handles one input byte in the current state; false when it must wait for more input.
    @inline(__always)
    private mutating func step(_ c: UInt8, _ input: UnsafeBufferPointer<UInt8>, limit: Int, isEnd: Bool,
                               _ builder: inout HTMLTreeBuilder) -> Bool {
        switch state {
        case .data:
            switch c {
            case ampersand:
                returnState = .data
                state = .characterReference
                position += 1
            case lessThan:
                state = .tagOpen
                position += 1
            case 0:
                builder.characters(nulText)
                position += 1
            default:
                emitRun(input, limit: limit, ampersand, lessThan, 0, 0x0D, &builder)
            }
        case .rcdata:
            switch c {
            case ampersand:
                returnState = .rcdata
                state = .characterReference
                position += 1
            case lessThan:
                state = .rcdataLessThanSign
                position += 1
            case 0:
                builder.characters(replacementText)
                position += 1
            default:
                emitRun(input, limit: limit, ampersand, lessThan, 0, 0x0D, &builder)
            }
        case .rawtext, .scriptData:
            switch c {
            case lessThan:
                state = state == .rawtext ? .rawtextLessThanSign : .scriptDataLessThanSign
                position += 1
            case 0:
                builder.characters(replacementText)
                position += 1
            default:
                emitRun(input, limit: limit, lessThan, 0, 0x0D, 0x0D, &builder)
            }
        case .plaintext:
            if c == 0 {
                builder.characters(replacementText)
                position += 1
            } else {
                emitRun(input, limit: limit, 0, 0x0D, 0x0D, 0x0D, &builder)
            }
        case .tagOpen:
            if c == exclamation {
                state = .markupDeclarationOpen
                position += 1
            } else if c == solidus {
                state = .endTagOpen
                position += 1
            } else if isASCIIAlpha(c) {
                startTag(isEnd: false)
                state = .tagName
            } else if c == questionMark {
                commentBuffer.removeAll(keepingCapacity: true)
                state = .bogusComment
            } else {
                builder.characters(lessThanText)
                state = .data
            }
        case .endTagOpen:
            if isASCIIAlpha(c) {
                startTag(isEnd: true)
                state = .tagName
            } else if c == greaterThan {
                state = .data
                position += 1
            } else {
                commentBuffer.removeAll(keepingCapacity: true)
                state = .bogusComment
            }
        case .tagName:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                finishTagName(&builder)
                state = .beforeAttributeName
                position += 1
            case solidus:
                finishTagName(&builder)
                state = .selfClosingStartTag
                position += 1
            case greaterThan:
                finishTagName(&builder)
                position += 1
                emitTag(&builder)
            case 0:
                nameBuffer.append(contentsOf: replacementBytes)
                position += 1
            default:
                appendName(input, limit: limit)
            }
        case .rcdataLessThanSign, .rawtextLessThanSign, .scriptDataLessThanSign:
            if c == solidus {
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = state == .rcdataLessThanSign ? .rcdataEndTagOpen
                    : state == .rawtextLessThanSign ? .rawtextEndTagOpen : .scriptDataEndTagOpen
                position += 1
            } else if c == exclamation && state == .scriptDataLessThanSign {
                state = .scriptDataEscapeStart
                position += 1
                builder.characters(lessThanBangText)
            } else {
                builder.characters(lessThanText)
                state = state == .rcdataLessThanSign ? .rcdata : state == .rawtextLessThanSign ? .rawtext : .scriptData
            }
        case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
            if isASCIIAlpha(c) {
                startTag(isEnd: true)
                state = state == .rcdataEndTagOpen ? .rcdataEndTagName
                    : state == .rawtextEndTagOpen ? .rawtextEndTagName
                    : state == .scriptDataEndTagOpen ? .scriptDataEndTagName : .scriptDataEscapedEndTagName
            } else {
                builder.characters(lessThanSolidusText)
                state = textState(after: state)
            }
        case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
            if isASCIIAlpha(c) {
                nameBuffer.append(asciiLowercase(c))
                temporaryBuffer.append(c)
                position += 1
                return true
            }
            if nameBuffer == appropriateEndTagName {
                switch c {
                case 0x09, 0x0A, 0x0C, 0x20:
                    finishTagName(&builder)
                    state = .beforeAttributeName
                    position += 1
                    return true
                case solidus:
                    finishTagName(&builder)
                    state = .selfClosingStartTag
                    position += 1
                    return true
                case greaterThan:
                    finishTagName(&builder)
                    position += 1
                    emitTag(&builder)
                    return true
                default:
                    break
                }
            }
            builder.characters(lessThanSolidusText)
            emitBytes(temporaryBuffer, &builder)
            state = textState(after: state)
        case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
            if c == hyphen {
                builder.characters(hyphenText)
                state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
                position += 1
            } else {
                state = .scriptData
            }
        case .scriptDataEscaped:
            switch c {
            case hyphen:
                builder.characters(hyphenText)
                state = .scriptDataEscapedDash
                position += 1
            case lessThan:
                state = .scriptDataEscapedLessThanSign
                position += 1
            case 0:
                builder.characters(replacementText)
                position += 1
            default:
                emitRun(input, limit: limit, hyphen, lessThan, 0, 0x0D, &builder)
            }
        case .scriptDataEscapedDash, .scriptDataEscapedDashDash:
            switch c {
            case hyphen:
                builder.characters(hyphenText)
                state = .scriptDataEscapedDashDash
                position += 1
            case lessThan:
                state = .scriptDataEscapedLessThanSign
                position += 1
            case greaterThan where state == .scriptDataEscapedDashDash:
                builder.characters(greaterThanText)
                state = .scriptData
                position += 1
            case 0:
                builder.characters(replacementText)
                state = .scriptDataEscaped
                position += 1
            default:
                state = .scriptDataEscaped
            }
        case .scriptDataEscapedLessThanSign:
            if c == solidus {
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = .scriptDataEscapedEndTagOpen
                position += 1
            } else if isASCIIAlpha(c) {
                temporaryBuffer.removeAll(keepingCapacity: true)
                builder.characters(lessThanText)
                state = .scriptDataDoubleEscapeStart
            } else {
                builder.characters(lessThanText)
                state = .scriptDataEscaped
            }
        case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
            let starting = state == .scriptDataDoubleEscapeStart
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20, solidus, greaterThan:
                let isScript = temporaryBuffer == scriptBytes
                state = starting ? (isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped)
                    : (isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped)
                emitByte(c, &builder)
                position += 1
            default:
                if isASCIIAlpha(c) {
                    temporaryBuffer.append(asciiLowercase(c))
                    emitByte(c, &builder)
                    position += 1
                } else {
                    state = starting ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }
            }
        case .scriptDataDoubleEscaped:
            switch c {
            case hyphen:
                builder.characters(hyphenText)
                state = .scriptDataDoubleEscapedDash
                position += 1
            case lessThan:
                builder.characters(lessThanText)
                state = .scriptDataDoubleEscapedLessThanSign
                position += 1
            case 0:
                builder.characters(replacementText)
                position += 1
            default:
                emitRun(input, limit: limit, hyphen, lessThan, 0, 0x0D, &builder)
            }
        case .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
            switch c {
            case hyphen:
                builder.characters(hyphenText)
                state = .scriptDataDoubleEscapedDashDash
                position += 1
            case lessThan:
                builder.characters(lessThanText)
                state = .scriptDataDoubleEscapedLessThanSign
                position += 1
            case greaterThan where state == .scriptDataDoubleEscapedDashDash:
                builder.characters(greaterThanText)
                state = .scriptData
                position += 1
            case 0:
                builder.characters(replacementText)
                state = .scriptDataDoubleEscaped
                position += 1
            default:
                state = .scriptDataDoubleEscaped
            }
        case .scriptDataDoubleEscapedLessThanSign:
            if c == solidus {
                temporaryBuffer.removeAll(keepingCapacity: true)
                builder.characters(solidusText)
                state = .scriptDataDoubleEscapeEnd
                position += 1
            } else {
                state = .scriptDataDoubleEscaped
            }
        case .beforeAttributeName:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                position += 1
            case solidus, greaterThan:
                state = .afterAttributeName
            case equals:
                startAttribute()
                nameBuffer.append(c)
                state = .attributeName
                position += 1
            default:
                startAttribute()
                state = .attributeName
            }
        case .attributeName:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20, solidus, greaterThan:
                finishAttributeName(&builder)
                state = .afterAttributeName
            case equals:
                finishAttributeName(&builder)
                state = .beforeAttributeValue
                position += 1
            case 0:
                nameBuffer.append(contentsOf: replacementBytes)
                position += 1
            default:
                appendName(input, limit: limit)
            }
        case .afterAttributeName:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                position += 1
            case solidus:
                state = .selfClosingStartTag
                position += 1
            case equals:
                state = .beforeAttributeValue
                position += 1
            case greaterThan:
                position += 1
                emitTag(&builder)
            default:
                startAttribute()
                state = .attributeName
            }
        case .beforeAttributeValue:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                position += 1
            case quotationMark:
                state = .attributeValueDoubleQuoted
                position += 1
                attributeSourceStart = position
            case apostrophe:
                state = .attributeValueSingleQuoted
                position += 1
                attributeSourceStart = position
            case greaterThan:
                attributeSourceStart = position
                finishAttributeValue()
                position += 1
                emitTag(&builder)
            default:
                attributeSourceStart = position
                state = .attributeValueUnquoted
            }
        case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
            let quote = state == .attributeValueDoubleQuoted ? quotationMark : apostrophe
            switch c {
            case quote:
                finishAttributeValue()
                state = .afterAttributeValueQuoted
                position += 1
            case ampersand:
                returnState = state
                state = .characterReference
                position += 1
            case 0:
                appendToValue(replacementBytes)
                position += 1
            default:
                appendValueRun(input, limit: limit, stoppingAt: quote)
            }
        case .attributeValueUnquoted:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                finishAttributeValue()
                state = .beforeAttributeName
                position += 1
            case ampersand:
                returnState = .attributeValueUnquoted
                state = .characterReference
                position += 1
            case greaterThan:
                finishAttributeValue()
                position += 1
                emitTag(&builder)
            case 0:
                appendToValue(replacementBytes)
                position += 1
            default:
                appendUnquotedValueRun(input, limit: limit)
            }
        case .afterAttributeValueQuoted:
            switch c {
            case 0x09, 0x0A, 0x0C, 0x20:
                state = .beforeAttributeName
                position += 1
            case solidus:
                state = .selfClosingStartTag
                position += 1
            case greaterThan:
                position += 1
                emitTag(&builder)
            default:
                state = .beforeAttributeName
            }
        case .selfClosingStartTag:
            if c == greaterThan {
                tag.selfClosing = true
                position += 1
                emitTag(&builder)
            } else {
                state = .beforeAttributeName
            }
        case .bogusComment:
            if c == greaterThan {
                position += 1
                emitComment(&builder)
            } else {
                appendCommentRun(input, limit: limit, stoppingAt: greaterThan)
            }
        case .markupDeclarationOpen:
            return markupDeclarationOpen(input, limit: limit, isEnd: isEnd, &builder)
        case .commentStart:
            if c == hyphen {
                state = .commentStartDash
                position += 1
            } else if c == greaterThan {
                position += 1
                emitComment(&builder)
            } else {
                state = .comment
            }
        case .commentStartDash:
            if c == hyphen {
                state = .commentEnd
                position += 1
            } else if c == greaterThan {
                position += 1
                emitComment(&builder)
            } else {
                commentBuffer.append(hyphen)
                state = .comment
            }
        case .comment:
            switch c {
            case lessThan:
                commentBuffer.append(c)
                state = .commentLessThanSign
                position += 1
            case hyphen:
                state = .commentEndDash
                position += 1
            default:
                appendCommentRun(input, limit: limit, stoppingAt: hyphen, lessThan)
            }
        case .commentLessThanSign:
            if c == exclamation {
                commentBuffer.append(c)
                state = .commentLessThanSignBang
                position += 1
            } else if c == lessThan {
                commentBuffer.append(c)
                position += 1
            } else {
                state = .comment
            }
        case .commentLessThanSignBang:
            if c == hyphen {
                state = .commentLessThanSignBangDash
                position += 1
            } else {
                state = .comment
            }
        case .commentLessThanSignBangDash:
            if c == hyphen {
                state = .commentLessThanSignBangDashDash
                position += 1
            } else {
                state = .commentEndDash
            }
        case .commentLessThanSignBangDashDash:
            state = .commentEnd
        case .commentEndDash:
            if c == hyphen {
                state = .commentEnd
                position += 1
            } else {
                commentBuffer.append(hyphen)
                state = .comment
            }
        case .commentEnd:
            switch c {
            case greaterThan:
                position += 1
                emitComment(&builder)
            case exclamation:
                state = .commentEndBang
                position += 1
            case hyphen:
                commentBuffer.append(hyphen)
                position += 1
            default:
                commentBuffer.append(hyphen)
                commentBuffer.append(hyphen)
                state = .comment
            }
        case .commentEndBang:
            switch c {
            case hyphen:
                commentBuffer.append(contentsOf: [hyphen, hyphen, exclamation])
                state = .commentEndDash
                position += 1
            case greaterThan:
                position += 1
                emitComment(&builder)
            default:
                commentBuffer.append(contentsOf: [hyphen, hyphen, exclamation])
                state = .comment
            }
        case .doctype:
            if !isWhitespace(c) && c != greaterThan { state = .beforeDoctypeName; return true }
            if c == greaterThan { state = .beforeDoctypeName } else { state = .beforeDoctypeName; position += 1 }
        case .beforeDoctypeName:
            if isWhitespace(c) {
                position += 1
            } else if c == greaterThan {
                doctype.forceQuirks = true
                position += 1
                emitDoctype(&builder)
            } else {
                doctype.name = [c == 0 ? 0 : asciiLowercase(c)]
                if c == 0 { doctype.name = replacementBytes }
                state = .doctypeName
                position += 1
            }
        case .doctypeName:
            if isWhitespace(c) {
                state = .afterDoctypeName
                position += 1
            } else if c == greaterThan {
                position += 1
                emitDoctype(&builder)
            } else {
                if c == 0 { doctype.name?.append(contentsOf: replacementBytes) } else { doctype.name?.append(asciiLowercase(c)) }
                position += 1
            }
        case .afterDoctypeName:
            if isWhitespace(c) {
                position += 1
            } else if c == greaterThan {
                position += 1
                emitDoctype(&builder)
            } else {
                guard limit - position >= 6 || isEnd else { return false }
                if matchesCaseInsensitive(input, limit: limit, "public") {
                    position += 6
                    state = .afterDoctypePublicKeyword
                } else if matchesCaseInsensitive(input, limit: limit, "system") {
                    position += 6
                    state = .afterDoctypeSystemKeyword
                } else {
                    doctype.forceQuirks = true
                    state = .bogusDoctype
                }
            }
        case .afterDoctypePublicKeyword, .afterDoctypeSystemKeyword:
            let isPublic = state == .afterDoctypePublicKeyword
            if isWhitespace(c) {
                state = isPublic ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
                position += 1
            } else {
                doctypeIdentifierStart(c, isPublic: isPublic, &builder)
            }
        case .beforeDoctypePublicIdentifier, .beforeDoctypeSystemIdentifier:
            if isWhitespace(c) {
                position += 1
            } else {
                doctypeIdentifierStart(c, isPublic: state == .beforeDoctypePublicIdentifier, &builder)
            }
        case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
             .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
            let isPublic = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypePublicIdentifierSingleQuoted
            let quote = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypeSystemIdentifierDoubleQuoted
                ? quotationMark : apostrophe
            position += 1
            if c == quote {
                state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
            } else if c == greaterThan {
                doctype.forceQuirks = true
                emitDoctype(&builder)
            } else {
                let bytes = c == 0 ? replacementBytes : [c]
                if isPublic { doctype.publicIdentifier?.append(contentsOf: bytes) } else {
                    doctype.systemIdentifier?.append(contentsOf: bytes)
                }
            }
        case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
            if isWhitespace(c) {
                state = .betweenDoctypePublicAndSystemIdentifiers
                position += 1
            } else if c == greaterThan {
                position += 1
                emitDoctype(&builder)
            } else if c == quotationMark || c == apostrophe {
                doctype.systemIdentifier = []
                state = c == quotationMark ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
                position += 1
            } else {
                doctype.forceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypeSystemIdentifier:
            if isWhitespace(c) {
                position += 1
            } else if c == greaterThan {
                position += 1
                emitDoctype(&builder)
            } else {
                state = .bogusDoctype
            }
        case .bogusDoctype:
            position += 1
            if c == greaterThan { emitDoctype(&builder) }
        case .cdataSection:
            if c == rightBracket {
                state = .cdataSectionBracket
                position += 1
            } else if c == 0 {
                builder.characters(nulText)
                position += 1
            } else {
                emitRun(input, limit: limit, rightBracket, 0, 0x0D, 0x0D, &builder)
            }
        case .cdataSectionBracket:
            if c == rightBracket {
                state = .cdataSectionEnd
                position += 1
            } else {
                builder.characters(rightBracketText)
                state = .cdataSection
            }
        case .cdataSectionEnd:
            if c == rightBracket {
                builder.characters(rightBracketText)
                position += 1
            } else if c == greaterThan {
                state = .data
                position += 1
            } else {
                builder.characters(rightBracketText)
                builder.characters(rightBracketText)
                state = .cdataSection
            }
        case .characterReference:
            temporaryBuffer.removeAll(keepingCapacity: true)
            temporaryBuffer.append(ampersand)
            if isASCIIAlphanumeric(c) {
                referenceSearch = NamedCharacterReferences.Search()
                state = .namedCharacterReference
            } else if c == numberSign {
                temporaryBuffer.append(c)
                state = .numericCharacterReference
                position += 1
            } else {
                flushCharacterReference(&builder)
                state = returnState
            }
        case .namedCharacterReference:
            if referenceSearch.feed(c) {
                temporaryBuffer.append(c)
                position += 1
            } else {
                finishNamedCharacterReference(next: c, &builder)
            }
        case .ambiguousAmpersand:
            if isASCIIAlphanumeric(c) {
                if isInAttribute(returnState) { appendToValue(c) } else { emitByte(c, &builder) }
                position += 1
            } else {
                state = returnState
            }
        case .numericCharacterReference:
            characterReferenceCode = 0
            if c == 0x78 || c == 0x58 {
                temporaryBuffer.append(c)
                state = .hexadecimalCharacterReferenceStart
                position += 1
            } else {
                state = .decimalCharacterReferenceStart
            }
        case .hexadecimalCharacterReferenceStart, .decimalCharacterReferenceStart:
            let isHex = state == .hexadecimalCharacterReferenceStart
            if isHex ? isASCIIHexDigit(c) : isASCIIDigit(c) {
                state = isHex ? .hexadecimalCharacterReference : .decimalCharacterReference
            } else {
                flushCharacterReference(&builder)
                state = returnState
            }
        case .hexadecimalCharacterReference, .decimalCharacterReference:
            let isHex = state == .hexadecimalCharacterReference
            if let digit = isHex ? hexDigitValue(c) : (isASCIIDigit(c) ? UInt32(c - 0x30) : nil) {
                characterReferenceCode = min(characterReferenceCode &* (isHex ? 16 : 10) &+ digit, 0x110000)
                position += 1
            } else {
                if c == semicolon { position += 1 }
                finishNumericCharacterReference(&builder)
            }
        }
        return true
    }

    // MARK: - End of file

    private mutating func endOfFile(into builder: inout HTMLTreeBuilder) {
        switch state {
        case .tagOpen:
            builder.characters(lessThanText)
        case .endTagOpen:
            builder.characters(lessThanSolidusText)
        case .rcdataLessThanSign, .rawtextLessThanSign, .scriptDataLessThanSign, .scriptDataEscapedLessThanSign:
            builder.characters(lessThanText)
        case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
            builder.characters(lessThanSolidusText)
        case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName, .scriptDataEscapedEndTagName:
            builder.characters(lessThanSolidusText)
            emitBytes(temporaryBuffer, &builder)
        case .bogusComment, .commentStart, .commentStartDash, .comment, .commentLessThanSign,
             .commentLessThanSignBang, .commentLessThanSignBangDash, .commentLessThanSignBangDashDash,
             .commentEndDash, .commentEnd, .commentEndBang:
            emitComment(&builder)
        case .markupDeclarationOpen:
            commentBuffer.removeAll(keepingCapacity: true)
            emitComment(&builder)
        case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword,
             .beforeDoctypePublicIdentifier, .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
             .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword,
             .beforeDoctypeSystemIdentifier, .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted,
             .afterDoctypeSystemIdentifier:
            doctype.forceQuirks = true
            emitDoctype(&builder)
        case .bogusDoctype:
            emitDoctype(&builder)
        case .cdataSectionBracket:
            builder.characters(rightBracketText)
        case .cdataSectionEnd:
            builder.characters(rightBracketText)
            builder.characters(rightBracketText)
        case .characterReference:
            temporaryBuffer.removeAll(keepingCapacity: true)
            temporaryBuffer.append(ampersand)
            flushCharacterReference(&builder)
        case .namedCharacterReference:
            finishNamedCharacterReference(next: nil, &builder)
        case .numericCharacterReference, .hexadecimalCharacterReferenceStart, .decimalCharacterReferenceStart:
            flushCharacterReference(&builder)
        case .hexadecimalCharacterReference, .decimalCharacterReference:
            finishNumericCharacterReference(&builder)
        default:
            break
        }
        state = .data
        builder.endOfFile()
    }

    // MARK: - Runs

    /// Emits the bytes from `position` up to (not including) the first of four stop bytes.
    @inline(__always)
    private mutating func emitRun(_ input: UnsafeBufferPointer<UInt8>, limit: Int,
                                  _ s0: UInt8, _ s1: UInt8, _ s2: UInt8, _ s3: UInt8,
                                  _ builder: inout HTMLTreeBuilder) {
        let start = position
        if input[start] == 0x0D {
            // Read as a line feed; a line feed right after it is dropped by `run`.
            builder.characters(lineFeedText)
            position += 1
            return
        }
        var index = position + 1
        while index < limit {
            let byte = input[index]
            if byte == s0 || byte == s1 || byte == s2 || byte == s3 { break }
            index += 1
        }
        position = index
        builder.characters(UnsafeBufferPointer(rebasing: input[start..<index]))
    }

    private mutating func emitByte(_ byte: UInt8, _ builder: inout HTMLTreeBuilder) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { buffer in
            buffer[0] = byte
            builder.characters(UnsafeBufferPointer(buffer))
        }
    }

    private func emitBytes(_ bytes: [UInt8], _ builder: inout HTMLTreeBuilder) {
        bytes.withUnsafeBufferPointer { builder.characters($0) }
    }

    /// Appends a run of name bytes (lowercased) up to a byte that ends or changes the name.
    @inline(__always)
    private mutating func appendName(_ input: UnsafeBufferPointer<UInt8>, limit: Int) {
        let start = position
        var index = position
        var hasUppercase = false
        let inTagName = state == .tagName
        scan: while index < limit {
            let byte = input[index]
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20, solidus, greaterThan, 0:
                break scan
            case equals where !inTagName:
                break scan
            case 0x41...0x5A:
                hasUppercase = true
            default:
                break
            }
            index += 1
        }
        let oldCount = nameBuffer.count
        nameBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
        if hasUppercase {
            for offset in oldCount..<nameBuffer.count { nameBuffer[offset] = asciiLowercase(nameBuffer[offset]) }
        }
        position = index
    }

    private mutating func appendValueRun(_ input: UnsafeBufferPointer<UInt8>, limit: Int, stoppingAt quote: UInt8) {
        if input[position] == 0x0D {
            tag.values.append(0x0A)
            position += 1
            return
        }
        var index = position + 1
        while index < limit {
            let byte = input[index]
            if byte == quote || byte == ampersand || byte == 0 || byte == 0x0D { break }
            index += 1
        }
        tag.values.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<index]))
        position = index
    }

    private mutating func appendUnquotedValueRun(_ input: UnsafeBufferPointer<UInt8>, limit: Int) {
        var index = position
        while index < limit {
            switch input[index] {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20, ampersand, greaterThan, 0:
                tag.values.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<index]))
                position = index
                return
            default:
                index += 1
            }
        }
        tag.values.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<index]))
        position = index
    }

    private mutating func appendCommentRun(_ input: UnsafeBufferPointer<UInt8>, limit: Int,
                                           stoppingAt first: UInt8, _ second: UInt8 = 0xFF) {
        var index = position
        while index < limit {
            let byte = input[index]
            if byte == first || byte == second || byte == 0 || byte == 0x0D { break }
            index += 1
        }
        if index == position {
            // The byte at `position` is a NUL or a carriage return (already read as a line feed).
            commentBuffer.append(contentsOf: input[position] == 0 ? replacementBytes : [0x0A])
            position += 1
            return
        }
        commentBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: input[position..<index]))
        position = index
    }

    // MARK: - Tags

    private mutating func startTag(isEnd: Bool) {
        tag.name = HTMLDocument.none
        tag.isEndTag = isEnd
        // `position` is at the name's first letter, after `<` or `</`.
        tag.sourceStart = Int32(truncatingIfNeeded: position - (isEnd ? 2 : 1))
        tag.selfClosing = false
        if !tag.attributes.isEmpty { tag.attributes.removeAll(keepingCapacity: true) }
        if !tag.values.isEmpty { tag.values.removeAll(keepingCapacity: true) }
        if !nameBuffer.isEmpty { nameBuffer.removeAll(keepingCapacity: true) }
        attributeIsDuplicate = false
        tagStamp &+= 1
        if tagStamp == 0 {
            for index in attributeStamps.indices { attributeStamps[index] = 0 }
            tagStamp = 1
        }
    }

    private mutating func finishTagName(_ builder: inout HTMLTreeBuilder) {
        tag.name = nameBuffer.withUnsafeBufferPointer { builder.document.names.atom(for: $0) }
    }

    private mutating func startAttribute() {
        if !nameBuffer.isEmpty { nameBuffer.removeAll(keepingCapacity: true) }
        attributeValueStart = tag.values.count
    }

    /// Interns the attribute name; a name the tag already has makes the attribute a duplicate, to drop.
    private mutating func finishAttributeName(_ builder: inout HTMLTreeBuilder) {
        let atom = nameBuffer.withUnsafeBufferPointer { builder.document.names.atom(for: $0) }
        if Int(atom) >= attributeStamps.count {
            attributeStamps.append(contentsOf: repeatElement(0, count: max(Int(atom) + 1 - attributeStamps.count, attributeStamps.count)))
        }
        attributeIsDuplicate = attributeStamps[Int(atom)] == tagStamp
        attributeStamps[Int(atom)] = tagStamp
        attributeValueStart = tag.values.count
        if !attributeIsDuplicate {
            let offset = Int32(truncatingIfNeeded: position)
            tag.attributes.append(TagToken.Attribute(name: atom, valueStart: Int32(attributeValueStart), valueLength: 0,
                                                     sourceStart: offset, sourceEnd: offset))
        }
    }

    private mutating func finishAttributeValue() {
        if attributeIsDuplicate {
            tag.values.removeSubrange(attributeValueStart...)
            return
        }
        guard !tag.attributes.isEmpty else { return }
        let last = tag.attributes.count - 1
        tag.attributes[last].valueLength = Int32(tag.values.count - attributeValueStart)
        tag.attributes[last].sourceStart = Int32(truncatingIfNeeded: attributeSourceStart)
        tag.attributes[last].sourceEnd = Int32(truncatingIfNeeded: position)
    }

    private mutating func appendToValue(_ bytes: [UInt8]) { tag.values.append(contentsOf: bytes) }

    private mutating func appendToValue(_ byte: UInt8) { tag.values.append(byte) }

    private mutating func emitTag(_ builder: inout HTMLTreeBuilder) {
        state = .data
        if tag.name == HTMLDocument.none { finishTagName(&builder) }
        if attributeIsDuplicate {
            tag.values.removeSubrange(min(attributeValueStart, tag.values.count)...)
            attributeIsDuplicate = false
        }
        if builder.sourceRecord != nil { builder.record(tag, end: position) }
        if tag.isEndTag {
            builder.endTag(tag)
        } else {
            builder.startTag(tag)
        }
    }

    // MARK: - Comments and DOCTYPEs

    private mutating func emitComment(_ builder: inout HTMLTreeBuilder) {
        state = .data
        commentBuffer.withUnsafeBufferPointer { builder.comment($0) }
        commentBuffer.removeAll(keepingCapacity: true)
    }

    private mutating func markupDeclarationOpen(_ input: UnsafeBufferPointer<UInt8>, limit: Int, isEnd: Bool,
                                                _ builder: inout HTMLTreeBuilder) -> Bool {
        let available = limit - position
        commentBuffer.removeAll(keepingCapacity: true)
        if available >= 2 && input[position] == hyphen && input[position + 1] == hyphen {
            position += 2
            state = .commentStart
            return true
        }
        if available >= 7 && matchesCaseInsensitive(input, limit: limit, "doctype") {
            position += 7
            doctype = Doctype()
            state = .doctype
            return true
        }
        if available >= 7 && matchesExactly(input, limit: limit, "[CDATA[") {
            position += 7
            if builder.adjustedCurrentNodeIsForeign {
                state = .cdataSection
            } else {
                commentBuffer.append(contentsOf: Array("[CDATA[".utf8))
                state = .bogusComment
            }
            return true
        }
        // Too little input to decide: wait unless it is all there is.
        if !isEnd && available < 7 && couldStillMatch(input, limit: limit) { return false }
        state = .bogusComment
        return true
    }

    /// Whether the bytes left could be the start of `--`, `DOCTYPE` or `[CDATA[`.
    private func couldStillMatch(_ input: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        for keyword in ["--", "doctype", "[CDATA["] {
            let bytes = Array(keyword.utf8)
            var matches = true
            for offset in 0..<min(bytes.count, limit - position) {
                let byte = input[position + offset]
                let expected = bytes[offset]
                if keyword == "doctype" ? asciiLowercase(byte) != expected : byte != expected {
                    matches = false
                    break
                }
            }
            if matches { return true }
        }
        return false
    }

    private func matchesCaseInsensitive(_ input: UnsafeBufferPointer<UInt8>, limit: Int, _ keyword: StaticString) -> Bool {
        let count = keyword.utf8CodeUnitCount
        guard limit - position >= count else { return false }
        for offset in 0..<count where asciiLowercase(input[position + offset]) != keyword.utf8Start[offset] {
            return false
        }
        return true
    }

    private func matchesExactly(_ input: UnsafeBufferPointer<UInt8>, limit: Int, _ keyword: StaticString) -> Bool {
        let count = keyword.utf8CodeUnitCount
        guard limit - position >= count else { return false }
        for offset in 0..<count where input[position + offset] != keyword.utf8Start[offset] { return false }
        return true
    }

    private mutating func doctypeIdentifierStart(_ c: UInt8, isPublic: Bool, _ builder: inout HTMLTreeBuilder) {
        if c == quotationMark || c == apostrophe {
            if isPublic { doctype.publicIdentifier = [] } else { doctype.systemIdentifier = [] }
            state = isPublic
                ? (c == quotationMark ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted)
                : (c == quotationMark ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted)
            position += 1
        } else if c == greaterThan {
            doctype.forceQuirks = true
            position += 1
            emitDoctype(&builder)
        } else {
            doctype.forceQuirks = true
            state = .bogusDoctype
        }
    }

    private mutating func emitDoctype(_ builder: inout HTMLTreeBuilder) {
        state = .data
        builder.doctype(doctype)
        doctype = Doctype()
    }

    // MARK: - Character references

    private func isInAttribute(_ state: State) -> Bool {
        state == .attributeValueDoubleQuoted || state == .attributeValueSingleQuoted || state == .attributeValueUnquoted
    }

    /// Hands the temporary buffer on as text (or attribute value), as the standard's "flush code
    /// points consumed as a character reference" does.
    private mutating func flushCharacterReference(_ builder: inout HTMLTreeBuilder) {
        if isInAttribute(returnState) {
            tag.values.append(contentsOf: temporaryBuffer)
        } else {
            emitBytes(temporaryBuffer, &builder)
        }
        temporaryBuffer.removeAll(keepingCapacity: true)
    }

    /// Ends a named reference before `next` (nil at the end of input): the longest name matched
    /// is replaced, the bytes read past it are text again.
    private mutating func finishNamedCharacterReference(next: UInt8?, _ builder: inout HTMLTreeBuilder) {
        guard let match = referenceSearch.longestMatch else {
            flushCharacterReference(&builder)
            state = .ambiguousAmpersand
            return
        }
        let consumed = temporaryBuffer
        let matchEnd = 1 + match.length
        let following = matchEnd < consumed.count ? consumed[matchEnd] : next
        let endsWithSemicolon = NamedCharacterReferences.endsWithSemicolon(match.entry)
        temporaryBuffer.removeAll(keepingCapacity: true)
        if isInAttribute(returnState) && !endsWithSemicolon,
           let following, following == equals || isASCIIAlphanumeric(following) {
            temporaryBuffer.append(contentsOf: consumed)
        } else {
            NamedCharacterReferences.appendValue(of: match.entry, to: &temporaryBuffer)
            temporaryBuffer.append(contentsOf: consumed[matchEnd...])
        }
        flushCharacterReference(&builder)
        state = returnState
    }

    private mutating func finishNumericCharacterReference(_ builder: inout HTMLTreeBuilder) {
        temporaryBuffer.removeAll(keepingCapacity: true)
        appendUTF8(numericCharacterReferenceValue(characterReferenceCode), to: &temporaryBuffer)
        flushCharacterReference(&builder)
        state = returnState
    }

    private func textState(after state: State) -> State {
        switch state {
        case .rcdataEndTagOpen, .rcdataEndTagName: return .rcdata
        case .rawtextEndTagOpen, .rawtextEndTagName: return .rawtext
        case .scriptDataEndTagOpen, .scriptDataEndTagName: return .scriptData
        default: return .scriptDataEscaped
        }
    }
}

// MARK: - Bytes

private let ampersand = UInt8(ascii: "&")
private let lessThan = UInt8(ascii: "<")
private let greaterThan = UInt8(ascii: ">")
private let solidus = UInt8(ascii: "/")
private let exclamation = UInt8(ascii: "!")
private let questionMark = UInt8(ascii: "?")
private let hyphen = UInt8(ascii: "-")
private let equals = UInt8(ascii: "=")
private let quotationMark = UInt8(ascii: "\"")
private let apostrophe = UInt8(ascii: "'")
private let semicolon = UInt8(ascii: ";")
private let numberSign = UInt8(ascii: "#")
private let rightBracket = UInt8(ascii: "]")
private let replacementBytes: [UInt8] = [0xEF, 0xBF, 0xBD]
private let scriptBytes: [UInt8] = Array("script".utf8)

/// Constant texts handed to the tree builder.
private let nulText = StaticText("\0")
private let replacementText = StaticText("\u{FFFD}")
private let lessThanText = StaticText("<")
private let lessThanBangText = StaticText("<!")
private let lessThanSolidusText = StaticText("</")
private let greaterThanText = StaticText(">")
private let hyphenText = StaticText("-")
private let solidusText = StaticText("/")
private let rightBracketText = StaticText("]")
private let lineFeedText = StaticText("\n")

/// A constant UTF-8 text as a buffer (static memory, never written: safe to share).
struct StaticText: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ text: StaticString) {
        buffer = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}

extension HTMLTreeBuilder {
    @inline(__always)
    mutating func characters(_ text: StaticText) { characters(text.buffer) }
}

@inline(__always) func asciiLowercase(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
@inline(__always) func isASCIIAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
@inline(__always) func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
@inline(__always) func isASCIIAlphanumeric(_ byte: UInt8) -> Bool { isASCIIAlpha(byte) || isASCIIDigit(byte) }
@inline(__always) func isASCIIHexDigit(_ byte: UInt8) -> Bool { hexDigitValue(byte) != nil }
@inline(__always) private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x20
}

func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
}
