import Foundation
@testable import Raster

/// Coverage computed independently of the rasterizer: each pixel row is cut into many thin
/// sub-rows; on the centre line of each, the shape is a union of x-intervals known in closed
/// form, whose exact lengths are added to the pixels they cross.
enum ReferenceCoverage {
    typealias Interval = (low: Double, high: Double)

    /// Per-pixel area of the shape for `rect`, indexed `[row][column]` relative to the rect.
    static func areas(in rect: PixelRect, subRows: Int = 256,
                      intervals: (Double) -> [Interval]) -> [[Double]] {
        var result = [[Double]](repeating: [Double](repeating: 0, count: rect.width), count: rect.height)
        let h = 1.0 / Double(subRows)
        for row in 0 ..< rect.height {
            var partial = [Double](repeating: 0, count: rect.width + 1)
            var runs = [Double](repeating: 0, count: rect.width + 1)
            for k in 0 ..< subRows {
                let y = Double(rect.y + row) + (Double(k) + 0.5) * h
                for piece in merged(intervals(y)) {
                    let low = max(piece.low, Double(rect.x)), high = min(piece.high, Double(rect.maxX))
                    guard high > low else { continue }
                    let first = Int(low.rounded(.down)) - rect.x, last = Int(high.rounded(.down)) - rect.x
                    if first == last {
                        partial[first] += (high - low) * h
                    } else {
                        partial[first] += (Double(first + rect.x + 1) - low) * h
                        if last < rect.width { partial[last] += (high - Double(last + rect.x)) * h }
                        if first + 1 < last {
                            runs[first + 1] += h
                            runs[last] -= h
                        }
                    }
                }
            }
            var running = 0.0
            for column in 0 ..< rect.width {
                running += runs[column]
                result[row][column] = running + partial[column]
            }
        }
        return result
    }

    static func merged(_ pieces: [Interval]) -> [Interval] {
        let sorted = pieces.filter { $0.high > $0.low }.sorted { $0.low < $1.low }
        var out: [Interval] = []
        for piece in sorted {
            if let last = out.last, piece.low <= last.high {
                out[out.count - 1].high = max(last.high, piece.high)
            } else {
                out.append(piece)
            }
        }
        return out
    }

    /// The chord of disc(center, radius) on the line at height y.
    static func chord(_ cx: Double, _ cy: Double, _ radius: Double, y: Double) -> Interval? {
        let dy = y - cy
        guard abs(dy) < radius else { return nil }
        let half = (radius * radius - dy * dy).squareRoot()
        return (cx - half, cx + half)
    }

    /// Where `a·(x − cx) + b·(y − cy) >= 0` on the line at height y.
    static func halfPlane(a: Double, b: Double, cx: Double, cy: Double, y: Double) -> Interval {
        let rest = b * (y - cy)
        if a == 0 { return rest >= 0 ? (-.infinity, .infinity) : (0, 0) }
        let boundary = cx - rest / a
        return a > 0 ? (boundary, .infinity) : (-.infinity, boundary)
    }

    static func intersect(_ p: Interval, _ q: Interval) -> Interval {
        (max(p.low, q.low), min(p.high, q.high))
    }

    static func disc(_ c: Point, _ r: Double) -> (Double) -> [Interval] {
        { y in chord(c.x, c.y, r, y: y).map { [$0] } ?? [] }
    }

    static func ring(_ c: Point, outer: Double, inner: Double) -> (Double) -> [Interval] {
        { y in
            guard let o = chord(c.x, c.y, outer, y: y) else { return [] }
            guard let i = chord(c.x, c.y, inner, y: y) else { return [o] }
            return [(o.low, i.low), (i.high, o.high)]
        }
    }

    /// The arc stroke of the specification: the annular sector over increasing angles
    /// `[start, start + sweep]` plus a half-disc cap beyond each end.
    static func arc(_ c: Point, radius: Double, width: Double, start: Double, sweep: Double) -> (Double) -> [Interval] {
        let end = start + sweep
        let (cs, ss, ce, se) = (cos(start), sin(start), cos(end), sin(end))
        return { y in
            var pieces: [Interval] = []
            let annulus = ring(c, outer: radius + width / 2, inner: radius - width / 2)(y)
            let afterStart = halfPlane(a: -ss, b: cs, cx: c.x, cy: c.y, y: y)
            let beforeEnd = halfPlane(a: se, b: -ce, cx: c.x, cy: c.y, y: y)
            for piece in annulus {
                if sweep <= Double.pi {
                    pieces.append(intersect(intersect(piece, afterStart), beforeEnd))
                } else {
                    pieces.append(intersect(piece, afterStart))
                    pieces.append(intersect(piece, beforeEnd))
                }
            }
            if let cap = chord(c.x + radius * cs, c.y + radius * ss, width / 2, y: y) {
                pieces.append(intersect(cap, halfPlane(a: ss, b: -cs, cx: c.x, cy: c.y, y: y)))
            }
            if let cap = chord(c.x + radius * ce, c.y + radius * se, width / 2, y: y) {
                pieces.append(intersect(cap, halfPlane(a: -se, b: ce, cx: c.x, cy: c.y, y: y)))
            }
            return pieces
        }
    }

    /// The largest difference between the mask and the reference over `rect` (a margin of
    /// pixels around the shape should be included, to see that nothing leaks).
    static func maximumError(_ mask: CoverageMask, in rect: PixelRect, subRows: Int = 256,
                             intervals: (Double) -> [Interval]) -> Double {
        let reference = areas(in: rect, subRows: subRows, intervals: intervals)
        var worst = 0.0
        for row in 0 ..< rect.height {
            for column in 0 ..< rect.width {
                let got = mask.fraction(x: rect.x + column, y: rect.y + row)
                worst = max(worst, abs(got - reference[row][column]))
            }
        }
        return worst
    }

    /// The bound on the mask's total rounding error: half a step for every partly covered pixel.
    static func roundingBound(_ mask: CoverageMask) -> Double {
        let partial = mask.values.filter { $0 > 0 && $0 < CoverageMask.full }.count
        return Double(partial) * 0.5 / Double(CoverageMask.full) + 1e-9
    }
}

extension PixelRect {
    /// The rectangle grown by `margin` pixels on every side.
    func grown(by margin: Int) -> PixelRect {
        PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }
}
