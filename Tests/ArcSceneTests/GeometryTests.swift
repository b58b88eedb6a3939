import Testing
@testable import ArcScene

@Suite enum GeometryTests {
    @Test static func distanceIsEuclidean() {
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
    }

    @Test static func unionHoldsBothRects() {
        let a = Rect(center: Point(x: 10, y: 10), radius: 2)
        let b = Rect(center: Point(x: 20, y: 5), radius: 1)
        let u = a.union(b)
        #expect(u.contains(a) && u.contains(b))
        #expect(u == Rect(minX: 8, minY: 4, maxX: 21, maxY: 12))
    }

    @Test static func centreAndFinitenessAreReported() {
        let rect = Rect(minX: 2, minY: 4, maxX: 10, maxY: 20)
        #expect(rect.center == Point(x: 6, y: 12))
        #expect(rect.width == 8 && rect.height == 16)
        #expect(Point(x: 1, y: 2).isFinite)
        #expect(!Point(x: .nan, y: 2).isFinite && !Point(x: 1, y: -.infinity).isFinite)
        #expect(Point.zero.description == "(0.0, 0.0)")
    }
}
