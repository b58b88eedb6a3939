/// An item's transformative properties (`clap`, `irot`, `imir`, applied in the order its
/// `ipma` entry lists them, as libheif 1.15 applies them) turned into what this decoder does
/// with them: a window of the stored picture (all the crops, mapped back to stored
/// coordinates) and one turn or mirroring of what the window holds (`ExifOrientation`).
/// The window is cut before any reduction, so a whole picture is exactly libheif 1.15's; a
/// reduced one is the window reduced, then turned.
///
/// What libheif 1.15 does, done the same way here:
/// - `irot` turns counter-clockwise by 90° times its angle;
/// - `imir` with axis bit 1 mirrors left to right, with axis bit 0 top to bottom;
/// - `clap` keeps columns left ... right and rows top ... bottom of the picture as it is at
///   that point: left = ⌊horizOff + (width − 1)/2 − (cleanWidth − 1)/2⌋ (truncated toward
///   zero), right = round(cleanWidth − 1 + left), top = round(vertOff + (height − 1)/2 −
///   (cleanHeight − 1)/2), bottom = round(cleanHeight − 1 + top), where round(n/d) is
///   (n + d/2)/d truncated; every fraction is kept in 32-bit integers with libheif's
///   reductions (`LibheifFraction`); the edges are clamped to the picture, and a window that
///   is left empty is an error.
struct HEIFTransformations: Equatable {
    /// The stored columns and rows shown.
    var window: (x: Range<Int>, y: Range<Int>)
    /// How the window's pixels are turned for showing.
    var orientation: ExifOrientation
    /// The shown size.
    var width: Int
    var height: Int

    static func == (a: Self, b: Self) -> Bool {
        a.window.x == b.window.x && a.window.y == b.window.y && a.orientation == b.orientation && a.width == b.width
            && a.height == b.height
    }

    /// A stored coordinate as an affine function of a shown one: stored x = xx·x + xy·y + x0,
    /// stored y = yx·x + yy·y + y0.
    private struct Mapping {
        var xx = 1, xy = 0, x0 = 0, yx = 0, yy = 1, y0 = 0

        /// This mapping after `step`, a mapping from the next picture's coordinates to the
        /// current one's.
        func then(_ step: Mapping) -> Mapping {
            Mapping(xx: xx * step.xx + xy * step.yx, xy: xx * step.xy + xy * step.yy, x0: xx * step.x0 + xy * step.y0 + x0,
                    yx: yx * step.xx + yy * step.yx, yy: yx * step.xy + yy * step.yy, y0: yx * step.x0 + yy * step.y0 + y0)
        }
    }

    /// What the properties of `item` in `items` do to its `width` x `height` stored picture;
    /// throws what is wrong with a `clap` that cannot be applied.
    init(item: UInt32, of items: HEIFItems, width: Int, height: Int) throws(HEIFItems.Damage) {
        var mapping = Mapping()
        var size = (width: width, height: height)
        for index in items.items[item]?.properties ?? [] {
            let box = items.properties[index]
            var fields = HEIFCursor(items.bytes, box.body)
            let (w, h) = size
            switch box.type {
            case "irot":
                guard let angle = fields.read(1) else { throw HEIFItems.Damage("an irot property is cut short") }
                switch angle & 3 {
                case 1:
                    mapping = mapping.then(Mapping(xx: 0, xy: -1, x0: w - 1, yx: 1, yy: 0, y0: 0))
                    size = (h, w)
                case 2: mapping = mapping.then(Mapping(xx: -1, xy: 0, x0: w - 1, yx: 0, yy: -1, y0: h - 1))
                case 3:
                    mapping = mapping.then(Mapping(xx: 0, xy: 1, x0: 0, yx: -1, yy: 0, y0: h - 1))
                    size = (h, w)
                default: break
                }
            case "imir":
                guard let axis = fields.read(1) else { throw HEIFItems.Damage("an imir property is cut short") }
                mapping = mapping.then(axis & 1 != 0 ? Mapping(xx: -1, x0: w - 1) : Mapping(yy: -1, y0: h - 1))
            case "clap":
                var values: [Int] = []
                for _ in 0 ..< 8 {
                    guard let value = fields.read(4) else { throw HEIFItems.Damage("a clap property is cut short") }
                    values.append(value)
                }
                let crop = try Self.cleanAperture(values, width: w, height: h)
                mapping = mapping.then(Mapping(x0: crop.left, y0: crop.top))
                size = (crop.right - crop.left + 1, crop.bottom - crop.top + 1)
            default: continue
            }
        }
        self.width = size.width
        self.height = size.height
        // The shown picture's corners in stored coordinates bound the window.
        let xs = [0, size.width - 1].flatMap { x in [0, size.height - 1].map { y in mapping.xx * x + mapping.xy * y + mapping.x0 } }
        let ys = [0, size.width - 1].flatMap { x in [0, size.height - 1].map { y in mapping.yx * x + mapping.yy * y + mapping.y0 } }
        window = (xs.min()! ..< xs.max()! + 1, ys.min()! ..< ys.max()! + 1)
        orientation = switch (mapping.xx, mapping.xy, mapping.yx, mapping.yy) {
        case (1, 0, 0, 1): .up
        case (-1, 0, 0, 1): .upMirrored
        case (-1, 0, 0, -1): .down
        case (1, 0, 0, -1): .downMirrored
        case (0, 1, 1, 0): .leftMirrored
        case (0, 1, -1, 0): .right
        case (0, -1, -1, 0): .rightMirrored
        default: .left
        }
    }

