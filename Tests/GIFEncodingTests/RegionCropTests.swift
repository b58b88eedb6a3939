@testable import GIFEncoding
import Raster
import Testing

/// A row-major list over a region, cropped to a rectangle inside it, holds exactly that
/// rectangle's elements row by row; a crop to the whole region is the list itself.
@Suite enum RegionCropTests {
    /// A 7 x 5 region away from the origin whose elements are their own positions, so every
    /// element says where it came from.
    static let region = PixelRect(x: 10, y: 20, width: 7, height: 5)
    static let positions = Array(0 ..< region.area)

    /// The position in `region` of pixel (x, y), written out independently of the crop.
    static func position(x: Int, y: Int) -> Int { (y - region.y) * region.width + (x - region.x) }

    @Test(arguments: [PixelRect(x: 11, y: 21, width: 3, height: 2), PixelRect(x: 10, y: 20, width: 7, height: 1),
                      PixelRect(x: 16, y: 20, width: 1, height: 5), PixelRect(x: 12, y: 24, width: 5, height: 1)])
    static func aCropHoldsItsRectangleRowByRow(rect: PixelRect) {
        var expected: [Int] = []
        for y in rect.y ..< rect.maxY {
            for x in rect.x ..< rect.maxX { expected.append(position(x: x, y: y)) }
        }
        #expect(positions.cropped(to: rect, from: region) == expected)
    }

    @Test static func aCropToTheWholeRegionIsTheListItself() {
        let whole = positions.cropped(to: region, from: region)
        #expect(whole == positions)
        // The same storage, not a copy of every row.
        let sameStorage = whole.withUnsafeBufferPointer { crop in
            positions.withUnsafeBufferPointer { $0.baseAddress == crop.baseAddress }
        }
        #expect(sameStorage)
    }

    @Test static func anEmptyCropHoldsNothing() {
        #expect(positions.cropped(to: PixelRect(x: 12, y: 21, width: 0, height: 3), from: region).isEmpty)
        #expect(positions.cropped(to: PixelRect(x: 12, y: 21, width: 3, height: 0), from: region).isEmpty)
    }
}
