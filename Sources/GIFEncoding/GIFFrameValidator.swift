import Palette
import Raster

/// Checks a frame before any of it is written, so an invalid frame never leaves half a frame
/// in the output, and so giflib never silently masks an out-of-range index.
enum GIFFrameValidator {
    /// Throws an `.invalidInput` error naming `context` unless `frame` can be written as it is.
    static func validate(_ frame: GIFFrame, screen: PixelRect, globalPalette: [RGB8]?,
                         context: String) throws(GIFEncodingError) {
        let rect = frame.rect
        guard !rect.isEmpty else { throw .invalidInput(context: context, problem: "rectangle \(rect) is empty") }
        guard screen.contains(rect) else {
            throw .invalidInput(context: context, problem: "rectangle \(rect) is outside the \(screen.width)x\(screen.height) screen")
        }
        guard frame.indices.count == rect.area else {
            throw .invalidInput(context: context, problem: "\(frame.indices.count) indices for a \(rect.width)x\(rect.height) rectangle")
        }
        guard (0 ... 65535).contains(frame.delayCentiseconds) else {
            throw .invalidInput(context: context, problem: "delay \(frame.delayCentiseconds) cs is outside 0 ... 65535")
        }
        if let local = frame.localPalette, !(1 ... 256).contains(local.count) {
            throw .invalidInput(context: context, problem: "local palette has \(local.count) colours, not 1 ... 256")
        }
        guard let palette = frame.localPalette ?? globalPalette else {
            throw .invalidInput(context: context, problem: "no local palette and the GIF has no global one")
        }
        if let transparent = frame.transparentIndex, !(0 ..< palette.count).contains(transparent) {
            throw .invalidInput(context: context, problem: "transparent index \(transparent) is outside the \(palette.count)-colour palette")
        }
        if palette.count < 256 {
            let largest = frame.indices.withUnsafeBufferPointer { indices -> UInt8 in
                var largest: UInt8 = 0
                for index in indices where index > largest { largest = index }
                return largest
            }
            if Int(largest) >= palette.count {
                throw .invalidInput(context: context, problem: "index \(largest) is outside the \(palette.count)-colour palette")
            }
        }
    }
}
