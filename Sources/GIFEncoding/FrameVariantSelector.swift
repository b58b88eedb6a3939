import Palette
import Raster
import WorkThreads

/// Builds the ways one changed rectangle can be written and keeps the smallest.
///
/// Variants: every pixel opaque (the new indices), or the pixels that count as unchanged
/// written as the transparent index; each optionally with a local colour table holding only
/// the colours the frame uses, when that table is smaller than the global one. Every variant
/// is LZW-encoded exactly once, the opaque and the transparent ones on two threads at once,
/// and the smallest encoding is the one written, ties going to the earlier variant in the
/// order above, so the choice does not depend on the scheduling.
final class FrameVariantSelector {
    let palette: IndexedPalette
    let allowsLocalTables: Bool
    /// Extra error (code values) a pixel may take so LZW finds longer matches; 0: none.
    let lzwTolerance: Double
    /// Whether the variant families run on two threads.
    let inParallel: Bool
    /// The palette's table colours, packed.
    let packedTable: [UInt32]
    /// The bound of each squared error below `knownErrors` (empty without a tolerance).
    private var boundOfError: [Int32]
    /// One LZW-friendly re-mapping and one coder per variant family (opaque, transparent),
    /// so the two families run on separate threads.
    private let workers = [VariantWorker(), VariantWorker()]

    init(palette: IndexedPalette, allowsLocalTables: Bool, lzwTolerance: Double, inParallel: Bool = true) {
        self.palette = palette
        self.inParallel = inParallel
        self.allowsLocalTables = allowsLocalTables
        self.lzwTolerance = lzwTolerance
        packedTable = palette.tableColors.map(\.packed)
        boundOfError = []
        if lzwTolerance > 0 {
            // Mapped errors are mostly small: their bounds are looked up rather than worked
            // out with a square root per pixel (the same formula, so the same values).
            boundOfError = (0 ..< Self.knownErrors).map { bound(ofError: $0) }
        }
    }

    /// How many squared errors, from 0, have their bound worked out in advance (64 KB).
    private static let knownErrors = 1 << 14

    /// What was chosen for one frame.
    struct Choice {
        /// The frame to write (delay still 0).
        var frame: GIFFrame
        /// Its encoding, ready for `GIFStreamBuilder.add(_:delayCentiseconds:)`.
        var image: EncodedGIFImage
        /// The colours the screen shows inside `frame.rect` afterwards.
        var shown: [UInt32]
        /// True when the transparent variant won.
        var usesTransparency: Bool
        /// True when a local colour table won.
        var usesLocalTable: Bool
    }

    /// Chooses how to write `rect` whose new indices are `indices` (row by row over `rect`);
    /// `unchanged` marks pixels the screen already shows well enough (nil: none do), and
    /// `previous` holds the colours the screen shows now (needed when `unchanged` is given).
    /// With `colors` (the pixels' true colours, packed) and a positive `lzwTolerance`, the
    /// indices of pixels inside `lossyArea` (the moving sprite, seen for one frame) are
    /// re-chosen within the error bound for shorter LZW codes; pixels outside it, which may
    /// stay on screen for long, keep their mapping.
    func choose(rect: PixelRect, indices: [UInt8], unchanged: [Bool]?, previous: [UInt32]?, colors: [UInt32]? = nil,
                lossyArea: PixelRect? = nil, builder: GIFStreamBuilder) throws(GIFEncodingError) -> Choice {
        var bounds: [Int32]?
        if let colors, let lossyArea, lzwTolerance > 0, !lossyArea.intersection(rect).isEmpty {
            bounds = errorBounds(indices, colors, rect: rect, area: lossyArea.intersection(rect))
        }
        // Each family gives its frame, what the screen shows afterwards, whether it is the
        // transparent one, and its LZW data when the LZW-friendly re-mapping made it.
        var families: [(VariantWorker) -> (GIFFrame, [UInt32], Bool, [UInt8]?)] = []
        let table = packedTable
        let codeSize = builder.globalCodeSize
        let lossyBounds = bounds
        families.append { worker in
            var opaque = indices
            var data: [UInt8]?
            if let bounds = lossyBounds, let colors {
                var made: [UInt8] = []
                opaque = worker.chooser.choose(preferred: indices, trueColors: colors, bounds: bounds, shown: colors,
                                               palette: table, transparentIndex: nil, codeSize: codeSize, data: &made)
                data = made
            }
            return (GIFFrame(rect: rect, indices: opaque, delayCentiseconds: 0, disposal: .keep),
                    opaque.mapped(through: table, beyond: 0), false, data)
        }
        if let transparent = palette.transparentIndex, let unchanged, let previous, unchanged.contains(true) {
            precondition(unchanged.count == indices.count && previous.count == indices.count
                         && (colors?.count ?? indices.count) == indices.count, "a frame's pixel lists differ in length")
            families.append { worker in
                var frameIndices = indices
                var data: [UInt8]?
                // The per-pixel loops run on raw buffers: element by element, each write to an
                // array checked that the array was not shared, a call per pixel.
                frameIndices.withUnsafeMutableBufferPointer { frameIndices in
                    unchanged.withUnsafeBufferPointer { unchanged in
                        for position in 0 ..< unchanged.count where unchanged[position] { frameIndices[position] = transparent }
                    }
                }
                if var bounds = lossyBounds, let colors {
                    let shownColors = previous
                    bounds.withUnsafeMutableBufferPointer { bounds in
                        unchanged.withUnsafeBufferPointer { unchanged in
                            shownColors.withUnsafeBufferPointer { shownColors in
                                colors.withUnsafeBufferPointer { colors in
                                    for position in 0 ..< unchanged.count where unchanged[position] {
                                        let error = AnimationPixels.squaredDistance(shownColors[position], colors[position])
                                        bounds[position] = max(bounds[position], Int32(clamping: error))
                                    }
                                }
                            }
                        }
                    }
                    var made: [UInt8] = []
                    frameIndices = worker.chooser.choose(preferred: frameIndices, trueColors: colors, bounds: bounds,
                                                         shown: shownColors, palette: table, transparentIndex: transparent,
                                                         codeSize: codeSize, data: &made)
                    data = made
                }
                var shown = previous
                shown.withUnsafeMutableBufferPointer { shown in
                    frameIndices.withUnsafeBufferPointer { frameIndices in
                        table.withUnsafeBufferPointer { table in
                            for position in 0 ..< frameIndices.count where frameIndices[position] != transparent {
                                shown[position] = table[Int(frameIndices[position])]
                            }
                        }
                    }
                }
                return (GIFFrame(rect: rect, indices: frameIndices, delayCentiseconds: 0, disposal: .keep,
                                 transparentIndex: Int(transparent)), shown, true, data)
            }
        }
        let encoded = try ParallelWork.tryMap(families.count, concurrently: inParallel) { family throws(GIFEncodingError) -> [Choice] in
            let worker = self.workers[family]
            let (frame, shown, transparent, data) = families[family](worker)
            var choices = [Choice(frame: frame, image: try builder.encodeImage(frame, lzwData: data, using: worker.encoder),
                                  shown: shown, usesTransparency: transparent, usesLocalTable: false)]
            if self.allowsLocalTables, let local = self.localTableVariant(of: frame) {
                choices.append(Choice(frame: local, image: try builder.encodeImage(local, using: worker.encoder),
                                      shown: shown, usesTransparency: transparent, usesLocalTable: true))
            }
            return choices
        }
        var best: Choice?
        for choice in encoded.joined() where best == nil || choice.image.fileSize < best!.image.fileSize {
            best = choice
        }
        guard let best else {
            throw .invalidInput(context: "GIF animation frame", problem: "no variant could be encoded")
        }
        return best
    }

