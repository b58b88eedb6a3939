/// Chooses `count` representative colours for weighted points (sRGB values), around fixed
/// colours that stay put.
///
/// Two stages. First a variance-minimising box split (median cut done properly, as in Wu's
/// quantizer but on the exact points): repeatedly take the box with the largest weighted
/// squared error, sort it along its axis of largest variance, and cut where the two halves'
/// total squared error is least. Then Lloyd (k-means) iterations with the fixed colours as
/// immovable centres, which pulls the boxes' means onto the clusters the split cut apart.
/// The nearest-centre search uses Orchard's rule (a centre `k` cannot beat the current centre
/// `c` for point `x` when |c − k| ≥ 2|x − c|) over each centre's nearest neighbours, nearest
/// first (every centre when those run out).
/// Everything is sorted with index tie-breaks, so the result is a pure function of the input.
struct ColorQuantizer {
    var points: [SIMD3<Double>]
    var weights: [Double]
    let fixed: [SIMD3<Double>]

    /// Up to `count` free centres (fewer when there are fewer points).
    func centres(count: Int, iterations: Int) -> [SIMD3<Double>] {
        guard count > 0, !points.isEmpty else { return [] }
        let (initial, boxOfPoint) = splitBoxes(count: count)
        return refine(initial, boxOfPoint: boxOfPoint, iterations: iterations)
    }

    // MARK: box split

    private struct Box {
        var start: Int, end: Int
        var error: Double
    }

    private func moments(_ order: [Int], _ range: Range<Int>) -> (weight: Double, sum: SIMD3<Double>, squares: Double) {
        var weight = 0.0, sum = SIMD3<Double>(repeating: 0), squares = 0.0
        for position in range {
            let index = order[position], w = weights[index], p = points[index]
            weight += w
            sum += w * p
            squares += w * (p * p).sum()
        }
        return (weight, sum, squares)
    }

    private static func squaredError(weight: Double, sum: SIMD3<Double>, squares: Double) -> Double {
        weight > 0 ? max(0, squares - (sum * sum).sum() / weight) : 0
    }

