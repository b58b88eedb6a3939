/// GIF's variable-length LZW coder, producing the code stream of one frame's indices, packed
/// least significant bit first (the file's framing, the code size byte and the sub-blocks, is
/// the writer's).
///
/// The parse and the code-size changes follow the common encoder's rules exactly, so a frame
/// encodes to the same bytes as with giflib: a clear code first; the code width grows when
/// the next free code reaches the current width's limit, checked after each code written; when
/// the table would receive code 4095 a clear code is written instead and the table restarts.
///
/// A reference type that keeps its code table (2 MB) between frames, so no frame allocates
/// it; one encoder serves one thread at a time.
final class LZWEncoder: LZWCoding {
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

    /// Appends the code stream of `indices` (each below `1 << codeSize`) to `output`.
    func encode(_ indices: UnsafeBufferPointer<UInt8>, codeSize: Int, into output: inout [UInt8]) {
        var codes = LZWCodeWriter(codeSize: codeSize, output: output)
        output = []
        var childOf = self.childOf, used = self.used
        self.childOf = []
        self.used = []
        childOf.withUnsafeMutableBufferPointer { table in
            for key in used { table[Int(key)] = -1 }
            used.removeAll(keepingCapacity: true)
            Self.compress(indices, table: table, used: &used, codes: &codes)
        }
        self.childOf = childOf
        self.used = used
        output = codes.finish()
    }

    /// The coder's parse of `indices` over `table` (child code of (code, index) at
    /// `code << 8 | index`, -1 for none; empty on entry), recording the keys it sets in `used`.
    static func compress(_ indices: UnsafeBufferPointer<UInt8>, table: UnsafeMutableBufferPointer<Int16>,
                                 used: inout [Int32], codes: inout LZWCodeWriter) {
        guard !indices.isEmpty else {
            codes.endWithoutString()
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
            if codes.emit(current) {
                for key in used { table[Int(key)] = -1 }
                used.removeAll(keepingCapacity: true)
            } else {
                table[key] = Int16(codes.nextCode - 1)
                used.append(Int32(key))
            }
            current = pixel
        }
        codes.end(with: current)
    }
}

/// Something that makes the LZW code stream of a frame's indices: `LZWEncoder`, or the
/// LZW-friendly re-mapping, which keeps a code table of the same shape and lends it.
protocol LZWCoding: AnyObject {
    /// Appends the code stream of `indices` (each below `1 << codeSize`) to `output`.
    func encode(_ indices: UnsafeBufferPointer<UInt8>, codeSize: Int, into output: inout [UInt8])
}

/// The code side of GIF's LZW coder, shared by `LZWEncoder` and `LZWFriendlyIndexChooser`,
/// whose parses are the same: it writes each emitted code at the current width, counts the
/// codes the table receives, widens the codes when the next free one no longer fits (checked
/// after each code written), and writes a clear code instead of adding code 4095.
struct LZWCodeWriter {
    private static let codeLimit = 4096
    private var bits: BitPacker
    private let codeSize: Int
    private let clearCode: Int
    private var width: Int
    private var widthLimit: Int
    /// The code the table gives the next new string.
    private(set) var nextCode: Int

    /// Starts the code stream after the bytes of `output` with a clear code.
    init(codeSize: Int, output: [UInt8]) {
        bits = BitPacker(output: output)
        self.codeSize = codeSize
        clearCode = 1 << codeSize
        width = codeSize + 1
        widthLimit = 1 << width
        nextCode = clearCode + 2
        put(clearCode)
    }

    @inline(__always)
    private mutating func put(_ code: Int) {
        bits.put(code, width: width)
        if nextCode >= widthLimit {
            width += 1
            widthLimit = 1 << width
        }
    }

    /// Writes the code of the string that ended, after which the table either receives
    /// `nextCode` (returns false; the caller stores the new string under `nextCode - 1`) or
    /// is full and restarts after a clear code (returns true; the caller empties its table).
    @inline(__always)
    mutating func emit(_ code: Int) -> Bool {
        put(code)
        if nextCode >= Self.codeLimit - 1 {
            put(clearCode)
            nextCode = clearCode + 2
            width = codeSize + 1
            widthLimit = 1 << width
            return true
        }
        nextCode += 1
        return false
    }

    /// Writes the last string's code and the end code.
    mutating func end(with code: Int) {
        put(code)
        put(clearCode + 1)
    }

    /// Writes the end code of an image without pixels.
    mutating func endWithoutString() {
        put(clearCode + 1)
    }

    /// The output with the finished code stream appended.
    mutating func finish() -> [UInt8] {
        bits.finish()
    }
}

/// Packs codes least significant bit first into bytes.
struct BitPacker {
    private var output: [UInt8]
    private var accumulator: UInt64 = 0
    private var pending = 0

    init(output: [UInt8]) {
        self.output = output
    }

    @inline(__always)
    mutating func put(_ code: Int, width: Int) {
        accumulator |= UInt64(code) << UInt64(pending)
        pending += width
        while pending >= 8 {
            output.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
    }

    /// The output with the last partial byte flushed.
    mutating func finish() -> [UInt8] {
        if pending > 0 {
            output.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator = 0
            pending = 0
        }
        return output
    }
}
