/// A hand-written recursive-descent parser for WebIDL (the grammar of
/// https://webidl.spec.whatwg.org/#idl-grammar), with every error located at file:line:column.
struct WebIDLParser {
    struct Token: Equatable {
        enum Kind: Equatable { case identifier, integer, decimal, string, symbol, end }
        var kind: Kind
        var text: String
        var location: SourceLocation
    }

    private var tokens: [Token]
    private var position = 0

    init(source: String, file: String) throws {
        tokens = try Self.tokenize(source, file: file)
    }

    /// Parses a whole file.
    static func parse(_ source: String, file: String) throws -> [Definition] {
        var parser = try WebIDLParser(source: source, file: file)
        return try parser.definitions()
    }

    // MARK: Tokens

    static func tokenize(_ source: String, file: String) throws -> [Token] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var index = 0, line = 1, column = 1
        func advance(_ count: Int = 1) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
                index += 1
            }
        }
        func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c == "-" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        func isIdentifierPart(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || ("0"..."9").contains(c) }
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        while index < scalars.count {
            let c = scalars[index]
            let location = SourceLocation(file: file, line: line, column: column)
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                advance()
            } else if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "/" {
                while index < scalars.count && scalars[index] != "\n" { advance() }
            } else if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
                advance(2)
                while index < scalars.count && !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") { advance() }
                guard index < scalars.count else { throw GeneratorError("unterminated comment", at: location) }
                advance(2)
            } else if c == "\"" {
                advance()
                var text = ""
                while index < scalars.count && scalars[index] != "\"" {
                    guard scalars[index] != "\n" else { throw GeneratorError("unterminated string", at: location) }
                    text.unicodeScalars.append(scalars[index])
                    advance()
                }
                guard index < scalars.count else { throw GeneratorError("unterminated string", at: location) }
                advance()
                tokens.append(Token(kind: .string, text: text, location: location))
            } else if isDigit(c) || (c == "-" && index + 1 < scalars.count && (isDigit(scalars[index + 1]) || scalars[index + 1] == "."))
                        || (c == "." && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
                var text = ""
                var isDecimal = false
                if c == "-" { text = "-"; advance() }
                if index + 1 < scalars.count && scalars[index] == "0" && (scalars[index + 1] == "x" || scalars[index + 1] == "X") {
                    text += "0x"
                    advance(2)
                    while index < scalars.count && (isDigit(scalars[index]) || ("a"..."f").contains(scalars[index]) || ("A"..."F").contains(scalars[index])) {
                        text.unicodeScalars.append(scalars[index]); advance()
                    }
                } else {
                    while index < scalars.count && (isDigit(scalars[index]) || scalars[index] == "." || scalars[index] == "e" || scalars[index] == "E"
                                                    || ((scalars[index] == "-" || scalars[index] == "+") && (text.hasSuffix("e") || text.hasSuffix("E")))) {
                        if scalars[index] == "." || scalars[index] == "e" || scalars[index] == "E" { isDecimal = true }
                        text.unicodeScalars.append(scalars[index]); advance()
                    }
                }
                tokens.append(Token(kind: isDecimal ? .decimal : .integer, text: text, location: location))
            } else if isIdentifierStart(c) && !(c == "-" && !(index + 1 < scalars.count && isIdentifierStart(scalars[index + 1]))) {
                var text = ""
                while index < scalars.count && isIdentifierPart(scalars[index]) { text.unicodeScalars.append(scalars[index]); advance() }
                tokens.append(Token(kind: .identifier, text: text, location: location))
            } else if c == "." && index + 2 < scalars.count && scalars[index + 1] == "." && scalars[index + 2] == "." {
                advance(3)
                tokens.append(Token(kind: .symbol, text: "...", location: location))
            } else if "(){}[]<>;:,=?*".unicodeScalars.contains(c) || c == "-" {
                advance()
                tokens.append(Token(kind: .symbol, text: String(c), location: location))
            } else {
                throw GeneratorError("unexpected character '\(c)'", at: location)
            }
        }
        tokens.append(Token(kind: .end, text: "", location: SourceLocation(file: file, line: line, column: column)))
        return tokens
    }

    private var current: Token { tokens[position] }
    private var next: Token { tokens[min(position + 1, tokens.count - 1)] }

    private func isSymbol(_ text: String) -> Bool { current.kind == .symbol && current.text == text }
    private func isWord(_ text: String) -> Bool { current.kind == .identifier && current.text == text }

    private mutating func take() -> Token {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func unexpected(_ wanted: String) -> GeneratorError {
        let found = current.kind == .end ? "the end of the file" : "'\(current.text)'"
        return GeneratorError("expected \(wanted), found \(found)", at: current.location)
    }

    private mutating func expect(_ symbol: String) throws {
        guard isSymbol(symbol) else { throw unexpected("'\(symbol)'") }
        _ = take()
    }

    private mutating func expectWord(_ word: String) throws {
        guard isWord(word) else { throw unexpected("'\(word)'") }
        _ = take()
    }

    private mutating func accept(_ symbol: String) -> Bool {
        guard isSymbol(symbol) else { return false }
        _ = take()
        return true
    }

    private mutating func acceptWord(_ word: String) -> Bool {
        guard isWord(word) else { return false }
        _ = take()
        return true
    }

    /// An identifier; a leading underscore escapes a keyword and is dropped, as WebIDL says.
    private mutating func identifier(_ what: String = "an identifier") throws -> String {
        guard current.kind == .identifier else { throw unexpected(what) }
        let text = take().text
        return text.hasPrefix("_") ? String(text.dropFirst()) : text
    }

    // MARK: Definitions

    mutating func definitions() throws -> [Definition] {
        var result: [Definition] = []
        while current.kind != .end {
            let attributes = try extendedAttributeList()
            result.append(try definition(attributes))
        }
        return result
    }

    private mutating func definition(_ attributes: [ExtendedAttribute]) throws -> Definition {
        let location = current.location
        if acceptWord("callback") {
            if acceptWord("interface") {
                return .interface(try interfaceBody(kind: .callbackInterface, partial: false, attributes: attributes, location: location))
            }
            let name = try identifier("a callback name")
            try expect("=")
            let returnType = try type()
            try expect("(")
            let arguments = try argumentList()
            try expect(")")
            try expect(";")
            return .callback(name: name, returnType: returnType, arguments: arguments, attributes: attributes, location: location)
        }
        let partial = acceptWord("partial")
        if acceptWord("interface") {
            if acceptWord("mixin") {
                return .interface(try interfaceBody(kind: .mixin, partial: partial, attributes: attributes, location: location))
            }
            return .interface(try interfaceBody(kind: .interface, partial: partial, attributes: attributes, location: location))
        }
        if acceptWord("namespace") {
            return .interface(try interfaceBody(kind: .namespace, partial: partial, attributes: attributes, location: location))
        }
        if acceptWord("dictionary") {
            return .dictionary(try dictionary(partial: partial, attributes: attributes, location: location))
        }
        guard !partial else { throw unexpected("'interface', 'namespace' or 'dictionary' after 'partial'") }
        if acceptWord("enum") {
            let name = try identifier("an enum name")
            try expect("{")
            var values: [String] = []
            while current.kind == .string {
                values.append(take().text)
                if !accept(",") { break }
            }
            try expect("}")
            try expect(";")
            return .enumeration(Enumeration(name: name, values: values, attributes: attributes, location: location))
        }
        if acceptWord("typedef") {
            let aliased = try type(attributes: try extendedAttributeList())
            let name = try identifier("a typedef name")
            try expect(";")
            return .typedef(name: name, type: aliased, location: location)
        }
        if current.kind == .identifier && next.kind == .identifier && next.text == "includes" {
            let target = try identifier()
            _ = take()
            let mixin = try identifier("a mixin name")
            try expect(";")
            return .includes(target: target, mixin: mixin, location: location)
        }
        throw unexpected("a definition")
    }

    private mutating func interfaceBody(kind: Interface.Kind, partial: Bool, attributes: [ExtendedAttribute],
                                        location: SourceLocation) throws -> Interface {
        let name = try identifier("an interface name")
        var parent: String?
        if kind != .mixin && kind != .namespace && accept(":") { parent = try identifier("a parent interface") }
        try expect("{")
        var members: [Member] = []
        while !isSymbol("}") {
            guard current.kind != .end else { throw unexpected("'}'") }
            let memberAttributes = try extendedAttributeList()
            members.append(try member(memberAttributes))
        }
        try expect("}")
        try expect(";")
        return Interface(kind: kind, name: name, parent: parent, isPartial: partial, members: members, attributes: attributes, location: location)
    }

    private mutating func member(_ attributes: [ExtendedAttribute]) throws -> Member {
        let location = current.location
        if acceptWord("const") {
            let constType = try type()
            let name = try identifier("a constant name")
            try expect("=")
            let value: String
            if current.kind == .integer || current.kind == .decimal || isWord("true") || isWord("false") || isWord("NaN")
                || isWord("Infinity") || isWord("-Infinity") {
                value = take().text
            } else {
                throw unexpected("a constant value")
            }
            try expect(";")
            return .constant(Constant(name: name, type: constType, value: value, attributes: attributes, location: location))
        }
        if acceptWord("constructor") {
            try expect("(")
            let arguments = try argumentList()
            try expect(")")
            try expect(";")
            return .constructor(arguments, attributes, location)
        }
        var isAsync = false
        if isWord("async") && next.text == "iterable" {
            _ = take()
            isAsync = true
        }
        if acceptWord("iterable") {
            try expect("<")
            let first = try type()
            var second: IDLType?
            if accept(",") { second = try type() }
            try expect(">")
            if isAsync && accept("(") { _ = try argumentList(); try expect(")") }
            try expect(";")
            return second.map { .iterable(key: first, value: $0, async: isAsync, location) } ?? .iterable(key: nil, value: first, async: isAsync, location)
        }
        let readonly = isWord("readonly") && (next.text == "maplike" || next.text == "setlike" || next.text == "attribute")
        if readonly { _ = take() }
        if isWord("maplike") || isWord("setlike") {
            let kind = take().text
            try expect("<")
            let first = try type()
            var second: IDLType?
            if accept(",") { second = try type() }
            try expect(">")
            try expect(";")
            return second.map { .collectionLike(kind: kind, key: first, value: $0, readonly: readonly, location) }
                ?? .collectionLike(kind: kind, key: nil, value: first, readonly: readonly, location)
        }
        if acceptWord("stringifier") {
            if accept(";") { return .stringifier(attributes, location) }
            if isWord("attribute") || isWord("readonly") {
                var attribute = try attributeMember(attributes, location: location)
                attribute.isStringifier = true
                return .attribute(attribute)
            }
            var operation = try operationMember(attributes, location: location)
            operation.special = "stringifier"
            return .operation(operation)
        }
        if readonly {
            var attribute = try attributeMember(attributes, location: location)
            attribute.isReadonly = true
            return .attribute(attribute)
        }
        if acceptWord("static") {
            if isWord("attribute") || isWord("readonly") {
                var attribute = try attributeMember(attributes, location: location)
                attribute.isStatic = true
                return .attribute(attribute)
            }
            var operation = try operationMember(attributes, location: location)
            operation.isStatic = true
            return .operation(operation)
        }
        if acceptWord("inherit") {
            var attribute = try attributeMember(attributes, location: location)
            attribute.isInherit = true
            return .attribute(attribute)
        }
        if isWord("attribute") {
            return .attribute(try attributeMember(attributes, location: location))
        }
        if isWord("getter") || isWord("setter") || isWord("deleter") {
            let special = take().text
            var operation = try operationMember(attributes, location: location)
            operation.special = special
            return .operation(operation)
        }
        return .operation(try operationMember(attributes, location: location))
    }

    private mutating func attributeMember(_ attributes: [ExtendedAttribute], location: SourceLocation) throws -> Attribute {
        let readonly = acceptWord("readonly")
        try expectWord("attribute")
        let attributeType = try type(attributes: try extendedAttributeList())
        guard current.kind == .identifier else { throw unexpected("an attribute name") }
        let name = try identifier()
        try expect(";")
        return Attribute(name: name, type: attributeType, isReadonly: readonly, attributes: attributes, location: location)
    }

    private mutating func operationMember(_ attributes: [ExtendedAttribute], location: SourceLocation) throws -> Operation {
        let returnType = try type()
        var name = ""
        if current.kind == .identifier { name = try identifier() }
        try expect("(")
        let arguments = try argumentList()
        try expect(")")
        try expect(";")
        return Operation(name: name, returnType: returnType, arguments: arguments, attributes: attributes, location: location)
    }

    private mutating func dictionary(partial: Bool, attributes: [ExtendedAttribute], location: SourceLocation) throws -> Dictionary {
        let name = try identifier("a dictionary name")
        var parent: String?
        if accept(":") { parent = try identifier("a parent dictionary") }
        try expect("{")
        var members: [DictionaryMember] = []
        while !isSymbol("}") {
            guard current.kind != .end else { throw unexpected("'}'") }
            let memberLocation = current.location
            let memberAttributes = try extendedAttributeList()
            let required = acceptWord("required")
            let memberType = try type(attributes: try extendedAttributeList())
            let memberName = try identifier("a dictionary member name")
            var defaultValue: DefaultValue?
            if accept("=") { defaultValue = try self.defaultValue() }
            try expect(";")
            members.append(DictionaryMember(name: memberName, type: memberType, isRequired: required, defaultValue: defaultValue,
                                            attributes: memberAttributes, location: memberLocation))
        }
        try expect("}")
        try expect(";")
        return Dictionary(name: name, parent: parent, isPartial: partial, members: members, attributes: attributes, location: location)
    }

    // MARK: Arguments, types, values

    private mutating func argumentList() throws -> [Argument] {
        var arguments: [Argument] = []
        if isSymbol(")") { return arguments }
        repeat {
            let attributes = try extendedAttributeList()
            var argument = Argument(name: "", type: .named("any"), attributes: attributes)
            if acceptWord("optional") {
                argument.isOptional = true
                argument.type = try type(attributes: try extendedAttributeList())
                argument.name = try argumentName()
                if accept("=") { argument.defaultValue = try defaultValue() }
            } else {
                argument.type = try type()
                if accept("...") { argument.isVariadic = true }
                argument.name = try argumentName()
            }
            arguments.append(argument)
        } while accept(",")
        return arguments
    }

    /// An argument's name: an identifier or one of WebIDL's ArgumentNameKeywords.
    private mutating func argumentName() throws -> String {
        guard current.kind == .identifier else { throw unexpected("an argument name") }
        return try identifier()
    }

    private mutating func defaultValue() throws -> DefaultValue {
        if accept("[") { try expect("]"); return .emptySequence }
        if accept("{") { try expect("}"); return .emptyDictionary }
        if current.kind == .string { return .string(take().text) }
        if current.kind == .integer || current.kind == .decimal { return .number(take().text) }
        if acceptWord("null") { return .null }
        if acceptWord("true") { return .true }
        if acceptWord("false") { return .false }
        if acceptWord("undefined") { return .undefined }
        if acceptWord("NaN") { return .number("NaN") }
        if acceptWord("Infinity") { return .number("Infinity") }
        if acceptWord("-Infinity") { return .number("-Infinity") }
        throw unexpected("a default value")
    }

    private mutating func type(attributes: [ExtendedAttribute] = []) throws -> IDLType {
        var result: IDLType
        if isSymbol("(") {
            _ = take()
            var members: [IDLType] = []
            repeat {
                members.append(try type(attributes: try extendedAttributeList()))
            } while acceptWord("or")
            try expect(")")
            guard members.count >= 2 else { throw GeneratorError("a union needs at least two member types", at: current.location) }
            result = .union(members)
        } else {
            result = try singleType()
        }
        if accept("?") { result = .nullable(result) }
        return attributes.isEmpty ? result : .annotated(attributes, result)
    }

    private mutating func singleType() throws -> IDLType {
        guard current.kind == .identifier else { throw unexpected("a type") }
        let word = take().text
        switch word {
        case "unsigned":
            if acceptWord("short") { return .named("unsigned short") }
            try expectWord("long")
            return .named(acceptWord("long") ? "unsigned long long" : "unsigned long")
        case "long":
            return .named(acceptWord("long") ? "long long" : "long")
        case "unrestricted":
            if acceptWord("float") { return .named("unrestricted float") }
            try expectWord("double")
            return .named("unrestricted double")
        case "sequence", "FrozenArray", "ObservableArray", "Promise":
            try expect("<")
            let inner = try type(attributes: try extendedAttributeList())
            try expect(">")
            return .generic(word, inner)
        case "record":
            try expect("<")
            let key = try type(attributes: try extendedAttributeList())
            try expect(",")
            let value = try type(attributes: try extendedAttributeList())
            try expect(">")
            return .record(key, value)
        default:
            return .named(word.hasPrefix("_") ? String(word.dropFirst()) : word)
        }
    }

    private mutating func extendedAttributeList() throws -> [ExtendedAttribute] {
        guard accept("[") else { return [] }
        var list: [ExtendedAttribute] = []
        repeat {
            if isSymbol("]") { break }
            let location = current.location
            let name = try identifier("an extended attribute")
            var value = ExtendedAttribute.Value.none
            if accept("(") {
                let arguments = try argumentList()
                try expect(")")
                value = .arguments(nil, arguments)
            } else if accept("=") {
                if accept("(") {
                    var items: [String] = []
                    repeat {
                        guard current.kind == .identifier || current.kind == .string || current.kind == .integer else { throw unexpected("an identifier") }
                        items.append(take().text)
                    } while accept(",")
                    try expect(")")
                    value = .identifiers(items)
                } else if current.kind == .string {
                    value = .string(take().text)
                } else if current.kind == .integer || current.kind == .decimal {
                    value = .integer(take().text)
                } else if accept("*") {
                    value = .identifier("*")
                } else {
                    let identifier = try identifier()
                    if accept("(") {
                        let arguments = try argumentList()
                        try expect(")")
                        value = .arguments(identifier, arguments)
                    } else {
                        value = .identifier(identifier)
                    }
                }
            }
            list.append(ExtendedAttribute(name: name, value: value, location: location))
        } while accept(",")
        try expect("]")
        return list
    }
}
