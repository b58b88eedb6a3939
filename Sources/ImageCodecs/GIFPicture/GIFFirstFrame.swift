import CGIF

/// A GIF's first frame composed on its screen as straight RGBA8.
struct GIFFirstFrame {
    let width: Int
    let height: Int
    let canvas: [UInt8]

    /// The row order of an interlaced image: four passes of (first row, step).
    private static let interlacePasses = [(0, 8), (4, 8), (2, 4), (1, 2)]

    /// Reads records from the open `gif` up to and including its first image, which is to be
    /// reduced to `fit` (nil: kept whole).
    static func read(_ gif: UnsafeMutablePointer<GifFileType>, limits: ImageLimits, fit: PictureFit?,
                     path: String) throws(ImageCodecError) -> GIFFirstFrame {
        var transparentIndex: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw GIFPictureDecoder.failure(gif.pointee.Error, path: path) }
            switch record {
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw GIFPictureDecoder.failure(gif.pointee.Error, path: path) }
                // Graphic Control Extension: block[0] is its length, block[1] the flags, block[4] the index.
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    transparentIndex = block[1] & 1 != 0 ? Int(block[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw GIFPictureDecoder.failure(gif.pointee.Error, path: path) }
                }
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw GIFPictureDecoder.failure(gif.pointee.Error, path: path) }
                return try image(gif, transparentIndex: transparentIndex, limits: limits, fit: fit, path: path)
            case TERMINATE_RECORD_TYPE:
                throw .corrupt(path: path, message: "the GIF holds no image")
            default:
                throw .corrupt(path: path, message: "the GIF has an unknown record")
            }
        }
    }

    /// The memory the first frame of a `width` x `height` screen takes: the RGBA canvas, and
    /// the picture once more when it is kept whole rather than reduced to `fit`.
    static func workingBytes(width: Int, height: Int, fit: PictureFit?) -> Int {
        let whole = (fit?.reducedSize(width: width, height: height) ?? (width, height)) == (width, height)
        return width * height * (whole ? 8 : 4)
    }

    private static func image(_ gif: UnsafeMutablePointer<GifFileType>, transparentIndex: Int?, limits: ImageLimits,
                              fit: PictureFit?, path: String) throws(ImageCodecError) -> GIFFirstFrame {
        let descriptor = gif.pointee.Image
        let left = Int(descriptor.Left), top = Int(descriptor.Top)
        let frameWidth = Int(descriptor.Width), frameHeight = Int(descriptor.Height)
        guard frameWidth > 0, frameHeight > 0 else { throw .corrupt(path: path, message: "the first image has no size") }
        let width = max(Int(gif.pointee.SWidth), left + frameWidth), height = max(Int(gif.pointee.SHeight), top + frameHeight)
        try limits.check(width: width, height: height, path: path)
        try limits.checkWorkingMemory(needed: workingBytes(width: width, height: height, fit: fit), width: width, height: height, path: path)
        guard let map = descriptor.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw .corrupt(path: path, message: "the first image has no colour table")
        }
        let colorCount = Int(map.pointee.ColorCount)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        let rows: [Int] = descriptor.Interlace
            ? interlacePasses.flatMap { stride(from: $0.0, to: frameHeight, by: $0.1) }
            : Array(0 ..< frameHeight)
        for row in rows {
            guard DGifGetLine(gif, &line, Int32(frameWidth)) == GIF_OK else { throw GIFPictureDecoder.failure(gif.pointee.Error, path: path) }
            let start = ((top + row) * width + left) * 4
            for x in 0 ..< frameWidth {
                let index = Int(line[x])
                if index == transparentIndex { continue }
                let at = start + x * 4
                if index < colorCount {
                    let color = colors[index]
                    canvas[at] = color.Red
                    canvas[at + 1] = color.Green
                    canvas[at + 2] = color.Blue
                } else {
                    canvas[at] = 0
                    canvas[at + 1] = 0
                    canvas[at + 2] = 0
                }
                canvas[at + 3] = 255
            }
        }
        return GIFFirstFrame(width: width, height: height, canvas: canvas)
    }
}
