import URLKit

/// The ways a control can fail its constraints (HTML §4.10.20.1, ValidityState's flags), in
/// ValidityState's order; the raw value is what the prelude reads.
public struct ValidityFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let valueMissing = ValidityFlags(rawValue: 1 << 0)
    public static let typeMismatch = ValidityFlags(rawValue: 1 << 1)
    public static let patternMismatch = ValidityFlags(rawValue: 1 << 2)
    public static let tooLong = ValidityFlags(rawValue: 1 << 3)
    public static let tooShort = ValidityFlags(rawValue: 1 << 4)
    public static let rangeUnderflow = ValidityFlags(rawValue: 1 << 5)
    public static let rangeOverflow = ValidityFlags(rawValue: 1 << 6)
    public static let stepMismatch = ValidityFlags(rawValue: 1 << 7)
    public static let badInput = ValidityFlags(rawValue: 1 << 8)
    public static let customError = ValidityFlags(rawValue: 1 << 9)
}

/// A built-in control's constraint validation as WebKit does it: whether it is a candidate,
/// its validity flags and its validation message (WebKit's English texts, from
/// WebCore/platform/LocalizedStrings.cpp, as WebKitGTK 2.50 prints them).
public struct ConstraintValidator {
    private let matcher: SelectorMatcher

    public init(document: HTMLDocument, state: DocumentState) {
        matcher = SelectorMatcher(document: document, state: state, program: SelectorProgram([]))
    }

    /// Whether the element is a submittable control that is not barred from validation.
    public func willValidate(_ element: NodeID) -> Bool { matcher.willValidate(element.index) }

    /// The control's flags (computed whether or not it is a candidate, as WebKit reports them).
    public func validity(of element: NodeID) -> ValidityFlags { matcher.validityFlags(element.index) }

    /// The inputs with a `pattern` and a non-empty value, with both: what the page's RegExp
    /// must match for `DocumentState.patternMismatches`.
    public static func patternsToMatch(in document: HTMLDocument, state: DocumentState) -> [(element: Int32, pattern: String, value: String)] {
        guard let patternAtom = document.names.existingAtom(for: "pattern") else { return [] }
        var result: [(element: Int32, pattern: String, value: String)] = []
        for index in document.nodes.indices where document.nodes[index].kind == .element
            && document.nodes[index].name == KnownName.input.rawValue {
            let element = Int32(index)
            guard let attribute = document.attributeIndex(patternAtom, of: element) else { continue }
            let value = document.controlValue(element, state: state)
            if !value.isEmpty { result.append((element, document.string(in: document.attributeRange(attribute)), value)) }
        }
        return result
    }

    /// The event log's line for a submission interactive validation stopped.
    public static func notSubmittedText(control: String, message: String) -> String {
        "form not submitted: \(control) \"\(message)\" (the validation bubble WebKit shows)"
    }

    /// A control as the event log names it: `input name="email"`, `select id="size"`, `textarea`.
    public static func describe(_ element: NodeID, in document: HTMLDocument) -> String {
        let name = document.name(of: element) ?? "element"
        if let value = document.attribute("name", of: element), !value.isEmpty { return "\(name) name=\"\(value)\"" }
        if let value = document.attribute("id", of: element), !value.isEmpty { return "\(name) id=\"\(value)\"" }
        return name
    }

    /// The first control that stops a submit button's form (HTML §4.10.21.3, interactive
    /// validation), with its message; nil when the form may be submitted (valid, `novalidate`,
    /// or `formnovalidate` on the button). For pages without scripts: no `invalid` events.
    public func firstInvalidControl(submittedBy submitter: NodeID) -> (control: NodeID, message: String)? {
        let document = matcher.document
        guard let form = document.ancestor(named: .form, of: submitter.index), document.attribute("novalidate", of: NodeID(form)) == nil,
              document.attribute("formnovalidate", of: submitter) == nil else { return nil }
        var node = document.nodes[Int(form)].firstChild
        while node != HTMLDocument.none {
            if document.nodes[Int(node)].kind == .element, matcher.willValidate(node), !matcher.validityFlags(node).isEmpty {
                return (NodeID(node), matcher.validationMessage(node))
            }
            node = document.following(node, within: form)
        }
        return nil
    }

    /// What the control's `validationMessage` is: "" when it is not a candidate or valid.
    public func validationMessage(of element: NodeID) -> String { matcher.validationMessage(element.index) }
}

