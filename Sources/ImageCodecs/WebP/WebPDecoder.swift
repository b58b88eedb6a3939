import CWebP
import Raster

/// Decodes WebP pictures (lossy, lossless, with or without alpha; an animation's first frame)
/// through libwebp, shown as a photo viewer shows them: upright by the orientation in the
/// EXIF chunk, converted to sRGB from the ICCP chunk (`ColorProfileTransform`), alpha straight.
///
/// A still picture larger than the layer is decoded at the reduced size by libwebp's own
/// scaler (an area-averaging one), so the whole picture never exists; an animation's first
/// frame is composed whole on the canvas (libwebp's animation decoder cannot scale) and area-
/// reduced row by row. The canvas size, and the memory decoding takes (`workingBytes`), are
/// checked against the limits before decoding.
///
/// What libwebp (1.2) could do to the process, checked: it calls neither `abort` nor
/// `assert` in Debian's build and reports allocation failures as status codes; its threads
/// are off (`use_threads = 0`, for stills and animations); libwebpdemux refuses frames that
/// do not lie within the canvas, so the animation decoder's buffers are the canvas's two,
/// counted in `workingBytes`. Nothing is left open.
enum WebPDecoder {
    /// Decodes WebP `bytes`; `path` names the data in errors. With a `fit`, a picture larger
    /// than the layer comes back reduced; otherwise whole and straight.
    static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                       fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageCodecError) -> RGBAImage in
            guard let base = buffer.baseAddress else { throw .corrupt(path: path, message: "the file is empty") }
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeatures(base, buffer.count, &features)
            guard status == VP8_STATUS_OK else { throw .corrupt(path: path, message: describe(status)) }
            let storedWidth = Int(features.width), storedHeight = Int(features.height)
            guard storedWidth > 0, storedHeight > 0 else { throw .corrupt(path: path, message: "the picture has no size") }
            try limits.check(width: storedWidth, height: storedHeight, path: path)

            let chunks = WebPChunks(base, count: buffer.count)
            let orientation = chunks.exif.map { ExifOrientation(tiff: $0[...]) } ?? .up
            let transform = chunks.iccProfile.flatMap { ColorProfileTransform(profile: $0) }
            var target = (width: storedWidth, height: storedHeight)
            if let fit {
                let upright = orientation.exchangedSize(width: storedWidth, height: storedHeight)
                let reduced = fit.reducedSize(width: upright.width, height: upright.height)
                target = orientation.exchangedSize(width: reduced.width, height: reduced.height)
                target = (min(target.width, storedWidth), min(target.height, storedHeight))
            }
            let animated = features.has_animation != 0
            try limits.checkWorkingMemory(needed: workingBytes(width: storedWidth, height: storedHeight, target: target, animated: animated),
                                          width: storedWidth, height: storedHeight, path: path)
            let stored = animated
                ? try firstFrame(base, count: buffer.count, width: storedWidth, height: storedHeight, target: target,
                                 transform: transform, path: path)
                : try still(base, count: buffer.count, scaled: target != (storedWidth, storedHeight), target: target,
                             transform: transform, path: path)
            return orientation.apply(to: stored)
        }
    }

    /// The memory decoding a `width` x `height` picture to `target` takes: libwebp's output at
    /// `target` and the copy taken from it; for an animation libwebp's two canvases (the frame
    /// and the one before it), and the picture once more when it is kept whole.
    static func workingBytes(width: Int, height: Int, target: (width: Int, height: Int), animated: Bool) -> Int {
        let targetBytes = target.width * target.height * 4
        return animated ? width * height * 8 + (target == (width, height) ? targetBytes : 0) : 2 * targetBytes
    }

    /// A still picture decoded at `target` (with `scaled`, libwebp scales while decoding).
    private static func still(_ base: UnsafePointer<UInt8>, count: Int, scaled: Bool, target: (width: Int, height: Int),
                              transform: ColorProfileTransform?, path: String) throws(ImageCodecError) -> RGBAImage {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .corrupt(path: path, message: "libwebp is not the version it was built with") }
        config.output.colorspace = MODE_RGBA
        config.options.use_threads = 0
        if scaled {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(target.width)
            config.options.scaled_height = Int32(target.height)
        }
        let status = WebPDecode(base, count, &config)
        defer { WebPFreeDecBuffer(&config.output) }
        guard status == VP8_STATUS_OK else { throw .corrupt(path: path, message: describe(status)) }
        let rgba = config.output.u.RGBA
        let width = Int(config.output.width), height = Int(config.output.height)
        guard let pixels = rgba.rgba, width == target.width, height == target.height else {
            throw .corrupt(path: path, message: "libwebp returned no picture of the size asked for")
        }
        return rows(pixels, stride: Int(rgba.stride), width: width, height: height, target: target, transform: transform)
    }

    /// An animation's first frame, composed on its canvas (transparent where the frame does
    /// not reach), then reduced to `target`.
    private static func firstFrame(_ base: UnsafePointer<UInt8>, count: Int, width: Int, height: Int,
                                   target: (width: Int, height: Int), transform: ColorProfileTransform?,
                                   path: String) throws(ImageCodecError) -> RGBAImage {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .corrupt(path: path, message: "libwebp is not the version it was built with") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: base, size: count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            throw .corrupt(path: path, message: "libwebp cannot read the animation (damaged or truncated)")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
            throw .corrupt(path: path, message: "the animation's canvas does not match its header")
        }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let pixels = frame else {
            throw .corrupt(path: path, message: "libwebp cannot decode the animation's first frame (damaged or truncated)")
        }
        return rows(pixels, stride: width * 4, width: width, height: height, target: target, transform: transform)
    }

    /// The decoded rows converted to sRGB and taken whole or reduced to `target`.
    private static func rows(_ pixels: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int,
                             target: (width: Int, height: Int), transform: ColorProfileTransform?) -> RGBAImage {
        var sink = PictureRowSink(width: width, height: height, target: target)
        for y in 0 ..< height {
            let row = pixels + y * stride
            transform?.convert(row, count: width)
            sink.add(row, y: y)
        }
        return sink.image()
    }

    /// libwebp's status as words.
    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "libwebp ran out of memory"
        case VP8_STATUS_INVALID_PARAM: return "libwebp refused the decoding parameters"
        case VP8_STATUS_BITSTREAM_ERROR: return "libwebp: the compressed data is damaged"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "libwebp: the file uses a feature it does not support"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "libwebp: the file is truncated"
        default: return "libwebp reported error \(status.rawValue)"
        }
    }
}
