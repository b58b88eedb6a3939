import Foundation

/// Somewhere encoded bytes go, in order: memory, a byte counter, or a file being written.
///
/// Encoders call `write` with short-lived buffers; a sink copies what it keeps. A sink that
/// cannot take the bytes throws (a full disk, a closed file); the encoder stops and rethrows.
public protocol ByteSink: AnyObject {
    /// Appends `bytes` to the output.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteSink {
    /// Appends the bytes of an array.
    public func write(contentsOf bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in try write(raw) }
    }
}


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

    /// The bytes written so far as `Data`.
    public var data: Data { Data(bytes) }
}

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
