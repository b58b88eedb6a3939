import Raster

/// Where everything static sits on the screen, and how the round layers look.
///
/// The defaults reproduce the original demo on a 375 x 667 pt screen. The arc is part of the
/// circle of radius `arcRadius` centred on the top-left corner (0, 0); it runs from UIKit angle
/// 90° (straight down, the point (0, R)) to 90° − `arcSpanDegrees` (for the default span of
/// 60°, the point (W, R/2) on the right edge). Button i sits on that circle at angle
/// bᵢ = margin + spacing·i measured from the vertical, so its centre is (R sin bᵢ, R cos bᵢ).
///
/// Every field a renderer needs is here: sizes, widths and colours of the arc, the buttons,
/// the head and the moving copy. Call `validate()` (the timeline does) before using a layout
/// built from user input.
public struct SceneLayout: Hashable, Sendable {
    /// The largest button count a layout accepts.
    static let maximumButtonCount = 1024

    /// Screen width W in points.
    public var screenWidth: Double
    /// Screen height in points.
    public var screenHeight: Double
    /// The opaque colour behind everything.
    public var backgroundColor: RGB8
    /// The angle in degrees the arc covers, from the vertical toward the right edge.
    var arcSpanDegrees: Double
    /// The arc's stroke width in points (round caps of the same width).
    public var arcLineWidth: Double
    /// The arc's stroke colour.
    public var arcColor: RGB8
    /// How many buttons sit along the arc.
    public var buttonCount: Int
    /// The angle in degrees between each end of the arc and the nearest button centre.
    public var buttonMarginDegrees: Double
    /// The side of each square button layer (and of the head and the moving copy), in points.
    public var buttonDiameter: Double
    /// The layers' corner radius in points; half the diameter makes them circles, the only
    /// shape the renderer draws, so it is checked but does not change the drawing.
    var cornerRadius: Double
    /// The border ring's width in points, drawn inside the layer's bounds.
    public var borderWidth: Double
    /// The border ring's colour.
    public var borderColor: RGB8
    /// The button the head rests on before the first tap.
    var headStartButton: Int
    /// The moving copy's background colour, drawn under its image.
    public var movingCopyBackgroundColor: RGB8

    /// Creates a layout; every parameter defaults to the original demo's value.
    public init(
        screenWidth: Double = 375, screenHeight: Double = 667,
        backgroundColor: RGB8 = .white,
        arcSpanDegrees: Double = 60, arcLineWidth: Double = 1, arcColor: RGB8 = .red,
        buttonCount: Int = 4, buttonMarginDegrees: Double = 7.5,
        buttonDiameter: Double = 50, cornerRadius: Double = 25,
        borderWidth: Double = 2, borderColor: RGB8 = .green,
        headStartButton: Int = 0,
        movingCopyBackgroundColor: RGB8 = .blue
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.backgroundColor = backgroundColor
        self.arcSpanDegrees = arcSpanDegrees
        self.arcLineWidth = arcLineWidth
        self.arcColor = arcColor
        self.buttonCount = buttonCount
        self.buttonMarginDegrees = buttonMarginDegrees
        self.buttonDiameter = buttonDiameter
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.headStartButton = headStartButton
        self.movingCopyBackgroundColor = movingCopyBackgroundColor
    }

    /// The arc's circle radius R = W / sin(span), so the arc ends on the right screen edge;
    /// for the default 60° span that is 2W/√3.
    public var arcRadius: Double { screenWidth / PortableMath.sin(arcSpanDegrees * .pi / 180) }

    /// The arc's centre in points, the top-left corner of the screen.
    public var arcCenter: Point { .zero }

    /// The UIKit angle in radians where the arc starts: π/2, the point (0, R).
    public var arcStartAngle: Double { .pi / 2 }

    /// The UIKit angle in radians where the arc ends: π/2 − span.
    public var arcEndAngle: Double { .pi / 2 - arcSpanDegrees * .pi / 180 }

    /// The angle in degrees between neighbouring buttons: (span − 2·margin) / (count − 1).
    var buttonSpacingDegrees: Double {
        (arcSpanDegrees - 2 * buttonMarginDegrees) / Double(buttonCount - 1)
    }

    /// Button `index`'s angle bᵢ from the vertical, in radians.
    func buttonAngleFromVertical(_ index: Int) -> Double {
        (buttonMarginDegrees + buttonSpacingDegrees * Double(index)) * .pi / 180
    }

    /// Button `index`'s UIKit angle φᵢ = π/2 − bᵢ in radians: its centre is R·(cos φᵢ, sin φᵢ).
    func buttonAngle(_ index: Int) -> Double {
        .pi / 2 - buttonAngleFromVertical(index)
    }

    /// Button `index`'s centre (R sin bᵢ, R cos bᵢ) in points.
    public func buttonCenter(_ index: Int) -> Point {
        let angle = buttonAngleFromVertical(index)
        let radius = arcRadius
        return Point(x: radius * PortableMath.sin(angle), y: radius * PortableMath.cos(angle))
    }

    /// All button centres, in index order.
    var buttonCenters: [Point] { (0..<max(0, buttonCount)).map(buttonCenter) }

    /// Checks every parameter and throws the first problem found, naming the parameter.
    func validate() throws(SceneError) {
        try SceneError.requirePositive(screenWidth, "screenWidth")
        try SceneError.requirePositive(screenHeight, "screenHeight")
        try SceneError.requirePositive(arcSpanDegrees, "arcSpanDegrees")
        guard arcSpanDegrees <= 90 else {
            throw .outOfRange(parameter: "arcSpanDegrees", value: arcSpanDegrees,
                              allowed: "greater than 0 and at most 90")
        }
        try SceneError.requirePositive(arcLineWidth, "arcLineWidth")
        guard buttonCount >= 2 else { throw .tooFewButtons(count: buttonCount) }
        guard buttonCount <= Self.maximumButtonCount else {
            throw .tooManyButtons(count: buttonCount, maximum: Self.maximumButtonCount)
        }
        try SceneError.requireNonNegative(buttonMarginDegrees, "buttonMarginDegrees")
        guard 2 * buttonMarginDegrees < arcSpanDegrees else {
            throw .marginTooLarge(margin: buttonMarginDegrees, span: arcSpanDegrees)
        }
        try SceneError.requirePositive(buttonDiameter, "buttonDiameter")
        try SceneError.requireNonNegative(cornerRadius, "cornerRadius")
        guard cornerRadius <= buttonDiameter / 2 else {
            throw .outOfRange(parameter: "cornerRadius", value: cornerRadius,
                              allowed: "at most half of buttonDiameter (\(buttonDiameter / 2))")
        }
        try SceneError.requireNonNegative(borderWidth, "borderWidth")
        guard borderWidth <= buttonDiameter / 2 else {
            throw .outOfRange(parameter: "borderWidth", value: borderWidth,
                              allowed: "at most half of buttonDiameter (\(buttonDiameter / 2))")
        }
        guard (0..<buttonCount).contains(headStartButton) else {
            throw .buttonOutOfRange(parameter: "headStartButton", index: headStartButton,
                                    count: buttonCount)
        }
        guard arcRadius.isFinite else {
            throw .outOfRange(parameter: "screenWidth", value: screenWidth,
                              allowed: "small enough for a finite arc radius")
        }
    }
}
