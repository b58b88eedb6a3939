import CGIF
import Foundation
import GIFEncoding
import GIFFile
import Palette
import Raster

/// Reads a whole GIF from memory with giflib's `DGifSlurp`, for tests and output verification.
///
/// Everything a viewer needs is exposed as plain values: the screen, version, loop count,
/// palettes, and each frame with its rectangle, indices, delay, disposal and transparency.
/// `compositedFrames()` renders the frames as a browser shows them. Frames are held in memory
/// in full, so this is meant for files render-gif wrote, not for arbitrary large GIFs.
public struct GIFReader: Sendable {
    /// Logical screen width in pixels.
    public let width: Int
    /// Logical screen height in pixels.
    public let height: Int
    /// "87a" or "89a", from the header.
    public let version: String
    /// The NETSCAPE2.0 loop count (0 = forever), or nil when the file has no looping block.
    public let loopCount: Int?
    /// The global colour table as stored (padded length), or nil.
    public let globalPalette: [RGB8]?
    /// The screen's background colour index.
    public let backgroundIndex: Int
    /// The images in file order; palettes are as stored (padded length).
    public let frames: [GIFFrame]

    /// Parses `bytes`; `path` names them in errors (`.corrupt` with giflib's text).
    public init(bytes: [UInt8], path: String = "GIF data") throws(GIFFileError) {
        guard bytes.count >= 6, bytes.starts(with: Array("GIF".utf8)) else {
            throw .corrupt(path: path, message: "no GIF signature")
        }
        version = String(decoding: bytes[3 ..< 6], as: UTF8.self)

        let source = GIFInputBridge(bytes: bytes)
        var openError: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { gif, target, count in
            guard let user = gif?.pointee.UserData else { return 0 }
            return Unmanaged<GIFInputBridge>.fromOpaque(user).takeUnretainedValue().read(into: target, count: count)
        }, &openError)
        guard let gif = opened else {
            throw .corrupt(path: path, message: GIFColorTable.errorText(openError))
        }
        defer {
            DGifCloseFile(gif, nil)
            withExtendedLifetime(source) {}
        }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        try GIFScreenLimit.check(width: width, height: height, path: path)
        guard DGifSlurp(gif) == GIF_OK else {
            throw .corrupt(path: path, message: GIFColorTable.errorText(gif.pointee.Error))
        }
        globalPalette = GIFColorTable.palette(of: gif.pointee.SColorMap)
        backgroundIndex = Int(gif.pointee.SBackGroundColor)

        var frames: [GIFFrame] = []
        var loopCount: Int?
        let screen = PixelRect(x: 0, y: 0, width: width, height: height)
        for imageIndex in 0 ..< Int(max(0, gif.pointee.ImageCount)) {
            let saved = gif.pointee.SavedImages[imageIndex]
            let description = saved.ImageDesc
            let rect = PixelRect(x: Int(description.Left), y: Int(description.Top),
                                 width: Int(description.Width), height: Int(description.Height))
            guard screen.contains(rect), let raster = saved.RasterBits else {
                throw .corrupt(path: path, message: "frame \(imageIndex) (\(rect)) lies outside the \(width)x\(height) screen")
            }
            let blocks = UnsafeBufferPointer(start: saved.ExtensionBlocks, count: Int(max(0, saved.ExtensionBlockCount)))
            loopCount = loopCount ?? Self.loopCount(in: blocks)
            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                               DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            for block in blocks where block.Function == GRAPHICS_EXT_FUNC_CODE {
                guard DGifExtensionToGCB(Int(block.ByteCount), block.Bytes, &control) == GIF_OK else {
                    throw .corrupt(path: path, message: "frame \(imageIndex): \(GIFColorTable.errorText(gif.pointee.Error))")
                }
            }
            frames.append(GIFFrame(
                rect: rect,
                indices: Array(UnsafeBufferPointer(start: raster, count: rect.area)),
                localPalette: GIFColorTable.palette(of: description.ColorMap),
                delayCentiseconds: Int(control.DelayTime),
                disposal: GIFDisposal(rawValue: Int(control.DisposalMode)) ?? .unspecified,
                transparentIndex: control.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(control.TransparentColor)))
        }
        self.frames = frames
        self.loopCount = loopCount
    }

    /// Parses GIF `data`; see `init(bytes:path:)`.
    public init(data: Data, path: String = "GIF data") throws(GIFFileError) {
        try self.init(bytes: [UInt8](data), path: path)
    }

    /// Every frame as a browser shows it: a straight RGBA screen, transparent where nothing is
    /// drawn, with each frame's transparency and the previous frame's disposal applied.
    public func compositedFrames() -> [RGBAImage] {
        GIFCompositor.composite(self)
    }

    /// For each time (seconds), the composited screen a viewer shows then: the last image
    /// starting at or before the time rounded to whole centiseconds (delays accumulated).
    public func displayed(at times: [Double]) -> [RGBAImage] {
        let images = compositedFrames()
        var starts: [Int] = []
        var clock = 0
        for frame in frames {
            starts.append(clock)
            clock += frame.delayCentiseconds
        }
        return times.map { time in
            let centiseconds = Int((time * 100).rounded())
            let index = starts.lastIndex { $0 <= centiseconds } ?? 0
            return images[index]
        }
    }

    /// The loop count of a NETSCAPE2.0 (or ANIMEXTS1.0) application block among `blocks`.
    private static func loopCount(in blocks: UnsafeBufferPointer<ExtensionBlock>) -> Int? {
        for (position, block) in blocks.enumerated() where block.Function == APPLICATION_EXT_FUNC_CODE {
            guard block.ByteCount == 11, let bytes = block.Bytes else { continue }
            let identifier = String(decoding: UnsafeBufferPointer(start: bytes, count: 11), as: UTF8.self)
            guard identifier == "NETSCAPE2.0" || identifier == "ANIMEXTS1.0", position + 1 < blocks.count else { continue }
            let data = blocks[position + 1]
            guard data.Function == CONTINUE_EXT_FUNC_CODE, data.ByteCount >= 3, let loop = data.Bytes, loop[0] == 1 else { continue }
            return Int(loop[1]) | Int(loop[2]) << 8
        }
        return nil
    }
}

/// Feeds giflib's C input callback from a byte array.
final class GIFInputBridge {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Copies up to `count` next bytes to `target`; returns how many (0 at the end).
    func read(into target: UnsafeMutablePointer<GifByteType>?, count: Int32) -> Int32 {
        guard let target, count > 0 else { return 0 }
        let taken = min(Int(count), bytes.count - offset)
        bytes.withUnsafeBufferPointer { source in
            target.update(from: source.baseAddress! + offset, count: taken)
        }
        offset += taken
        return Int32(taken)
    }
}
