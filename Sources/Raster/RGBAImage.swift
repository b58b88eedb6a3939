/// A bitmap of 8-bit RGBA pixels, rows top to bottom, four bytes a pixel, no row padding.
///
/// Whether the colour channels are premultiplied by alpha is a property of the value, stated
/// by `isPremultiplied`; the renderer works on premultiplied pixels (as Core Graphics does),
/// files are read and written straight.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel in reading order.
    public var pixels: [UInt8]
    /// True when R, G and B have been multiplied by A / 255.
    public var isPremultiplied: Bool

    /// Wraps existing pixel bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8], isPremultiplied: Bool) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4,
                     "RGBAImage: \(pixels.count) bytes do not make \(width)x\(height) RGBA pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isPremultiplied = isPremultiplied
    }

    /// An image of one colour (straight RGBA components).
    init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let a = UInt16(rgba.3)
        func pm(_ c: UInt8) -> UInt8 { UInt8((UInt16(c) * a + 127) / 255) }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let pixel: [UInt8] = [pm(rgba.0), pm(rgba.1), pm(rgba.2), rgba.3]
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = pixel[0]; bytes[i + 1] = pixel[1]; bytes[i + 2] = pixel[2]; bytes[i + 3] = pixel[3]
        }
        self.init(width: width, height: height, pixels: bytes, isPremultiplied: true)
    }

    /// The whole image as a rectangle.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Images are equal when they have the same size, the same bytes and the same
    /// premultiplication.
    public static func == (lhs: RGBAImage, rhs: RGBAImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.isPremultiplied == rhs.isPremultiplied
            && PixelBytes.equal(lhs.pixels, rhs.pixels)
    }
}