    /// libheif 1.15's crop edges (inclusive) for a `clap` property's eight 32-bit fields
    /// (clean width and height, horizontal and vertical offset, each a numerator and a
    /// denominator) on a `width` x `height` picture.
    static func cleanAperture(_ values: [Int], width: Int,
                              height: Int) throws(HEIFItems.Damage) -> (left: Int, right: Int, top: Int, bottom: Int) {
        guard values.count == 8 else { throw HEIFItems.Damage("a clap property is cut short") }
        // Sizes and denominators above Int32.max are refused, offsets' numerators are signed.
        guard [0, 1, 2, 3, 5, 7].allSatisfy({ values[$0] <= Int(Int32.max) }) else {
            throw HEIFItems.Damage("a clap property has a value out of range")
        }
        typealias F = LibheifFraction
        let cleanWidth = F(Int32(values[0]), Int32(values[1])), cleanHeight = F(Int32(values[2]), Int32(values[3]))
        let horizontal = F(Int32(truncatingIfNeeded: values[4]), Int32(values[5]))
        let vertical = F(Int32(truncatingIfNeeded: values[6]), Int32(values[7]))
        guard [cleanWidth, cleanHeight, horizontal, vertical].allSatisfy({ $0.denominator != 0 }) else {
            throw HEIFItems.Damage("a clap property has a zero denominator")
        }
        func edges(_ offset: F, _ clean: F, _ size: Int, roundFirst: Bool) throws(HEIFItems.Damage) -> (Int, Int) {
            let centre = offset + F(Int32(truncatingIfNeeded: size - 1), 2)
            let low = centre - (clean - 1) / 2
            guard let first = roundFirst ? low.rounded() : low.truncated() else {
                throw HEIFItems.Damage("a clap property's fractions cannot be worked out")
            }
            guard let last = (clean - 1 + first).rounded() else {
                throw HEIFItems.Damage("a clap property's fractions cannot be worked out")
            }
            return (Int(first), Int(last))
        }
        var (left, right) = try edges(horizontal, cleanWidth, width, roundFirst: false)
        var (top, bottom) = try edges(vertical, cleanHeight, height, roundFirst: true)
        left = max(left, 0)
        top = max(top, 0)
        right = min(right, width - 1)
        bottom = min(bottom, height - 1)
        guard left <= right, top <= bottom else { throw HEIFItems.Damage("the clean aperture (clap) leaves nothing of the picture") }
        return (left, right, top, bottom)
    }
}

/// libheif 1.15's fractions (`Fraction` in box.cc): 32-bit numerator and denominator, both
/// halved (truncating) until each is within ±0x10000 whenever one is made, sums over the
/// product of the denominators unless they are equal, and 32-bit arithmetic that wraps (what
/// the processor does with libheif's overflowing int32 products).
struct LibheifFraction {
    private static let maximum: Int32 = 0x10000
    let numerator: Int32
    let denominator: Int32

    init(_ numerator: Int32, _ denominator: Int32) {
        var (n, d) = (numerator, denominator)
        while d > Self.maximum || d < -Self.maximum {
            n /= 2
            d /= 2
        }
        while n > Self.maximum || n < -Self.maximum {
            n /= 2
            d /= 2
        }
        self.numerator = n
        self.denominator = d
    }

    static func + (a: Self, b: Self) -> Self {
        a.denominator == b.denominator ? Self(a.numerator &+ b.numerator, a.denominator)
            : Self(a.numerator &* b.denominator &+ b.numerator &* a.denominator, a.denominator &* b.denominator)
    }

    static func - (a: Self, b: Self) -> Self {
        a.denominator == b.denominator ? Self(a.numerator &- b.numerator, a.denominator)
            : Self(a.numerator &* b.denominator &- b.numerator &* a.denominator, a.denominator &* b.denominator)
    }

    static func + (a: Self, v: Int32) -> Self { Self(a.numerator &+ v &* a.denominator, a.denominator) }
    static func - (a: Self, v: Int32) -> Self { Self(a.numerator &- v &* a.denominator, a.denominator) }
    static func / (a: Self, v: Int32) -> Self { Self(a.numerator, a.denominator &* v) }
    /// An integer plus a fraction, as libheif writes `m_clean_aperture_width - 1 + left`.
    static func + (v: Int32, a: Self) -> Self { a + v }

    /// numerator / denominator truncated; nil where that would trap.
    func truncated() -> Int32? {
        guard denominator != 0, !(numerator == .min && denominator == -1) else { return nil }
        return numerator / denominator
    }

    /// (numerator + denominator / 2) / denominator truncated; nil where that would trap.
    func rounded() -> Int32? {
        guard denominator != 0 else { return nil }
        let shifted = numerator &+ denominator / 2
        guard !(shifted == .min && denominator == -1) else { return nil }
        return shifted / denominator
    }
}
