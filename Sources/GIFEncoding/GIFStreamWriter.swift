import GIFFile
import SafeFiles

/// Writes the parts `GIFStreamBuilder` produces through giflib (`GIFFileWriter`) onto a
/// `ByteSink`, in order: the screen, the images (already compressed), the end.
///
/// Errors are giflib's and the sink's, as `GIFFileError`; the first one stays, and every
/// later write throws it again.
public final class GIFStreamWriter {
    private let file: GIFFileWriter

    /// Starts a GIF on `sink`; nothing is written until the first part.
    public init(sink: any ByteSink) throws(GIFFileError) {
        file = try GIFFileWriter(sink: sink)
    }

    /// Writes `parts` in order.
    public func write(_ parts: [GIFStreamPart]) throws(GIFFileError) {
        for part in parts { try write(part) }
    }

    /// Writes one part: the screen first, then images, then the end.
    public func write(_ part: GIFStreamPart) throws(GIFFileError) {
        switch part {
        case let .screen(screen):
            try file.writeScreen(width: screen.width, height: screen.height, globalPalette: screen.globalPalette,
                                 backgroundIndex: screen.backgroundIndex, loopCount: screen.loopCount)
        case let .image(image):
            try file.writeImage(rect: image.rect, localPalette: image.localPalette,
                                delayCentiseconds: image.delayCentiseconds, disposal: image.disposal.rawValue,
                                transparentIndex: image.transparentIndex, minimumCodeSize: image.minimumCodeSize,
                                compressedData: image.compressedData)
        case .end:
            try file.finish()
        }
    }
}
