/// The one pseudo-random generator of the test suites (SplitMix64): seeded, so "random" test
/// input is the same on every run and every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One byte: the top eight bits of the next value.
    public mutating func byte() -> UInt8 {
        UInt8(truncatingIfNeeded: next() >> 56)
    }

    /// `count` bytes, eight from each value, lowest byte first.
    public mutating func bytes(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            let value = next()
            for shift in stride(from: 0, to: 64, by: 8) where bytes.count < count {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            }
        }
        return bytes
    }

    /// The first `count` bytes of the generator seeded with `seed`.
    public static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return generator.bytes(count: count)
    }

    /// `count` bytes drawn uniformly from `alphabet`.
    public mutating func bytes(_ count: Int, from alphabet: [UInt8]) -> [UInt8] {
        (0 ..< count).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
    }

    /// A double uniformly spread over `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }
}
