#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes encoded bytes to standard output, buffered, so the GIF can go
/// straight into a pipe. A reader that closes the pipe early ends the process with SIGPIPE,
/// as it does for other command-line tools; any other failure is an error naming standard
/// output.
public final class StandardOutputSink: ByteSink {
    private var pending: [UInt8] = []
    private let whenReaderCloses: (() -> Never)?
    private static let bufferSize = 1 << 16

    /// A sink for descriptor 1. `whenReaderCloses`, if given, is called instead of throwing
    /// when a write fails because the reader closed the pipe (EPIPE): a SIGPIPE handler is then
    /// already ending the process, and the writer waits for it rather than report the same
    /// failure a second time.
    public init(whenReaderCloses: (() -> Never)? = nil) {
        self.whenReaderCloses = whenReaderCloses
        pending.reserveCapacity(Self.bufferSize)
    }

    /// True when standard output is a terminal, where GIF bytes would only garble the screen.
    public static var isTerminal: Bool { isatty(1) == 1 }

    /// Appends `bytes`, writing whenever the buffer fills.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.bufferSize { try flush() }
    }

    /// Appends the bytes of an array (a GIF held in memory until it was known to fit a budget).
    public func write(contentsOf bytes: [UInt8]) throws(FileError) {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.bufferSize { try flush() }
    }

    /// Writes whatever is still buffered.
    public func flush() throws(FileError) {
        var offset = 0
        while offset < pending.count {
            let written = pending.withUnsafeBytes { raw in
                posixWrite(1, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EPIPE, let whenReaderCloses { whenReaderCloses() }
                throw .unwritable(path: "standard output", reason: systemErrorText(code))
            }
            offset += written
        }
        pending.removeAll(keepingCapacity: true)
    }
}
