import WorkThreads

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
    let points: [SIMD3<Double>]
    let weights: [Double]
    let fixed: [SIMD3<Double>]
    /// Whether the box split (the cuts of a large box's halves) and the Lloyd iterations may
    /// split their work over two threads (each piece writes only its own cut, rows and
    /// points, so the result is the same either way), and the refinements of several counts
    /// may run at once (`centres(counts:iterations:)`).
    var inParallel = false
    /// Whether every coordinate of every point is a whole colour value (a histogram's colours,
    /// not the means of its buckets), so the box split sorts single keys (`WholeColourKeys`).
    let pointsAreWholeColours: Bool

    /// A quantizer for `points` weighted by `weights`, around the immovable `fixed` centres.
    init(points: [SIMD3<Double>], weights: [Double], fixed: [SIMD3<Double>], inParallel: Bool = false) {
        self.points = points
        self.weights = weights
        self.fixed = fixed
        self.inParallel = inParallel
        pointsAreWholeColours = points.count <= Int(UInt32.max) && points.allSatisfy(WholeColourKeys.isWholeColour)
    }

    /// For each of `counts`, up to that many free centres (fewer when there are fewer
    /// points), from one box split.
    ///
    /// The split is greedy (always the box of largest error, cut where its halves' error is
    /// least), so its first `n` boxes never depend on how many are asked for: the split of
    /// the largest count passes through every smaller one, and each count's boxes are read
    /// as the split reaches them. Under `inParallel` the split uses two threads, and so does
    /// the refinement of a single count; several counts' refinements run at once instead,
    /// each on one thread (the worker pool's, as many as it has).
    func centres(counts: [Int], iterations: Int) -> [[SIMD3<Double>]] {
        guard !points.isEmpty else { return counts.map { _ in [] } }
        let splits = splitBoxes(counts: counts.map { max(0, $0) })
        var refining = self
        if counts.count > 1 { refining.inParallel = false }
        return ParallelWork.map(counts.count, concurrently: inParallel) { place in
            counts[place] > 0
                ? refining.refine(splits[place].means, boxOfPoint: splits[place].boxOfPoint, iterations: iterations)
                : []
        }
    }

    // MARK: box split

    private struct Box {
        var start: Int, end: Int
        var error: Double
        /// The axis by which `order[start ..< end]` is sorted, if any: a box cut from a
        /// sorted one is still sorted by the same axis.
        var sortedAxis: Int?
        /// Its cut, when planned before the box was chosen.
        var plannedCut: Cut?

        /// Whether the split may choose it: it has two points to part and some error.
        var canBeCut: Bool { end - start >= 2 && error > 0 }
    }

    /// How a box is cut: along `axis`, its points in that axis's order when they had to be
    /// sorted anew (nil: they already are), `offset` points into the box, leaving halves
    /// with these squared errors.
    private struct Cut {
        var axis: Int
        var resorted: [Int]?
        var offset: Int
        var leftError: Double
        var rightError: Double
    }

    private func moments(_ order: [Int], _ range: Range<Int>) -> (weight: Double, sum: SIMD3<Double>, squares: Double) {
        var weight = 0.0, sum = SIMD3<Double>(repeating: 0), squares = 0.0
        order.withUnsafeBufferPointer { order in
            points.withUnsafeBufferPointer { points in
                weights.withUnsafeBufferPointer { weights in
                    for position in range {
                        let index = order[position], w = weights[index], p = points[index]
                        weight += w
                        sum += w * p
                        squares += w * (p * p).sum()
                    }
                }
            }
        }
        return (weight, sum, squares)
    }

    private static func squaredError(weight: Double, sum: SIMD3<Double>, squares: Double) -> Double {
        weight > 0 ? max(0, squares - (sum * sum).sum() / weight) : 0
    }

    /// One count's boxes: each box's mean, and for each point the index of the box holding it.
    private struct Split {
        var means: [SIMD3<Double>]
        var boxOfPoint: [Int]
    }

    /// The split into up to `counts[i]` boxes for each `i`, in one pass to the largest count.
    ///
    /// A box's cut depends only on its points in the order they hold in `order`, which no
    /// other cut touches; so with `inParallel`, the halves of a large box plan their cuts at
    /// once on two threads when it is cut, before either is chosen, and the boxes and their
    /// order come out the same. (The cut of a half never chosen is work thrown away.)
    private func splitBoxes(counts: [Int]) -> [Split] {
        var splits = [Split?](repeating: nil, count: counts.count)
        let count = counts.max() ?? 0
        var order = Array(points.indices)
        let all = moments(order, 0 ..< order.count)
        var boxes = [Box(start: 0, end: order.count, error: Self.squaredError(weight: all.weight, sum: all.sum, squares: all.squares))]
        func record(_ reached: (Int) -> Bool) {
            for (place, wanted) in counts.enumerated() where splits[place] == nil && reached(wanted) {
                splits[place] = split(boxes, order)
            }
        }
        record { $0 <= boxes.count }
        while boxes.count < count {
            var chosen = -1
            for (position, box) in boxes.enumerated() where box.canBeCut {
                if chosen < 0 || box.error > boxes[chosen].error { chosen = position }
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let cut = box.plannedCut ?? findCut(of: box, in: order)
            if let resorted = cut.resorted { order.replaceSubrange(box.start ..< box.end, with: resorted) }
            let middle = box.start + cut.offset
            var halves = [Box(start: box.start, end: middle, error: cut.leftError, sortedAxis: cut.axis),
                          Box(start: middle, end: box.end, error: cut.rightError, sortedAxis: cut.axis)]
            // Not for the last cut, whose halves are never cut.
            if inParallel, box.end - box.start >= ParallelWork.itemsWorthSplitting, boxes.count + 1 < count {
                let ordered = order, unplanned = halves
                let cuts = ParallelWork.map(2, concurrently: true) { piece in
                    unplanned[piece].canBeCut ? findCut(of: unplanned[piece], in: ordered) : nil
                }
                halves[0].plannedCut = cuts[0]
                halves[1].plannedCut = cuts[1]
            }
            boxes[chosen] = halves[0]
            boxes.append(halves[1])
            record { $0 == boxes.count }
        }
        // The counts the split never reached (no box left to cut) take every box it made.
        record { _ in true }
        return splits.map { $0! }
    }

    /// The means of `boxes` over the points in `order`, and each point's box.
    private func split(_ boxes: [Box], _ order: [Int]) -> Split {
        var boxOfPoint = [Int](repeating: 0, count: points.count)
        let means = boxes.enumerated().map { number, box in
            for position in box.start ..< box.end { boxOfPoint[order[position]] = number }
            let m = moments(order, box.start ..< box.end)
            return m.sum / m.weight
        }
        return Split(means: means, boxOfPoint: boxOfPoint)
    }

    /// The cut of `box`, whose points are `order[box.start ..< box.end]`: along its widest
    /// axis, where the halves' summed squared error is least. Reads `order` only.
    private func findCut(of box: Box, in order: [Int]) -> Cut {
        let range = box.start ..< box.end
        let axis = widestAxis(order, range)
        if box.sortedAxis == axis {
            let (cut, leftError, rightError) = bestCut(order, range)
            return Cut(axis: axis, resorted: nil, offset: cut - box.start, leftError: leftError, rightError: rightError)
        }
        let resorted = sortedIndices(order, range, axis: axis)
        let (cut, leftError, rightError) = bestCut(resorted, 0 ..< resorted.count)
        return Cut(axis: axis, resorted: resorted, offset: cut, leftError: leftError, rightError: rightError)
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
        order.withUnsafeBufferPointer { order in
            points.withUnsafeBufferPointer { points in
                weights.withUnsafeBufferPointer { weights in
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
                }
            }
        }
        return (best.0, best.2, best.3)
    }

    // MARK: Lloyd refinement

    /// The free centres after Lloyd iterations from `initial`, with each point starting in the
    /// centre `boxOfPoint` names (an index into `initial`): at most `iterations` (at least
    /// one), ending early once no point changes centre. A centre that no point chooses moves
    /// to the point of largest weighted error not taken yet.
    func refine(_ initial: [SIMD3<Double>], boxOfPoint: [Int], iterations: Int) -> [SIMD3<Double>] {
        var centres = fixed + initial
        let firstFree = fixed.count
        let count = centres.count
        var assignment = boxOfPoint.map { $0 + firstFree }
        var distances = [Double](repeating: 0, count: points.count)
        let neighbours = NeighbourLists(count: count, listed: min(count - 1, Self.listedNeighbours),
                                        pieces: inParallel && count >= 64 ? 2 : 1)
        let listed = neighbours.listed
        // Points are assigned in two halves at once when there are enough of them to pay for
        // the threads' start.
        let pieces = inParallel && points.count >= ParallelWork.itemsWorthSplitting ? 2 : 1
        var pieceChanged = [Bool](repeating: false, count: pieces)
        for _ in 0 ..< max(1, iterations) {
            neighbours.find(centres)
            points.withUnsafeBufferPointer { points in
                centres.withUnsafeBufferPointer { centres in
                    assignment.withUnsafeMutableBufferPointer { assignment in
                        distances.withUnsafeMutableBufferPointer { distances in
                            pieceChanged.withUnsafeMutableBufferPointer { pieceChanged in
                                let total = points.count
                                _ = ParallelWork.map(pieces, concurrently: true) { piece in
                                    pieceChanged[piece] = Self.assign(points, ParallelWork.part(piece, of: pieces, count: total),
                                                                      centres: centres, neighbours: neighbours,
                                                                      listed: listed, assignment: assignment,
                                                                      distances: distances)
                                }
                            }
                        }
                    }
                }
            }
            var changed = pieceChanged.contains(true)
            var sums = [SIMD3<Double>](repeating: SIMD3(repeating: 0), count: count)
            var totals = [Double](repeating: 0, count: count)
            points.withUnsafeBufferPointer { points in
                weights.withUnsafeBufferPointer { weights in
                    assignment.withUnsafeBufferPointer { assignment in
                        sums.withUnsafeMutableBufferPointer { sums in
                            totals.withUnsafeMutableBufferPointer { totals in
                                for index in 0 ..< points.count {
                                    sums[assignment[index]] += weights[index] * points[index]
                                    totals[assignment[index]] += weights[index]
                                }
                            }
                        }
                    }
                }
            }
            var taken = Set<Int>()
            for centre in firstFree ..< count {
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

    /// Moves each point of `range` to the nearest centre found from its current one (Orchard's
    /// rule over that centre's listed neighbours, every centre when those run out; ties to the
    /// lower index among the centres looked at) and records its squared distance. True when a
    /// point changed centre. A centre exactly at the rule's bound (|c − k| = 2|x − c|, which
    /// whole-valued points and centres can meet) is not looked at, though it may be exactly as
    /// near: a point exactly midway between its centre and that one keeps its centre.
    private static func assign(_ points: UnsafeBufferPointer<SIMD3<Double>>, _ range: Range<Int>,
                               centres: UnsafeBufferPointer<SIMD3<Double>>, neighbours: NeighbourLists, listed: Int,
                               assignment: UnsafeMutableBufferPointer<Int>,
                               distances: UnsafeMutableBufferPointer<Double>) -> Bool {
        let count = centres.count
        var changed = false
        for index in range {
            let p = points[index]
            let start = assignment[index]
            var best = start, bestDistance = distance(p, centres[start])
            let reach = 4 * bestDistance  // (2|x − c|)^2
            var settled = false
            for slot in start * listed ..< (start + 1) * listed {
                if neighbours.separations[slot] >= reach { settled = true; break }
                let candidate = Int(neighbours.indices[slot])
                let d = distance(p, centres[candidate])
                if d < bestDistance || (d == bestDistance && candidate < best) {
                    best = candidate
                    bestDistance = d
                }
            }
            if !settled {
                // Beyond the listed neighbours: every centre (the same minimum, ties by index).
                for candidate in 0 ..< count where candidate != start {
                    let d = distance(p, centres[candidate])
                    if d < bestDistance || (d == bestDistance && candidate < best) {
                        best = candidate
                        bestDistance = d
                    }
                }
            }
            if best != start { changed = true; assignment[index] = best }
            distances[index] = bestDistance
        }
        return changed
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

    @inline(__always)
    fileprivate static func distance(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let d = a - b
        return (d * d).sum()
    }
}

extension UnsafeMutablePointer {
    /// Exchanges the elements at offsets `i` and `j`.
    @inline(__always)
    func swapAt(_ i: Int, _ j: Int) {
        let held = self[i]
        self[i] = self[j]
        self[j] = held
    }
}
