import Foundation
import Testing
@testable import ArcScene
import Raster

@Suite enum SceneLayoutTests {
    @Test static func buttonCentresForWidth375MatchTheSpec() {
        let layout = SceneLayout()
        let radius = 2 * 375 / 3.0.squareRoot()
        #expect(abs(layout.arcRadius - radius) < 1e-9)
        #expect(abs(radius - 433.013) < 1e-3)
        let printed = [(56.52, 429.31), (165.71, 400.05), (263.60, 343.53), (343.53, 263.60)]
        for index in 0..<4 {
            let angle = Reference.radians(7.5 + 15 * Double(index))
            let expected = Point(x: radius * sin(angle), y: radius * cos(angle))
            let centre = layout.buttonCenter(index)
            #expect(centre.distance(to: expected) < 1e-9)
            #expect(abs(centre.x - printed[index].0) < 0.005)
            #expect(abs(centre.y - printed[index].1) < 0.005)
        }
    }

    @Test(arguments: [320.0, 375, 390, 414, 430])
    static func arcEndsOnTheRightEdgeAndButtonsSitOnIt(width: Double) {
        let layout = SceneLayout(screenWidth: width)
        let radius = 2 * width / 3.0.squareRoot()
        #expect(abs(layout.arcRadius - radius) < 1e-9 * radius)
        #expect(abs(layout.arcStartAngle - Double.pi / 2) < 1e-15)
        #expect(abs(layout.arcEndAngle - Double.pi / 6) < 1e-15)
        for index in 0..<4 {
            let centre = layout.buttonCenter(index)
            #expect(abs(centre.distance(to: .zero) - radius) < 1e-9)
            let screenAngle = atan2(centre.y, centre.x)
            #expect(abs(layout.buttonAngle(index) - screenAngle) < 1e-12)
            #expect(abs(screenAngle - Reference.radians(82.5 - 15 * Double(index))) < 1e-12)
        }
    }

    @Test(arguments: [2, 3, 5, 8])
    static func otherButtonCountsSpreadEvenlyBetweenTheMargins(count: Int) {
        let layout = SceneLayout(buttonCount: count)
        let spacing = (60 - 2 * 7.5) / Double(count - 1)
        #expect(abs(layout.buttonSpacingDegrees - spacing) < 1e-12)
        let radius = layout.arcRadius
        let last = Reference.radians(52.5)
        #expect(layout.buttonCenter(count - 1).distance(
            to: Point(x: radius * sin(last), y: radius * cos(last))) < 1e-9)
        let chord = 2 * radius * sin(Reference.radians(spacing) / 2)
        for index in 1..<count {
            let gap = layout.buttonCenter(index - 1).distance(to: layout.buttonCenter(index))
            #expect(abs(gap - chord) < 1e-9)
        }
        #expect(layout.buttonCenters.count == count)
    }

    @Test static func defaultsAreTheDemosLooks() {
        let layout = SceneLayout()
        #expect(layout.screenWidth == 375 && layout.screenHeight == 667)
        #expect(layout.buttonDiameter == 50)
        #expect(layout.borderWidth == 2 && layout.arcLineWidth == 1)
        #expect(layout.borderColor == RGB8(0, 255, 0))
        #expect(layout.arcColor == RGB8(255, 0, 0))
        #expect(layout.movingCopyBackgroundColor == RGB8(0, 0, 255))
        #expect(layout.backgroundColor == RGB8(255, 255, 255))
        #expect(layout.headStartButton == 0)
        #expect(throws: Never.self) { try layout.validate() }
    }
}
