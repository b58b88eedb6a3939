/// Serpentine Floyd-Steinberg error diffusion over one rectangle, for `PaletteMapper`.
///
/// Error lives in sRGB code values (Float, fixed operation order, so results are the same on
/// every run). It never leaves the rectangle; a pixel that is exactly a palette colour or
/// masked out maps to its nearest colour and neither takes nor passes on error; every pushed
/// error is clamped to ±`limit` per channel.
struct ErrorDiffuser {
    let width: Int
    let limit: Float
    /// Errors for the current and the next row, three channels a pixel, one guard pixel each side.
    private var current: [Float]
    private var next: [Float]

    init(width: Int, limit: Float) {
        self.width = width
        self.limit = limit
        current = [Float](repeating: 0, count: (width + 2) * 3)
        next = current
    }

    mutating func map(_ colors: [UInt32], height: Int, mask: [Bool]?, palette: IndexedPalette,
                      cache: NearestColorCache, into output: inout [UInt8]) {
        let table = palette.colors
        for row in 0 ..< height {
            let leftToRight = row % 2 == 0
            let step = leftToRight ? 1 : -1
            var column = leftToRight ? 0 : width - 1
            for _ in 0 ..< width {
                let position = row * width + column
                let packed = colors[position]
                let slot = (column + 1) * 3
                let source = (Float(packed >> 16), Float(packed >> 8 & 0xFF), Float(packed & 0xFF))
                if let exact = palette.exactIndex(packed: packed) {
                    output[position] = exact
                } else if let mask, !mask[position] {
                    output[position] = cache.nearest(Int(source.0), Int(source.1), Int(source.2))
                } else {
                    let wanted = (source.0 + current[slot], source.1 + current[slot + 1], source.2 + current[slot + 2])
                    let index = cache.nearest(Self.byte(wanted.0), Self.byte(wanted.1), Self.byte(wanted.2))
                    output[position] = index
                    let chosen = table[Int(index)]
                    spread(slot, step,
                           (wanted.0 - Float(chosen.r), wanted.1 - Float(chosen.g), wanted.2 - Float(chosen.b)))
                }
                column += step
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
    }

    /// Pushes 7/16 ahead, 3/16 behind-below, 5/16 below, 1/16 ahead-below (in scan direction).
    @inline(__always)
    private mutating func spread(_ slot: Int, _ step: Int, _ error: (Float, Float, Float)) {
        let clamped = (min(limit, max(-limit, error.0)), min(limit, max(-limit, error.1)), min(limit, max(-limit, error.2)))
        let ahead = slot + 3 * step, behind = slot - 3 * step
        push(clamped.0, slot, ahead, behind)
        push(clamped.1, slot + 1, ahead + 1, behind + 1)
        push(clamped.2, slot + 2, ahead + 2, behind + 2)
    }

    @inline(__always)
    private mutating func push(_ value: Float, _ slot: Int, _ ahead: Int, _ behind: Int) {
        current[ahead] += value * (7.0 / 16)
        next[behind] += value * (3.0 / 16)
        next[slot] += value * (5.0 / 16)
        next[ahead] += value * (1.0 / 16)
    }

    @inline(__always)
    private static func byte(_ value: Float) -> Int {
        Int(min(255, max(0, value)) + 0.5)
    }
}
