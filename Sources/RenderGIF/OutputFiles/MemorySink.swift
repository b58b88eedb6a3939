import SafeFiles

/// Keeps written bytes in memory: a GIF for standard output while a size budget may still
/// reject it, since bytes once sent down a pipe cannot be taken back.
final class MemorySink: ByteSink {
    /// Everything written, in order.
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }
}
