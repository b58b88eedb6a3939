/// The tolerance rule that the unchanged-pixel test (`DisplayedScreen.unchangedPixels`) and the
/// LZW-friendly re-choice (`FrameVariantSelector`) share: a colour at squared distance d from
/// a pixel's true colour is as good as one at squared distance `error` when it is at most
/// `tolerance` code values further, d ≤ (√error + tolerance)² in doubles; for whole d that is
/// d ≤ ⌊(√error + tolerance)²⌋, the bound. (In doubles √3 squared is just below 3, so at
/// tolerance 0 the bound of 3 is 2.)
///
/// The squared errors of mapped pixels are mostly small, so the bounds of those below
/// `knownErrors` are looked up, worked out once by the same formula (so the same values),
/// rather than with a square root per pixel.
struct ToleratedErrors: Sendable {
    /// The extra distance allowed, in code values (0 ... 64, as the options allow).
    let tolerance: Double
    /// The bound of each squared error below `knownErrors`.
    private let known: [Int32]

    /// How many squared errors, from 0, have their bound worked out in advance (64 KB).
    static let knownErrors = 1 << 14

    /// The bounds for `tolerance` extra code values.
    init(tolerance: Double) {
        precondition(tolerance.isFinite && tolerance >= 0, "a tolerance is a finite distance")
        self.tolerance = tolerance
        known = (0 ..< Self.knownErrors).map { Self.bound(ofError: $0, tolerance: tolerance) }
    }

    /// ⌊(√error + tolerance)²⌋, at most `Int32.max`.
    static func bound(ofError error: Int, tolerance: Double) -> Int32 {
        let reach = Double(error).squareRoot() + tolerance
        return Int32(clamping: Int((reach * reach).rounded(.down)))
    }

    /// Runs `body` with the bounds on a raw buffer, for a per-pixel loop.
    func withBounds<Result>(_ body: (Bounds) throws -> Result) rethrows -> Result {
        try known.withUnsafeBufferPointer { known in try body(Bounds(known: known, tolerance: tolerance)) }
    }

    /// The bounds as a per-pixel loop reads them.
    struct Bounds {
        fileprivate let known: UnsafeBufferPointer<Int32>
        fileprivate let tolerance: Double

        /// The bound of squared error `error` (not negative).
        @inline(__always)
        func callAsFunction(_ error: Int) -> Int32 {
            error < known.count ? known[error] : ToleratedErrors.bound(ofError: error, tolerance: tolerance)
        }
    }
}