extension SelectorMatcher {
    /// The input types a `readonly`, `required` or `pattern` applies to as text.
    private static let textValueTypes: Set<String> = ["text", "search", "url", "tel", "email", "password"]
    /// The date and time types, whose values compare as written (they are sanitized).
    private static let dateTypes: Set<String> = ["date", "month", "week", "time", "datetime-local"]

    /// HTML §4.10.20.1 "barred from constraint validation", with WebKit's reading: a control
    /// with `readonly` is barred whatever its type, and an image button is.
    func willValidate(_ element: Int32) -> Bool {
        let document = self.document
        if document.isElement(element, .input) {
            if ["hidden", "reset", "button", "image"].contains(document.inputType(of: element)) { return false }
        } else if document.isElement(element, .button) {
            let type = asciiLowercased(document.attribute("type", of: NodeID(element)) ?? "")
            if type == "reset" || type == "button" { return false }
        } else if !document.isElement(element, .select) && !document.isElement(element, .textarea) {
            return false
        }
        if isDisabled(element) || has("readonly", element) { return false }
        var ancestor = document.nodes[Int(element)].parent
        while ancestor != HTMLDocument.none {
            if document.isElement(ancestor, .datalist) { return false }
            ancestor = document.nodes[Int(ancestor)].parent
        }
        return true
    }

    /// The control's validity flags.
    func validityFlags(_ element: Int32) -> ValidityFlags {
        let document = self.document
        var flags: ValidityFlags = state.customValidity[element].map { $0.isEmpty ? [] : .customError } ?? []
        // WebKit leaves a value missing from a control that cannot be edited (disabled or
        // `readonly`), but not from a checkbox or radio button.
        let required = has("required", element)
        let editable = !isDisabled(element) && !has("readonly", element)
        if document.isElement(element, .textarea) {
            let value = document.controlValue(element, state: state)
            if required && editable && value.isEmpty { flags.insert(.valueMissing) }
            flags.formUnion(lengthFlags(element, value))
            return flags
        }
        if document.isElement(element, .select) {
            if required && !isDisabled(element) && !selectHasValue(element) { flags.insert(.valueMissing) }
            return flags
        }
        guard document.isElement(element, .input) else { return flags }
        let type = document.inputType(of: element)
        switch type {
        case "checkbox":
            if required && !document.isChecked(element, state: state) { flags.insert(.valueMissing) }
            return flags
        case "radio":
            let group = radioGroup(of: element)
            if group.contains(where: { has("required", $0) }) && !group.contains(where: { document.isChecked($0, state: state) }) {
                flags.insert(.valueMissing)
            }
            return flags
        case "hidden", "reset", "button", "submit", "image", "range", "color", "file":
            return flags
        default:
            break
        }
        let value = document.controlValue(element, state: state)
        if value.isEmpty {
            if required && editable { flags.insert(.valueMissing) }
            return flags
        }
        if type == "email" && !isValidEmailList(value, multiple: has("multiple", element)) { flags.insert(.typeMismatch) }
        if type == "url" && WebURL(validating: value)?.scheme == nil { flags.insert(.typeMismatch) }
        if Self.textValueTypes.contains(type) && state.patternMismatches.contains(element) { flags.insert(.patternMismatch) }
        if Self.textValueTypes.contains(type) { flags.formUnion(lengthFlags(element, value)) }
        if type == "number" {
            flags.formUnion(numberRangeFlags(element, value))
        } else if Self.dateTypes.contains(type) {
            if let minimum = document.attribute("min", of: NodeID(element)), Self.sameShape(minimum, value), value < minimum {
                flags.insert(.rangeUnderflow)
            }
            if let maximum = document.attribute("max", of: NodeID(element)), Self.sameShape(maximum, value), value > maximum {
                flags.insert(.rangeOverflow)
            }
        }
        return flags
    }

