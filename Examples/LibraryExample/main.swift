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

// In memory, to a file (with the still), and a check of both files against the rendering.
let gif = try animation.renderGIF()
print("\(gif.report.frameCount) frames, \(gif.bytes.count) bytes")
try animation.render(to: "arc.gif")
let check = try animation.check(against: "arc.gif")
print(check.isUpToDate ? "\(check.files.joined(separator: " and ")) are up to date" : check.differences.map(\.description).joined(separator: "\n"))
