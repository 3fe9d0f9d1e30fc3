#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NavigatorCore

/// A page world's natives for the WebKit bridge: the handlers it sees, `postMessage`, and the
/// settling of the app's `callAsyncJavaScript` calls.
enum NativeBridge {
    static func define(into define: (DOMNative, @escaping NativeDOM.Body) -> Void, page: ScriptPage, world: PageWorld) {
        unowned let page = page
        unowned let world = world
        let engine = page.engine
        define(.handlerNames) { _ in
            .array((engine.nativeApp?.handlerNames(world: world.name) ?? []).map(ScriptValue.string))
        }
        define(.postMessage) { call in
            guard let app = engine.nativeApp else { return .int(0) }
            return .int(app.post(name: call.string(0), body: call.string(1), page: page, world: world))
        }
        define(.listening) { _ in
            world.hasListeners = true
            return .undefined
        }
        define(.foreignDispatchSerial) { _ in
            guard world.frame?.isOpaque != true,
                  page.worlds.contains(where: { $0.wrapperWorld != world.wrapperWorld && $0.hasListeners && $0.frame?.isOpaque != true })
            else { return .int(0) }
            page.nextToken += 1
            return .int(page.nextToken)
        }
        define(.foreignListeners) { call in
            // The mirror's description crosses as primitives in a fresh array: an object of one
            // world (the array itself, or a page's getter's result in it) never reaches another.
            guard let kept = call.kept(4), let elements = world.context.elements(of: kept) else { return .int(0) }
            let info = ScriptValue.array(elements.prefix(7).map { element in
                if case .kept = element { return .undefined }
                return element
            })
            var flags = 0
            // A frame's window shares the page world's listeners: only other content worlds hear.
            // A cross-origin frame's window is another window altogether: it neither hears nor is heard.
            guard world.frame?.isOpaque != true else { return .int(0) }
            for other in page.worlds where other.wrapperWorld != world.wrapperWorld && other.hasListeners && other.frame?.isOpaque != true {
                let result = other.callHost("foreign", .number(call.number(0)), .string(call.string(1)), .number(call.number(2)),
                                            .bool(call.bool(3)), info, .number(call.number(5)), .bool(other.index != 0))
                if case .number(let value)? = result, let bits = WholeNumber.exactly(value, in: 0...7) { flags |= bits }
                if flags & 4 != 0 { break }
            }
            return .int(flags)
        }
        define(.asyncSettled) { call in
            page.settleAsyncCall(call.int(0), ok: call.bool(1), payload: call.isNullish(2) ? nil : call.string(2))
            return .undefined
        }
    }
}
