/// A circular arc stroked with a line of some width and round caps, as UIBezierPath draws
/// `addArc(withCenter:radius:startAngle:endAngle:clockwise:)` with `lineCapStyle = .round`.
///
/// The covered region is the annular sector between radii `radius − lineWidth/2` and
/// `radius + lineWidth/2` over the swept angles, plus at each end a half-disc of radius
/// `lineWidth/2` centred on the end point of the centre-line arc, on the far side of the
/// radial line through that end. Angles follow UIKit: the point at angle φ is
/// `center + radius·(cos φ, sin φ)` with y downward, and `clockwise` (on screen) means φ
/// increases from `startAngle` to `endAngle`. A sweep of 2π or more is a full ring without caps.
///
/// Coverage is exact while the pieces do not overlap, that is while `lineWidth <= 2·radius`
/// and the gap between the two ends is wider than the caps; where they would overlap, the
/// per-pixel sum is clamped to one.
public struct ArcStroke: CoverageShape, Hashable {
    /// Centre of the circle in pixels.
    var center: Point
    /// Radius of the stroke's centre line in pixels.
    var radius: Double
    /// Width of the stroke in pixels.
    var lineWidth: Double
    /// Angle of the first end, in radians.
    var startAngle: Double
    /// Angle of the second end, in radians.
    var endAngle: Double
    /// True when the arc runs from `startAngle` toward increasing angles (clockwise on screen).
    var clockwise: Bool

    /// Creates an arc stroke; all lengths in pixels, angles in radians (UIKit convention).
    public init(center: Point, radius: Double, lineWidth: Double,
                startAngle: Double, endAngle: Double, clockwise: Bool) {
        self.center = center
        self.radius = radius
        self.lineWidth = lineWidth
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.clockwise = clockwise
    }

    /// True when every number is finite and both radius and width are positive.
    var isDrawable: Bool {
        center.isFinite && radius.isFinite && lineWidth.isFinite && startAngle.isFinite
            && endAngle.isFinite && radius > 0 && lineWidth > 0
    }

    /// The swept angles as an interval `[start, start + sweep]` of increasing angle, with
    /// `sweep` in [0, 2π), or nil for a full circle.
    var sweptInterval: (start: Double, sweep: Double)? {
        let twoPi = 2 * PortableMath.pi
        let difference = clockwise ? endAngle - startAngle : startAngle - endAngle
        guard Swift.abs(difference) < twoPi else { return nil }
        var sweep = difference.truncatingRemainder(dividingBy: twoPi)
        if sweep < 0 { sweep += twoPi }
        return (clockwise ? startAngle : endAngle, sweep)
    }

    /// The bounding box of the end caps and of the outer circle's extreme points within the
    /// sweep, rounded outward to whole pixels.
    public var pixelBounds: PixelRect {
        guard isDrawable else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let outer = radius + lineWidth / 2
        guard let interval = sweptInterval else { return Disc(center: center, radius: outer).pixelBounds }
        let half = lineWidth / 2
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ x: Double, _ y: Double, margin: Double) {
            minX = Swift.min(minX, x - margin); maxX = Swift.max(maxX, x + margin)
            minY = Swift.min(minY, y - margin); maxY = Swift.max(maxY, y + margin)
        }
        for angle in [interval.start, interval.start + interval.sweep] {
            let (c, s) = PortableMath.cosSin(angle)
            include(center.x + radius * c, center.y + radius * s, margin: half)
        }
        let twoPi = 2 * PortableMath.pi
        let axes: [(Double, Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        for (k, axis) in axes.enumerated() {
            var offset = (Double(k) * PortableMath.halfPi - interval.start).truncatingRemainder(dividingBy: twoPi)
            if offset < 0 { offset += twoPi }
            if offset <= interval.sweep {
                include(center.x + outer * axis.0, center.y + outer * axis.1, margin: 0)
            }
        }
        // A hair of slack so rounding in cos/sin can never drop a touched pixel.
        let slack = 1e-7 * Swift.max(1, outer)
        return PixelRect.enclosing(minX: minX - slack, minY: minY - slack, maxX: maxX + slack, maxY: maxY + slack)
    }

    /// The stroke's coverage inside `clip`. Candidate pixels are those meeting the annulus in
    /// each row; the exact area runs only where a pixel straddles an edge.
    public func coverageMask(clippedTo clip: PixelRect) -> CoverageMask {
        guard isDrawable else { return .empty }
        let box = pixelBounds.intersection(clip)
        guard !box.isEmpty else { return .empty }
        let geometry = ArcStrokeGeometry(self)
        var builder = CoverageMaskBuilder(capacity: box.area)
        for y in box.y ..< box.maxY {
            let outer = CircleRowSpan(row: y, cx: center.x, cy: center.y, radius: geometry.outerRadius,
                                      minX: box.x, maxX: box.maxX)
            guard outer.touchEnd > outer.touchStart else { continue }
            let inner = CircleRowSpan(row: y, cx: center.x, cy: center.y, radius: geometry.innerRadius,
                                      minX: box.x, maxX: box.maxX)
            let hasHole = inner.fullEnd > inner.fullStart
            let holeStart = hasHole ? Swift.max(inner.fullStart, outer.touchStart) : outer.touchEnd
            let holeEnd = hasHole ? Swift.min(Swift.max(inner.fullEnd, holeStart), outer.touchEnd) : outer.touchEnd
            let ry = Double(y) - center.y
            for (start, end) in [(outer.touchStart, holeStart), (holeEnd, outer.touchEnd)] where end > start {
                builder.beginRun(x: start, y: y)
                for x in start ..< end {
                    builder.append(CoverageMask.quantize(geometry.coverage(x: Double(x) - center.x, y: ry)))
                }
                builder.endRun()
            }
        }
        return builder.build()
    }
}