    /// Per pixel of `rect`, the largest squared error allowed: 0 outside `area` and where the
    /// mapped colour is exact (the interface colours stay exact), else (mapped error +
    /// `lzwTolerance`)².
    func errorBounds(_ indices: [UInt8], _ colors: [UInt32], rect: PixelRect, area: PixelRect) -> [Int32] {
        precondition(indices.count == rect.area && colors.count == rect.area && rect.contains(area),
                     "a frame's pixel lists do not match its rectangle")
        var bounds = [Int32](repeating: 0, count: indices.count)
        bounds.withUnsafeMutableBufferPointer { bounds in
            indices.withUnsafeBufferPointer { indices in
                colors.withUnsafeBufferPointer { colors in
                    packedTable.withUnsafeBufferPointer { table in
                        boundOfError.withUnsafeBufferPointer { known in
                            for y in area.y ..< area.maxY {
                                var position = (y - rect.y) * rect.width + (area.x - rect.x)
                                for _ in area.x ..< area.maxX {
                                    let mapped = table[Int(indices[position])], color = colors[position]
                                    if mapped != color {
                                        let error = AnimationPixels.squaredDistance(mapped, color)
                                        bounds[position] = error < known.count ? known[error] : bound(ofError: error)
                                    }
                                    position += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return bounds
    }

    /// (√`error` + `lzwTolerance`)², floored: the bound of a pixel mapped with that squared error.
    private func bound(ofError error: Int) -> Int32 {
        let reach = Double(error).squareRoot() + lzwTolerance
        return Int32(clamping: Int((reach * reach).rounded(.down)))
    }

    /// The frame relabelled to a local table of just the colours it uses (the transparent
    /// index included), or nil when that table would not be smaller than the global one.
    func localTableVariant(of frame: GIFFrame) -> GIFFrame? {
        let used = frame.indices.usedIndices()
        let kept = (0 ..< 256).filter { used[$0] }
        let localSize = IndexedPalette.tableSize(holding: kept.count)
        guard localSize < palette.tableSize else { return nil }
        var relabel = [UInt8](repeating: 0, count: 256)
        for (position, index) in kept.enumerated() { relabel[index] = UInt8(position) }
        let colors = kept.map { $0 < palette.colors.count ? palette.colors[$0] : RGB8(0, 0, 0) }
        var local = frame
        local.indices = frame.indices.mapped(through: relabel, beyond: 0)
        local.localPalette = colors
        local.transparentIndex = frame.transparentIndex.map { Int(relabel[$0]) }
        return local
    }
}

/// The scratch state one variant family needs: the LZW-friendly re-mapping, whose code table
/// also serves the plain coder.
final class VariantWorker {
    let chooser = LZWFriendlyIndexChooser()
    var encoder: any LZWCoding { chooser }
}
