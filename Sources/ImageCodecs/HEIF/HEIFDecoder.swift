import CHEIF
import Foundation
import Raster
import SafeFiles

/// Decodes HEIC/HEIF and AVIF pictures (the primary image: a grid of tiles, as phones write
/// them, or a single coded image; 8, 10 or 12 bits; with or without alpha) through libheif,
/// shown as a photo viewer shows them:
/// - upright by the file's own transformations (`irot`, `imir`, `clap`), which libheif applies
///   while decoding; an Exif orientation tag in the file is informative only and never applied
///   on top (HEIF, ISO/IEC 23008-12, 6.5.12);
/// - in sRGB: an ICC profile (`colr` prof/rICC) or the nclx description's primaries and
///   transfer (`HEIFColorDescription`) converted by Little CMS; 10- and 12-bit samples go
///   through the conversion at 16 bits and are reduced to 8 bits by it;
/// - alpha straight (a premultiplied alpha plane is divided out), composited later as PNG's is;
/// - for a layer smaller than the picture, the stored thumbnail when it has the pixels the
///   layer needs (`HEIFThumbnail`), else the picture itself (libheif 1.15 decodes a grid whole:
///   it offers no decoding of tiles at a reduced size), area-reduced row by row from libheif's
///   output.
///
/// The shown size, and the memory its decoding takes (`workingBytes`, and what the file's own
/// boxes say libheif will decode for it, `HEIFDecodingPlan`: grids and their tiles, coded
/// sizes, alpha planes, cycles among them), are checked against the limits before any
/// picture is decoded, and libheif's own guards are set above them (`render_gif_heif_set_limits`:
/// tiles decoded on the calling thread, sizes, tiles, memory where the version has them).
/// Every libheif failure becomes `.corrupt` with its text.
///
/// What else could end the process from inside the decoders, and what is done about it:
/// - libheif 1.15's C API catches no C++ exception. The one its own code was seen to throw,
///   std::system_error from a tile thread it could not start, is gone with the threads; a
///   failed allocation (std::bad_alloc) is kept away by bounding every size first.
/// - libde265 (HEVC) allocates for its sequence parameter set's size (up to 65535 a side),
///   checked here first; libheif's plugin starts one worker thread per decoder (pthreads:
///   a failure is an error code, not an exception), with no knob through libheif.
/// - dav1d (AV1; libheif prefers it to aom, which then only encodes) allocates for the frame
///   size (libheif lets it go up to 32768 x 32768), checked here first against the sequence
///   header; it picks its thread count from the CPUs, which libheif 1.15 cannot set;
///   allocation failures are errors.
/// - What remains: the `assert`s compiled into Debian's libheif and libde265 (an assertion
///   a damaged stream reaches aborts; none can be turned off from here), and memory a codec
///   takes beyond the estimate, which is measured, not enforced.
enum HEIFDecoder {
    /// Decodes HEIF or AVIF `bytes`; `path` names the data in errors. With a `fit`, a picture
    /// larger than the layer comes back reduced (and premultiplied); otherwise whole and straight.
    static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                       fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        guard let context = heif_context_alloc() else { throw .corrupt(path: path, message: "out of memory for libheif") }
        defer { heif_context_free(context) }
        // libheif's own guards, above the limits so that a picture just over them is refused
        // below with its size named; tiles decoded on this thread.
        let side = 2 * max(limits.maxWidth, limits.maxHeight)
        render_gif_heif_set_limits(context, Int32(clamping: side), UInt64(side) * UInt64(side),
                                   UInt64(HEIFDecodingPlan.maxImages), UInt64(2 * limits.maxWorkingBytes))
        return try bytes.withUnsafeBufferPointer { (raw) throws(ImageCodecError) -> RGBAImage in
            try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil), path: path)
            let items: HEIFItems
            do throws(HEIFItems.Damage) {
                items = try HEIFItems(bytes)
            } catch {
                throw .corrupt(path: path, message: error.message)
            }
            var primary: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &primary), path: path)
            guard let handle = primary else { throw .corrupt(path: path, message: "libheif found no primary image") }
            defer { heif_image_handle_release(handle) }
            var primaryID: heif_item_id = 0
            try check(heif_context_get_primary_image_ID(context, &primaryID), path: path)
            let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
            guard width > 0, height > 0 else { throw .corrupt(path: path, message: "the primary image has no size") }
            try limits.check(width: width, height: height, path: path)
            let target = fit?.reducedSize(width: width, height: height) ?? (width, height)
            if target != (width, height), let thumbnail = HEIFThumbnail(of: handle, width: width, height: height, covering: target) {
                defer { heif_image_handle_release(thumbnail.handle) }
                let plan = try HEIFDecodingPlan(item: thumbnail.id, of: items, width: thumbnail.width, height: thumbnail.height,
                                                limits: limits, path: path)
                return try decodeImage(thumbnail.handle, width: thumbnail.width, height: thumbnail.height, plan: plan,
                                       colourFrom: [thumbnail.handle, handle], target: target, limits: limits, path: path)
            }
            let plan = try HEIFDecodingPlan(item: primaryID, of: items, width: width, height: height, limits: limits, path: path)
            return try decodeImage(handle, width: width, height: height, plan: plan, colourFrom: [handle], target: target,
                                   limits: limits, path: path)
        }
    }

    /// Decodes the picture of `handle` (`width` x `height` once transformed, its decoding as
    /// `plan` says) and takes it whole or reduced to `target`, in the colours of the first of
    /// `colourFrom` that has a colour description.
    private static func decodeImage(_ handle: OpaquePointer, width: Int, height: Int, plan: HEIFDecodingPlan,
                                    colourFrom: [OpaquePointer],
                                    target: (width: Int, height: Int), limits: ImageLimits,
                                    path: String) throws(ImageCodecError) -> RGBAImage {
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8
        let chroma: heif_chroma = switch (deep, hasAlpha) {
        case (false, false): heif_chroma_interleaved_RGB
        case (false, true): heif_chroma_interleaved_RGBA
        case (true, false): heif_chroma_interleaved_RRGGBB_LE
        case (true, true): heif_chroma_interleaved_RRGGBBAA_LE
        }
        // Decoding (the plan's peak) comes before libheif's conversion to interleaved RGB
        // and this file's own picture (`workingBytes`): the larger of the two is needed.
        let converting = workingBytes(width: width, height: height, deep: deep, hasAlpha: hasAlpha, whole: target == (width, height))
        try limits.checkWorkingMemory(needed: max(converting, plan.peakBytes), width: width, height: height, path: path)
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.ignore_transformations = 0
        options?.pointee.convert_hdr_to_8bit = 0
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, options), path: path)
        guard let image = decoded else { throw .corrupt(path: path, message: "libheif returned no picture") }
        defer { heif_image_release(image) }

        let shownWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
        let shownHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard shownWidth == width, shownHeight == height,
              let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), stride > 0 else {
            throw .corrupt(path: path, message: "libheif returned a picture of another size than the file declares")
        }
        let described = colourFrom.first { HEIFColorSource.hasDescription($0) } ?? handle
        let transform = HEIFColorSource.transform(described, image: image, sixteenBitInput: deep)
        let rows = HEIFRowConverter(width: width, hasAlpha: hasAlpha,
                                    bitDepth: deep ? Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved)) : 8,
                                    premultiplied: hasAlpha && heif_image_is_premultiplied_alpha(image) != 0,
                                    transform: transform)
        var sink = PictureRowSink(width: width, height: height, target: target)
        var row = [UInt8](repeating: 0, count: width * 4)
        row.withUnsafeMutableBufferPointer { rowBuffer in
            for y in 0 ..< height {
                rows.convert(plane + y * Int(stride), into: rowBuffer.baseAddress!)
                sink.add(rowBuffer.baseAddress!, y: y)
            }
        }
        return sink.image()
    }

    /// The memory libheif's decoding of a `width` x `height` picture holds at its peak: the
    /// decoder's planes and libheif's copy of them (4:2:0, as cameras and encoders write them:
    /// 1.5 samples a pixel, an alpha plane one more), then the interleaved RGB or RGBA it
    /// converts them to, at 2 bytes a sample when `deep`; and the picture once more when it is
    /// kept `whole` rather than reduced. (An 8192 x 8192 8-bit HEIC took 407 MB: 6 bytes a pixel.)
    static func workingBytes(width: Int, height: Int, deep: Bool, hasAlpha: Bool, whole: Bool) -> Int {
        let sampleBytes = deep ? 2 : 1
        let perPixel = sampleBytes * ((hasAlpha ? 5 : 3) + (hasAlpha ? 4 : 3)) + (whole ? 4 : 0)
        return width * height * perPixel
    }

    /// Throws `.corrupt` with libheif's message unless `error` is success.
    static func check(_ error: heif_error, path: String) throws(ImageCodecError) {
        guard error.code != heif_error_Ok else { return }
        // libheif ends some messages with a line break, joins parts with them and copies bytes
        // of the file into them (a box type with a tab): one printable line here.
        let text = DisplayText.libraryMessage(error.message.map { String(cString: $0) } ?? "")
        throw .corrupt(path: path, message: text.isEmpty ? "libheif reported an unnamed error" : "libheif: \(text)")
    }
}
