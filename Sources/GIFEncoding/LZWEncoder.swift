/// GIF's variable-length LZW coder, producing the code stream of one frame's indices, packed
/// least significant bit first (the file's framing, the code size byte and the sub-blocks, is
/// the writer's).
///
/// The parse and the code-size changes follow the common encoder's rules exactly, so a frame
/// encodes to the same bytes as with giflib: a clear code first; the code width grows when
/// the next free code reaches the current width's limit, checked after each code written; when
/// the table would receive code 4095 a clear code is written instead and the table restarts.
///
/// A reference type that keeps its code table between frames, so no frame allocates it; one
/// encoder serves one thread at a time.
final class LZWEncoder: LZWCoding {
    private var table = LZWChildTable()

    deinit {
        table.deallocate()
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
        table.clear()
        Self.compress(indices, table: &table, codes: &codes)
        output = codes.finish()
    }

    /// The coder's parse of `indices` over `table` (empty on entry).
    static func compress(_ indices: UnsafeBufferPointer<UInt8>, table: inout LZWChildTable, codes: inout LZWCodeWriter) {
        guard !indices.isEmpty else {
            codes.endWithoutString()
            return
        }
        var current = Int(indices[0])
        for position in 1 ..< indices.count {
            let pixel = Int(indices[position])
            let child = table.child(of: current, pixel)
            if child >= 0 {
                current = child
                continue
            }
            if codes.emit(current) {
                table.clear()
            } else {
                table.add(codes.nextCode - 1, of: current, pixel)
            }
            current = pixel
        }
        codes.end(with: current)
    }
}

/// The coder's string table: the code of each string known so far, as the code of the
/// string one index shorter and that last index.
///
/// An open-addressing hash of at most 4,096 strings in 16,384 slots (64 KB), rather than a
/// direct table of every (code, index) pair (2 MB): the direct table's lookups missed the
/// processor's caches on nearly every pixel, and this one stays in them. A slot holds
/// (code << 8 | index) << 12 | child, so a lookup reads one word (codes stop at 4094, so no
/// slot is ever all ones, the empty mark). Raw memory, owned by the
/// coder that holds it (`deallocate()` in its deinit); one coder serves one thread.
struct LZWChildTable {
    private static let slotBits = 14
    private static let empty = UInt32.max
    /// The strings' slots.
    private let slots: UnsafeMutableBufferPointer<UInt32>
    /// The slots filled since the last clear, to empty only those.
    private let filled: UnsafeMutableBufferPointer<Int32>
    private var filledCount = 0

    init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: Self.empty)
        filled = .allocate(capacity: 4096)
        filled.initialize(repeating: 0)
    }

    /// Frees the memory; the table is not used afterwards.
    func deallocate() {
        slots.deallocate()
        filled.deallocate()
    }

    @inline(__always)
    private static func firstSlot(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> UInt32(32 - slotBits))
    }

    /// The code of the string `code` followed by `index`, or -1 when the table has none.
    @inline(__always)
    func child(of code: Int, _ index: Int) -> Int {
        let key = UInt32(truncatingIfNeeded: code << 8 | index)
        var slot = Self.firstSlot(key)
        while true {
            let entry = slots[slot]
            if entry == Self.empty { return -1 }
            if entry >> 12 == key { return Int(entry & 0xFFF) }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// Records `child` (below 4096) as the code of the string `code` (below 4096) followed
    /// by `index`, which the table does not hold yet.
    @inline(__always)
    mutating func add(_ child: Int, of code: Int, _ index: Int) {
        precondition(filledCount < filled.count, "an LZW table holds at most 4096 strings")
        let key = UInt32(truncatingIfNeeded: code << 8 | index)
        var slot = Self.firstSlot(key)
        while slots[slot] != Self.empty { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = key << 12 | UInt32(truncatingIfNeeded: child)
        filled[filledCount] = Int32(truncatingIfNeeded: slot)
        filledCount += 1
    }

    /// Forgets every string.
    mutating func clear() {
        for position in 0 ..< filledCount { slots[Int(filled[position])] = Self.empty }
        filledCount = 0
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
