import Raster

extension ExifOrientation {
    /// The stored size of a picture shown `width` x `height` in this orientation (and the
    /// shown size of one stored so: the mapping is its own inverse on sizes).
    func exchangedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The picture as a viewer shows `image` stored in this orientation.
    func apply(to image: RGBAImage) -> RGBAImage {
        guard self != .up, image.width > 0, image.height > 0 else { return image }
        let storedWidth = image.width, storedHeight = image.height
        let (width, height) = exchangedSize(width: storedWidth, height: storedHeight)
        // Source pixel = base + x * stepX + y * stepY, in pixels of the stored picture.
        let right = storedWidth - 1, bottom = storedHeight - 1
        let (base, stepX, stepY): (Int, Int, Int)
        switch self {
        case .up: (base, stepX, stepY) = (0, 1, storedWidth)
        case .upMirrored: (base, stepX, stepY) = (right, -1, storedWidth)
        case .down: (base, stepX, stepY) = (bottom * storedWidth + right, -1, -storedWidth)
        case .downMirrored: (base, stepX, stepY) = (bottom * storedWidth, 1, -storedWidth)
        case .leftMirrored: (base, stepX, stepY) = (0, storedWidth, 1)
        case .right: (base, stepX, stepY) = (bottom * storedWidth, -storedWidth, 1)
        case .rightMirrored: (base, stepX, stepY) = (bottom * storedWidth + right, -storedWidth, -1)
        case .left: (base, stepX, stepY) = (right, storedWidth, -1)
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        image.pixels.withUnsafeBytes { source in
            pixels.withUnsafeMutableBufferPointer { target in
                var index = 0
                for y in 0 ..< height {
                    var from = base + y * stepY
                    for _ in 0 ..< width {
                        target[index] = source.loadUnaligned(fromByteOffset: from * 4, as: UInt32.self)
                        from += stepX
                        index += 1
                    }
                }
            }
        }
        let bytes = pixels.withUnsafeBytes { [UInt8]($0) }
        return RGBAImage(width: width, height: height, pixels: bytes, isPremultiplied: image.isPremultiplied)
    }
}
