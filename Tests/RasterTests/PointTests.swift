import Testing
import Raster

@Suite enum PointTests {
    @Test static func finitenessNeedsBothCoordinates() {
        #expect(Point(x: 1, y: 2).isFinite)
        #expect(Point.zero == Point(x: 0, y: 0) && Point.zero.isFinite)
        #expect(!Point(x: .nan, y: 2).isFinite && !Point(x: 1, y: -.infinity).isFinite)
    }
}
