import WorkThreads

/// Converts the rows of a decoded HEIF picture's window to straight sRGB RGBA8 and hands them
/// to a sink: the coded samples through `HEIFPlanarRows` (chroma, matrix), then
/// `HEIFRowConverter` (depth, alpha, the colour conversion).
///
/// That cost about 30 ns a pixel when Little CMS converted every picture (a third of a second
/// for a 12-megapixel phone picture on one thread, after its tiles were decoded on two), and
/// still costs that for 10- and 12-bit samples. A picture
/// of a megapixel or more that is reduced is therefore converted in two parts at once, the
/// window's upper rows and its lower rows, each part with converters and a sink of its own;
/// the lower part's reduction is then added to the upper's. The reducer's sums are exact
/// integers, so the picture is the one a single pass gives, whatever the threads did.
struct HEIFRowConversion {
    /// Reduced pictures of fewer pixels are converted in one pass, on the calling thread.
    static let parallelPixels = 1 << 20

    /// The stored rows and columns to convert.
    let rows: Range<Int>
    let columns: Range<Int>

    /// One part's own converters: planes reading libheif's image, and a row converter with a
    /// colour transform of its own (Little CMS transforms keep a cache, so they are not shared).
    struct Converters {
        let planes: HEIFPlanarRows
        let rows: HEIFRowConverter
    }

    /// Converts every row into `sink`, making a second part's converters with `makeConverters`
    /// when the picture is large enough and `sink` reduces it; `first` are the calling thread's.
    func run(first: Converters, into sink: inout PictureRowSink, makeConverters: () -> Converters?) {
        let pixels = rows.count * columns.count
        guard sink.reduces, pixels >= Self.parallelPixels, rows.count >= 2, let second = makeConverters() else {
            convert(rows, with: first, into: &sink)
            return
        }
        let middle = rows.lowerBound + rows.count / 2
        var lower = sink
        let parts = [(first, rows.lowerBound ..< middle), (second, middle ..< rows.upperBound)]
        withUnsafeMutablePointer(to: &sink) { upperSink in
            withUnsafeMutablePointer(to: &lower) { lowerSink in
                nonisolated(unsafe) let sinks = [upperSink, lowerSink]
                nonisolated(unsafe) let work = parts
                WorkerPool.shared.perform(2) { index in
                    convert(work[index].1, with: work[index].0, into: &sinks[index].pointee)
                }
            }
        }
        sink.absorb(lower)
    }

    /// Converts stored rows `part` with `converters`, handing them to `sink` numbered from the
    /// window's first row.
    private func convert(_ part: Range<Int>, with converters: Converters, into sink: inout PictureRowSink) {
        var coded = [UInt8](repeating: 0, count: columns.count * converters.planes.pixelBytes)
        var row = [UInt8](repeating: 0, count: columns.count * 4)
        coded.withUnsafeMutableBytes { codedBuffer in
            row.withUnsafeMutableBufferPointer { rowBuffer in
                for y in part {
                    converters.planes.convert(row: y, columns: columns, into: codedBuffer.baseAddress!)
                    converters.rows.convert(codedBuffer.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                            into: rowBuffer.baseAddress!)
                    sink.add(rowBuffer.baseAddress!, y: y - rows.lowerBound)
                }
            }
        }
    }
}
