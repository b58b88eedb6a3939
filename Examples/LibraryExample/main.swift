import RenderGIF

// The demo's animation, changed in code: two taps at 25 fps, one pixel per point, a dark
// screen, an avatar made of pixels rather than read from a file, and a still of the end.
var animation = Animation()
animation.taps = [3, 0]
animation.fps = 25
animation.scale = 1
animation.backgroundColor = RGB8(0x0d, 0x11, 0x17)
let side = 64
var rgba: [UInt8] = []
for y in 0 ..< side {
    for x in 0 ..< side { rgba += [UInt8(x * 4), UInt8(y * 4), 200, 255] }
}
animation.headImage = try Picture(width: side, height: side, rgba: rgba)
animation.poster = "arc.png"

/// In memory (the GIF and the still's PNG; no file is written), to files, and a check of
/// both files against the rendering. Each call awaits a render on a thread of its own, which
/// stops when its task is cancelled.
func renderAndCheck(_ animation: Animation) async throws {
    let gif = try await animation.renderGIF()
    print("\(gif.report.frameCount) frames, \(gif.bytes.count) bytes, a still of \(gif.still?.count ?? 0) bytes")
    try await animation.render(to: "arc.gif")
    let check = try await animation.check(against: "arc.gif")
    print(check.isUpToDate ? "\(check.files.joined(separator: " and ")) are up to date" : check.differences.map(\.description).joined(separator: "\n"))

    // A value out of its range fails naming the property, with its value and what is allowed.
    var tooWide = animation
    tooWide.borderWidth = 1000
    do {
        try await tooWide.render(to: "arc.gif")
    } catch let RenderGIFError.invalidSetting(invalid) {
        print("\(invalid.property) \(invalid.value ?? ""): \(invalid.problem)")
    }
}

try await renderAndCheck(animation)
