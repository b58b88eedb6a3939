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
/// Little CMS takes about 20 ns a pixel, the most of a large picture's decoding (a quarter
/// of a second for a 12-megapixel phone photo). For a picture of a megapixel or more the rows
/// are therefore converted in batches, each batch's two halves at once on two threads with a
/// transform each; every pixel is converted exactly as it would be alone, so the result does
/// not depend on the threads.
final class JPEGRowCollector {
    /// Rows converted together; with two threads, 32 rows each.
    static let batchRows = 64
    /// Pictures of fewer pixels are converted row by row on the decoding thread.
    static let parallelPixels = 1 << 20

    let target: (width: Int, height: Int)?
    let profile: [UInt8]?
    private(set) var sink: PictureRowSink?
    /// How many rows have been taken (the decoder checks that every row came).
    private(set) var rowsTaken = 0
    /// One transform per converting thread: none without a usable profile.
    private var transforms: [ColorProfileTransform] = []
    /// Rows waiting for their conversion, `batchRows` of `width` RGBA pixels at most.
    private var batch: [UInt8] = []
    private var batchFirstRow = 0
    private var batchCount = 0

    init(target: (width: Int, height: Int)?, profile: [UInt8]?) {
        self.target = target
        self.profile = profile
    }

    /// Takes row `y`, `decoding.width` straight RGBA pixels at `rgba` (which it may change).
    func take(_ rgba: UnsafeMutablePointer<UInt8>, y: Int, decoding: JPEGReaderResult) {
        let width = Int(decoding.width), height = Int(decoding.height)
        guard y >= 0, y < height else { return }
        if sink == nil { start(decoding) }
        rowsTaken += 1
        guard transforms.count == 2 else {
            transforms.first?.convert(rgba, count: width)
            sink?.add(rgba, y: y)
            return
        }
        if batchCount == 0 { batchFirstRow = y }
        batch.withUnsafeMutableBufferPointer { buffer in
            _ = memcpy(buffer.baseAddress! + batchCount * width * 4, rgba, width * 4)
        }
        batchCount += 1
        if batchCount == Self.batchRows || y == height - 1 { flush(width: width) }
    }

    private func start(_ decoding: JPEGReaderResult) {
        let width = Int(decoding.width), height = Int(decoding.height)
        sink = JPEGDecoder.sink(decoded: decoding, target: target)
        guard decoding.components == 3, let profile, let first = ColorProfileTransform(profile: profile) else { return }
        transforms = [first]
        if width * height >= Self.parallelPixels, let second = ColorProfileTransform(profile: profile) {
            transforms.append(second)
            batch = [UInt8](repeating: 0, count: Self.batchRows * width * 4)
        }
    }

    /// Converts the waiting rows, the first half with one transform and the rest with the
    /// other at the same time, then hands them on in order.
    private func flush(width: Int) {
        let count = batchCount, firstHalf = (count + 1) / 2
        let pieces = [(transforms[0], 0, firstHalf), (transforms[1], firstHalf, count - firstHalf)]
        batch.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let rows = buffer.baseAddress!
            nonisolated(unsafe) let work = pieces
            WorkerPool.shared.perform(2) { index in
                let (transform, first, rowCount) = work[index]
                transform.convert(rows + first * width * 4, count: rowCount * width)
            }
            for k in 0 ..< count { sink?.add(rows + k * width * 4, y: batchFirstRow + k) }
        }
        batchCount = 0
    }
}
