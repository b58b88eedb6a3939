import CHEIF
import Foundation
import Raster
import SafeFiles
import WorkThreads

/// Decodes HEIC/HEIF and AVIF pictures (the primary image: a grid of tiles, as phones write
/// them, or a single coded image; 8, 10 or 12 bits; 4:2:0, 4:2:2, 4:4:4 or monochrome; with or
/// without alpha) through libheif, with the same pixels whichever libheif release is installed,
/// shown as a photo viewer shows them:
/// - libheif decodes a copy of the file whose coded colour items say their matrix is the
///   identity (`HEIFIdentityColour`), so that it hands out the coded Y'CbCr samples unchanged;
///   `HEIFPlanarRows` converts them with the picture's own matrix and range (`HEIFVideoSignal`:
///   the coded item's nclx `colr` box, else its coded stream) in integer arithmetic
///   (`YCbCrMatrix`), chroma brought to the luma grid by the triangle filter (`ChromaUpsampler`);
/// - upright by the file's own transformations (`irot`, `imir`, `clap`, `HEIFTransformations`),
///   applied here as libheif 1.15 applies them (libheif is told to ignore them); an Exif
///   orientation tag in the file is informative only and never applied on top (HEIF,
///   ISO/IEC 23008-12, 6.5.12);
/// - in sRGB: an ICC profile (`colr` prof/rICC) or the nclx description's primaries and
///   transfer (`HEIFColorDescription`) converted by Little CMS; 10- and 12-bit samples go
///   through the conversion at 16 bits and are reduced to 8 bits by it;
/// - alpha straight (a premultiplied alpha plane is divided out), composited later as PNG's is;
/// - for a layer smaller than the picture, the stored thumbnail when it has the pixels the
///   layer needs (`HEIFThumbnail`), else the picture itself (libheif 1.15 decodes a grid whole:
///   it offers no decoding of tiles at a reduced size), area-reduced row by row as it is
///   converted, before it is turned. A grid without alpha has its tiles decoded two at a
///   time on render-gif's own threads (`HEIFGridDecoder`), each by a libheif context of its
///   own, which libheif cannot do without threads it may fail to start.
///
/// The shown size, and the memory its decoding takes (`workingBytes`, and what the file's own
/// boxes say libheif will decode for it, `HEIFDecodingPlan`: grids and their tiles, coded
/// sizes, alpha planes, cycles among them), are checked against the limits before any
/// picture is decoded, and libheif's own guards are set above them (`render_gif_heif_set_limits`:
/// no threads of libheif's own, sizes, tiles, memory where the version has them).
/// Every libheif failure becomes `.corrupt` with its text.
/// libheif is opened first (`HEIFLibrary`, on Linux the first time a picture needs it); a process
/// that cannot open it gets `.decoderUnavailable` with the system's reason.
///
/// What else could end the process from inside the decoders, and what is done about it:
/// - libheif 1.15's C API catches no C++ exception. The one its own code was seen to throw,
///   std::system_error from a tile thread it could not start, is gone with the threads; a
///   failed allocation (std::bad_alloc) is kept away by bounding every size first.
/// - libde265 (HEVC) allocates for its sequence parameter set's size (up to 65535 a side),
///   checked here first; libheif's plugin starts one worker thread per decoder, with no knob
///   through libheif, and a refused one leaves the decoder waiting for it for ever: the
///   threads are asked of the system first (`ThreadStart.systemGives`, `decoderThreads`), one
///   picture at a time, and a process without them gets `.threadRefused`.
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
        try HEIFLibrary.require(for: path)
        // The file as it is tells what the picture is (sizes, thumbnails, colour descriptions);
        // the rewritten file is what is decoded.
        let context = try makeContext(limits: limits, path: path)
        defer { heif_context_free(context) }
        return try bytes.withUnsafeBufferPointer { (raw) throws(ImageCodecError) -> RGBAImage in
            try check(heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil), path: path)
            let items = try readItems(bytes, path: path)
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
            var picture = Picture(id: primaryID, width: width, height: height, colourFrom: [handle])
            var thumbnailHandle: OpaquePointer?
            defer { if let thumbnailHandle { heif_image_handle_release(thumbnailHandle) } }
            if target != (width, height), let thumbnail = HEIFThumbnail(of: handle, width: width, height: height, covering: target) {
                thumbnailHandle = thumbnail.handle
                picture = Picture(id: thumbnail.id, width: thumbnail.width, height: thumbnail.height,
                                  colourFrom: [thumbnail.handle, handle])
            }
            let rewritten: HEIFRewrittenFile
            do throws(HEIFItems.Damage) {
                rewritten = try HEIFIdentityColour.rewrite(bytes, items: items)
            } catch {
                throw .corrupt(path: path, message: error.message)
            }
            // The rewrite keeps every item, reference, property other than colr, and data byte
            // where the plan reads them: the file's own items plan what libheif will decode.
            let plan = try HEIFDecodingPlan(item: picture.id, of: items, width: picture.width,
                                            height: picture.height, limits: limits, path: path)
            return try decodeRewritten(rewritten, picture: picture, primaryID: primaryID, items: items, plan: plan,
                                       target: target, limits: limits, path: path)
        }
    }

    /// The picture chosen for decoding: the primary image or a thumbnail, its shown size, and
    /// the handles (of the file as it is) whose colour description it takes, first first.
    private struct Picture {
        let id: heif_item_id
        let width: Int
        let height: Int
        let colourFrom: [OpaquePointer]
    }

    /// A libheif context with the guards of `limits`.
    static func makeContext(limits: ImageLimits, path: String) throws(ImageCodecError) -> OpaquePointer {
        guard let context = heif_context_alloc() else { throw .corrupt(path: path, message: "out of memory for libheif") }
        // libheif's own guards, above the limits so that a picture just over them is refused
        // below with its size named; libheif starts no threads of its own.
        let side = 2 * max(limits.maxWidth, limits.maxHeight)
        render_gif_heif_set_limits(context, Int32(clamping: side), UInt64(side) * UInt64(side),
                                   UInt64(HEIFDecodingPlan.maxImages), UInt64(2 * limits.maxWorkingBytes))
        return context
    }

    private static func readItems(_ bytes: [UInt8], path: String) throws(ImageCodecError) -> HEIFItems {
        do throws(HEIFItems.Damage) {
            return try HEIFItems(bytes)
        } catch {
            throw .corrupt(path: path, message: error.message)
        }
    }

    /// Decodes `picture` from the rewritten file `rewritten` (`items` being the items of the
    /// file as it is) and takes it whole or reduced to `target`.
    private static func decodeRewritten(_ rewritten: HEIFRewrittenFile, picture: Picture, primaryID: heif_item_id, items: HEIFItems,
                                        plan: HEIFDecodingPlan, target: (width: Int, height: Int), limits: ImageLimits,
                                        path: String) throws(ImageCodecError) -> RGBAImage {
        // The reader outlives the context, which reads through it until it is freed.
        let reader = HEIFFileReader(rewritten)
        return try withExtendedLifetime(reader) { () throws(ImageCodecError) -> RGBAImage in
            let context = try makeContext(limits: limits, path: path)
            defer { heif_context_free(context) }
            try check(heif_context_read_from_reader(context, reader.table, reader.userdata, nil), path: path)
            var found: OpaquePointer?
            try check(heif_context_get_image_handle(context, primaryID, &found), path: path)
            guard let primary = found else { throw .corrupt(path: path, message: "libheif found no primary image") }
            defer { heif_image_handle_release(primary) }
            var handle = primary
            if picture.id != primaryID {
                var thumbnail: OpaquePointer?
                try check(heif_image_handle_get_thumbnail(primary, picture.id, &thumbnail), path: path)
                guard let thumbnail else { throw .corrupt(path: path, message: "libheif found no thumbnail \(picture.id)") }
                handle = thumbnail
            }
            defer { if handle != primary { heif_image_handle_release(handle) } }
            return try decodeImage(handle, picture: picture, items: items, rewritten: rewritten, plan: plan, target: target,
                                   limits: limits, path: path)
        }
    }

    /// The threads the decoders of item `id` start at once. libde265 gives each decoder a
    /// thread of its own and, when the system refuses it, waits for that thread for ever; dav1d
    /// starts one a core and, refused one, fails with an error that says nothing of threads.
    /// Asked of the system first, a process short of them gets `.threadRefused` instead. A
    /// grid (`isGrid`) has two decoders at once where `pool` splits its tiles between the
    /// caller and a helper (and one more thread where that helper is still to be started);
    /// where it cannot, one decoder at a time.
    static func decoderThreads(_ id: UInt32, of items: HEIFItems, isGrid: Bool, pool: WorkerPool = .shared) -> Int {
        let coded = items.codedItem(of: id, maxDepth: HEIFDecodingPlan.maxDepth)
        let perDecoder = items.items[coded]?.type == "av01" ? max(1, WorkerPool.onlineCores) : 1
        guard isGrid, let starting = pool.helpersStartedBySplittingInTwo else { return perDecoder }
        return 2 * perDecoder + starting
    }

    /// Held from the question for a picture's decoder threads until its decoders are done
    /// (libheif frees them, and their threads, before `heif_decode_image` returns): HEIF
    /// pictures decoded at once (the avatars) would otherwise take the places each other's
    /// question found free. One HEIF picture decodes at a time; their conversions do not wait.
    private static let oneAtATime = Monitor()

    /// Decodes `picture` through `handle` (of the rewritten file): libheif's coded samples
    /// (`HEIFPlanarRows`), the file's transformations (`HEIFTransformations`), the colour
    /// description of the first of `picture.colourFrom` that has one.
    private static func decodeImage(_ handle: OpaquePointer, picture: Picture, items: HEIFItems,
                                    rewritten: HEIFRewrittenFile, plan: HEIFDecodingPlan,
                                    target: (width: Int, height: Int), limits: ImageLimits,
                                    path: String) throws(ImageCodecError) -> RGBAImage {
        let (width, height) = (picture.width, picture.height)
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8
        // Decoding (the plan's peak) comes before the conversion, which holds libheif's RGB
        // planes and this file's own picture (`workingBytes`): the larger of the two is needed.
        let converting = workingBytes(width: width, height: height, deep: deep, hasAlpha: hasAlpha, whole: target == (width, height))
        let grid = hasAlpha ? nil : HEIFGridDecoder(picture.id, of: items)
        let decoding = plan.peakBytes + (grid?.secondTileBytes ?? 0)
        try limits.checkWorkingMemory(needed: max(converting, decoding), width: width, height: height, path: path)
        let options = heif_decoding_options_alloc()
        defer { heif_decoding_options_free(options) }
        options?.pointee.ignore_transformations = 1
        options?.pointee.convert_hdr_to_8bit = 0
        render_gif_heif_repeat_chroma_samples(options)
        let decoded = try oneAtATime.withLock { () throws(ImageCodecError) -> OpaquePointer? in
            // A grid whose two decoders at once would not get their threads decodes its tiles one
            // at a time, into the same picture.
            let split = grid != nil && ThreadStart.systemGives(threads: decoderThreads(picture.id, of: items, isGrid: true))
            guard split || ThreadStart.systemGives(threads: decoderThreads(picture.id, of: items, isGrid: false)) else {
                throw .threadRefused(path: path)
            }
            var decoded: OpaquePointer?
            if let grid { decoded = try grid.decode(rewritten, options: options, limits: limits, path: path, concurrently: split) }
            if decoded == nil {
                try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_444, options), path: path)
            }
            return decoded
        }
        guard let image = decoded else { throw .corrupt(path: path, message: "libheif returned no picture") }
        defer { heif_image_release(image) }

        let signal = HEIFVideoSignal.of(picture.id, in: items, maxBytes: limits.maxFileBytes)
        guard let planes = HEIFPlanarRows(image: image, signal: signal) else {
            throw .corrupt(path: path, message: "libheif returned a picture without the planes it codes")
        }
        let transformations: HEIFTransformations
        do throws(HEIFItems.Damage) {
            transformations = try HEIFTransformations(item: picture.id, of: items, width: planes.width, height: planes.height)
        } catch {
            throw .corrupt(path: path, message: error.message)
        }
        guard transformations.width == width, transformations.height == height else {
            throw .corrupt(path: path, message: "libheif returned a picture of another size than the file declares")
        }
        let described = picture.colourFrom.first { HEIFColorSource.hasDescription($0) } ?? picture.colourFrom[0]
        let window = transformations.window, orientation = transformations.orientation
        let premultiplied = planes.hasAlpha && heif_image_is_premultiplied_alpha(image) != 0
        func rowConverter() -> HEIFRowConverter {
            HEIFRowConverter(width: window.x.count, hasAlpha: planes.hasAlpha, bitDepth: planes.bitDepth,
                             premultiplied: premultiplied,
                             transform: HEIFColorSource.transform(described, stream: signal, sixteenBitInput: planes.deep))
        }
        let storedTarget = orientation.exchangedSize(width: target.width, height: target.height)
        var sink = PictureRowSink(width: window.x.count, height: window.y.count,
                                  target: target == (width, height) ? (window.x.count, window.y.count) : storedTarget)
        HEIFRowConversion(rows: window.y, columns: window.x)
            .run(first: .init(planes: planes, rows: rowConverter()), into: &sink) {
                HEIFPlanarRows(image: image, signal: signal).map { .init(planes: $0, rows: rowConverter()) }
            }
        return orientation.apply(to: sink.image())
    }

    /// The memory the conversion of a `width` x `height` picture holds at its peak: libheif's
    /// RGB 4:4:4 planes of the coded samples (an alpha plane one more; 2 bytes a sample when
    /// `deep`), and, when it is kept `whole` rather than reduced, the picture in RGBA8 and, for
    /// a turned or mirrored one, its turned copy.
    static func workingBytes(width: Int, height: Int, deep: Bool, hasAlpha: Bool, whole: Bool) -> Int {
        let sampleBytes = deep ? 2 : 1
        let perPixel = sampleBytes * (hasAlpha ? 4 : 3) + (whole ? 8 : 0)
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
