import CPNGReader
import Raster
import SafeFiles

/// Decodes any PNG (palette, grey, grey+alpha, RGB, RGBA; 1 to 16 bits; interlaced; tRNS)
/// into RGBA8 through libpng, row by row, shown as a photo viewer shows it.
///
/// Every libpng call happens inside the CPNGReader functions, each behind its own setjmp, so
/// no jump ever reaches Swift. Rows are converted as they arrive, so with a `fit` smaller than
/// the picture only the reduced picture and one row exist at a time. Colour handling:
/// - an iCCP profile for RGB data (and no sRGB chunk) is converted to sRGB
///   (`ColorProfileTransform`), relative colorimetric; a damaged or unusable profile means sRGB, no error;
/// - otherwise 8-bit files without gAMA, with sRGB, or with a gAMA close to 1/2.2 come out
///   byte for byte, and a file whose gAMA says another encoding is converted to sRGB;
/// - 16-bit samples are taken as sRGB-encoded when nothing says otherwise and scaled to 8 bits.
/// The eXIf chunk's orientation (when it precedes the image data) turns the picture upright.
/// No allocation inside libpng exceeds 16 MB, whatever a chunk declares (see png_reader.c).
enum PNGDecoder {
    /// Decodes PNG `bytes`; `path` names the data in errors. With a `fit`, a picture larger
    /// than the layer comes back reduced (and premultiplied); otherwise at its full size, straight.
    ///
    /// The size from the header is checked against `limits` before any pixel memory exists.
    static func decode(_ bytes: [UInt8], path: String, limits: ImageLimits = .default,
                              fit: PictureFit? = nil) throws(ImageCodecError) -> RGBAImage {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageCodecError) -> RGBAImage in
            guard let reader = png_reader_open(buffer.baseAddress, buffer.count) else {
                throw .corrupt(path: path, message: "out of memory for the PNG reader")
            }
            defer { png_reader_close(reader) }
            var info = PNGReaderInfo()
            guard png_reader_info(reader, &info) != 0 else { throw failure(reader, path: path) }
            let width = Int(info.width), height = Int(info.height)
            try limits.check(width: width, height: height, path: path)

            let orientation = info.exif.map { exif in
                ExifOrientation(tiff: Array(UnsafeBufferPointer(start: exif, count: Int(info.exif_size)))[...])
            } ?? .up
            let transform = info.has_srgb != 0 ? nil : info.icc_profile.flatMap { profile in
                ColorProfileTransform(profile: Array(UnsafeBufferPointer(start: profile, count: Int(info.icc_profile_size))))
            }
            guard png_reader_start(reader, transform == nil ? 1 : 0) != 0 else { throw failure(reader, path: path) }

            var target = (width: width, height: height)
            if let fit {
                let upright = orientation.exchangedSize(width: width, height: height)
                let reduced = fit.reducedSize(width: upright.width, height: upright.height)
                target = orientation.exchangedSize(width: reduced.width, height: reduced.height)
            }
            var sink = PictureRowSink(width: width, height: height, target: target)
            var row = [UInt8](repeating: 0, count: width * 4)
            var place = PNGReaderRow()
            let failed = row.withUnsafeMutableBufferPointer { rowBuffer -> Bool in
                let pixels = rowBuffer.baseAddress!
                while true {
                    switch png_reader_next_row(reader, pixels, &place) {
                    case 1:
                        transform?.convert(pixels, count: Int(place.count))
                        sink.add(pixels, y: Int(place.y), firstColumn: Int(place.first_column),
                                 step: Int(place.column_step), count: Int(place.count))
                    case 0:
                        return false
                    default:
                        return true
                    }
                }
            }
            if failed { throw failure(reader, path: path) }
            return orientation.apply(to: sink.image())
        }
    }

    static func failure(_ reader: OpaquePointer, path: String) -> ImageCodecError {
        let text = DisplayText.libraryMessage(String(cString: png_reader_message(reader)))
        return .corrupt(path: path, message: text.isEmpty ? "libpng reported an unnamed error" : text)
    }
}
