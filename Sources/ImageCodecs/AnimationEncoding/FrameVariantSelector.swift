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
    func choose(rect: PixelRect, indices: [UInt8], unchanged: [Bool]?, previous: [UInt8]?,
                writer: GIFWriter) throws(ImageCodecError) -> Choice {
        var candidates: [(GIFFrame, [UInt8], Bool)] = [
            (GIFFrame(rect: rect, indices: indices, delayCentiseconds: 0, disposal: .keep), indices, false),
        ]
        if let transparent = palette.transparentIndex, let unchanged, let previous, unchanged.contains(true) {
            var frameIndices = indices, shown = indices
            for position in 0 ..< indices.count where unchanged[position] {
                frameIndices[position] = transparent
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
