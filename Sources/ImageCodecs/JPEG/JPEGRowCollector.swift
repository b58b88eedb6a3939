import CJPEGReader
import Raster
import WorkThreads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gathers the rows libjpeg hands back, one at a time and in order, into the picture or its
/// reduction, converting each to sRGB first when the file has an RGB profile. Its methods run
/// between libjpeg calls and never call libjpeg.
///
/// The conversion (`ColorProfileTransform`: 4 to 8 ns a pixel for a matrix-shaper profile, 17
/// through Little CMS) is as long as libjpeg's decoding or longer. For a picture of a megapixel
/// or more the rows therefore pass through a
/// `RowConversionQueue`: while libjpeg decodes the next rows, a second thread (running
/// `convertRows`) converts the last ones with a transform of its own, and the decoding thread
/// converts what that thread has not taken. Every pixel is converted exactly as it would be
/// alone, so the result does not depend on the threads.
final class JPEGRowCollector: @unchecked Sendable {
    /// Pictures of fewer pixels are converted row by row on the decoding thread.
    static let parallelPixels = 1 << 20

    let target: (width: Int, height: Int)?
    let profile: [UInt8]?
    /// Where rows may wait for their conversion: for a profile and a decoded picture of
    /// `parallelPixels` or more, nil otherwise. `convertRows` waits on it from the start.
    let queue: RowConversionQueue?
    private(set) var sink: PictureRowSink?
    /// How many rows have been taken (the decoder checks that every row came).
    private(set) var rowsTaken = 0

    /// How the rows become sRGB, decided at the first row.
    private enum Conversion {
        /// They are sRGB already, or the profile is not usable: rows go on as decoded.
        case none
        /// Each row is converted on the decoding thread.
        case rowByRow(ColorProfileTransform)
        /// Rows pass through the queue.
        case queued(RowConversionQueue)
    }
    private var conversion = Conversion.none

    /// A collector for a picture libjpeg decodes at `decodedSize` (nil when unknown).
    init(target: (width: Int, height: Int)?, profile: [UInt8]?, decodedSize: (width: Int, height: Int)?) {
        self.target = target
        self.profile = profile
        let large = decodedSize.map { $0.width * $0.height >= Self.parallelPixels } ?? false
        queue = profile != nil && large ? RowConversionQueue() : nil
    }

    /// Takes row `y`, `decoding.width` straight RGBA pixels at `rgba` (which it may change).
    func take(_ rgba: UnsafeMutablePointer<UInt8>, y: Int, decoding: JPEGReaderResult) {
        let height = Int(decoding.height)
        guard y >= 0, y < height else { return }
        if sink == nil { start(decoding) }
        rowsTaken += 1
        switch conversion {
        case .queued(let queue):
            queue.add(rgba, y: y, handOn: handOn)
        case .rowByRow(let transform):
            transform.convert(rgba, count: Int(decoding.width))
            sink?.add(rgba, y: y)
        case .none:
            sink?.add(rgba, y: y)
        }
    }

    /// The second thread's work: converts queued rows until `finish` is called.
    func convertRows() {
        queue?.convertUntilFinished()
    }

    /// After the decoding, whatever its outcome: hands on the rows still queued and lets
    /// `convertRows` return.
    func finish() {
        queue?.finish(handOn: handOn)
    }

    /// Where the queue hands converted rows on: the sink, in row order.
    private func handOn(_ pixels: UnsafePointer<UInt8>, row: Int) {
        sink?.add(pixels, y: row)
    }

    private func start(_ decoding: JPEGReaderResult) {
        sink = JPEGDecoder.sink(decoded: decoding, target: target)
        guard decoding.components == 3, let profile, let first = ColorProfileTransform(profile: profile) else { return }
        if let queue, let second = ColorProfileTransform(profile: profile) {
            queue.begin(width: Int(decoding.width), producerTransform: first, converterTransform: second)
            conversion = .queued(queue)
        } else {
            conversion = .rowByRow(first)
        }
    }
}
