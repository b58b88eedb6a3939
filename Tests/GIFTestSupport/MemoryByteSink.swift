import SafeFiles

/// A sink that keeps everything written to it in memory.
public final class MemoryByteSink: ByteSink {
    /// Every byte written so far, in order.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty sink.
    public init() {}

    /// Appends `bytes`; never fails.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }
}
