import CGIF
import SafeFiles

/// Connects giflib's C output callback to a Swift `ByteSink`.
///
/// giflib hands the callback only its `GifFileType`, whose `UserData` holds an unretained
/// pointer to this object; the writer that owns the giflib handle keeps the bridge alive for
/// as long as the handle exists. The callback only collects the bytes, so it cannot fail
/// inside C (a Swift error cannot unwind through it); `flush()` passes them to the sink once
/// a whole part of the file is written and rethrows what the sink throws. Bytes never flushed
/// (a part that failed, the trailer of an abandoned file) never reach the sink.
final class GIFOutputBridge {
    let sink: any ByteSink
    /// Bytes giflib wrote since the last flush.
    private var pending: [UInt8] = []

    init(sink: any ByteSink) {
        self.sink = sink
    }

    /// Collects `count` bytes; returns how many were taken (all of them).
    func accept(_ bytes: UnsafePointer<GifByteType>?, count: Int32) -> Int32 {
        guard let bytes, count > 0 else { return 0 }
        pending.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
        return count
    }

    /// Passes the collected bytes to the sink.
    func flush() throws(GIFFileError) {
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        do {
            try sink.write(contentsOf: pending)
        } catch let error as FileError {
            throw .output(error)
        } catch {
            throw .output(.unwritable(path: "GIF output", reason: String(describing: error)))
        }
    }

    /// Opens a giflib writer whose output goes through this bridge; throws giflib's text
    /// when it cannot.
    func open() throws(GIFFileError) -> UnsafeMutablePointer<GifFileType> {
        var openError: Int32 = 0
        let opened = EGifOpen(Unmanaged.passUnretained(self).toOpaque(), { gif, bytes, count in
            guard let user = gif?.pointee.UserData else { return 0 }
            return Unmanaged<GIFOutputBridge>.fromOpaque(user).takeUnretainedValue().accept(bytes, count: count)
        }, &openError)
        guard let opened else {
            throw .encoderFailed(message: "EGifOpen: \(GIFColorTable.errorText(openError))")
        }
        return opened
    }
}
