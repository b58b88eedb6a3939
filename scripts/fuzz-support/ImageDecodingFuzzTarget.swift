// libFuzzer target: any bytes handed to ImageFile.decode, or read as a still to compare
// (PNGContent, what `--check` reads of an existing still), must give an image or an
// ImageCodecError, never a crash, a hang or a memory error (AddressSanitizer watches).
// Built by scripts/fuzz, not by the package.
@testable import ImageCodecs

/// Limits smaller than the command's, so that each input decodes in milliseconds; the
/// checks that enforce them are the same code the command runs.
private let fuzzLimits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxDecodedBytes: 8 << 20, maxFileBytes: 1 << 20,
                                     maxWorkingBytes: 12 << 20)

/// A tiny layer, so that most inputs also go through the area reduction, and JPEGs from 96 px
/// on through the DCT scaling (used only at 24 times the layer's size).
private let fuzzFit = PictureFit(side: 2, preservesAspectRatio: true)

/// Decodes one input as a PNG or JPEG file, whole and reduced for a layer, and checks the
/// results' shapes.
@_cdecl("LLVMFuzzerTestOneInput")
public func imageDecodingFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let image = try ImageFile.decode(bytes, path: "fuzz input", limits: fuzzLimits)
        let side = max(fuzzLimits.maxWidth, fuzzLimits.maxHeight)
        guard image.width > 0, image.height > 0, image.width <= side,
              image.height <= side, image.pixels.count == image.width * image.height * 4 else {
            fatalError("decoded image has an impossible shape: \(image.width) x \(image.height), \(image.pixels.count) bytes")
        }
        let reduced = try ImageFile.decode(bytes, path: "fuzz input", limits: fuzzLimits, fit: fuzzFit)
        guard reduced.width <= image.width, reduced.height <= image.height, min(reduced.width, reduced.height) >= 1,
              reduced.pixels.count == reduced.width * reduced.height * 4 else {
            fatalError("reduced image has an impossible shape: \(reduced.width) x \(reduced.height) from \(image.width) x \(image.height)")
        }
    } catch {
        checkRefusal(error)
    }
    do {
        let content = try PNGContent(bytes, path: "fuzz input", limits: fuzzLimits)
        let (width, height) = content.size
        guard content.picture.count == 10, content.pixels.count == width * height * 4 else {
            fatalError("PNG content has an impossible shape: \(width) x \(height), \(content.pixels.count) bytes")
        }
    } catch {
        checkRefusal(error)
    }
    return 0
}

/// Every refusal must read as one line that names the input.
private func checkRefusal(_ error: ImageCodecError) {
    let text = error.description
    guard text.contains("fuzz input"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
        fatalError("unhelpful error text: \(text)")
    }
}
