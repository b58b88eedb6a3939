import Palette

/// Re-chooses a frame's indices, within a per-pixel error bound, so that GIF's LZW coder
/// finds longer matches.
///
/// It runs the coder's greedy parse as giflib does (codes start after the clear and end
/// codes, at most 4096; when the next code would be 4095 the table is cleared): while the
/// current string can be extended, the pixel's preferred index is taken if it extends it,
/// else the closest extension whose colour lies within the pixel's bound; only when none
/// exists is a code emitted and the pixel given its preferred index. The bound only admits
/// alternatives, so a pixel whose bound is 0 (an interface colour, or a pixel outside the
/// sprite) keeps its preferred index. The transparent index, when allowed, counts with the
/// error of the colour the pixel shows now.
///
/// Since that parse is the coder's own, the codes are written as they are found: the chosen
/// indices come with their LZW code stream, the very bytes `LZWEncoder` would produce for them.
///
/// A reference type holding the code table between frames (about 2 MB), so no frame
/// allocates it; one chooser serves one thread at a time.
final class LZWFriendlyIndexChooser: LZWCoding {
    private static let codeLimit = 4096
    /// Child code of (code, index) at `code << 8 | index`, or -1.
    private var childOf: [Int16]
    /// For each code: its appended index, first child and next sibling (alternatives scan).
    private var symbol: [UInt8]
    private var firstChild: [Int16]
    private var nextSibling: [Int16]
    /// Keys set in `childOf`, to clear only those.
    private var used: [Int32] = []

    init() {
        childOf = [Int16](repeating: -1, count: Self.codeLimit << 8)
        symbol = [UInt8](repeating: 0, count: Self.codeLimit)
        firstChild = [Int16](repeating: -1, count: Self.codeLimit)
        nextSibling = [Int16](repeating: -1, count: Self.codeLimit)
    }

    /// The plain coder's code stream for `indices`, made with this chooser's code table, so a
    /// thread needs one table for both jobs.
    func encode(_ indices: UnsafeBufferPointer<UInt8>, codeSize: Int, into output: inout [UInt8]) {
        var codes = LZWCodeWriter(codeSize: codeSize, output: output)
        output = []
        reset()
        var childOf = self.childOf, used = self.used
        self.childOf = []
        self.used = []
        childOf.withUnsafeMutableBufferPointer { table in
            LZWEncoder.compress(indices, table: table, used: &used, codes: &codes)
        }
        self.childOf = childOf
        self.used = used
        output = codes.finish()
    }

    /// The chosen indices for pixels whose true colours are `trueColors`, preferred indices
    /// `preferred` (the plain mapping, or the transparent index), and squared error bounds
    /// `bounds`; `palette` holds the table's colours (packed), `shown` the colour each pixel
    /// shows now (what the transparent index, if any, leaves). The code stream, for minimum
    /// code size `codeSize`, is appended to `data`.
    func choose(preferred: [UInt8], trueColors: [UInt32], bounds: [Int32], shown: [UInt32],
                palette: [UInt32], transparentIndex: UInt8?, codeSize: Int, data: inout [UInt8]) -> [UInt8] {
        var codes = LZWCodeWriter(codeSize: codeSize, output: data)
        data = []
        guard !preferred.isEmpty else {
            codes.endWithoutString()
            data = codes.finish()
            return []
        }
        var output = preferred
        reset()
        // Work on local arrays (moved out and back) so the loop runs on raw buffers.
        var childOf = self.childOf, symbol = self.symbol, firstChild = self.firstChild, nextSibling = self.nextSibling
        var used = self.used
        self.childOf = []; self.symbol = []; self.firstChild = []; self.nextSibling = []; self.used = []
        childOf.withUnsafeMutableBufferPointer { childOf in
            symbol.withUnsafeMutableBufferPointer { symbol in
                firstChild.withUnsafeMutableBufferPointer { firstChild in
                    nextSibling.withUnsafeMutableBufferPointer { nextSibling in
                        let table = Table(childOf: childOf, symbol: symbol, firstChild: firstChild, nextSibling: nextSibling)
                        table.run(preferred: preferred, trueColors: trueColors, bounds: bounds, shown: shown, palette: palette,
                                  transparent: transparentIndex.map(Int.init) ?? -1, used: &used, output: &output,
                                  codes: &codes)
                    }
                }
            }
        }
        self.childOf = childOf; self.symbol = symbol; self.firstChild = firstChild; self.nextSibling = nextSibling
        self.used = used
        data = codes.finish()
        return output
    }

    /// The code table as raw buffers for the per-pixel loop.
    private struct Table {
        let childOf: UnsafeMutableBufferPointer<Int16>
        let symbol: UnsafeMutableBufferPointer<UInt8>
        let firstChild: UnsafeMutableBufferPointer<Int16>
        let nextSibling: UnsafeMutableBufferPointer<Int16>

        func clear(_ used: inout [Int32]) {
            for key in used { childOf[Int(key)] = -1 }
            used.removeAll(keepingCapacity: true)
            for code in 0 ..< firstChild.count { firstChild[code] = -1 }
        }

        func run(preferred: [UInt8], trueColors: [UInt32], bounds: [Int32], shown: [UInt32], palette: [UInt32],
                 transparent: Int, used: inout [Int32], output: inout [UInt8], codes: inout LZWCodeWriter) {
            var current = Int(preferred[0])
            for position in 1 ..< preferred.count {
                let wanted = Int(preferred[position])
                let direct = Int(childOf[current << 8 | wanted])
                if direct >= 0 {
                    current = direct
                    continue
                }
                let bound = Int(bounds[position])
                if bound > 0 {
                    let color = trueColors[position]
                    var best = -1, bestError = Int.max
                    var child = Int(firstChild[current])
                    while child >= 0 {
                        let index = Int(symbol[child])
                        let error = AnimationPixels.squaredDistance(index == transparent ? shown[position] : palette[index], color)
                        if error <= bound && error < bestError {
                            best = child
                            bestError = error
                        }
                        child = Int(nextSibling[child])
                    }
                    if best >= 0 {
                        output[position] = symbol[best]
                        current = best
                        continue
                    }
                }
                if codes.emit(current) {
                    // The table was full: the coder cleared it.
                    clear(&used)
                } else {
                    let code = codes.nextCode - 1
                    childOf[current << 8 | wanted] = Int16(code)
                    used.append(Int32(current << 8 | wanted))
                    symbol[code] = UInt8(wanted)
                    nextSibling[code] = firstChild[current]
                    firstChild[current] = Int16(code)
                }
                current = wanted
            }
            codes.end(with: current)
        }
    }

    /// Empties the code table.
    private func reset() {
        for key in used { childOf[Int(key)] = -1 }
        used.removeAll(keepingCapacity: true)
        for code in 0 ..< Self.codeLimit { firstChild[code] = -1 }
    }
}
