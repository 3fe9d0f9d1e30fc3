import Foundation

/// A page world's natives for the WebKit bridge: the handlers it sees, `postMessage`, and the
/// settling of the app's `callAsyncJavaScript` calls.
enum NativeBridge {
    static func define(into define: (String, @escaping NativeDOM.Body) -> Void, page: ScriptPage, world: PageWorld) {
        unowned let page = page
        unowned let world = world
        let engine = page.engine
        define("handlerNames") { _ in
            .array((engine.nativeApp?.handlerNames(world: world.name) ?? []).map(ScriptValue.string))
        }
        define("postMessage") { call in
            guard let app = engine.nativeApp else { return .int(0) }
            return .int(app.post(name: call.string(0), body: call.string(1), page: page, world: world))
        }
        define("asyncSettled") { call in
            page.settleAsyncCall(call.int(0), ok: call.bool(1), payload: call.isNullish(2) ? nil : call.string(2))
            return .undefined
        }
    }
}
