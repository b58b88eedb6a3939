import Palette
import Raster

/// The flat colours of the interface an animation draws, which the GIF must reproduce exactly.
///
/// The palette planner puts them first in the colour table, with the anti-aliasing ramps of
/// the lines over the background; the encoder never dithers a pixel that lies on a blend of
/// two of them (a line's or a border's edge), so thin interface shapes stay clean.
public struct InterfaceColors: Sendable, Equatable {
    /// The screen background (white in the arc scene).
    var background: RGB8
    /// Colours drawn as thin anti-aliased lines over the background (the arc, the borders),
    /// in order of importance; each gets an exact ramp over `background`.
    var lines: [RGB8]
    /// Other flat colours that must stay exact but get no ramp (the moving layer's
    /// background).
    var others: [RGB8]

    /// Names the interface's colours.
    public init(background: RGB8, lines: [RGB8] = [], others: [RGB8] = []) {
        self.background = background
        self.lines = lines
        self.others = others
    }

    /// The arc scene: white background, red arc, green borders, blue moving-layer background.
    public static let arcScene = InterfaceColors(background: .white, lines: [.red, .green], others: [.blue])

    /// The flat colours in priority order, duplicates removed: background, lines, others.
    var flatColors: [RGB8] {
        var seen = Set<UInt32>()
        return ([background] + lines + others).filter { seen.insert($0.packed).inserted }
    }

    /// The flat colours, then each line's ramp over the background at `rampLevels` levels,
    /// duplicates removed, cut to at most `limit` entries (flat colours have priority).
    func fixedColors(rampLevels: Int, limit: Int) -> [RGB8] {
        var seen = Set<UInt32>()
        var ramps: [RGB8] = []
        for line in lines {
            ramps += PaletteBuilder.antiAliasingRamp(from: line, over: background, levels: rampLevels)
        }
        let all = (flatColors + ramps).filter { seen.insert($0.packed).inserted }
        return Array(all.prefix(max(0, limit)))
    }

    /// The pairs of flat colours whose blends count as interface pixels (never dithered).
    var blendPairs: [(RGB8, RGB8)] {
        let flat = flatColors
        var pairs: [(RGB8, RGB8)] = []
        for first in 0 ..< flat.count {
            for second in first + 1 ..< flat.count { pairs.append((flat[first], flat[second])) }
        }
        return pairs
    }
}
