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
}
