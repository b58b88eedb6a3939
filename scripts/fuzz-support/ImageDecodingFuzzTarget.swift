// libFuzzer target: any bytes handed to ImageFile.decode must give an image or an
// ImageCodecError, never a crash, a hang or a memory error (AddressSanitizer watches).
// Built by scripts/fuzz, not by the package.
import ImageCodecs

/// Limits smaller than the command's, so that each input decodes in milliseconds; the
/// checks that enforce them are the same code the command runs.
private let fuzzLimits = ImageLimits(maxWidth: 2048, maxHeight: 2048, maxDecodedBytes: 8 << 20, maxFileBytes: 1 << 20)

/// Decodes one input as a PNG or JPEG file and checks the result's shape.
@_cdecl("LLVMFuzzerTestOneInput")
public func imageDecodingFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let image = try ImageFile.decode(bytes, path: "fuzz input", limits: fuzzLimits)
        guard image.width > 0, image.height > 0, image.width <= fuzzLimits.maxWidth,
              image.height <= fuzzLimits.maxHeight, image.pixels.count == image.width * image.height * 4 else {
            fatalError("decoded image has an impossible shape: \(image.width) x \(image.height), \(image.pixels.count) bytes")
        }
    } catch {
        // Every refusal must read as one line that names the input.
        let text = error.description
        guard text.contains("fuzz input"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { fatalError("unhelpful error text: \(text)") }
    }
    return 0
}
