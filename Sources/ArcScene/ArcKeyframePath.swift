import Raster

/// How a key-frame animation along a path turns progress into a place on the path.
public enum PathMode: String, Hashable, Sendable, CaseIterable {
    /// Core Animation's `kCAAnimationLinear` (the default): every path element gets an equal
    /// share of progress, and within an element the position is the cubic evaluated at the
    /// local progress directly, B(v). The speed along the path follows the cubic's own
    /// parametrisation.
    case linear
    /// Core Animation's `kCAAnimationPaced`: equal progress covers equal arc length along the
    /// whole path.
    case paced
}

/// The path the moving copy follows: the circular arc between two angles on the circle of
/// radius `radius` centred at `center`, built the way Core Graphics builds an arc.
///
/// The arc is split into the fewest equal pieces of at most 90° (a sweep of exactly 90° stays
/// one piece); each piece is the standard cubic approximation of its arc, with handles tangent
/// to the circle of length k·R, k = 4/3·tan(|piece sweep| / 4). The cubic meets the circle at
/// both ends and in the middle of each piece and bulges slightly outside in between.
///
/// In `.linear` mode each piece receives an equal share of progress, because Core Animation
/// gives every path element of a key-frame path equal time when no key times are set; a
/// single-piece move (every sweep of at most 90°, which covers all moves of the default scene)
/// is simply B(v). Progress outside [0, 1] (a timing curve that overshoots) is clamped to the
/// path's ends.
///
/// Angles are UIKit screen angles (y down): a negative sweep (decreasing angle) runs
/// counter-clockwise on screen.
struct ArcKeyframePath: Hashable, Sendable {
    /// The largest sweep one cubic piece covers, in radians (90°).
    static let maximumPieceSweep = Double.pi / 2
    /// The most pieces a path is cut into, whatever its sweep.
    static let maximumPieceCount = 4096

    /// The circle's centre in points.
    let center: Point
    /// The circle's radius in points.
    let radius: Double
    /// The UIKit angle in radians where the move starts.
    let startAngle: Double
    /// The UIKit angle in radians where the move ends.
    let endAngle: Double
    /// How progress maps to a place on the path.
    let mode: PathMode
    /// The cubic pieces, in travel order.
    let segments: [CubicSegment]
    /// Arc lengths along the pieces, present in `.paced` mode.
    let lengthTable: ArcLengthTable?

    /// Builds the path from `startAngle` to `endAngle`.
    ///
    /// `startPoint` and `endPoint`, when given, replace the computed end points, so a move
    /// begins and ends bit for bit on the centres a layout reports.
    init(center: Point = .zero, radius: Double, startAngle: Double, endAngle: Double,
                mode: PathMode = .linear, startPoint: Point? = nil, endPoint: Point? = nil) {
        self.center = center
        self.radius = radius
        self.startAngle = startAngle
        self.endAngle = endAngle
        self.mode = mode
        let sweep = endAngle - startAngle
        let count = Self.pieceCount(forSweep: sweep)
        let pieceSweep = sweep.isFinite ? sweep / Double(count) : 0
        let direction: Double = pieceSweep < 0 ? -1 : 1
        let handle = 4.0 / 3.0 * PortableMath.tan(abs(pieceSweep) / 4) * radius
        var pieces: [CubicSegment] = []
        pieces.reserveCapacity(count)
        for index in 0..<count {
            let from = startAngle + sweep * Double(index) / Double(count)
            let to = index == count - 1 ? endAngle : startAngle + sweep * Double(index + 1) / Double(count)
            let p0 = Point(x: center.x + radius * PortableMath.cos(from), y: center.y + radius * PortableMath.sin(from))
            let p3 = Point(x: center.x + radius * PortableMath.cos(to), y: center.y + radius * PortableMath.sin(to))
            let p1 = Point(x: p0.x - direction * handle * PortableMath.sin(from),
                           y: p0.y + direction * handle * PortableMath.cos(from))
            let p2 = Point(x: p3.x + direction * handle * PortableMath.sin(to),
                           y: p3.y - direction * handle * PortableMath.cos(to))
            pieces.append(CubicSegment(p0: p0, p1: p1, p2: p2, p3: p3))
        }
        if let startPoint { pieces[0].p0 = startPoint }
        if let endPoint { pieces[count - 1].p3 = endPoint }
        segments = pieces
        lengthTable = mode == .paced ? ArcLengthTable(segments: pieces) : nil
    }

    /// The move of a layout's head from button `from` to button `to`, pinned to their centres.
    init(layout: SceneLayout, from: Int, to: Int, mode: PathMode = .linear) {
        self.init(center: layout.arcCenter, radius: layout.arcRadius,
                  startAngle: layout.buttonAngle(from), endAngle: layout.buttonAngle(to),
                  mode: mode, startPoint: layout.buttonCenter(from), endPoint: layout.buttonCenter(to))
    }

    /// The number of equal pieces of at most 90° for `sweep` radians (at least one).
    static func pieceCount(forSweep sweep: Double) -> Int {
        let ratio = abs(sweep) / maximumPieceSweep
        guard ratio.isFinite else { return 1 }
        // The tolerance keeps a sweep of 90° plus rounding noise in one piece.
        let pieces = (ratio - 1e-12).rounded(.up)
        return Int(min(max(pieces, 1), Double(maximumPieceCount)))
    }

    /// The position at eased progress `progress`, clamped to [0, 1] (NaN counts as 0).
    ///
    /// Progress 0 gives the first segment's start point and progress 1 the last segment's end
    /// point exactly.
    func position(at progress: Double) -> Point {
        let v = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch mode {
        case .linear:
            let scaled = v * Double(segments.count)
            let index = min(Int(scaled), segments.count - 1)
            return segments[index].point(at: scaled - Double(index))
        case .paced:
            guard let lengthTable else { return segments[0].point(at: v) }
            let location = lengthTable.location(atFraction: v)
            return segments[location.segment].point(at: location.t)
        }
    }
}
