#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SafeFiles

/// A sink that writes nothing: it compares what an encoder produces with an existing file,
/// reading the file as the bytes arrive. The written bytes are kept, so that a mismatch can be
/// described by decoding both versions. Used by checks.
final class FileComparisonSink: ByteSink {
    /// How an existing file compares with the bytes that were written.
    enum Outcome: Equatable, Sendable {
        /// Byte for byte the same.
        case identical
        /// The file could not be read (missing, a folder, no permission).
        case unreadable(reason: String)
        /// The first differing byte's offset.
        case differs(atOffset: Int)
        /// The common part is equal but the lengths differ.
        case lengthDiffers(fileBytes: Int, expectedBytes: Int)
    }

    /// The file compared.
    let path: String
    /// Why the file cannot be read, known from the start (missing, a folder, a FIFO, a socket,
    /// a device, no permission);
    /// nil when it opened.
    private(set) var openFailure: String?
    /// Every byte written so far: the new version of the file.
    private(set) var writtenBytes: [UInt8] = []
    private var descriptor: Int32 = -1
    private var offset = 0
    private var firstDifference: Int?
    /// The file's length, once reading reached its end before the written bytes did.
    private var fileLengthWhenEnded: Int?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// Opens `path` for comparison; a file that cannot be opened is reported by `finish()`.
    init(path: String) {
        self.path = path
        switch RegularFile.openForReading(path) {
        case let .success(fd): descriptor = fd
        case let .failure(refusal): openFailure = refusal.reason
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Compares `bytes` with the file's next bytes; never fails.
    func write(_ bytes: UnsafeRawBufferPointer) {
        writtenBytes.append(contentsOf: bytes)
        defer { offset += bytes.count }
        guard descriptor >= 0, firstDifference == nil, fileLengthWhenEnded == nil else { return }
        var compared = 0
        while compared < bytes.count {
            let wanted = min(buffer.count, bytes.count - compared)
            let got = readFully(wanted)
            let mismatch = buffer.withUnsafeBytes { file in
                (0..<got).first { file[$0] != bytes[compared + $0] }
            }
            if let mismatch {
                firstDifference = offset + compared + mismatch
                return
            }
            compared += got
            if got < wanted {
                fileLengthWhenEnded = offset + compared
                return
            }
        }
    }

    /// The verdict once every byte has been written.
    func finish() -> Outcome {
        if let openFailure { return .unreadable(reason: openFailure) }
        if let firstDifference { return .differs(atOffset: firstDifference) }
        if let length = fileLengthWhenEnded { return .lengthDiffers(fileBytes: length, expectedBytes: offset) }
        var rest = 0
        while true {
            let got = readFully(buffer.count)
            rest += got
            if got < buffer.count { break }
        }
        return rest == 0 ? .identical : .lengthDiffers(fileBytes: offset + rest, expectedBytes: offset)
    }

    /// Reads up to `count` bytes into `buffer`, returning how many arrived before the end.
    private func readFully(_ count: Int) -> Int {
        var got = 0
        while got < count {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + got, count - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            got += n
        }
        return got
    }
}
