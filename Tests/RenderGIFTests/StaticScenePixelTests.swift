@testable import ArcScene
import Foundation
@testable import Raster
import Testing
@testable import RenderGIF

/// Pixels of the static scene against values computed here from the seed's formulas.
@Suite enum StaticScenePixelTests {
    static let width = 375.0
    static let radius = 2 * width / 3.0.squareRoot()

    static func renderDefault(scale: Int) -> Canvas {
        FrameRenderer(layout: SceneLayout(), scale: scale, images: SceneFixtures.images()).staticCanvas
    }

    /// The ink in one pixel column crossing the arc equals the area of the 1 pt wide ring
    /// within that column, integrated here with the midpoint rule (the column is far from
    /// the caps and the buttons).
    @Test(arguments: [1, 2, 3])
    static func arcColumnInkMatchesRingArea(scale: Int) {
        let canvas = renderDefault(scale: scale)
        let s = Double(scale)
        let outer = (radius + 0.5) * s, inner = (radius - 0.5) * s
        for column in [Int(20 * s), Int(120 * s), Int(210 * s)] {
            var ink = 0.0
            for y in 0..<canvas.height {
                let green = Double(canvas.pixel(x: column, y: y)!.green)
                ink += (255 - green) / 255
            }
            var area = 0.0
            let steps = 4096
            for i in 0..<steps {
                let u = Double(column) + (Double(i) + 0.5) / Double(steps)
                area += ((outer * outer - u * u).squareRoot() - (inner * inner - u * u).squareRoot()) / Double(steps)
            }
            let rows = Double(canvas.height)
            #expect(abs(ink - area) <= 3 * area / rows + 4.0 / 255, "column \(column): ink \(ink) vs area \(area)")
        }
    }

    /// Arc pixels are pure red blends over white: red stays 255, green equals blue.
    @Test static func arcIsRedOverWhite() {
        let canvas = renderDefault(scale: 2)
        let x = 240
        for y in 0..<canvas.height {
            let p = canvas.pixel(x: x, y: y)!
            #expect(p.red == 255 && p.green == p.blue && p.alpha == 255, "pixel (\(x), \(y)) is \(p)")
        }
    }

    /// Far from every shape the screen is the background colour; a pixel well inside a
    /// button's border ring is exactly green.
    @Test static func backgroundAndBorder() {
        let canvas = renderDefault(scale: 2)
        #expect(canvas.pixel(x: 700, y: 50) == PremultipliedColor.white)
        #expect(canvas.pixel(x: 10, y: 1300) == PremultipliedColor.white)
        let c = (x: radius * sin(7.5 * .pi / 180) * 2, y: radius * cos(7.5 * .pi / 180) * 2)
        // 24 pt from the centre, the middle of the 2 pt ring (23 to 25 pt): a 1 px square
        // around (c.x + 48 px) is fully inside it.
        let px = Int((c.x + 48).rounded(.down)), py = Int(c.y.rounded(.down))
        let ringCentre = (Double(px) + 0.5 - c.x, Double(py) + 0.5 - c.y)
        let d = (ringCentre.0 * ringCentre.0 + ringCentre.1 * ringCentre.1).squareRoot()
        #expect(d - 0.75 >= 46 && d + 0.75 <= 50, "test pixel must lie inside the ring")
        #expect(canvas.pixel(x: px, y: py) == PremultipliedColor.green)
    }
}
