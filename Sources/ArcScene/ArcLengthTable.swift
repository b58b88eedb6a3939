/// Cumulative arc lengths along a chain of cubic segments, for moving at uniform speed.
///
/// Each segment is cut into `knotsPerSegment` equal parameter intervals whose lengths come
/// from Gauss–Legendre quadrature. To find where a given fraction of the total length lies,
/// a binary search picks the interval, then Newton steps on the exact length inside it
/// refine the parameter. Everything runs in a fixed order, so results are reproducible.
struct ArcLengthTable: Hashable, Sendable {
    /// Parameter intervals per segment.
    static let knotsPerSegment = 32

    /// The segments the table measures.
    let segments: [CubicSegment]
    /// `cumulative[i]` is the length from the start to knot i; the last entry is the total.
    let cumulative: [Double]

    /// Measures `segments` (which must not be empty).
    init(segments: [CubicSegment]) {
        self.segments = segments
        let knots = Self.knotsPerSegment
        var lengths = [0.0]
        lengths.reserveCapacity(segments.count * knots + 1)
        var total = 0.0
        for segment in segments {
            for step in 0..<knots {
                let a = Double(step) / Double(knots)
                let b = Double(step + 1) / Double(knots)
                total += segment.length(from: a, to: b)
                lengths.append(total)
            }
        }
        cumulative = lengths
    }

    /// The length of the whole chain in points.
    var totalLength: Double { cumulative.last ?? 0 }

    /// The segment index and parameter where the length from the start equals
    /// `fraction` × `totalLength`; `fraction` is clamped to [0, 1].
    func location(atFraction fraction: Double) -> (segment: Int, t: Double) {
        let last = segments.count - 1
        guard last >= 0, fraction > 0 else { return (0, 0) }
        guard fraction < 1 else { return (max(last, 0), 1) }
        let target = fraction * totalLength
        // The last interval whose starting length is at most the target.
        var low = 0
        var high = cumulative.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if cumulative[middle] <= target { low = middle } else { high = middle - 1 }
        }
        let knots = Self.knotsPerSegment
        let segmentIndex = min(low / knots, last)
        let segment = segments[segmentIndex]
        let knotIndex = low - segmentIndex * knots
        let start = Double(knotIndex) / Double(knots)
        let end = Double(knotIndex + 1) / Double(knots)
        let intervalLength = cumulative[low + 1] - cumulative[low]
        let wanted = target - cumulative[low]
        guard intervalLength > 0 else { return (segmentIndex, start) }
        var t = start + (end - start) * (wanted / intervalLength)
        for _ in 0..<4 {
            let speed = segment.speed(at: t)
            guard speed > 0 else { break }
            let error = segment.length(from: start, to: t) - wanted
            t = min(max(t - error / speed, start), end)
        }
        return (segmentIndex, t)
    }
}