    /// The box means, and for each point the index of the box holding it.
    private func splitBoxes(count: Int) -> ([SIMD3<Double>], [Int]) {
        var order = Array(points.indices)
        let all = moments(order, 0 ..< order.count)
        var boxes = [Box(start: 0, end: order.count, error: Self.squaredError(weight: all.weight, sum: all.sum, squares: all.squares))]
        while boxes.count < count {
            var chosen = -1
            for (position, box) in boxes.enumerated() where box.end - box.start >= 2 && box.error > 0 {
                if chosen < 0 || box.error > boxes[chosen].error { chosen = position }
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let axis = widestAxis(order, box.start ..< box.end)
            order[box.start ..< box.end].sort { lhs, rhs in
                let a = points[lhs][axis], b = points[rhs][axis]
                return a < b || (a == b && lhs < rhs)
            }
            let (cut, leftError, rightError) = bestCut(order, box.start ..< box.end)
            boxes[chosen] = Box(start: box.start, end: cut, error: leftError)
            boxes.append(Box(start: cut, end: box.end, error: rightError))
        }
        var boxOfPoint = [Int](repeating: 0, count: points.count)
        let means = boxes.enumerated().map { number, box in
            for position in box.start ..< box.end { boxOfPoint[order[position]] = number }
            let m = moments(order, box.start ..< box.end)
            return m.sum / m.weight
        }
        return (means, boxOfPoint)
    }

    private func widestAxis(_ order: [Int], _ range: Range<Int>) -> Int {
        let m = moments(order, range)
        let mean = m.sum / m.weight
        var variance = SIMD3<Double>(repeating: 0)
        for position in range {
            let index = order[position], d = points[index] - mean
            variance += weights[index] * d * d
        }
        if variance.x >= variance.y && variance.x >= variance.z { return 0 }
        return variance.y >= variance.z ? 1 : 2
    }

    /// The cut position minimising the summed squared error of both halves (sorted range).
    private func bestCut(_ order: [Int], _ range: Range<Int>) -> (Int, Double, Double) {
        let total = moments(order, range)
        var weight = 0.0, sum = SIMD3<Double>(repeating: 0), squares = 0.0
        var best = (range.lowerBound + 1, Double.infinity, 0.0, 0.0)
        for position in range.lowerBound ..< range.upperBound - 1 {
            let index = order[position], w = weights[index], p = points[index]
            weight += w
            sum += w * p
            squares += w * (p * p).sum()
            let left = Self.squaredError(weight: weight, sum: sum, squares: squares)
            let right = Self.squaredError(weight: total.weight - weight, sum: total.sum - sum,
                                          squares: total.squares - squares)
            if left + right < best.1 { best = (position + 1, left + right, left, right) }
        }
        return (best.0, best.2, best.3)
    }

    // MARK: Lloyd refinement

    private func refine(_ initial: [SIMD3<Double>], boxOfPoint: [Int], iterations: Int) -> [SIMD3<Double>] {
        var centres = fixed + initial
        let firstFree = fixed.count
        var assignment = boxOfPoint.map { $0 + firstFree }
        var distances = [Double](repeating: 0, count: points.count)
        for _ in 0 ..< max(1, iterations) {
            let (separations, neighbours, listed) = nearestNeighbours(centres)
            var changed = false
            for index in points.indices {
                let p = points[index]
                let start = assignment[index]
                var best = start, bestDistance = Self.distance(p, centres[start])
                let reach = 4 * bestDistance  // (2|x − c|)^2
                var settled = false
                for slot in start * listed ..< (start + 1) * listed {
                    let candidate = Int(neighbours[slot])
                    if separations[start * centres.count + candidate] >= reach { settled = true; break }
                    let d = Self.distance(p, centres[candidate])
                    if d < bestDistance || (d == bestDistance && candidate < best) { best = candidate; bestDistance = d }
                }
                if !settled {
                    // Beyond the listed neighbours: every centre (the same minimum, ties by index).
                    for candidate in centres.indices where candidate != start {
                        let d = Self.distance(p, centres[candidate])
                        if d < bestDistance || (d == bestDistance && candidate < best) { best = candidate; bestDistance = d }
                    }
                }
                if best != assignment[index] { changed = true; assignment[index] = best }
                distances[index] = bestDistance
            }
            var sums = [SIMD3<Double>](repeating: SIMD3(repeating: 0), count: centres.count)
            var totals = [Double](repeating: 0, count: centres.count)
            for index in points.indices {
                sums[assignment[index]] += weights[index] * points[index]
                totals[assignment[index]] += weights[index]
            }
            var taken = Set<Int>()
            for centre in firstFree ..< centres.count {
                if totals[centre] > 0 {
                    centres[centre] = sums[centre] / totals[centre]
                } else if let seed = worstPoint(distances, excluding: taken) {
                    taken.insert(seed)
                    centres[centre] = points[seed]
                    changed = true
                }
            }
            if !changed { break }
        }
        return Array(centres[firstFree...])
    }

    /// The point with the largest weighted squared error not yet used as a seed.
    private func worstPoint(_ distances: [Double], excluding taken: Set<Int>) -> Int? {
        var worst: Int?, worstError = 0.0
        for index in points.indices where !taken.contains(index) {
            let error = weights[index] * distances[index]
            if error > worstError { worst = index; worstError = error }
        }
        return worst
    }

    /// How many nearest neighbours each centre lists; a point whose search reaches past them
    /// checks every centre. Most searches stop within a few neighbours, so a short list saves
    /// sorting every centre's 255 others on each iteration.
    static let listedNeighbours = 24

    /// Squared separations of all centre pairs (row-major), and for each centre its
    /// `listed` nearest others, nearest first, ties by index (row `c` at `c * listed`).
    private func nearestNeighbours(_ centres: [SIMD3<Double>]) -> ([Double], [UInt16], listed: Int) {
        let count = centres.count
        var separations = [Double](repeating: 0, count: count * count)
        for row in 0 ..< count {
            for column in row + 1 ..< count {
                let d = Self.distance(centres[row], centres[column])
                separations[row * count + column] = d
                separations[column * count + row] = d
            }
        }
        let listed = min(count - 1, Self.listedNeighbours)
        var neighbours: [UInt16] = []
        neighbours.reserveCapacity(count * listed)
        var nearest = [UInt64](repeating: 0, count: listed)
        for own in 0 ..< count {
            var kept = 0
            for other in 0 ..< count where other != own {
                // Non-negative doubles order like their bit patterns; the low bits hold the
                // index, so keys are distinct and order by (separation, index).
                let key = separations[own * count + other].bitPattern & ~UInt64(0xFFFF) | UInt64(other)
                guard kept < listed || key < nearest[listed - 1] else { continue }
                // Insertion into the sorted short list.
                var position = min(kept, listed - 1)
                while position > 0, nearest[position - 1] > key {
                    nearest[position] = nearest[position - 1]
                    position -= 1
                }
                nearest[position] = key
                kept = min(kept + 1, listed)
            }
            for key in nearest[0 ..< listed] { neighbours.append(UInt16(key & 0xFFFF)) }
        }
        return (separations, neighbours, listed)
    }

    @inline(__always)
    private static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum()
    }
}
