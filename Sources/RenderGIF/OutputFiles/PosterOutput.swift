import ArcScene
import Foundation
import ImageCodecs
import SafeFiles

/// The still (`poster`): the scene at one time, drawn by the renderer that draws the frames
/// and encoded as the frames folder's PNGs are, so it equals the frame PNG of the same time.
/// Written like every output (a temporary file renamed into place), or for a check
/// compared with the existing file.
final class PosterOutput {
    /// The PNG file.
    let path: String
    /// The time shown, in seconds; nil for the end of the animation.
    let time: Double?
    /// The temporary file, opened before rendering so that a bad path fails first.
    private let file: AtomicFileWriter?
    private var rendered: [UInt8] = []

    /// What becomes of the still.
    enum Mode {
        /// Written to its file.
        case file
        /// Compared with the existing file.
        case check
        /// Kept in memory (`renderedBytes`); no file is touched.
        case memory
    }

    /// Prepares `path` for `mode`: a temporary file beside it, or a readable existing file to
    /// compare, or nothing for a still kept in memory.
    init(path: String, time: Double?, mode: Mode) throws(RenderGIFError) {
        self.path = path
        self.time = time
        switch mode {
        case .check:
            let comparison = FileComparisonSink(path: path)
            if let reason = comparison.openFailure { throw .cannotCheck(path: path, reason: reason) }
            file = nil
        case .memory:
            file = nil
        case .file:
            file = try OutputTarget.temporaryFile(path)
        }
    }

    /// The still's PNG bytes, once rendered.
    var renderedBytes: [UInt8] { rendered }

    /// Draws the still with a copy of `renderer` (any state: the copy draws what changed
    /// since, which equals a full redraw) and encodes it; the file is written by `commit()`.
    /// Part of the outputs' stage: the encoding's failure and the file's are converted here.
    func render(with renderer: FrameRenderer, timeline: Timeline) throws(RenderGIFError) {
        var renderer = renderer
        _ = renderer.render(timeline.state(at: time ?? timeline.totalDuration))
        let png: Data
        do { png = try PNGEncoder.encode(renderer.canvas.image) } catch { throw RenderGIFError(error) }
        rendered = [UInt8](png)
        do { try file?.write(png) } catch { throw RenderGIFError(error) }
    }

    /// Moves the written still into place.
    func commit() throws(FileError) {
        try file?.commit()
    }

    /// For a check: how the existing file compares with the rendered still, in the words of
    /// an out-of-date message when it differs.
    func comparison() -> PosterComparison {
        let existing: [UInt8]
        do {
            existing = try FileBytes.contents(ofFile: path, maxBytes: Int(Int32.max))
        } catch {
            return .differs("cannot read it: \(error)")
        }
        return PosterComparison(existing: existing, rendered: rendered, path: path)
    }
}
