import SharedTestSupport
import Testing
@testable import Palette

/// The quantizer's Lloyd refinement against plain Lloyd iterations written here: every
/// point to its nearest centre by a scan of every centre (ties to the lower index), each
/// free centre to the weighted mean of its points (summed in the points' order), a centre
/// left without points to the worst point not yet taken. Whatever the refinement skips
/// (searches cut short by the neighbour lists, points whose centre is known without a
/// search), it must end on exactly these centres.
@Suite enum LloydRefinementTests {
    static func squaredDistance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return d.x * d.x + d.y * d.y + d.z * d.z
    }

    /// The centres plain Lloyd iterations end on (see the suite's description).
    static func plainLloyd(points: [SIMD3<Double>], weights: [Double], fixed: [SIMD3<Double>],
                           initial: [SIMD3<Double>], boxOfPoint: [Int], iterations: Int) -> [SIMD3<Double>] {
        var centres = fixed + initial
        var assignment = boxOfPoint.map { $0 + fixed.count }
        for _ in 0 ..< max(1, iterations) {
            var changed = false
            var distances: [Double] = []
            for (index, point) in points.enumerated() {
                var best = 0, bestDistance = Double.infinity
                for (candidate, centre) in centres.enumerated() {
                    let distance = squaredDistance(point, centre)
                    if distance < bestDistance { (best, bestDistance) = (candidate, distance) }
                }
                if best != assignment[index] { changed = true }
                assignment[index] = best
                distances.append(bestDistance)
            }
            var sums = [SIMD3<Double>](repeating: .zero, count: centres.count)
            var totals = [Double](repeating: 0, count: centres.count)
            for (index, point) in points.enumerated() {
                sums[assignment[index]] += weights[index] * point
                totals[assignment[index]] += weights[index]
            }
            var taken: Set<Int> = []
            for centre in fixed.count ..< centres.count {
                if totals[centre] > 0 {
                    centres[centre] = sums[centre] / totals[centre]
                    continue
                }
                var worst: Int?, worstError = 0.0
                for index in points.indices where !taken.contains(index) && weights[index] * distances[index] > worstError {
                    worst = index
                    worstError = weights[index] * distances[index]
                }
                if let worst {
                    taken.insert(worst)
                    centres[centre] = points[worst]
                    changed = true
                }
            }
            if !changed { break }
        }
        return Array(centres[fixed.count...])
    }

    /// Points in `clusters` clouds of random spread, with random weights, not on whole
    /// values (so that no two distances tie).
    static func points(_ count: Int, clusters: Int, seed: UInt64) -> (points: [SIMD3<Double>], weights: [Double]) {
        var random = SeededGenerator(seed: seed)
        func anywhere(_ range: ClosedRange<Double>) -> SIMD3<Double> {
            SIMD3(random.double(in: range), random.double(in: range), random.double(in: range))
        }
        let middles = (0 ..< clusters).map { _ in anywhere(0 ... 255) }
        let spreads = (0 ..< clusters).map { _ in random.double(in: 2 ... 22) }
        var points: [SIMD3<Double>] = [], weights: [Double] = []
        for _ in 0 ..< count {
            let cluster = Int(random.next() % UInt64(clusters))
            points.append(middles[cluster] + anywhere(-0.5 ... 0.5) * spreads[cluster])
            weights.append(Double(1 + random.next() % 40))
        }
        return (points, weights)
    }

    /// The first centre where `refined` and `expected` differ, for a failure's message.
    static func firstDifference(_ refined: [SIMD3<Double>], _ expected: [SIMD3<Double>]) -> String {
        guard refined.count == expected.count else { return "\(refined.count) centres, expected \(expected.count)" }
        guard let at = refined.indices.first(where: { refined[$0] != expected[$0] }) else { return "none" }
        return "centre \(at): \(refined[at]), expected \(expected[at])"
    }

    /// A deliberately poor start: each point in the box of its index modulo the free count,
    /// each free initial centre one of the points (`extraInitial` appended after them, with no
    /// point), so the refinement has to move nearly everything.
    static func expectSameCentres(pointCount: Int, clusters: Int, centres: Int, fixed: [SIMD3<Double>],
                                  iterations: Int, seed: UInt64, extraInitial: [SIMD3<Double>] = []) {
        let (points, weights) = points(pointCount, clusters: clusters, seed: seed)
        let free = centres - fixed.count - extraInitial.count
        let initial = (0 ..< free).map { points[$0 * 7 % points.count] } + extraInitial
        let boxOfPoint = points.indices.map { $0 % free }
        let expected = plainLloyd(points: points, weights: weights, fixed: fixed, initial: initial,
                                  boxOfPoint: boxOfPoint, iterations: iterations)
        for inParallel in [false, true] {
            let quantizer = ColorQuantizer(points: points, weights: weights, fixed: fixed, inParallel: inParallel)
            let refined = quantizer.refine(initial, boxOfPoint: boxOfPoint, iterations: iterations)
            #expect(refined == expected,
                    "\(pointCount) points, \(centres) centres, parallel \(inParallel): \(firstDifference(refined, expected))")
        }
    }

    @Test static func aFewCentresOverManyIterations() {
        expectSameCentres(pointCount: 3000, clusters: 12, centres: 20, fixed: [], iterations: 40, seed: 1)
    }

    @Test static func aFullTableAroundFixedColours() {
        // Enough points to assign in two halves, enough centres to list neighbours in two pieces.
        expectSameCentres(pointCount: 6000, clusters: 90, centres: 255, fixed: [SIMD3(255, 255, 255), SIMD3(0, 0, 0)],
                          iterations: 12, seed: 2)
    }

    @Test static func oneIteration() {
        expectSameCentres(pointCount: 2000, clusters: 30, centres: 64, fixed: [SIMD3(255, 255, 255)], iterations: 1,
                          seed: 3)
    }

    @Test static func aCentreNoPointIsNearestToIsReseeded() {
        // Two centres far outside the points' cube: no point stays with them after the first
        // assignment, so they take the worst points, and the others move again around them.
        expectSameCentres(pointCount: 4500, clusters: 8, centres: 40, fixed: [], iterations: 12, seed: 4,
                          extraInitial: [SIMD3(2000, 2000, 2000), SIMD3(-900, 3000, 100)])
    }

    /// From centres plain Lloyd has settled, each point with its nearest, plus one centre no
    /// point is near: only the reseed changes anything in the first iteration, and the
    /// refinement must go on from it, as plain Lloyd does.
    @Test static func aReseedAloneKeepsTheRefinementGoing() {
        let (points, weights) = points(3000, clusters: 10, seed: 5)
        let start = (0 ..< 24).map { points[$0 * 11] }
        let settled = plainLloyd(points: points, weights: weights, fixed: [], initial: start,
                                 boxOfPoint: points.indices.map { $0 % 24 }, iterations: 200)
        let initial = settled + [SIMD3(3000, 3000, 3000)]
        let nearest = points.map { point in settled.indices.min { squaredDistance(point, settled[$0]) < squaredDistance(point, settled[$1]) }! }
        let expected = plainLloyd(points: points, weights: weights, fixed: [], initial: initial, boxOfPoint: nearest,
                                  iterations: 12)
        #expect(expected[24] != initial[24] && expected[..<24] != initial[..<24], "the reseed moves the others too")
        let refined = ColorQuantizer(points: points, weights: weights, fixed: []).refine(initial, boxOfPoint: nearest,
                                                                                         iterations: 12)
        #expect(refined == expected, "\(firstDifference(refined, expected))")
    }

    /// Whole values meet the bound of Orchard's rule exactly: (1, 1, 1) lies midway between
    /// its centre (0, 0, 0) and (2, 2, 2), 4·3 = 12 apart, so that centre is not looked at
    /// and the point stays, though plain Lloyd (ties to the lower index) would move it.
    /// Centre 0 keeps (2, 2, 2) alone; centre 1 takes (1, 1, 1) and (0, 0, 0).
    @Test static func aPointExactlyMidwayKeepsItsCentre() {
        let points: [SIMD3<Double>] = [SIMD3(1, 1, 1), SIMD3(2, 2, 2), SIMD3(0, 0, 0)]
        let quantizer = ColorQuantizer(points: points, weights: [1, 1, 1], fixed: [])
        let refined = quantizer.refine([SIMD3(2, 2, 2), SIMD3(0, 0, 0)], boxOfPoint: [1, 0, 1], iterations: 12)
        #expect(refined == [SIMD3(2, 2, 2), SIMD3(0.5, 0.5, 0.5)])
    }
}
