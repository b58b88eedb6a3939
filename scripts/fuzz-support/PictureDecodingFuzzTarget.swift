// libFuzzer target for one of the decoders added to PNG and JPEG: any bytes handed straight to
// HEIFDecoder, WebPDecoder or GIFPictureDecoder (chosen when scripts/fuzz builds it, with
// -D FUZZ_HEIF, FUZZ_WEBP or FUZZ_GIF) must give an image or an ImageCodecError, never a crash,
// a hang or a memory error (AddressSanitizer watches). The format sniffing is skipped, so every
// input reaches the library.
@testable import ImageCodecs
import Raster

/// Limits smaller than the command's, so that each input decodes in milliseconds.
private let fuzzLimits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxDecodedBytes: 8 << 20, maxFileBytes: 1 << 20)

/// A small layer, so that inputs also go through the reduction (libwebp's scaler, the area filter).
private let fuzzFit = PictureFit(side: 7, preservesAspectRatio: true)

private func decode(_ bytes: [UInt8], fit: PictureFit?) throws(ImageCodecError) -> RGBAImage {
    #if FUZZ_HEIF
    return try HEIFDecoder.decode(bytes, path: "fuzz input", limits: fuzzLimits, fit: fit)
    #elseif FUZZ_WEBP
    return try WebPDecoder.decode(bytes, path: "fuzz input", limits: fuzzLimits, fit: fit)
    #else
    return try GIFPictureDecoder.decode(bytes, path: "fuzz input", limits: fuzzLimits, fit: fit)
    #endif
}

@_cdecl("LLVMFuzzerTestOneInput")
public func pictureDecodingFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let image = try decode(bytes, fit: nil)
        guard image.width > 0, image.height > 0, image.width <= 2048, image.height <= 2048,
              image.pixels.count == image.width * image.height * 4 else {
            fatalError("decoded image has an impossible shape: \(image.width) x \(image.height), \(image.pixels.count) bytes")
        }
        let reduced = try decode(bytes, fit: fuzzFit)
        guard reduced.width <= image.width, reduced.height <= image.height, min(reduced.width, reduced.height) >= 1,
              reduced.pixels.count == reduced.width * reduced.height * 4 else {
            fatalError("reduced image has an impossible shape: \(reduced.width) x \(reduced.height) from \(image.width) x \(image.height)")
        }
    } catch {
        let text = error.description
        guard text.contains("fuzz input"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            fatalError("unhelpful error text: \(text)")
        }
    }
    return 0
}
