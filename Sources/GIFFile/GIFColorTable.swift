import CGIF
import Raster
import SafeFiles

/// Conversions between `[RGB8]` palettes and giflib's `ColorMapObject`, for the GIF reading
/// here and giflib's reference reader and writer in the tests.
package enum GIFColorTable {
    /// The entries a GIF colour table of `count` colours takes: the next power of two, at least 2.
    package static func paddedCount(_ count: Int) -> Int {
        var size = 2
        while size < count { size *= 2 }
        return size
    }

    /// A giflib colour map holding `palette` padded with black; free it with `GifFreeMapObject`.
    package static func makeMap(_ palette: [RGB8]) throws(GIFFileError) -> UnsafeMutablePointer<ColorMapObject> {
        let size = paddedCount(palette.count)
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (index, colour) in palette.enumerated() {
            colors[index] = GifColorType(Red: colour.r, Green: colour.g, Blue: colour.b)
        }
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw .encoderFailed(message: "giflib could not make a \(size)-entry colour table")
        }
        return map
    }

    /// The colours of a giflib colour map, or nil when there is none.
    package static func palette(of map: UnsafePointer<ColorMapObject>?) -> [RGB8]? {
        guard let map, let colors = map.pointee.Colors else { return nil }
        let count = max(0, Int(map.pointee.ColorCount))
        return (0 ..< count).map { RGB8(colors[$0].Red, colors[$0].Green, colors[$0].Blue) }
    }

    /// giflib's text for an error code, e.g. "Failed to write to given file".
    package static func errorText(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return DisplayText.libraryMessage(String(cString: text))
    }
}
