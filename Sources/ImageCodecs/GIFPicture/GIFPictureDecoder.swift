import CGIF
import Raster
import SafeFiles

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes a GIF's first frame through giflib, as a viewer shows it before the animation
/// runs: composed on the logical screen (transparent where the frame does not reach, and at
/// its transparent colour index), interlaced rows put in place, alpha straight; reduced to the
/// layer with the area filter. Only records up to the first image are read, so a long
/// animation costs no more than its first frame.
///
/// The screen (widened to hold the frame where a file's screen is smaller), and the memory its
/// canvas takes (`GIFFirstFrame.workingBytes`), are checked against the limits before any pixel
/// memory exists. A damaged or truncated file is an error with
/// giflib's text; a pixel whose index lies past the colour table is opaque black, as in browsers.
///
/// What giflib (5.2) could do to the process, checked: it calls neither `abort` nor `assert`
/// and reports allocation failures as errors; DGifSlurp, which keeps every frame's pixels, is
/// not used; reading up to the first image allocates one image record with its colour map
/// (at most 256 entries) and lines of the frame's width, checked first; extension blocks
/// before it are read 255 bytes at a time into giflib's own buffer. Nothing is left open.
enum GIFPictureDecoder {
    /// Decodes GIF `bytes`; `path` names the data in errors. With a `fit`, a picture larger
    /// than the layer comes back reduced (and premultiplied); otherwise whole and straight.
    static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                       fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageCodecError) -> RGBAImage in
            let source = GIFByteSource(buffer)
            var error: Int32 = 0
            let opened = withExtendedLifetime(source) {
                DGifOpen(Unmanaged.passUnretained(source).toOpaque(), gifByteSourceRead, &error)
            }
            guard let gif = opened else { throw failure(error, path: path) }
            defer { DGifCloseFile(gif, nil) }
            let frame = try withExtendedLifetime(source) { () throws(ImageCodecError) -> GIFFirstFrame in
                try GIFFirstFrame.read(gif, limits: limits, fit: fit, path: path)
            }
            let target = fit?.reducedSize(width: frame.width, height: frame.height) ?? (frame.width, frame.height)
            var sink = PictureRowSink(width: frame.width, height: frame.height, target: target)
            frame.canvas.withUnsafeBufferPointer { canvas in
                for y in 0 ..< frame.height { sink.add(canvas.baseAddress! + y * frame.width * 4, y: y) }
            }
            return sink.image()
        }
    }

    /// `.corrupt` with giflib's text for `code`.
    static func failure(_ code: Int32, path: String) -> ImageCodecError {
        let text = GifErrorString(code).map { DisplayText.libraryMessage(String(cString: $0)) } ?? ""
        return .corrupt(path: path, message: text.isEmpty ? "giflib reported error \(code)" : "giflib: \(text)")
    }
}

/// The bytes giflib reads, and how far it has read.
final class GIFByteSource {
    let base: UnsafePointer<UInt8>?
    let count: Int
    var offset = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        base = buffer.baseAddress
        count = buffer.count
    }
}

/// giflib's input function: copies up to `length` bytes from the GIFByteSource in UserData.
private func gifByteSourceRead(_ gif: UnsafeMutablePointer<GifFileType>?, _ target: UnsafeMutablePointer<GifByteType>?,
                               _ length: Int32) -> Int32 {
    guard let gif, let target, let user = gif.pointee.UserData, length > 0 else { return 0 }
    let source = Unmanaged<GIFByteSource>.fromOpaque(user).takeUnretainedValue()
    guard let base = source.base else { return 0 }
    let count = min(Int(length), source.count - source.offset)
    guard count > 0 else { return 0 }
    memcpy(target, base + source.offset, count)
    source.offset += count
    return Int32(count)
}
