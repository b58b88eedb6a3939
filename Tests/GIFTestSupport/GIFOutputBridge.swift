import CGIF
import ImageCodecs

/// Connects giflib's C output callback to a Swift `ByteSink`.
///
/// giflib hands the callback only its `GifFileType`, whose `UserData` holds an unretained
/// pointer to this object; the `GIFWriter` that owns the giflib handle keeps the bridge alive
/// for as long as the handle exists. A sink that throws cannot unwind through C, so the error
/// is parked here, the callback reports a short write, and the writer rethrows it.
final class GIFOutputBridge {
    let sink: any ByteSink
    /// The first error the sink threw, if any.
    var failure: ImageCodecError?
    /// When true, bytes are dropped (closing an abandoned writer must not emit a trailer).
    var discarding = false
    /// Bytes the sink accepted.
    private(set) var bytesWritten = 0

    init(sink: any ByteSink) {
        self.sink = sink
    }

    /// Passes `count` bytes to the sink; returns how many it took (0 after a failure).
    func accept(_ bytes: UnsafePointer<GifByteType>?, count: Int32) -> Int32 {
        if discarding { return count }
        guard failure == nil, count >= 0 else { return 0 }
        guard let bytes, count > 0 else { return count }
        do {
            try sink.write(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
        } catch let error as ImageCodecError {
            failure = error
            return 0
        } catch {
            failure = .unwritable(path: "GIF output", reason: String(describing: error))
            return 0
        }
        bytesWritten += Int(count)
        return count
    }

    /// The pointer stored in `GifFileType.UserData`.
    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The bridge behind a giflib handle created with `userData`.
    static func bridge(of gif: UnsafeMutablePointer<GifFileType>?) -> GIFOutputBridge? {
        guard let user = gif?.pointee.UserData else { return nil }
        return Unmanaged<GIFOutputBridge>.fromOpaque(user).takeUnretainedValue()
    }
}