    /// WebKit's message for the first failed constraint, in HTMLInputElement::validationMessage's order.
    func validationMessage(_ element: Int32) -> String {
        guard willValidate(element) else { return "" }
        let flags = validityFlags(element)
        if flags.isEmpty { return "" }
        if flags.contains(.customError), let custom = state.customValidity[element] { return custom }
        let type = document.isElement(element, .input) ? document.inputType(of: element) : ""
        if flags.contains(.valueMissing) {
            if document.isElement(element, .select) { return "Select an item in the list" }
            switch type {
            case "checkbox": return "Select this checkbox"
            case "radio": return "Select one of these options"
            case "file": return "Select a file"
            default: return "Fill out this field"
            }
        }
        if flags.contains(.typeMismatch) { return type == "email" ? "Enter an email address" : "Enter a URL" }
        if flags.contains(.patternMismatch) {
            let title = document.attribute("title", of: NodeID(element)) ?? ""
            return title.isEmpty ? "Match the requested format" : "Match the requested format: " + title
        }
        if flags.contains(.tooShort), let minimum = lengthAttribute("minlength", element) { return "Use at least \(minimum) characters" }
        if flags.contains(.tooLong), let maximum = lengthAttribute("maxlength", element) { return "Use no more than \(maximum) characters" }
        if flags.contains(.rangeUnderflow) { return "Value must be greater than or equal to " + boundText("min", element, type) }
        if flags.contains(.rangeOverflow) { return "Value must be less than or equal to " + boundText("max", element, type) }
        if flags.contains(.stepMismatch) { return "Enter a valid value" }
        return ""
    }

    /// tooLong and tooShort (HTML §4.10.18.3): only for a value the user's typing changed last,
    /// its length in UTF-16 code units against `maxlength` and `minlength`.
    private func lengthFlags(_ element: Int32, _ value: String) -> ValidityFlags {
        guard state.userEditedValues.contains(element), !value.isEmpty else { return [] }
        var flags: ValidityFlags = []
        let length = value.utf16.count
        if let maximum = lengthAttribute("maxlength", element), length > maximum { flags.insert(.tooLong) }
        if let minimum = lengthAttribute("minlength", element), length < minimum { flags.insert(.tooShort) }
        return flags
    }

    /// A `maxlength` or `minlength` that is a valid non-negative integer.
    private func lengthAttribute(_ name: String, _ element: Int32) -> Int? {
        guard let text = document.attribute(name, of: NodeID(element)), let value = Int(Substring(text).trimmingASCIIWhitespace()), value >= 0 else {
            return nil
        }
        return value
    }

    /// Whether a required select has a selected option that is not its placeholder (an empty
    /// value, the first option of a single select without `multiple` and size 1).
    private func selectHasValue(_ select: Int32) -> Bool {
        let selected = document.selectedOptions(of: select, state: state)
        return selected.contains { option in
            (document.attribute(.value, of: option) ?? document.textContent(of: NodeID(option))) != ""
        }
    }

    /// rangeUnderflow, rangeOverflow and stepMismatch of a number input (HTML §4.10.5.1.12):
    /// the step base is `min`, else the `value` attribute, else 0; `step="any"` has no step.
    private func numberRangeFlags(_ element: Int32, _ text: String) -> ValidityFlags {
        guard let value = Self.floatingPoint(text) else { return [] }
        var flags: ValidityFlags = []
        let minimum = document.attribute("min", of: NodeID(element)).flatMap(Self.floatingPoint)
        let maximum = document.attribute("max", of: NodeID(element)).flatMap(Self.floatingPoint)
        if let minimum, value < minimum { flags.insert(.rangeUnderflow) }
        if let maximum, value > maximum { flags.insert(.rangeOverflow) }
        let stepText = document.attribute("step", of: NodeID(element)).map(asciiLowercased)
        if stepText == "any" { return flags }
        let step = stepText.flatMap(Self.floatingPoint).flatMap { $0 > 0 ? $0 : nil } ?? 1
        let base = minimum ?? document.attribute("value", of: NodeID(element)).flatMap(Self.floatingPoint) ?? 0
        let steps = (value - base) / step
        // WebKit's StepRange allows an error of 2^-52 of the step count.
        if abs(steps - steps.rounded()) > max(1, abs(steps)) * 0x1p-40 { flags.insert(.stepMismatch) }
        return flags
    }

    /// A bound as WebKit's message writes it: a number as its shortest decimal, a date as written.
    private func boundText(_ attribute: String, _ element: Int32, _ type: String) -> String {
        let text = document.attribute(attribute, of: NodeID(element)) ?? ""
        guard type == "number", let value = Self.floatingPoint(text) else { return text }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// HTML's "valid floating-point number" parsed; nil for other text.
    static func floatingPoint(_ text: String) -> Double? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (48...57).contains(first),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Whether two date-like values are written alike (same length, digits where digits are).
    private static func sameShape(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { ((48...57).contains($0) && (48...57).contains($1)) || $0 == $1 }
    }
}
