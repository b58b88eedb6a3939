
/// Where one pixel row meets one disc: the columns whose pixel square touches the disc,
/// and within them the columns whose square lies wholly inside it.
struct CircleRowSpan {
    /// First column that touches the disc.
    var touchStart: Int
    /// One past the last column that touches the disc (equal to `touchStart` when none does).
    var touchEnd: Int
    /// First column wholly inside (`fullStart == fullEnd` when none is).
    var fullStart: Int
    /// One past the last column wholly inside.
    var fullEnd: Int

    /// The span of row `y` for the disc of radius `radius` centred at (cx, cy), limited to the
    /// columns `minX ..< maxX`. A square lies inside a disc exactly when its farthest corner
    /// does, and touches it when its nearest point does, so both tests are exact per row.
    @inline(__always)
    init(row y: Int, cx: Double, cy: Double, radius: Double, minX: Int, maxX: Int) {
        let y0 = Double(y) - cy, y1 = y0 + 1
        let nearest = (y0 <= 0 && y1 >= 0) ? 0 : Swift.min(Swift.abs(y0), Swift.abs(y1))
        let farthest = Swift.max(Swift.abs(y0), Swift.abs(y1))
        let r2 = radius * radius
        guard radius > 0, nearest < radius else {
            touchStart = minX; touchEnd = minX; fullStart = minX; fullEnd = minX
            return
        }
        let reach = (r2 - nearest * nearest).squareRoot()
        let limit = PixelRect.coordinateLimit
        func column(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -limit), limit)) }
        touchStart = Swift.max(minX, column((cx - reach).rounded(.down)))
        touchEnd = Swift.max(touchStart, Swift.min(maxX, column((cx + reach).rounded(.up))))
        if farthest < radius {
            let inner = (r2 - farthest * farthest).squareRoot()
            fullStart = Swift.min(Swift.max(column((cx - inner).rounded(.up)), touchStart), touchEnd)
            fullEnd = Swift.min(Swift.max(column((cx + inner).rounded(.down)), fullStart), touchEnd)
        } else {
            fullStart = touchEnd
            fullEnd = touchEnd
        }
    }
}

/// Coverage masks of a disc and of a ring (the disc minus a smaller concentric one), made in
/// one pass so a bordered layer computes its outer circle once for clip and border.
struct CircleCoverage {
    private let cx: Double
    private let cy: Double
    private let outerRadius: Double
    private let innerRadius: Double
    private let outerTable: CircleAreaTable
    private let innerTable: CircleAreaTable?
    private let hasHole: Bool
    private let makeDisc: Bool
    private let makeRing: Bool
    private var disc: CoverageMaskBuilder
    private var ring: CoverageMaskBuilder

    private init(center: Point, outerRadius: Double, innerRadius: Double, box: PixelRect,
                 makeDisc: Bool, makeRing: Bool) {
        cx = center.x
        cy = center.y
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius
        hasHole = innerRadius > 0
        outerTable = CircleAreaTable(center: center, radius: outerRadius, box: box)
        innerTable = hasHole && makeRing ? CircleAreaTable(center: center, radius: innerRadius, box: box) : nil
        self.makeDisc = makeDisc
        self.makeRing = makeRing
        disc = CoverageMaskBuilder(capacity: makeDisc ? box.area : 0)
        ring = CoverageMaskBuilder(capacity: makeRing ? box.area : 0)
    }

    /// Masks of disc(center, outerRadius) and of the ring between `innerRadius` and
    /// `outerRadius`, limited to `clip`. Edge pixels use the exact area (`CircleAreaTable`); pixels wholly inside
    /// a circle count as 1 without it. An inner radius of zero or less means no hole.
    static func masks(center: Point, outerRadius: Double, innerRadius: Double,
                      clip: PixelRect, makeDisc: Bool, makeRing: Bool) -> (disc: CoverageMask, ring: CoverageMask) {
        guard center.isFinite, outerRadius.isFinite, innerRadius.isFinite, outerRadius > 0 else {
            return (.empty, .empty)
        }
        let box = SubpixelRect(center: center, radius: outerRadius).enclosingPixels.intersection(clip)
        guard !box.isEmpty else { return (.empty, .empty) }
        var writer = CircleCoverage(center: center, outerRadius: outerRadius, innerRadius: innerRadius, box: box,
                                    makeDisc: makeDisc, makeRing: makeRing)
        for y in box.y ..< box.maxY { writer.writeRow(y, box: box) }
        return (writer.disc.build(), writer.ring.build())
    }

    private mutating func writeRow(_ y: Int, box: PixelRect) {
        let outer = CircleRowSpan(row: y, cx: cx, cy: cy, radius: outerRadius, minX: box.x, maxX: box.maxX)
        guard outer.touchEnd > outer.touchStart else { return }
        let inner = CircleRowSpan(row: y, cx: cx, cy: cy, radius: hasHole ? innerRadius : 0,
                                  minX: box.x, maxX: box.maxX)
        var holeStart = outer.touchEnd, holeEnd = outer.touchEnd
        if hasHole && inner.fullEnd > inner.fullStart {
            holeStart = Swift.min(Swift.max(inner.fullStart, outer.touchStart), outer.touchEnd)
            holeEnd = Swift.min(Swift.max(inner.fullEnd, holeStart), outer.touchEnd)
        }
        if !makeRing {
            disc.beginRun(x: outer.touchStart, y: y)
            for x in outer.touchStart ..< outer.fullStart { emit(x, y, outer, inner) }
            disc.append(CoverageMask.full, count: outer.fullEnd - outer.fullStart)
            for x in Swift.max(outer.fullEnd, outer.fullStart) ..< outer.touchEnd { emit(x, y, outer, inner) }
            disc.endRun()
            return
        }
        if makeDisc { disc.beginRun(x: outer.touchStart, y: y) }
        if makeRing { ring.beginRun(x: outer.touchStart, y: y) }
        for x in outer.touchStart ..< holeStart { emit(x, y, outer, inner) }
        if makeRing {
            ring.endRun()
            ring.beginRun(x: holeEnd, y: y)
        }
        if makeDisc { disc.append(CoverageMask.full, count: holeEnd - holeStart) }
        for x in holeEnd ..< outer.touchEnd { emit(x, y, outer, inner) }
        if makeDisc { disc.endRun() }
        if makeRing { ring.endRun() }
    }

    @inline(__always)
    private mutating func emit(_ x: Int, _ y: Int, _ outer: CircleRowSpan, _ inner: CircleRowSpan) {
        let outerArea = (x >= outer.fullStart && x < outer.fullEnd) ? 1 : outerTable.area(x: x, y: y)
        if makeDisc { disc.append(CoverageMask.quantize(outerArea)) }
        if makeRing {
            var innerArea = 0.0
            if let innerTable, x >= inner.touchStart && x < inner.touchEnd {
                innerArea = (x >= inner.fullStart && x < inner.fullEnd) ? 1 : innerTable.area(x: x, y: y)
            }
            ring.append(CoverageMask.quantize(outerArea - innerArea))
        }
    }
}
