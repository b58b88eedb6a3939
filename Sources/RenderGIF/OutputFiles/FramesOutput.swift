import ImageCodecs
import Raster
import SafeFiles

/// The PNG frames of a render: the folder (its files staged until the render commits
/// it) and the writer that encodes each frame on a worker of its own while the next is drawn.
///
/// The folder's errors are the file layer's and the frames' the codecs module's: the render
/// job converts the opening once, and `OutputTarget.complete` the finishing and the commit,
/// with the other files. `write` does
/// not throw: the frame loop belongs to the GIF's stage, so a frame that failed is kept here
/// and the loop is told to stop; `finish()` reports it (or a failure of the last frames)
/// once the loop is over.
final class FramesOutput {
    private let folder: FrameFolder
    private let writer = PNGFrameWriter()
    /// The first frame that failed to be written, nil while every frame has.
    private var failure: ImageCodecError?

    /// Checks `path` for `frameCount` frames (see `FrameFolder`).
    init(path: String, frameCount: Int) throws(FileError) {
        folder = try FrameFolder(path: path, frameCount: frameCount)
    }

    /// Hands `image` to the writer as frame `index`; false once a frame has failed (the
    /// writer reports a frame's failure when the next is handed over), and then nothing more
    /// is written.
    func write(_ image: RGBAImage, frame index: Int) -> Bool {
        guard failure == nil else { return false }
        do { try writer.write(image, frame: index, in: folder) } catch { failure = error }
        return failure == nil
    }

    /// Waits until every frame handed over is stored; throws the first failure.
    func finish() throws(ImageCodecError) {
        if let failure { throw failure }
        try writer.finish()
    }

    /// Moves the stored frames into the folder.
    func commit() throws(FileError) {
        try folder.commit()
    }
}
