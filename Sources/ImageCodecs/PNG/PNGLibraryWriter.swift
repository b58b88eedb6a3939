import CPNGWriter
import Foundation
import SafeFiles

/// The Swift side of the `CPNGWriter` C target: hands rows of RGBA8 pixels to libpng's
/// low-level write API and turns its result into `Data` or an `ImageCodecError`.
///
/// All libpng calls, and the setjmp its errors jump to, stay inside one C function, so no jump
/// ever crosses a Swift frame. The checks here only make sure the C side never reads outside
/// `pixels`; the image's dimensions are judged by libpng itself (zero sizes, more than its
/// limit of 1,000,000 pixels a side), whose text ends up in `.encoderFailed`.
enum PNGLibraryWriter {
    /// The PNG file for `height` rows of `width` RGBA8 pixels, row y at `y * rowBytes` in
    /// `pixels`. With `opaque` set (the caller checked every alpha is 255) the file is RGB.
    static func encode(pixels: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int,
                       opaque: Bool, options: PNGEncodingOptions) throws(ImageCodecError) -> Data {
        try options.validate()
        guard width >= 0, height >= 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw .invalidInput(context: "PNG image", problem: "\(width) x \(height) is not a valid size")
        }
        let (rowPixelBytes, rowOverflow) = width.multipliedReportingOverflow(by: 4)
        guard !rowOverflow, rowBytes >= rowPixelBytes else {
            throw .invalidInput(context: "PNG image",
                                problem: "rows of \(rowBytes) bytes cannot hold \(width) RGBA pixels")
        }
        if height > 0 {
            let (lastRowStart, startOverflow) = (height - 1).multipliedReportingOverflow(by: rowBytes)
            let (needed, neededOverflow) = lastRowStart.addingReportingOverflow(rowPixelBytes)
            guard !startOverflow, !neededOverflow, needed <= pixels.count else {
                throw .invalidInput(context: "PNG image",
                                    problem: "\(pixels.count) bytes cannot hold \(width) x \(height) RGBA pixels")
            }
        }
        guard let base = pixels.baseAddress else {
            throw .invalidInput(context: "PNG image", problem: "no pixel memory for \(width) x \(height) pixels")
        }

        let settings = PNGWriterSettings(compression_level: Int32(options.compressionLevel),
                                         strategy: options.zlibStrategy,
                                         filters: options.filterMask,
                                         opaque: opaque ? 1 : 0)
        var result = PNGWriterResult()
        png_writer_encode(base.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height),
                          rowBytes, settings, &result)
        guard result.status == PNG_WRITER_OK, let bytes = result.bytes else {
            throw .encoderFailed(format: "PNG", message: message(of: &result))
        }
        return Data(bytesNoCopy: bytes, count: result.size, deallocator: .custom { pointer, _ in
            png_writer_free_bytes(pointer.assumingMemoryBound(to: UInt8.self))
        })
    }

    /// The C side's NUL-terminated message.
    private static func message(of result: inout PNGWriterResult) -> String {
        let text = withUnsafeBytes(of: &result.message) { raw -> String in
            DisplayText.libraryMessage(String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self))
        }
        return text.isEmpty ? "libpng reported an unnamed error" : text
    }
}
