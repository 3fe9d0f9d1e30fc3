import Flows
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore
import PageKit
import Simulator
import TerminalUI

/// A text field being edited in place: its screen and node, the text as it was, and the line
/// being typed.
struct FieldEditor: Equatable {
    var screen: ScreenID
    var node: NodeID
    var original: String
    var line: CommandPrompt
    var isSecure: Bool
    var placeholder: String?
}

/// A `<select>`'s option menu, open under the field.
struct OptionMenu: Equatable {
    var screen: ScreenID
    var node: NodeID
    var options: [PageField.Option]
    /// The option under the cursor.
    var highlighted: Int
}

/// Form fields edited in place, `<select>` menus, and JavaScript dialogs (scripts.md section 7).
extension TerminalAppState {
    // MARK: - Dialogs

    /// Takes the host's open dialog: a new one starts with its default text in the field.
    mutating func show(_ open: OpenDialog?) {
        guard open != dialog else { return }
        dialog = open
        var field = CommandPrompt()
        for character in open?.defaultText ?? "" { field.insert(character) }
        dialogField = field
        if open != nil {
            editor = nil
            optionMenu = nil
        }
    }

    /// A key while a dialog is open: it is modal. Enter is OK (a prompt answers with its text),
    /// Esc is Cancel (an alert's only button is OK, so Esc is OK there); a prompt's field takes
    /// typing; `:` opens the command line for `expect dialog` and the like (not on a prompt,
    /// whose field takes every character); every other key does nothing.
    ///
    /// Stepping through a flow (`run --step`), `n` and Space run the next step (say, its
    /// `accept`) on an alert or a confirm, and Ctrl-N on any dialog.
    mutating func handleDialogKey(_ key: Key, now: ContinuousClock.Instant) -> [TerminalAppEffect] {
        guard let open = dialog else { return [] }
        let isPrompt = open.kind == .prompt
        switch key {
        case .control("n") where stepper != nil, .character("n") where stepper != nil && !isPrompt,
             .character(" ") where stepper != nil && !isPrompt:
            return runNextStep(now: now)
        case .enter:
            return pressOK(on: open)
        case .escape:
            return answer(open.kind == .alert ? .accept : .dismiss)
        case .character(":") where !isPrompt:
            prompt = CommandPrompt()
        case .character(let character) where isPrompt: dialogField.insert(character)
        case .backspace where isPrompt: _ = dialogField.deleteBackward()
        case .delete where isPrompt: dialogField.deleteForward()
        case .left where isPrompt: dialogField.moveLeft()
        case .right where isPrompt: dialogField.moveRight()
        case .home where isPrompt, .control("a") where isPrompt: dialogField.moveToStart()
        case .end where isPrompt, .control("e") where isPrompt: dialogField.moveToEnd()
        case .control("u") where isPrompt: dialogField.deleteToStart()
        default:
            message = FooterMessage(text: dialogHint(open), tone: .hint, expiry: nil)
            return [.bell]
        }
        return []
    }

    /// A click while a dialog is open: its OK or Cancel button, else nothing.
    mutating func clickDialog(row: Int, column: Int) -> [TerminalAppEffect] {
        guard let open = dialog else { return [] }
        var scratch = Screen(width: size.columns, height: size.rows)
        let regions = DeviceRenderer.drawDevice(of: app, into: &scratch, area: geometry.device, clock: "", viewport: WebViewport(),
                                                dialog: dialogBox)
        if let ok = regions.dialogOK, ok.contains(row: row, column: column) {
            return pressOK(on: open)
        }
        if let cancel = regions.dialogCancel, cancel.contains(row: row, column: column), open.kind != .alert {
            return answer(.dismiss)
        }
        return []
    }

    /// OK: a prompt answers with its text when it was changed.
    private mutating func pressOK(on open: OpenDialog) -> [TerminalAppEffect] {
        if open.kind == .prompt, dialogField.line != (open.defaultText ?? "") { return answer(.answer(dialogField.line)) }
        return answer(.accept)
    }

    private mutating func answer(_ answer: DialogAnswer) -> [TerminalAppEffect] {
        dialog = nil
        return perform(.answerDialog(answer))
    }

    /// The footer's line while a dialog is open.
    func dialogHint(_ open: OpenDialog) -> String {
        switch open.kind {
        case .alert: return "alert: Enter or Esc: OK"
        case .confirm: return "confirm: Enter OK, Esc Cancel"
        case .prompt: return "prompt: type; Enter OK, Esc Cancel" + (stepper != nil ? "; Ctrl-N step" : "")
        }
    }

    /// The box the device draws for the open dialog.
    var dialogBox: DialogBox? {
        dialog.map { DialogBox(dialog: $0, text: dialogField.line, cursor: dialogField.cursor) }
    }

    // MARK: - Fields

    /// Enter on a focused field: a text field starts editing in place, a checkbox or radio
    /// button is tapped, a `<select>` opens its menu.
    mutating func activate(field index: Int, in viewport: PageViewport) -> [TerminalAppEffect] {
        guard let screen = app.top?.id, viewport.layout.fields.indices.contains(index) else { return [] }
        let field = viewport.layout.fields[index]
        switch field.kind {
        case .text, .password, .textArea:
            guard !field.isReadOnly else {
                message = FooterMessage(text: "the field is read-only", tone: .hint, expiry: nil)
                return [.bell]
            }
            var line = CommandPrompt()
            for character in field.value { line.insert(character) }
            editor = FieldEditor(screen: screen, node: field.node, original: field.value, line: line, isSecure: field.kind == .password,
                                 placeholder: field.placeholder)
            message = FooterMessage(text: "editing: Enter or Esc ends", tone: .hint, expiry: nil)
        case .checkbox, .radio:
            return perform(.click(field.node))
        case .select:
            guard !field.options.isEmpty else {
                message = FooterMessage(text: "the list has no options", tone: .hint, expiry: nil)
                return [.bell]
            }
            optionMenu = OptionMenu(screen: screen, node: field.node, options: field.options,
                                    highlighted: field.options.firstIndex(where: \.isSelected) ?? 0)
            message = FooterMessage(text: "↑ ↓ choose, Enter takes it, Esc closes", tone: .hint, expiry: nil)
        }
        return []
    }

