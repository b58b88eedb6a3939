import Raster

/// The pictures a scene shows: the avatar that moves and one image per button.
struct SceneImages: Sendable {
    /// The avatar that rests on a button and slides along the arc ("myHead" in the original).
    var head: RGBAImage
    /// Button images by index ("1" to "4" in the original).
    var buttons: [RGBAImage]

    /// Stores the images premultiplied, the form the rasterizer samples.
    init(head: RGBAImage, buttons: [RGBAImage]) {
        self.head = head.premultiplied()
        self.buttons = buttons.map { $0.premultiplied() }
    }
}
