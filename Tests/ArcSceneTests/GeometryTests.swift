import Testing
@testable import ArcScene
import GraphicsTypes

@Suite enum GeometryTests {
    @Test static func unionHoldsBothRects() {
        let a = Rect(center: Point(x: 10, y: 10), radius: 2)
        let b = Rect(center: Point(x: 20, y: 5), radius: 1)
        let u = a.union(b)
        #expect(u.contains(a) && u.contains(b))
        #expect(u == Rect(minX: 8, minY: 4, maxX: 21, maxY: 12))
    }

    @Test static func centreAndSizeAreReported() {
        let rect = Rect(minX: 2, minY: 4, maxX: 10, maxY: 20)
        #expect(rect.center == Point(x: 6, y: 12))
        #expect(rect.width == 8 && rect.height == 16)
    }
}
