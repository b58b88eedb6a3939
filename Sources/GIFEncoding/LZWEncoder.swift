/// GIF's variable-length LZW coder, producing the image data of one frame: the minimum code
/// size byte, the codes in sub-blocks of at most 255 bytes, and the empty block that ends them.
///
/// The parse and the code-size changes follow the common encoder's rules exactly, so a frame
/// encodes to the same bytes as with giflib: a clear code first; the code width grows when
/// the next free code reaches the current width's limit, checked after each code written; when
/// the table would receive code 4095 a clear code is written instead and the table restarts.
///
/// A reference type that keeps its code table (2 MB) between frames, so no frame allocates
/// it; one encoder serves one thread at a time.
final class LZWEncoder {
    private static let codeLimit = 4096
    /// Child code of (code, index) at `code << 8 | index`, or -1.
    private var childOf: [Int16]
    /// Keys set in `childOf`, to clear only those.
    private var used: [Int32] = []

    init() {
        childOf = [Int16](repeating: -1, count: Self.codeLimit << 8)
        used.reserveCapacity(Self.codeLimit)
    }

    /// The minimum code size of a colour table of `tableSize` entries (at least 2).
    static func minimumCodeSize(tableSize: Int) -> Int {
        var bits = 2
        while 1 << bits < tableSize { bits += 1 }
        return bits
    }

    /// Appends the image data of `indices` (each below `1 << codeSize`) to `output`.
    func encode(_ indices: UnsafeBufferPointer<UInt8>, codeSize: Int, into output: inout [UInt8]) {
        output.append(UInt8(codeSize))
        var bits = BitPacker(output: output)
        output = []
        var childOf = self.childOf, used = self.used
        self.childOf = []
        self.used = []
        childOf.withUnsafeMutableBufferPointer { table in
            Self.compress(indices, codeSize: codeSize, table: table, used: &used, bits: &bits)
        }
        self.childOf = childOf
        self.used = used
        output = bits.finish()
    }

    private static func compress(_ indices: UnsafeBufferPointer<UInt8>, codeSize: Int,
                                 table: UnsafeMutableBufferPointer<Int16>, used: inout [Int32], bits: inout BitPacker) {
        let clearCode = 1 << codeSize, endCode = clearCode + 1
        var nextCode = endCode + 1
        var width = codeSize + 1
        var widthLimit = 1 << width
        /// Writes a code, then widens the codes when the next free one no longer fits.
        func put(_ code: Int) {
            bits.put(code, width: width)
            if nextCode >= widthLimit {
                width += 1
                widthLimit = 1 << width
            }
        }
        func clear() {
            for key in used { table[Int(key)] = -1 }
            used.removeAll(keepingCapacity: true)
        }
        clear()
        put(clearCode)
        guard !indices.isEmpty else {
            put(endCode)
            return
        }
        var current = Int(indices[0])
        for position in 1 ..< indices.count {
            let pixel = Int(indices[position])
            let key = current << 8 | pixel
            let child = Int(table[key])
            if child >= 0 {
                current = child
                continue
            }
            put(current)
            current = pixel
            if nextCode >= codeLimit - 1 {
                put(clearCode)
                nextCode = endCode + 1
                width = codeSize + 1
                widthLimit = 1 << width
                clear()
            } else {
                table[key] = Int16(nextCode)
                used.append(Int32(key))
                nextCode += 1
            }
        }
        put(current)
        put(endCode)
    }
}

/// Packs codes least significant bit first into GIF sub-blocks of at most 255 bytes.
private struct BitPacker {
    private var output: [UInt8]
    private var accumulator: UInt64 = 0
    private var pending = 0
    /// Where the length byte of the open sub-block sits.
    private var blockStart: Int

    init(output: [UInt8]) {
        self.output = output
        blockStart = output.count
        self.output.append(0)
    }

    @inline(__always)
    mutating func put(_ code: Int, width: Int) {
        accumulator |= UInt64(code) << UInt64(pending)
        pending += width
        while pending >= 8 {
            byte(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
    }

    @inline(__always)
    private mutating func byte(_ value: UInt8) {
        if output.count - blockStart == 256 {
            output[blockStart] = 255
            blockStart = output.count
            output.append(0)
        }
        output.append(value)
    }

    /// Flushes the last partial byte, closes the open sub-block and appends the terminator.
    mutating func finish() -> [UInt8] {
        if pending > 0 {
            byte(UInt8(truncatingIfNeeded: accumulator))
            accumulator = 0
            pending = 0
        }
        let length = output.count - blockStart - 1
        if length > 0 {
            output[blockStart] = UInt8(length)
            output.append(0)
        } else {
            // The open block is empty: its length byte becomes the terminator.
            output[blockStart] = 0
        }
        return output
    }
}
