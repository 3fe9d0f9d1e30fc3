import PageKit
import URLKit

/// Content-Security-Policy in a page: the policies of its response and of its `<meta>` elements,
/// checked before what they govern runs or loads, each violation reported as WebKit reports it:
/// a console error and a `securitypolicyviolation` event in a later task.
extension ScriptPage {
    /// Applies the `<meta http-equiv=Content-Security-Policy>` children of `<head>` not applied
    /// yet (the standard honours only those; a policy applies from where its element is).
    func applyMetaPolicies() {
        guard let html = document.children(of: document.root).first(where: { document.name(of: $0) == "html" }),
              let head = document.children(of: html).first(where: { document.name(of: $0) == "head" }) else { return }
        var changed = false
        for meta in document.children(of: head) where document.name(of: meta) == "meta" {
            let raw = Int32(meta.rawValue)
            guard !appliedPolicyElements.contains(raw),
                  document.attribute("http-equiv", of: meta)?.trimmingSpaces().lowercased() == "content-security-policy",
                  let content = document.attribute("content", of: meta) else { continue }
            appliedPolicyElements.insert(raw)
            policy.add(content)
            changed = true
        }
        if changed { applyEvalPolicy() }
    }

    /// Tells the prelude once a policy forbids `eval`, so `eval` and `Function` throw.
    func applyEvalPolicy() {
        guard !evalForbidden, !worlds.isEmpty, let message = policy.violations(.eval, pageURL: url).first?.evalMessage else { return }
        evalForbidden = true
        pageWorld.callHost("forbidEval", .string(message))
    }

    /// Whether the policy lets `action` happen; each violation is reported (the console line unless
    /// `logs` is off, as for `eval`, whose EvalError says it; the event at `target`, else the
    /// document), with the place in the page's code it came from.
    func policyAllows(_ action: ContentSecurityPolicy.Action, target: NodeID?, place: (url: String, line: Int, column: Int),
                      logs: Bool = true) -> Bool {
        guard !policy.isEmpty else { return true }
        let violations = policy.violations(action, pageURL: url)
        for violation in violations {
            if logs { engine.record(.console(level: .error, text: violation.consoleMessage), page: self) }
            let fields: [ScriptValue] = [
                .string(violation.effectiveDirective), .string(violation.blockedURI), .string(violation.originalPolicy),
                .string(place.url), .int(place.line), .int(place.column), .int(responseStatus),
            ]
            let targetID = target.map { $0.rawValue } ?? -1
            engine.postJob { [weak self] in
                guard let self, !self.isClosed, !self.worlds.isEmpty else { return }
                self.pageWorld.callHost("policyViolation", .int(targetID), .array(fields))
            }
        }
        return violations.isEmpty
    }

    /// Whether `connect-src` lets a script's `fetch` or `XMLHttpRequest` go, checked when the
    /// script asks (the violation is reported before the load fails).
    func connectAllowed(_ request: ScriptResourceRequest) -> Bool {
        request.kind != .fetch && request.kind != .xhr || policyAllows(.connect(request.url), target: nil, place: ("", 0, 0))
    }

    /// The failure a load refused by the policy gets.
    static let refusedByPolicy = ScriptResourceError("refused by the page's Content-Security-Policy")

    /// `img-src` and `frame-src` for the images and frames the document names (webnav loads
    /// neither, but the page hears of what its policy blocks).
    /// Checked as the parser reaches them (at each script and at the end), each element once.
    func checkDocumentResources() {
        guard !policy.isEmpty else { return }
        for (name, isImage) in [("img", true), ("iframe", false)] {
            for element in document.elements(named: name) where checkedPolicyElements.insert(Int32(element.rawValue)).inserted {
                guard let source = document.attribute("src", of: element), let resolved = resolve(source) else { continue }
                _ = policyAllows(isImage ? .image(resolved) : .frame(resolved), target: nil, place: ("", 0, 1))
            }
        }
    }
}