    /// A key while a field is edited in place: editing keys change the text; Enter and Esc
    /// end the editing and give the page the text as `fill` does (scripts.md section 7);
    /// Tab and Shift-Tab end it and move on.
    mutating func handleEditorKey(_ key: Key) -> [TerminalAppEffect] {
        guard var editor else { return [] }
        switch key {
        case .character(let character): editor.line.insert(character)
        case .backspace: _ = editor.line.deleteBackward()
        case .delete: editor.line.deleteForward()
        case .left: editor.line.moveLeft()
        case .right: editor.line.moveRight()
        case .home, .control("a"): editor.line.moveToStart()
        case .end, .control("e"): editor.line.moveToEnd()
        case .control("u"): editor.line.deleteToStart()
        case .control("w"): editor.line.deleteWordBackward()
        case .enter, .escape:
            return finishEditing()
        case .tab, .backTab:
            let effects = finishEditing()
            return effects + moveFocus(forward: key == .tab)
        default:
            return [.bell]
        }
        self.editor = editor
        return []
    }

    /// Ends editing in place: a changed text goes to the page as `fill` (focus, `input` per
    /// character, `change`); an unchanged one sends nothing, as focusing a field and leaving
    /// it without typing fires no `input` on a device.
    mutating func finishEditing() -> [TerminalAppEffect] {
        guard let editor else { return [] }
        self.editor = nil
        message = nil
        guard editor.line.line != editor.original else { return [] }
        return perform(.fill(editor.node, text: editor.line.line))
    }

    /// A key while a `<select>`'s menu is open.
    mutating func handleMenuKey(_ key: Key) -> [TerminalAppEffect] {
        guard var menu = optionMenu else { return [] }
        let enabled = menu.options.indices.filter { !menu.options[$0].isDisabled }
        switch key {
        case .up, .character("k"), .backTab:
            if let previous = enabled.last(where: { $0 < menu.highlighted }) { menu.highlighted = previous }
        case .down, .character("j"), .tab:
            if let next = enabled.first(where: { $0 > menu.highlighted }) { menu.highlighted = next }
        case .home, .character("g"): menu.highlighted = enabled.first ?? menu.highlighted
        case .end, .character("G"): menu.highlighted = enabled.last ?? menu.highlighted
        case .escape:
            optionMenu = nil
            message = nil
            return []
        case .enter, .character(" "):
            optionMenu = nil
            message = nil
            let chosen = menu.options[menu.highlighted]
            guard !chosen.isDisabled, !chosen.isSelected else { return [] }
            return perform(.select(menu.node, option: chosen.node))
        default:
            return [.bell]
        }
        optionMenu = menu
        return []
    }

    /// After a change: editing and menus end when their field is gone from the top page.
    mutating func settleFields(in layout: PageLayout?) {
        let top = app.top?.id
        if let editor, editor.screen != top || !(layout?.fields.contains { $0.node == editor.node } ?? false) { self.editor = nil }
        if let menu = optionMenu, menu.screen != top || !(layout?.fields.contains { $0.node == menu.node } ?? false) { optionMenu = nil }
    }

    /// The field being edited, as the web view draws it.
    func fieldEditing(in layout: PageLayout) -> FieldEditing? {
        guard let editor, let index = layout.fields.firstIndex(where: { $0.node == editor.node }) else { return nil }
        return FieldEditing(field: index, text: editor.line.line, cursor: editor.line.cursor, isSecure: editor.isSecure,
                            placeholder: editor.placeholder)
    }

    // MARK: - Recording

    /// The flow step for a tap, a fill or a choice on a field, naming the field as the step's
    /// parser finds it again; nil for anything else.
    func fieldStep(for action: AppAction) -> String? {
        let node: NodeID
        switch action {
        case .click(let clicked): node = clicked
        case .fill(let filled, _): node = filled
        case .select(let select, _): node = select
        default: return nil
        }
        guard let top = app.top, let target = FieldTarget.naming(node, in: app) else { return nil }
        let field = app.layout(of: top.id, width: geometry.contentWidth).fields.first { $0.node == node }
        let written = FlowText.target(target)
        switch action {
        case .fill(_, let text):
            return "fill \(written) \(FlowText.quoted(text))"
        case .select(_, let option):
            guard let label = field?.options.first(where: { $0.node == option })?.label else { return nil }
            return "select \(written) \(FlowText.quoted(label))"
        default:
            guard let field, field.kind == .checkbox || field.kind == .radio else { return "tap css \(FlowText.quoted(Self.cssPath(node, in: app)))" }
            return "\(field.isChecked && field.kind == .checkbox ? "uncheck" : "check") \(written)"
        }
    }

    /// A selector for an element: `#id` when it has one.
    private static func cssPath(_ node: NodeID, in app: SimulatedApp) -> String {
        app.topWebView?.content.simpleSelector(for: node) ?? "*"
    }
}

extension FlowText {
    /// A field target as a step writes it: `"Label"`, `#3` or `css "#email"`.
    static func target(_ target: FieldTarget) -> String {
        switch target {
        case .text(let text): return quoted(text)
        case .number(let number): return "#\(number)"
        case .css(let selector): return "css \(quoted(selector))"
        }
    }
}
