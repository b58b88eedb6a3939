import Palette
import Raster

/// The colours a GIF decoder shows after the frames written so far: one packed 0xRRGGBB value
/// a pixel over the whole screen. Frames are differenced against it, not against the previous
/// rendered frame, so what is skipped as "unchanged" is judged by what the viewer really sees.
/// Colours rather than indices, because images written with their own colour tables (the
/// refinements of still tiles) show colours the global table does not hold.
struct DisplayedScreen {
    let width: Int
    let height: Int
    private(set) var colors: [UInt32]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        colors = [UInt32](repeating: 0, count: width * height)
    }

    /// The shown colours of `rect` (inside the screen), row by row.
    func read(_ rect: PixelRect) -> [UInt32] {
        var values = [UInt32](repeating: 0, count: rect.area)
        colors.withUnsafeBufferPointer { screen in
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
    mutating func write(_ values: [UInt32], in rect: PixelRect) {
        let width = self.width
        values.withUnsafeBufferPointer { source in
            colors.withUnsafeMutableBufferPointer { screen in
                for row in 0 ..< rect.height {
                    let target = screen.baseAddress! + (rect.y + row) * width + rect.x
                    target.update(from: source.baseAddress! + row * rect.width, count: rect.width)
                }
            }
        }
    }

    /// Shows `table[indices]` (row by row over `rect`, inside the screen) without building
    /// the colours first.
    mutating func write(_ indices: [UInt8], through table: [UInt32], in rect: PixelRect) {
        precondition(indices.count == rect.area, "a frame's indices do not match its rectangle")
        let width = self.width
        let slots = table.indexSlots(beyond: 0)
        indices.withUnsafeBufferPointer { source in
            slots.withUnsafeBufferPointer { slots in
                colors.withUnsafeMutableBufferPointer { screen in
                    for row in 0 ..< rect.height {
                        let target = (rect.y + row) * width + rect.x, start = row * rect.width
                        for column in 0 ..< rect.width {
                            screen[target + column] = slots[Int(source[start + column])]
                        }
                    }
                }
            }
        }
    }

    /// The true colours of a frame's pixels (packed, row by row over its rectangle) and the
    /// tolerance they are judged by.
    struct TrueColors {
        let colors: [UInt32]
        let tolerated: ToleratedErrors
    }

    /// Which pixels of `region` can stay as shown, and the bounding box of the others.
    ///
    /// A pixel stays when its new index's colour is the shown one, or, given the pixels'
    /// `trueColors`, when its true colour is not exactly its new index's colour and the shown
    /// colour is at most `tolerated.tolerance` further from it than the new index's colour is
    /// (with tolerance 0: at least as close, as a refined still pixel is, but for the rounding
    /// `ToleratedErrors` describes).
    func unchangedPixels(newIndices: [UInt8], region: PixelRect, palette: [UInt32],
                         trueColors: TrueColors?) -> (unchanged: [Bool], changedBounds: PixelRect) {
        precondition(newIndices.count == region.area && (trueColors?.colors.count ?? region.area) == region.area,
                     "a frame's pixel lists do not match its rectangle")
        var unchanged = [Bool](repeating: true, count: region.area)
        var changed = PixelRect(x: region.x, y: region.y, width: 0, height: 0)
        let slots = palette.indexSlots(beyond: 0)
        let colors = trueColors?.colors ?? []
        self.colors.withUnsafeBufferPointer { screen in
            newIndices.withUnsafeBufferPointer { fresh in
                slots.withUnsafeBufferPointer { table in
                    colors.withUnsafeBufferPointer { colors in
                        unchanged.withUnsafeMutableBufferPointer { stays in
                            func scan(_ bound: ToleratedErrors.Bounds?) {
                                changed = markChanged(region, screen: screen, fresh: fresh, table: table,
                                                      colors: colors, bound: bound, stays: stays)
                            }
                            if let trueColors { trueColors.tolerated.withBounds { scan($0) } } else { scan(nil) }
                        }
                    }
                }
            }
        }
        return (unchanged, changed)
    }

    /// `unchangedPixels`'s loop: clears `stays` for each pixel of `region` that changes (judged
    /// by `colors` and `bound` when there is a bound) and returns the changed pixels' bounding
    /// box (empty, at the region's corner, when none changes).
    @inline(__always)
    private func markChanged(_ region: PixelRect, screen: UnsafeBufferPointer<UInt32>,
                             fresh: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt32>,
                             colors: UnsafeBufferPointer<UInt32>,
                             bound: ToleratedErrors.Bounds?, stays: UnsafeMutableBufferPointer<Bool>) -> PixelRect {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for row in 0 ..< region.height {
            let screenStart = (region.y + row) * width + region.x
            let start = row * region.width
            var rowMin = Int.max, rowMax = -1
            for column in 0 ..< region.width {
                let shown = screen[screenStart + column], wanted = table[Int(fresh[start + column])]
                if shown == wanted { continue }
                if let bound {
                    let color = colors[start + column]
                    if wanted != color, AnimationPixels.squaredDistance(shown, color)
                        <= Int(bound(AnimationPixels.squaredDistance(wanted, color))) {
                        continue
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
        guard maxX >= 0 else { return PixelRect(x: region.x, y: region.y, width: 0, height: 0) }
        return PixelRect(x: region.x + minX, y: region.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

extension Array {
    /// The elements of `rect` out of a row-major array covering `region` (which contains it).
    func cropped(to rect: PixelRect, from region: PixelRect) -> [Element] {
        // A frame's changed pixels often span the whole region mapped: the array itself then
        // (shared until written), rather than a copy of every row.
        assert(count == region.area, "a region's list holds one element a pixel")
        if rect == region { return self }
        var result: [Element] = []
        result.reserveCapacity(rect.area)
        for y in rect.y ..< rect.maxY {
            let start = (y - region.y) * region.width + (rect.x - region.x)
            result.append(contentsOf: self[start ..< start + rect.width])
        }
        return result
    }
}
