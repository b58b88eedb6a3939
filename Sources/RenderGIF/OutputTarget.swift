import ImageCodecs

/// Where the encoded GIF goes: a temporary file renamed over the output when complete, or,
/// with `--check`, a byte-by-byte comparison with the existing output.
final class OutputTarget {
    private let path: String
    private let file: AtomicFileWriter?
    private let comparison: FileComparisonSink?

    /// Prepares the destination before any frame is drawn, so a bad output path fails fast.
    init(path: String, check: Bool) throws(RenderGIFError) {
        self.path = path
        if check {
            comparison = FileComparisonSink(path: path)
            file = nil
        } else {
            do {
                file = try AtomicFileWriter(destination: path)
            } catch {
                throw .codec(error)
            }
            comparison = nil
        }
    }

    /// The sink the encoder writes to.
    var sink: any ByteSink {
        if let file { return file }
        return comparison!
    }

    /// Moves the file into place, or judges the comparison.
    func complete() throws(RenderGIFError) {
        if let file {
            do {
                try file.commit()
            } catch {
                throw .codec(error)
            }
            return
        }
        switch comparison!.finish() {
        case .identical: return
        case let .unreadable(reason): throw .checkFailed(path: path, reason: "cannot read it: \(reason)")
        case let .differs(offset):
            throw .checkFailed(path: path, reason: "it differs from the rendering at byte \(offset)")
        case let .lengthDiffers(fileBytes, expectedBytes):
            throw .checkFailed(path: path, reason: "it has \(fileBytes) bytes, the rendering has \(expectedBytes)")
        }
    }
}
