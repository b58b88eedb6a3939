import Palette
import Raster

/// Chooses how one changed rectangle is written and encodes it.
///
/// Two families of variants: every pixel opaque (the new indices), or the pixels that count as
/// unchanged written as the transparent index. Of the two, the one whose indices fall into
/// fewer runs of equal values is encoded (ties go to the opaque one): LZW's strings grow along
/// such runs, and encoding both to keep the smaller cost twice the time for a few bytes (the
/// prediction misses the smaller by 0.2% of the moving frames' bytes with photographs, 0.9%
/// with the drawn avatars). Within the family, a local colour table holding only the colours
/// the frame uses is tried too when that table is smaller than the global one, and the
/// smaller encoding is written.
final class FrameVariantSelector {
    let palette: IndexedPalette
    let allowsLocalTables: Bool
    /// The palette's table colours, packed.
    let packedTable: [UInt32]
    /// How far the LZW-friendly re-choice may take a pixel: the bounds of the extra error (code
    /// values) a pixel may take so LZW finds longer matches, nil when that tolerance is 0 and
    /// nothing is re-chosen.
    private let toleratedErrors: ToleratedErrors?
    /// The LZW-friendly re-mapping, whose code table also serves the plain coder.
    private let chooser = LZWFriendlyIndexChooser()

    init(palette: IndexedPalette, allowsLocalTables: Bool, lzwTolerance: Double) {
        self.palette = palette
        self.allowsLocalTables = allowsLocalTables
        packedTable = palette.tableColors.map(\.packed)
        toleratedErrors = lzwTolerance > 0 ? ToleratedErrors(tolerance: lzwTolerance) : nil
    }

    /// What was chosen for one frame.
    struct Choice {
        /// The frame to write (delay still 0).
        var frame: GIFFrame
        /// Its encoding, ready for `GIFStreamBuilder.add(_:delayCentiseconds:)`.
        var image: EncodedGIFImage
        /// The colours the screen shows inside `frame.rect` afterwards.
        var shown: [UInt32]
    }

    /// One way of writing the rectangle, before it is encoded.
    private struct Variant {
        var frame: GIFFrame
        /// The colours the screen shows inside `frame.rect` afterwards.
        var shown: [UInt32]
        /// The LZW stream of `frame.indices` when the LZW-friendly re-choice made it.
        var codeStream: LZWCodeStream?
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
        if let colors, let lossyArea, let toleratedErrors, !lossyArea.intersection(rect).isEmpty {
            bounds = errorBounds(indices, colors, rect: rect, area: lossyArea.intersection(rect),
                                 tolerated: toleratedErrors)
        }
        let variant: Variant
        if let transparent = palette.transparentIndex, let unchanged, let previous,
           Self.transparencyShortensRuns(indices, unchanged: unchanged) {
            precondition(unchanged.count == indices.count && previous.count == indices.count
                         && (colors?.count ?? indices.count) == indices.count, "a frame's pixel lists differ in length")
            variant = transparentVariant(rect: rect, indices: indices, unchanged: unchanged, previous: previous,
                                         transparent: transparent, colors: colors, bounds: bounds,
                                         codeSize: builder.globalCodeSize)
        } else {
            variant = opaqueVariant(rect: rect, indices: indices, colors: colors, bounds: bounds,
                                    codeSize: builder.globalCodeSize)
        }
        var best = Choice(frame: variant.frame, image: try builder.encodeImage(variant.frame, codeStream: variant.codeStream,
                                                                               using: chooser),
                          shown: variant.shown)
        if allowsLocalTables, let local = localTableVariant(of: variant.frame) {
            let image = try builder.encodeImage(local, using: chooser)
            if image.fileSize < best.image.fileSize { best = Choice(frame: local, image: image, shown: variant.shown) }
        }
        return best
    }

