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
    package func write(contentsOf bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in try write(raw) }
    }
}

