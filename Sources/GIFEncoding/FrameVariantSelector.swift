import Palette
import Raster

/// Builds the ways one changed rectangle can be written and keeps the smallest.
///
/// Variants: every pixel opaque (the new indices), or the pixels that count as unchanged
/// written as the transparent index; each optionally with a local colour table holding only
/// the colours the frame uses, when that table is smaller than the global one. Each variant
/// is LZW-encoded into a byte counter (`GIFWriter.encodedSize(of:)`); the smallest wins, ties
/// going to the earlier variant in the order above, so the choice is deterministic.
struct FrameVariantSelector {
    let palette: IndexedPalette
    let allowsLocalTables: Bool
    /// Extra error (code values) a pixel may take so LZW finds longer matches; 0: none.
    let lzwTolerance: Double
    /// The palette's table colours, packed.
    let packedTable: [UInt32]
    /// The LZW-friendly re-mapping, with its code table kept between frames.
    let chooser = LZWFriendlyIndexChooser()

    init(palette: IndexedPalette, allowsLocalTables: Bool, lzwTolerance: Double) {
        self.palette = palette
        self.allowsLocalTables = allowsLocalTables
        self.lzwTolerance = lzwTolerance
        packedTable = palette.tableColors.map(\.packed)
    }

    /// What was chosen for one frame.
    struct Choice {
        /// The frame to write (delay still 0).
        var frame: GIFFrame
        /// The indices the screen shows inside `frame.rect` afterwards (global palette).
        var shown: [UInt8]
        /// True when the transparent variant won.
        var usesTransparency: Bool
        /// True when a local colour table won.
        var usesLocalTable: Bool
    }

    /// Chooses how to write `rect` whose new indices are `indices` (row by row over `rect`);
    /// `unchanged` marks pixels the screen already shows well enough (nil: none do), and
    /// `previous` holds the indices the screen shows now (needed when `unchanged` is given).
    /// With `colors` (the pixels' true colours, packed) and a positive `lzwTolerance`, the
    /// indices of pixels inside `lossyArea` (the moving sprite, seen for one frame) are
    /// re-chosen within the error bound for shorter LZW codes; pixels outside it, which may
    /// stay on screen for long, keep their mapping.
    func choose(rect: PixelRect, indices: [UInt8], unchanged: [Bool]?, previous: [UInt8]?, colors: [UInt32]? = nil,
                lossyArea: PixelRect? = nil, writer: GIFWriter) throws(ImageCodecError) -> Choice {
        var bounds: [Int32]?
        if let colors, let lossyArea, lzwTolerance > 0, !lossyArea.intersection(rect).isEmpty {
            bounds = errorBounds(indices, colors, rect: rect, area: lossyArea.intersection(rect))
        }
        var opaque = indices
        if let bounds, let colors {
            opaque = chooser.choose(preferred: indices, trueColors: colors, bounds: bounds, shown: colors,
                                    palette: packedTable, transparentIndex: nil)
        }
        var candidates: [(GIFFrame, [UInt8], Bool)] = [
            (GIFFrame(rect: rect, indices: opaque, delayCentiseconds: 0, disposal: .keep), opaque, false),
        ]
        if let transparent = palette.transparentIndex, let unchanged, let previous, unchanged.contains(true) {
            var frameIndices = indices
            for position in 0 ..< indices.count where unchanged[position] { frameIndices[position] = transparent }
            if var bounds, let colors {
                let shownColors = previous.map { packedTable[Int($0)] }
                for position in 0 ..< indices.count where unchanged[position] {
                    let error = AnimationPixels.squaredDistance(shownColors[position], colors[position])
                    bounds[position] = max(bounds[position], Int32(clamping: error))
                }
                frameIndices = chooser.choose(preferred: frameIndices, trueColors: colors, bounds: bounds, shown: shownColors,
                                              palette: packedTable, transparentIndex: transparent)
            }
            var shown = frameIndices
            for position in 0 ..< indices.count where frameIndices[position] == transparent {
                shown[position] = previous[position]
            }
            candidates.append((GIFFrame(rect: rect, indices: frameIndices, delayCentiseconds: 0, disposal: .keep,
                                        transparentIndex: Int(transparent)), shown, true))
        }
        var choices: [Choice] = []
        for (frame, shown, transparent) in candidates {
            choices.append(Choice(frame: frame, shown: shown, usesTransparency: transparent, usesLocalTable: false))
            if allowsLocalTables, let local = localTableVariant(of: frame) {
                choices.append(Choice(frame: local, shown: shown, usesTransparency: transparent, usesLocalTable: true))
            }
        }
        // A single variant needs no measuring.
        if choices.count == 1 { return choices[0] }
        var best: Choice?
        var bestSize = Int.max
        for choice in choices {
            let size = try writer.encodedSize(of: choice.frame)
            if size < bestSize {
                bestSize = size
                best = choice
            }
        }
        guard let best else {
            throw .invalidInput(context: "GIF animation frame", problem: "no variant could be measured")
        }
        return best
    }

    /// Per pixel of `rect`, the largest squared error allowed: 0 outside `area` and where the
    /// mapped colour is exact (the interface colours stay exact), else (mapped error +
    /// `lzwTolerance`)².
    func errorBounds(_ indices: [UInt8], _ colors: [UInt32], rect: PixelRect, area: PixelRect) -> [Int32] {
        var bounds = [Int32](repeating: 0, count: indices.count)
        for y in area.y ..< area.maxY {
            for x in area.x ..< area.maxX {
                let position = (y - rect.y) * rect.width + (x - rect.x)
                let mapped = packedTable[Int(indices[position])], color = colors[position]
                guard mapped != color else { continue }
                let reach = Double(AnimationPixels.squaredDistance(mapped, color)).squareRoot() + lzwTolerance
                bounds[position] = Int32(clamping: Int((reach * reach).rounded(.down)))
            }
        }
        return bounds
    }

    /// The frame relabelled to a local table of just the colours it uses (the transparent
    /// index included), or nil when that table would not be smaller than the global one.
    func localTableVariant(of frame: GIFFrame) -> GIFFrame? {
        var used = [Bool](repeating: false, count: 256)
        for index in frame.indices { used[Int(index)] = true }
        let kept = (0 ..< 256).filter { used[$0] }
        let localSize = IndexedPalette.tableSize(holding: kept.count)
        guard localSize < palette.tableSize else { return nil }
        var relabel = [UInt8](repeating: 0, count: 256)
        for (position, index) in kept.enumerated() { relabel[index] = UInt8(position) }
        let colors = kept.map { $0 < palette.colors.count ? palette.colors[$0] : RGB8(0, 0, 0) }
        var local = frame
        local.indices = frame.indices.map { relabel[Int($0)] }
        local.localPalette = colors
        local.transparentIndex = frame.transparentIndex.map { Int(relabel[$0]) }
        return local
    }
}
