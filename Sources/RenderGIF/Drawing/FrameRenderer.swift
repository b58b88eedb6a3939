import ArcScene
import Raster

/// Draws scene states into frames, knowing what changed.
///
/// The static part (background, arc, every button) is drawn once into a cached canvas. Each
/// frame restores from that cache only the pixels the dynamic layer (the resting head or the
/// moving copy) covered in the previous frame, draws the layer at its new place, and reports
/// the union of both areas as the frame's damage. Touch indicators, above everything, are
/// handled the same way: the area they covered is restored, the head redrawn if it lies
/// there, and the indicators drawn again, their areas joining the damage. The result is pixel
/// for pixel what a full redraw gives (`fullRedraw(_:)`), because a layer's pixels depend
/// only on its own position and what lies under it.
struct FrameRenderer: Sendable {
    /// The scene's geometry, in points.
    let layout: SceneLayout
    /// Pixels per point.
    let scale: Int
    /// The images drawn.
    let images: SceneImages
    /// How images fill their circle.
    let gravity: ContentsGravity
    /// How touch indicators look.
    let touchStyle: TouchIndicatorStyle
    /// Background, arc and buttons: everything that never moves.
    let staticCanvas: Canvas
    /// The head's layer, made once (with what it knows of its image) and moved each frame.
    private let headLayer: CircularLayer
    /// The frame last rendered.
    private(set) var canvas: Canvas
    private var previousSprite: PixelRect?
    private var previousLayer: DynamicLayer?
    private var previousTouches: [TouchIndicator] = []
    private var previousTouchArea = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Prepares the static canvas. `images.buttons` must hold one image per button.
    init(layout: SceneLayout, scale: Int, images: SceneImages, gravity: ContentsGravity = .resize,
                touchStyle: TouchIndicatorStyle = TouchIndicatorStyle()) {
        precondition(images.buttons.count == layout.buttonCount, "FrameRenderer: one image per button")
        self.layout = layout
        self.scale = scale
        self.images = images
        self.gravity = gravity
        self.touchStyle = touchStyle
        let width = Int((layout.screenWidth * Double(scale)).rounded(.up))
        let height = Int((layout.screenHeight * Double(scale)).rounded(.up))
        var background = Canvas(width: width, height: height, color: PremultipliedColor(layout.backgroundColor))
        FrameRenderer.drawStatic(layout: layout, scale: Double(scale), images: images, gravity: gravity, on: &background)
        staticCanvas = background
        canvas = background
        // Made where the head starts, over button 0; each frame moves it (`dynamicLayer`).
        headLayer = FrameRenderer.avatarLayer(layout: layout, scale: Double(scale), center: layout.buttonCenter(0),
                                              image: images.head, gravity: gravity)
    }

    /// Pixel size of every frame.
    var pixelWidth: Int { staticCanvas.width }
    /// Pixel height of every frame.
    var pixelHeight: Int { staticCanvas.height }

    /// Renders `state` into `canvas` and reports what changed since the previous call. A state
    /// whose moving part equals the previous one's costs nothing and reports empty damage.
    mutating func render(_ state: SceneState) -> RenderedFrame {
        let layerChanged = previousLayer != state.dynamicLayer
        if let previousSprite, !layerChanged, previousTouches == state.touches {
            return RenderedFrame(damage: PixelRect(x: previousSprite.x, y: previousSprite.y, width: 0, height: 0),
                                 spriteBounds: previousSprite, isMoving: state.dynamicLayer.isMoving,
                                 touchBounds: previousTouchArea)
        }
        let layer = dynamicLayer(state.dynamicLayer)
        let sprite = layer.pixelBounds.intersection(canvas.bounds)
        let touchArea = touchBounds(state.touches)
        var damage: PixelRect
        var redrawsHead = true
        if let previousSprite {
            // Restored from the still scene: the head's old place if it changed, the old
            // indicators' area, and the head's place again if that area erased part of it.
            damage = PixelRect(x: previousSprite.x, y: previousSprite.y, width: 0, height: 0)
            if layerChanged {
                canvas.copy(previousSprite, from: staticCanvas)
                damage = previousSprite.union(sprite)
            }
            if !previousTouchArea.isEmpty {
                canvas.copy(previousTouchArea, from: staticCanvas)
                if !layerChanged, !previousTouchArea.intersection(sprite).isEmpty {
                    canvas.copy(sprite, from: staticCanvas)
                    damage = damage.union(sprite)
                }
            }
            redrawsHead = layerChanged || !previousTouchArea.intersection(sprite).isEmpty
            damage = damage.union(previousTouchArea).union(touchArea)
        } else {
            damage = canvas.bounds
        }
        if redrawsHead { canvas.draw(layer) }
        drawTouches(state.touches, on: &canvas)
        previousSprite = sprite
        previousLayer = state.dynamicLayer
        previousTouches = state.touches
        previousTouchArea = touchArea
        return RenderedFrame(damage: damage, spriteBounds: sprite, isMoving: state.dynamicLayer.isMoving,
                             touchBounds: touchArea)
    }

    /// `state` drawn from nothing: the reference the incremental path must match.
    func fullRedraw(_ state: SceneState) -> Canvas {
        var frame = Canvas(width: pixelWidth, height: pixelHeight, color: PremultipliedColor(layout.backgroundColor))
        FrameRenderer.drawStatic(layout: layout, scale: Double(scale), images: images, gravity: gravity, on: &frame)
        frame.draw(dynamicLayer(state.dynamicLayer))
        drawTouches(state.touches, on: &frame)
        return frame
    }

    /// The head as a raster layer: resting (an image view, no background) or the moving copy
    /// (a CALayer with the moving background colour).
    private func dynamicLayer(_ layer: DynamicLayer) -> CircularLayer {
        var circle = headLayer
        circle.center = layer.center.inPixels(scale: Double(scale))
        if layer.isMoving { circle.backgroundColor = PremultipliedColor(layout.movingCopyBackgroundColor) }
        return circle
    }

    private static func avatarLayer(layout: SceneLayout, scale: Double, center: Point, image: RGBAImage,
                                    gravity: ContentsGravity) -> CircularLayer {
        CircularLayer(center: center.inPixels(scale: scale), radius: layout.buttonDiameter / 2 * scale,
                      borderWidth: layout.borderWidth * scale, borderColor: PremultipliedColor(layout.borderColor),
                      contents: image, contentsGravity: gravity)
    }

    /// The arc (drawn first: everything else is above it), then the buttons from left to right.
    private static func drawStatic(layout: SceneLayout, scale: Double, images: SceneImages,
                                   gravity: ContentsGravity, on canvas: inout Canvas) {
        let arc = ArcStroke(center: layout.arcCenter.inPixels(scale: scale), radius: layout.arcRadius * scale,
                            lineWidth: layout.arcLineWidth * scale, startAngle: layout.arcStartAngle,
                            endAngle: layout.arcEndAngle, clockwise: false)
        canvas.fill(arc, with: PremultipliedColor(layout.arcColor))
        for index in 0..<layout.buttonCount {
            canvas.draw(avatarLayer(layout: layout, scale: scale, center: layout.buttonCenter(index),
                                    image: images.buttons[index], gravity: gravity))
        }
    }
}
