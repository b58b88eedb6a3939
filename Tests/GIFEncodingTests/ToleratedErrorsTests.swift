@testable import GIFEncoding
import Testing

/// A tolerated error's bound says, for every whole squared distance, what the comparison
/// with (√error + tolerance)² says: d ≤ bound exactly when d ≤ (√error + tolerance)².
@Suite enum ToleratedErrorsTests {
    @Test(arguments: [0.0, 0.5, 3, 8, 64])
    static func aDistanceIsWithinTheBoundExactlyWhenWithinTheToleratedReach(tolerance: Double) {
        let tolerated = ToleratedErrors(tolerance: tolerance)
        // Errors in the table, at its edge and beyond it (a colour as far as the cube allows).
        let errors = Array(0 ..< 300) + [ToleratedErrors.knownErrors - 1, ToleratedErrors.knownErrors, 50_000, 195_075]
        var disagreements = 0
        tolerated.withBounds { bound in
            for error in errors {
                let reach = Double(error).squareRoot() + tolerance
                let limit = Int(bound(error))
                // Around the bound, where the two could part.
                for distance in max(0, limit - 3) ... limit + 3 where (Double(distance) <= reach * reach) != (distance <= limit) {
                    disagreements += 1
                }
            }
        }
        #expect(disagreements == 0)
    }

    @Test static func withoutToleranceABoundIsTheErrorOrOneLess() {
        // (√e)² comes back as e or just below it (√3² is 2.9999999999999996), and the floor
        // then gives one less: an equally close colour is not always admitted, as before the
        // table. Never more than e.
        var belowByOne: [Int] = []
        ToleratedErrors(tolerance: 0).withBounds { bound in
            for error in [0, 1, 2, 3, 4, 5, 7, 12_345, 16_383, 16_384, 99_999] {
                let limit = Int(bound(error))
                #expect(limit == error || limit == error - 1, "error \(error)")
                if limit == error - 1 { belowByOne.append(error) }
            }
        }
        #expect(belowByOne.contains(3) && !belowByOne.contains(4) && !belowByOne.contains(0))
    }

    @Test static func theTableHoldsTheFormulasValues() {
        let tolerated = ToleratedErrors(tolerance: 8)
        tolerated.withBounds { bound in
            for error in stride(from: 0, to: ToleratedErrors.knownErrors, by: 97) {
                #expect(bound(error) == ToleratedErrors.bound(ofError: error, tolerance: 8))
            }
        }
        // 3 code values from an error of 16 (distance 4): within 7, so 49.
        #expect(ToleratedErrors.bound(ofError: 16, tolerance: 3) == 49)
    }
}
