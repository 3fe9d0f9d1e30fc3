import ScriptRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `webnav-fuzz SURFACE --seed S --from N --count K`: runs inputs N to N+K-1 of a surface,
/// writing `begin I` before and `end I` after each (flushed), so the supervisor
/// (Scripts/fuzz.py, `make fuzz`) knows which input crashed or hung the process.
/// `webnav-fuzz SURFACE --seed S --print N` writes input N itself; `--list` names the surfaces.
/// `--crash-at N` and `--hang-at N` make input N crash or hang on purpose, so the supervisor's
/// own counting can be checked (`Scripts/fuzz.py --self-test`).
let surfaces: [FuzzSurface] = [PageScriptSurface(), XMLDocumentSurface(), PlistXMLSurface(), PlistBinarySurface(), PayloadSurface(), FlowSurface()]

func fail(_ message: String) -> Never {
    FileHandleOutput.standardError("webnav-fuzz: \(message)\n")
    exit(2)
}

enum FileHandleOutput {
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress!.advanced(by: offset), $0.count - offset) }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                exit(3)
            }
            offset += written
        }
    }

    static func standardOutput(_ text: String) { write(text, to: 1) }
    static func standardError(_ text: String) { write(text, to: 2) }
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    FileHandleOutput.standardOutput(surfaces.map(\.name).joined(separator: "\n") + "\n")
    exit(0)
}
guard let name = arguments.first, let surface = surfaces.first(where: { $0.name == name }) else {
    fail("usage: webnav-fuzz SURFACE --seed S (--from N --count K | --print N); surfaces: \(surfaces.map(\.name).joined(separator: ", "))")
}
var options: [String: Int] = [:]
var index = 1
while index + 1 < arguments.count {
    guard arguments[index].hasPrefix("--"), let value = Int(arguments[index + 1]), value >= 0 else { fail("bad option \(arguments[index])") }
    options[String(arguments[index].dropFirst(2))] = value
    index += 2
}
let seed = UInt64(options["seed"] ?? 1)
if let printed = options["print"] {
    var random = FuzzRandom(seed: seed, surface: surface.name, index: printed)
    let bytes = surface.input(&random)
    _ = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
    exit(0)
}
let first = options["from"] ?? 0
let count = options["count"] ?? 1
for input in first..<(first + count) {
    FileHandleOutput.standardOutput("begin \(input)\n")
    if options["crash-at"] == input { fatalError("webnav-fuzz: a crash asked for at input \(input)") }
    if options["hang-at"] == input { while true { sleep(60) } }
    var random = FuzzRandom(seed: seed, surface: surface.name, index: input)
    surface.run(surface.input(&random))
    FileHandleOutput.standardOutput("end \(input)\n")
}
// A flow that tapped an `await` loop left a thread inside JavaScriptCore (`ScriptEntryWatch`):
// leave without `exit`'s destructors, as webnav does.
if ScriptEntryWatch.anyAbandoned { _exit(0) }
