/// Eight bytes of a 64-bit word handled as eight lanes at once, for loops over pixel bytes.
enum ByteLanes {
    /// The byte 1 in every lane.
    static let ones: UInt64 = 0x0101_0101_0101_0101

    /// 1 in each lane of `word` that is not zero, 0 in the others.
    @inline(__always)
    static func nonzero(_ word: UInt64) -> UInt64 {
        // Adding 0x7F to a lane's low seven bits carries into its high bit unless they are
        // all zero; the high bit itself is or-ed in. No lane carries into the next.
        let low = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        return (((word & low) &+ low) | word) >> 7 & ones
    }

    /// The sum of the lanes of `word`, each 0 or 1: multiplying by `ones` adds every lane
    /// into the top one (at most 8, so no lane overflows).
    @inline(__always)
    static func sum(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: (word &* ones) >> 56)
    }
}
