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
/// A reference type holding the code table between frames, so no frame allocates it; one
/// chooser serves one thread at a time.
final class LZWFriendlyIndexChooser: LZWCoding {
    private static let codeLimit = 4096
    /// The code of (code, index), shared with the plain coder's parse.
    private var children = LZWChildTable()
    /// For each code: its appended index, first child and next sibling (alternatives scan).
    private var symbol: [UInt8]
    private var firstChild: [Int16]
    private var nextSibling: [Int16]

    init() {
        symbol = [UInt8](repeating: 0, count: Self.codeLimit)
        firstChild = [Int16](repeating: -1, count: Self.codeLimit)
        nextSibling = [Int16](repeating: -1, count: Self.codeLimit)
    }

    deinit {
        children.deallocate()
    }

    /// The plain coder's code stream for `indices`, made with this chooser's code table, so a
    /// thread needs one table for both jobs.
    func encode(_ indices: UnsafeBufferPointer<UInt8>, codeSize: Int, into output: inout [UInt8]) {
        var codes = LZWCodeWriter(codeSize: codeSize, output: output)
        output = []
        children.clear()
        LZWEncoder.compress(indices, table: &children, codes: &codes)
        output = codes.finish()
    }

    /// The chosen indices for pixels whose true colours are `trueColors`, preferred indices
    /// `preferred` (the plain mapping, or the transparent index), and squared error bounds
    /// `bounds`; `palette` holds the table's colours (packed), `shown` the colour each pixel
    /// shows now (what the transparent index, if any, leaves). Returns them with their code
    /// stream at minimum code size `codeSize`.
    func choose(preferred: [UInt8], trueColors: [UInt32], bounds: [Int32], shown: [UInt32],
                palette: [UInt32], transparentIndex: UInt8?, codeSize: Int) -> (indices: [UInt8], codeStream: LZWCodeStream) {
        var codes = LZWCodeWriter(codeSize: codeSize, output: [])
        guard !preferred.isEmpty else {
            codes.endWithoutString()
            return ([], LZWCodeStream(codeSize: codeSize, bytes: codes.finish()))
        }
        var output = preferred
        reset()
        // Work on local arrays (moved out and back) so the loop runs on raw buffers.
        var symbol = self.symbol, firstChild = self.firstChild, nextSibling = self.nextSibling
        self.symbol = []; self.firstChild = []; self.nextSibling = []
        symbol.withUnsafeMutableBufferPointer { symbol in
            firstChild.withUnsafeMutableBufferPointer { firstChild in
                nextSibling.withUnsafeMutableBufferPointer { nextSibling in
                    let table = Table(symbol: symbol, firstChild: firstChild, nextSibling: nextSibling)
                    table.run(preferred: preferred, trueColors: trueColors, bounds: bounds, shown: shown, palette: palette,
                              transparent: transparentIndex.map(Int.init) ?? -1, children: &children, output: &output,
                              codes: &codes)
                }
            }
        }
        self.symbol = symbol; self.firstChild = firstChild; self.nextSibling = nextSibling
        return (output, LZWCodeStream(codeSize: codeSize, bytes: codes.finish()))
    }

    /// The code table's sibling lists as raw buffers for the per-pixel loop.
    private struct Table {
        let symbol: UnsafeMutableBufferPointer<UInt8>
        let firstChild: UnsafeMutableBufferPointer<Int16>
        let nextSibling: UnsafeMutableBufferPointer<Int16>

        func clear(_ children: inout LZWChildTable) {
            children.clear()
            for code in 0 ..< firstChild.count { firstChild[code] = -1 }
        }

        func run(preferred: [UInt8], trueColors: [UInt32], bounds: [Int32], shown: [UInt32], palette: [UInt32],
                 transparent: Int, children: inout LZWChildTable, output: inout [UInt8], codes: inout LZWCodeWriter) {
            precondition(trueColors.count == preferred.count && bounds.count == preferred.count
                         && shown.count == preferred.count && output.count == preferred.count && palette.count <= 256,
                         "the re-mapping's pixel lists differ in length")
            preferred.withUnsafeBufferPointer { preferred in
                trueColors.withUnsafeBufferPointer { trueColors in
                    bounds.withUnsafeBufferPointer { bounds in
                        shown.withUnsafeBufferPointer { shown in
                            palette.withUnsafeBufferPointer { palette in
                                output.withUnsafeMutableBufferPointer { output in
                                    parse(preferred, trueColors, bounds, shown, palette, transparent, &children,
                                          output, &codes)
                                }
                            }
                        }
                    }
                }
            }
        }

        /// The parse itself, on raw buffers: with arrays, every element access is checked
        /// and every write to `output` asks whether the array is shared.
        private func parse(_ preferred: UnsafeBufferPointer<UInt8>, _ trueColors: UnsafeBufferPointer<UInt32>,
                           _ bounds: UnsafeBufferPointer<Int32>, _ shown: UnsafeBufferPointer<UInt32>,
                           _ palette: UnsafeBufferPointer<UInt32>, _ transparent: Int,
                           _ children: inout LZWChildTable, _ output: UnsafeMutableBufferPointer<UInt8>,
                           _ codes: inout LZWCodeWriter) {
            var current = Int(preferred[0])
            for position in 1 ..< preferred.count {
                let wanted = Int(preferred[position])
                let direct = children.child(of: current, wanted)
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
                    clear(&children)
                } else {
                    let code = codes.nextCode - 1
                    children.add(code, of: current, wanted)
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
        children.clear()
        for code in 0 ..< Self.codeLimit { firstChild[code] = -1 }
    }
}
