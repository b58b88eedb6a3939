import Testing
@testable import Raster

@Suite enum PixelRectTests {
    @Test static func unionIgnoresEmpty() {
        let a = PixelRect(x: 2, y: 3, width: 4, height: 5)
        #expect(a.union(PixelRect(x: 100, y: 100, width: 0, height: 7)) == a)
        #expect(a.union(PixelRect(x: 10, y: 0, width: 1, height: 1)) == PixelRect(x: 2, y: 0, width: 9, height: 8))
    }

    @Test static func intersectionOfDisjointIsEmpty() {
        let a = PixelRect(x: 0, y: 0, width: 4, height: 4)
        #expect(a.intersection(PixelRect(x: 4, y: 0, width: 4, height: 4)).isEmpty)
        #expect(a.intersection(PixelRect(x: 2, y: 1, width: 4, height: 4)) == PixelRect(x: 2, y: 1, width: 2, height: 3))
    }

    @Test static func filledImageIsPremultiplied() {
        let image = RGBAImage(width: 2, height: 1, filledWith: (255, 0, 0, 128))
        #expect(image.pixels == [128, 0, 0, 128, 128, 0, 0, 128])
        #expect(image.isPremultiplied)
    }
}