    /// True when writing the `unchanged` pixels as the transparent index leaves `indices` in
    /// fewer runs of equal values than they have now.
    ///
    /// A run starts at the first pixel and wherever a pixel differs from the one before; the
    /// first pixel starts one in both writings, so only the other starts are counted. As
    /// written, with the transparent index beside every index, pixel `p` differs from `p − 1`
    /// when one of them stays and the other does not, or when neither stays and their indices
    /// differ. Both counts are taken eight pixels at a time, each byte of a 64-bit word
    /// compared with its left neighbour's (branches here were mispredicted wherever unchanged
    /// pixels scatter).
    static func transparencyShortensRuns(_ indices: [UInt8], unchanged: [Bool]) -> Bool {
        precondition(unchanged.count == indices.count, "a frame's pixel lists differ in length")
        let count = indices.count
        guard count > 1 else { return false }
        var opaqueStarts = 0, transparentStarts = 0
        indices.withUnsafeBytes { indices in
            unchanged.withUnsafeBytes { stays in
                // A Bool is stored as the byte 0 or 1.
                func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                }
                var position = 1
                while position + 8 <= count {
                    let indexDiffers = ByteLanes.nonzero(word(indices, position) ^ word(indices, position - 1))
                    let staysHere = word(stays, position)
                    let writtenDiffers = (staysHere ^ word(stays, position - 1)) | (indexDiffers & ~staysHere)
                    opaqueStarts &+= ByteLanes.sum(indexDiffers)
                    transparentStarts &+= ByteLanes.sum(writtenDiffers)
                    position &+= 8
                }
                for position in position ..< count {
                    let indexDiffers = indices[position] != indices[position - 1]
                    let staysHere = stays[position] != 0
                    opaqueStarts &+= Int(flag: indexDiffers)
                    transparentStarts &+= Int(flag: staysHere != (stays[position - 1] != 0) || (!staysHere && indexDiffers))
                }
            }
        }
        return transparentStarts < opaqueStarts
    }

    /// Every pixel written with its index (re-chosen within `bounds` when given).
    private func opaqueVariant(rect: PixelRect, indices: [UInt8], colors: [UInt32]?, bounds: [Int32]?,
                               codeSize: Int) -> Variant {
        var opaque = indices
        var codeStream: LZWCodeStream?
        if let bounds, let colors {
            (opaque, codeStream) = chooser.choose(preferred: indices, trueColors: colors, bounds: bounds, shown: colors,
                                                  palette: packedTable, transparentIndex: nil, codeSize: codeSize)
        }
        return Variant(frame: GIFFrame(rect: rect, indices: opaque, delayCentiseconds: 0, disposal: .keep),
                       shown: opaque.mapped(through: packedTable, beyond: 0), codeStream: codeStream)
    }

    /// The `unchanged` pixels written as `transparent`, the others with their index; with
    /// `bounds`, every pixel re-chosen within its bound, where the transparent index counts with
    /// the error of what `previous` shows.
    private func transparentVariant(rect: PixelRect, indices: [UInt8], unchanged: [Bool], previous: [UInt32],
                                    transparent: UInt8, colors: [UInt32]?, bounds: [Int32]?, codeSize: Int) -> Variant {
        var frameIndices = indices
        var codeStream: LZWCodeStream?
        // The per-pixel loops run on raw buffers: element by element, each write to an
        // array checked that the array was not shared, a call per pixel.
        frameIndices.withUnsafeMutableBufferPointer { frameIndices in
            unchanged.withUnsafeBufferPointer { unchanged in
                for position in 0 ..< unchanged.count where unchanged[position] { frameIndices[position] = transparent }
            }
        }
        if var bounds, let colors {
            bounds.withUnsafeMutableBufferPointer { bounds in
                unchanged.withUnsafeBufferPointer { unchanged in
                    previous.withUnsafeBufferPointer { previous in
                        colors.withUnsafeBufferPointer { colors in
                            for position in 0 ..< unchanged.count where unchanged[position] {
                                let error = AnimationPixels.squaredDistance(previous[position], colors[position])
                                bounds[position] = max(bounds[position], Int32(clamping: error))
                            }
                        }
                    }
                }
            }
            (frameIndices, codeStream) = chooser.choose(preferred: frameIndices, trueColors: colors, bounds: bounds,
                                                        shown: previous, palette: packedTable,
                                                        transparentIndex: transparent, codeSize: codeSize)
        }
        var shown = previous
        shown.withUnsafeMutableBufferPointer { shown in
            frameIndices.withUnsafeBufferPointer { frameIndices in
                packedTable.withUnsafeBufferPointer { table in
                    for position in 0 ..< frameIndices.count where frameIndices[position] != transparent {
                        shown[position] = table[Int(frameIndices[position])]
                    }
                }
            }
        }
        return Variant(frame: GIFFrame(rect: rect, indices: frameIndices, delayCentiseconds: 0, disposal: .keep,
                                       transparentIndex: Int(transparent)),
                       shown: shown, codeStream: codeStream)
    }

    /// Per pixel of `rect`, the largest squared error allowed: 0 outside `area` and where the
    /// mapped colour is exact (the interface colours stay exact), else the bound `tolerated`
    /// gives the mapped error.
    func errorBounds(_ indices: [UInt8], _ colors: [UInt32], rect: PixelRect, area: PixelRect,
                     tolerated: ToleratedErrors) -> [Int32] {
        precondition(indices.count == rect.area && colors.count == rect.area && rect.contains(area),
                     "a frame's pixel lists do not match its rectangle")
        var bounds = [Int32](repeating: 0, count: indices.count)
        bounds.withUnsafeMutableBufferPointer { bounds in
            indices.withUnsafeBufferPointer { indices in
                colors.withUnsafeBufferPointer { colors in
                    packedTable.withUnsafeBufferPointer { table in
                        tolerated.withBounds { bound in
                            for y in area.y ..< area.maxY {
                                var position = (y - rect.y) * rect.width + (area.x - rect.x)
                                for _ in area.x ..< area.maxX {
                                    let mapped = table[Int(indices[position])], color = colors[position]
                                    if mapped != color {
                                        let error = AnimationPixels.squaredDistance(mapped, color)
                                        bounds[position] = bound(error)
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
