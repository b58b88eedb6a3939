
/// A shape that can say, for every pixel, how much of the pixel square it covers.
///
/// Coverage is analytic: the exact area of [x, x+1) × [y, y+1) inside the shape, computed
/// in Double and quantized once (see `CoverageMask`). Shapes with non-finite or
/// non-positive sizes cover nothing.
public protocol CoverageShape: Sendable {
    /// A conservative rectangle of whole pixels outside which the shape covers nothing.
    var pixelBounds: PixelRect { get }
    /// The coverage of every pixel inside `clip` (pixels outside `clip` are left out).
    func coverageMask(clippedTo clip: PixelRect) -> CoverageMask
}

/// A filled circle.
struct Disc: CoverageShape, Hashable {
    /// Centre in pixels (any sub-pixel position).
    var center: Point
    /// Radius in pixels (any positive size, including below one pixel).
    var radius: Double

    /// Creates a disc from its centre and radius in pixels.
    init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// The pixels the disc's bounding square meets.
    var pixelBounds: PixelRect {
        guard center.isFinite, radius.isFinite, radius > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return SubpixelRect(center: center, radius: radius).enclosingPixels
    }

    /// The disc's coverage inside `clip`.
    func coverageMask(clippedTo clip: PixelRect) -> CoverageMask {
        CircleCoverage.masks(center: center, outerRadius: radius, innerRadius: 0,
                             clip: clip, makeDisc: true, makeRing: false).disc
    }
}

/// The region between two concentric circles (an annulus): the outer disc minus the inner.
struct Ring: CoverageShape, Hashable {
    /// Centre in pixels.
    var center: Point
    /// Radius of the outer edge in pixels.
    var outerRadius: Double
    /// Radius of the inner edge in pixels; zero or less gives a full disc.
    var innerRadius: Double

    /// Creates a ring from its centre and its two radii in pixels.
    init(center: Point, outerRadius: Double, innerRadius: Double) {
        self.center = center
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius
    }

    /// The pixels the outer circle's bounding square meets.
    var pixelBounds: PixelRect {
        Disc(center: center, radius: outerRadius).pixelBounds
    }

    /// The ring's coverage inside `clip`: per pixel, outer-disc area minus inner-disc area.
    func coverageMask(clippedTo clip: PixelRect) -> CoverageMask {
        guard innerRadius < outerRadius else { return .empty }
        return CircleCoverage.masks(center: center, outerRadius: outerRadius, innerRadius: innerRadius,
                                    clip: clip, makeDisc: false, makeRing: true).ring
    }
}
