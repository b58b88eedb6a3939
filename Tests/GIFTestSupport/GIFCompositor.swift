import GIFEncoding
import Palette
import Raster

/// Renders decoded GIF frames the way browsers display them.
///
/// The screen starts fully transparent. Each frame draws its non-transparent pixels over the
/// screen; the screen is captured; then the frame's disposal applies before the next frame:
/// unspecified and keep leave it, restore-to-background clears the frame's rectangle to
/// transparent (browsers ignore the background colour), restore-previous puts back the
/// rectangle as it was before the frame. An index past the palette's end draws opaque black.
enum GIFCompositor {
    static func composite(_ gif: GIFReader) -> [RGBAImage] {
        let width = gif.width
        var screen = [UInt8](repeating: 0, count: width * gif.height * 4)
        var images: [RGBAImage] = []
        images.reserveCapacity(gif.frames.count)
        for frame in gif.frames {
            let rect = frame.rect
            let saved = frame.disposal == .restorePrevious ? screen : nil
            let palette = frame.localPalette ?? gif.globalPalette ?? []
            let transparent = frame.transparentIndex ?? -1
            for y in 0 ..< rect.height {
                for x in 0 ..< rect.width {
                    let index = Int(frame.indices[y * rect.width + x])
                    if index == transparent { continue }
                    let target = ((rect.y + y) * width + rect.x + x) * 4
                    let colour = index < palette.count ? palette[index] : RGB8(0, 0, 0)
                    screen[target] = colour.r
                    screen[target + 1] = colour.g
                    screen[target + 2] = colour.b
                    screen[target + 3] = 255
                }
            }
            images.append(RGBAImage(width: width, height: gif.height, pixels: screen, isPremultiplied: false))
            switch frame.disposal {
            case .unspecified, .keep:
                break
            case .restoreBackground:
                for y in rect.y ..< rect.maxY {
                    let start = (y * width + rect.x) * 4
                    screen.replaceSubrange(start ..< start + rect.width * 4,
                                           with: repeatElement(0, count: rect.width * 4))
                }
            case .restorePrevious:
                if let saved { screen = saved }
            }
        }
        return images
    }
}
