extension Int {
    /// 1 when `condition` holds, else 0, taken from the Bool's byte (0 or 1) without a branch,
    /// where `condition ? 1 : 0` can compile to a conditional jump: for counting in per-pixel
    /// and per-key loops whose conditions the processor cannot predict.
    @inlinable @inline(__always)
    package init(flag condition: Bool) {
        self = Int(unsafeBitCast(condition, to: UInt8.self))
    }
}
