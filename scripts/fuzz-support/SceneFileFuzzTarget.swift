// libFuzzer target: any bytes read as a scene file must give settings or a RenderGIFError,
// never a crash, a hang or a memory error (AddressSanitizer watches). Accepted settings go
// on through the checks and the timeline a render would build, without drawing.
// Built by scripts/fuzz, not by the package.
@testable import RenderGIF

/// Parses one input as a scene file, then validates it and samples its timeline.
@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFileFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var settings = Animation()
    do {
        try SceneFile.apply(bytes, path: "fuzz.json", to: &settings)
        try settings.validate()
        let timeline = try SceneSetup.timeline(for: settings)
        let frames = try timeline.frameCount(fps: settings.fps)
        guard frames >= 0, frames <= SceneSetup.maxFrames else { fatalError("frame count \(frames) escaped the limit") }
        for step in 0...4 {
            _ = timeline.state(at: timeline.totalDuration * Double(step) / 4)
        }
    } catch let error as RenderGIFError {
        let text = error.description
        guard !text.isEmpty, text.count < 300,
              !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { fatalError("unhelpful error text: \(text)") }
    } catch {
        _ = "\(error)"
    }
    return 0
}
