import Raster

/// An avatar picture: a PNG, JPEG, GIF, WebP, HEIC/HEIF or AVIF file, or pixels a program made.
///
/// A file is read when the animation renders, its format known by its first bytes (never its
/// name), shown as a photo viewer shows it (upright by its orientation, in sRGB) and reduced
/// to the avatar's pixels when larger. Pixels are
/// drawn as given, scaled to fill the avatar's circle. A string literal is a file path:
/// `animation.headImage = "me.jpg"`.
public struct Picture: Equatable, Sendable, ExpressibleByStringLiteral {
    /// Where the picture comes from.
    enum Source: Equatable, Sendable {
        case file(String)
        case pixels(RGBAImage)
    }

    let source: Source

    /// The picture file at `path` (relative paths start from the current folder).
    public static func file(_ path: String) -> Picture {
        Picture(source: .file(path))
    }

    /// `width` x `height` pixels, `rgba` holding four bytes per pixel (red, green, blue,
    /// alpha, not premultiplied, sRGB), row by row from the top.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(RenderGIFError) {
        guard (1 ... Self.maxSide).contains(width), (1 ... Self.maxSide).contains(height) else {
            throw .invalidPicture("a picture of \(width) x \(height) pixels: each side must be 1 to \(Self.maxSide)")
        }
        guard rgba.count == width * height * 4 else {
            throw .invalidPicture("a picture of \(width) x \(height) pixels needs \(width * height * 4) RGBA bytes, not \(rgba.count)")
        }
        source = .pixels(RGBAImage(width: width, height: height, pixels: rgba, isPremultiplied: false))
    }

    /// A file path, as `file(_:)`.
    public init(stringLiteral path: String) {
        source = .file(path)
    }

    init(source: Source) {
        self.source = source
    }

    /// The file's path, or nil for pixels.
    public var path: String? {
        if case let .file(path) = source { return path }
        return nil
    }

    /// The longest side of a picture given as pixels.
    static let maxSide = 8192
}
