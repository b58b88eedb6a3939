/// One horizontal run of a coverage mask: pixels `x ..< x + count` of row `y`, whose coverage
/// values are `values[offset ..< offset + count]` of the owning mask.
struct CoverageRun: Hashable, Sendable {
    /// The pixel row.
    let y: Int
    /// The first pixel column.
    let x: Int
    /// The number of pixels in the run (at least one).
    let count: Int
    /// Index of the run's first value in `CoverageMask.values`.
    let offset: Int
}

/// How much of each pixel a shape covers, stored sparsely as horizontal runs.
///
/// Coverage is the exact area of the unit pixel square inside the shape, a number in [0, 1]
/// computed in Double and quantized once to 16-bit fixed point: `q = round(area * 32768)`
/// (half rounds up), so 0 means untouched, `CoverageMask.full` (32768) means fully covered,
/// and exactly half a pixel is 16384. Pixels outside every run have coverage 0. Runs are
/// ordered by row, then by column, and never overlap.
public struct CoverageMask: Equatable, Sendable {
    /// The fixed-point value of full coverage (2^15).
    static let full: UInt16 = 32768
    /// The mask that covers nothing.
    static let empty = CoverageMask(runs: [], values: [])

    /// The runs, ordered by `y` then `x`.
    let runs: [CoverageRun]
    /// The coverage values of all runs, back to back.
    let values: [UInt16]

    init(runs: [CoverageRun], values: [UInt16]) {
        self.runs = runs
        self.values = values
    }

    /// A mask giving every pixel of `rect` the same coverage (for example `full`, to draw an
    /// image unclipped, or a fraction, to fade a colour over a rectangle). Values above
    /// `full` are clamped.
    init(rect: PixelRect, coverage: UInt16) {
        let value = Swift.min(coverage, Self.full)
        guard !rect.isEmpty, value > 0 else {
            self.init(runs: [], values: [])
            return
        }
        let runs = (0 ..< rect.height).map {
            CoverageRun(y: rect.y + $0, x: rect.x, count: rect.width, offset: $0 * rect.width)
        }
        self.init(runs: runs, values: [UInt16](repeating: value, count: rect.area))
    }

    /// Quantizes an area in [0, 1] (values outside are clamped, NaN counts as 0) to the
    /// mask's fixed point, rounding half up.
    @inline(__always)
    static func quantize(_ area: Double) -> UInt16 {
        guard area > 0 else { return 0 }
        guard area < 1 else { return full }
        return UInt16(area * 32768 + 0.5)
    }

    /// True when no pixel has any coverage.
    var isEmpty: Bool { runs.isEmpty }

    /// The smallest rectangle holding every run (the pixels a draw through this mask can change).
    var bounds: PixelRect {
        var result = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for run in runs {
            result = result.union(PixelRect(x: run.x, y: run.y, width: run.count, height: 1))
        }
        return result
    }

    /// The fixed-point coverage of pixel (x, y), 0 outside the mask.
    func coverage(x: Int, y: Int) -> UInt16 {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].y < y || (runs[mid].y == y && runs[mid].x + runs[mid].count <= x) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < runs.count else { return 0 }
        let run = runs[low]
        guard run.y == y, x >= run.x, x < run.x + run.count else { return 0 }
        return values[run.offset + x - run.x]
    }

    /// The coverage of pixel (x, y) as a fraction in [0, 1].
    func fraction(x: Int, y: Int) -> Double {
        Double(coverage(x: x, y: y)) / Double(Self.full)
    }

    /// The sum of all coverage as an area in square pixels.
    var totalArea: Double {
        var sum = 0
        for value in values { sum += Int(value) }
        return Double(sum) / Double(Self.full)
    }
}

/// Collects a coverage mask row by row; runs are trimmed of zero coverage at both ends.
///
/// Values go into a buffer allocated once with room for every pixel of the shape's clipped
/// box (each pixel is written at most once), so appending is a plain store.
struct CoverageMaskBuilder {
    private final class Storage {
        let buffer: UnsafeMutableBufferPointer<UInt16>
        init(capacity: Int) { buffer = .allocate(capacity: Swift.max(1, capacity)) }
        deinit { buffer.deallocate() }
    }

    private let storage: Storage
    private let values: UnsafeMutableBufferPointer<UInt16>
    private var count = 0
    private var runs: [CoverageRun] = []
    private var runX = 0
    private var runY = 0
    private var runStart = 0

    /// A builder for at most `capacity` pixels.
    init(capacity: Int) {
        storage = Storage(capacity: capacity)
        values = storage.buffer
    }

    /// Starts a run at column `x` of row `y`; rows must come in increasing order, and runs
    /// of one row in increasing, non-overlapping column order.
    mutating func beginRun(x: Int, y: Int) {
        runX = x
        runY = y
        runStart = count
    }

    /// Appends the next pixel's coverage to the open run.
    @inline(__always)
    mutating func append(_ value: UInt16) {
        guard count < values.count else { return }
        values[count] = value
        count += 1
    }

    /// Appends `count` pixels of the same coverage to the open run.
    mutating func append(_ value: UInt16, count repeats: Int) {
        let n = Swift.min(Swift.max(0, repeats), values.count - count)
        guard n > 0 else { return }
        (values.baseAddress! + count).initialize(repeating: value, count: n)
        count += n
    }

    /// Closes the open run, dropping zero coverage at its ends.
    mutating func endRun() {
        while count > runStart, values[count - 1] == 0 { count -= 1 }
        var leading = 0
        while runStart + leading < count, values[runStart + leading] == 0 { leading += 1 }
        let length = count - runStart - leading
        guard length > 0 else {
            count = runStart
            return
        }
        if leading > 0 {
            let base = values.baseAddress!
            (base + runStart).update(from: base + runStart + leading, count: length)
            count = runStart + length
        }
        runs.append(CoverageRun(y: runY, x: runX + leading, count: length, offset: runStart))
    }

    /// The finished mask.
    func build() -> CoverageMask {
        CoverageMask(runs: runs, values: Array(UnsafeBufferPointer(rebasing: values[0 ..< count])))
    }
}
