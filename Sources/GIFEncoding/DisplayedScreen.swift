import Palette
import Raster

/// The palette indices a GIF decoder shows after the frames written so far: one byte a pixel
/// over the whole screen. Frames are differenced against it, not against the previous
/// rendered frame, so what is skipped as "unchanged" is judged by what the viewer really sees.
struct DisplayedScreen {
    let width: Int
    let height: Int
    private(set) var indices: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        indices = [UInt8](repeating: 0, count: width * height)
    }

    /// The shown indices of `rect` (inside the screen), row by row.
    func read(_ rect: PixelRect) -> [UInt8] {
        var values = [UInt8](repeating: 0, count: rect.area)
        indices.withUnsafeBufferPointer { screen in
            values.withUnsafeMutableBufferPointer { out in
                for row in 0 ..< rect.height {
                    let source = screen.baseAddress! + (rect.y + row) * width + rect.x
                    (out.baseAddress! + row * rect.width).update(from: source, count: rect.width)
                }
            }
        }
        return values
    }

    /// Shows `values` (row by row over `rect`, inside the screen).
    mutating func write(_ values: [UInt8], in rect: PixelRect) {
        let width = self.width
        values.withUnsafeBufferPointer { source in
            indices.withUnsafeMutableBufferPointer { screen in
                for row in 0 ..< rect.height {
                    let target = screen.baseAddress! + (rect.y + row) * width + rect.x
                    target.update(from: source.baseAddress! + row * rect.width, count: rect.width)
                }
            }
        }
    }

    /// Which pixels of `region` can stay as shown, and the bounding box of the others.
    ///
    /// A pixel stays when its new index equals the shown one, or, with a positive `tolerance`,
    /// when its true colour (`colors`, packed) is not exactly a palette colour and the shown
    /// colour is at most `tolerance` further from it than the new index's colour is.
    func unchangedPixels(newIndices: [UInt8], region: PixelRect, colors: [UInt32]?, palette: [UInt32],
                         tolerance: Double) -> (unchanged: [Bool], changedBounds: PixelRect) {
        var unchanged = [Bool](repeating: true, count: region.area)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        indices.withUnsafeBufferPointer { screen in
            newIndices.withUnsafeBufferPointer { fresh in
                palette.withUnsafeBufferPointer { table in
                    unchanged.withUnsafeMutableBufferPointer { stays in
                        for row in 0 ..< region.height {
                            let screenStart = (region.y + row) * width + region.x
                            let start = row * region.width
                            var rowMin = Int.max, rowMax = -1
                            for column in 0 ..< region.width {
                                let shown = screen[screenStart + column], wanted = fresh[start + column]
                                if shown == wanted { continue }
                                if tolerance > 0, let colors {
                                    let color = colors[start + column], fresh = table[Int(wanted)]
                                    if fresh != color {
                                        let allowed = Double(AnimationPixels.squaredDistance(fresh, color)).squareRoot() + tolerance
                                        if Double(AnimationPixels.squaredDistance(table[Int(shown)], color)) <= allowed * allowed {
                                            continue
                                        }
                                    }
                                }
                                stays[start + column] = false
                                if rowMin == Int.max { rowMin = column }
                                rowMax = column
                            }
                            if rowMax >= 0 {
                                minX = min(minX, rowMin)
                                maxX = max(maxX, rowMax)
                                if minY == Int.max { minY = row }
                                maxY = row
                            }
                        }
                    }
                }
            }
        }
        guard maxX >= 0 else { return (unchanged, PixelRect(x: region.x, y: region.y, width: 0, height: 0)) }
        return (unchanged, PixelRect(x: region.x + minX, y: region.y + minY, width: maxX - minX + 1, height: maxY - minY + 1))
    }
}

extension Array {
    /// The elements of `rect` out of a row-major array covering `region` (which contains it).
    func cropped(to rect: PixelRect, from region: PixelRect) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(rect.area)
        for y in rect.y ..< rect.maxY {
            let start = (y - region.y) * region.width + (rect.x - region.x)
            result.append(contentsOf: self[start ..< start + rect.width])
        }
        return result
    }
}
