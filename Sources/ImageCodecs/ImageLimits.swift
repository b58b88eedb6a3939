/// Caps on what a decoder accepts, checked from the header before any pixel memory is allocated,
/// so a hostile or mistaken file (a PNG claiming 100000 x 100000 pixels) fails fast.
public struct ImageLimits: Equatable, Sendable {
    /// The widest image accepted, in pixels.
    var maxWidth: Int
    /// The tallest image accepted, in pixels.
    var maxHeight: Int
    /// The most bytes the decoded RGBA8 pixels (`width * height * 4`) may take.
    var maxDecodedBytes: Int
    /// The largest image file read at all, in bytes.
    var maxFileBytes: Int
    /// The most memory one picture's decoding may take, estimated from its header before
    /// decoding: for a JPEG libjpeg's own (every coefficient of a progressive file, its
    /// buffers) plus the pixels it hands back, also enforced by libjpeg's `max_memory_to_use`;
    /// for HEIF/AVIF, WebP and GIF what their decoders hold at once (`checkWorkingMemory`).
    /// With the largest file and the process's own needs, an admitted picture keeps the
    /// process under 256 MB.
    var maxWorkingBytes: Int

    /// Creates limits; the defaults allow 16384 x 16384 pixels, 256 MB decoded, 64 MB files,
    /// 160 MB of decoding memory.
    init(maxWidth: Int = 16384, maxHeight: Int = 16384,
         maxDecodedBytes: Int = 256 << 20, maxFileBytes: Int = 64 << 20, maxWorkingBytes: Int = 160 << 20) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxDecodedBytes = maxDecodedBytes
        self.maxFileBytes = maxFileBytes
        self.maxWorkingBytes = maxWorkingBytes
    }

    /// The limits used when none are given.
    public static let `default` = ImageLimits()

    /// These limits with at most `bytes` of decoding memory (`maxWorkingBytes`), whole
    /// mebibytes, at least one: what a memory limit leaves for decoding a picture.
    public func withWorkingMemory(atMost bytes: Int) -> ImageLimits {
        var limits = self
        limits.maxWorkingBytes = min(maxWorkingBytes, max(1 << 20, (bytes >> 20) << 20))
        return limits
    }

    /// Throws `.tooLarge` naming `path` when a `width` x `height` image breaks a limit.
    public func check(width: Int, height: Int, path: String) throws(ImageCodecError) {
        if width > maxWidth || height > maxHeight {
            throw .tooLarge(path: path, width: width, height: height, limit: "\(maxWidth) x \(maxHeight)")
        }
        let (bytes, overflow) = width.multipliedReportingOverflow(by: height * 4)
        if overflow || bytes > maxDecodedBytes {
            throw .tooLarge(path: path, width: width, height: height,
                            limit: "\(Self.describe(bytes: maxDecodedBytes)) of decoded RGBA pixels")
        }
    }

    /// Throws the decoding-memory error when decoding a `width` x `height` picture would take
    /// `needed` bytes (the decoder's own estimate from the declared size), over `maxWorkingBytes`.
    func checkWorkingMemory(needed: Int, width: Int, height: Int, path: String) throws(ImageCodecError) {
        guard needed > maxWorkingBytes else { return }
        throw overMemory(path: path, width: width, height: height, needed: needed, progressive: false)
    }

    /// The error for a picture whose decoding would take `needed` bytes, over `maxWorkingBytes`.
    func overMemory(path: String, width: Int, height: Int, needed: Int, progressive: Bool) -> ImageCodecError {
        let need = "\((needed + (1 << 20) - 1) >> 20) MB"
        return .tooLarge(path: path, width: width, height: height,
                         limit: "\(Self.describe(bytes: maxWorkingBytes)) of memory for decoding "
                             + (progressive ? "(as a progressive JPEG it needs \(need))" : "(it needs \(need))"))
    }

    /// "256 MB" for whole mebibytes, otherwise "N bytes".
    static func describe(bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
