/// A sink that only counts: how large an encoding would be, without keeping it.
public final class ByteCountingSink: ByteSink {
    /// The number of bytes written so far.
    public private(set) var count: Int = 0

    /// Creates a sink that has counted nothing.
    public init() {}

    /// Adds `bytes.count` to `count`; never fails.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
    }
}
