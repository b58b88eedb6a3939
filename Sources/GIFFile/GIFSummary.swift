import CGIF
import Raster

/// An animated GIF as a person would describe it: its size in bytes and pixels, how many
/// frames it has and when each starts, how long it lasts and how often it plays. Every frame
/// is reduced to a fingerprint of the screen as a browser shows it and to a coarse thumbnail
/// (the mean colour of each cell of a grid of at most 16 x 16), so two GIFs can be compared
/// picture by picture without keeping the pictures: exactly by fingerprint, and for
/// differences a person would see (something moved) by thumbnail.
///
/// Frames are decoded one at a time with giflib's record API and composited onto one screen
/// (transparency and disposal as browsers apply them), so pixel memory stays at one screen.
/// What grows with the frame count, unbounded: each frame's thumbnail here (at most 1 KB) and
/// the image record giflib 5.2 keeps for every image it reads (with a local colour map, up to
/// about 800 bytes), so a file of millions of tiny frames would take gigabytes.
public struct GIFSummary: Equatable, Sendable {
    /// Bytes in the file.
    public let byteCount: Int
    /// Logical screen width in pixels.
    public let width: Int
    /// Logical screen height in pixels.
    public let height: Int
    /// When each frame starts showing, in centiseconds from the start.
    public let frameStarts: [Int]
    /// A 64-bit fingerprint of the screen as each frame shows it.
    public let frameFingerprints: [UInt64]
    /// The mean RGBA of every grid cell of the screen as each frame shows it.
    public let frameThumbnails: [[UInt8]]
    /// The sum of every frame's delay, in centiseconds.
    public let durationCentiseconds: Int
    /// The NETSCAPE2.0 repeat count (0 = forever), or nil without a loop block (plays once).
    public let loopCount: Int?

    /// The number of images in the file.
    public var frameCount: Int { frameStarts.count }

    /// Decodes `bytes`; `path` names them in errors (`.corrupt` with giflib's text, `.tooLarge`
    /// past `GIFScreenLimit`).
    public init(bytes: [UInt8], path: String) throws(GIFFileError) {
        byteCount = bytes.count
        let input = GIFSummaryInput(bytes: bytes)
        var openError: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), { gif, target, count in
            guard let user = gif?.pointee.UserData else { return 0 }
            return Unmanaged<GIFSummaryInput>.fromOpaque(user).takeUnretainedValue().read(into: target, count: count)
        }, &openError)
        guard let gif = opened else { throw .corrupt(path: path, message: GIFColorTable.errorText(openError)) }
        defer { DGifCloseFile(gif, nil); withExtendedLifetime(input) {} }
        var screen = GIFSummaryScreen(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
        try GIFScreenLimit.check(width: screen.width, height: screen.height, path: path)
        let globalPalette = GIFColorTable.palette(of: gif.pointee.SColorMap) ?? []
        var starts: [Int] = [], fingerprints: [UInt64] = [], thumbnails: [[UInt8]] = []
        var time = 0, loop: Int?
        var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                           DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
        func failure() -> GIFFileError { .corrupt(path: path, message: GIFColorTable.errorText(gif.pointee.Error)) }
        var record = UNDEFINED_RECORD_TYPE
        repeat {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure() }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure() }
                let description = gif.pointee.Image
                let rect = (x: Int(description.Left), y: Int(description.Top),
                            width: Int(description.Width), height: Int(description.Height))
                guard rect.x >= 0, rect.y >= 0, rect.x + rect.width <= screen.width, rect.y + rect.height <= screen.height else {
                    throw .corrupt(path: path, message: "frame \(starts.count) lies outside the \(screen.width)x\(screen.height) screen")
                }
                var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
                for row in Self.rowOrder(height: rect.height, interlaced: description.Interlace) where rect.width > 0 {
                    let read = indices.withUnsafeMutableBufferPointer {
                        DGifGetLine(gif, $0.baseAddress! + row * rect.width, Int32(rect.width))
                    }
                    guard read == GIF_OK else { throw failure() }
                }
                let palette = GIFColorTable.palette(of: description.ColorMap) ?? globalPalette
                let transparent = control.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(control.TransparentColor)
                screen.draw(indices, in: rect, palette: palette, transparentIndex: transparent,
                            disposal: Int(control.DisposalMode))
                starts.append(time)
                fingerprints.append(screen.lastFingerprint)
                thumbnails.append(screen.lastThumbnail)
                time += Int(control.DelayTime)
                control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                               DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure() }
                var blocks: [[UInt8]] = []
                while let current = block {
                    blocks.append(Array(UnsafeBufferPointer(start: current + 1, count: Int(current[0]))))
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure() }
                }
                if code == GRAPHICS_EXT_FUNC_CODE, let first = blocks.first {
                    guard DGifExtensionToGCB(first.count, first, &control) == GIF_OK else {
                        throw GIFFileError.corrupt(path: path, message: "a graphics control block of \(first.count) bytes, not 4")
                    }
                } else if code == APPLICATION_EXT_FUNC_CODE, loop == nil {
                    loop = Self.loopCount(in: blocks)
                }
            default:
                break
            }
        } while record != TERMINATE_RECORD_TYPE
        width = screen.width
        height = screen.height
        frameStarts = starts
        frameFingerprints = fingerprints
        frameThumbnails = thumbnails
        durationCentiseconds = time
        loopCount = loop
    }

    /// Rows in the order an image stores them: top to bottom, or the four interlace passes.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// The repeat count in a NETSCAPE2.0 (or ANIMEXTS1.0) block's sub-blocks.
    static func loopCount(in blocks: [[UInt8]]) -> Int? {
        guard blocks.count >= 2, ["NETSCAPE2.0", "ANIMEXTS1.0"].contains(String(decoding: blocks[0], as: UTF8.self)),
              blocks[1].count >= 3, blocks[1][0] == 1 else { return nil }
        return Int(blocks[1][1]) | Int(blocks[1][2]) << 8
    }
}

/// The screen a GIF viewer keeps between frames: straight RGBA, transparent at the start.
struct GIFSummaryScreen {
    let width: Int
    let height: Int
    private var pixels: [UInt8]
    private(set) var lastFingerprint: UInt64 = 0
    private(set) var lastThumbnail: [UInt8] = []
    /// Cells across and down the thumbnail grid.
    static let gridSide = 16

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Draws one frame's opaque pixels, fingerprints the screen, then applies the frame's
    /// disposal: 2 clears its rectangle, 3 puts back what was there before it.
    mutating func draw(_ indices: [UInt8], in rect: (x: Int, y: Int, width: Int, height: Int), palette: [RGB8],
                       transparentIndex: Int?, disposal: Int) {
        let saved = disposal == 3 ? pixels : nil
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let index = Int(indices[y * rect.width + x])
                if index == transparentIndex { continue }
                let colour = index < palette.count ? palette[index] : RGB8(0, 0, 0)
                let target = ((rect.y + y) * width + rect.x + x) * 4
                pixels[target] = colour.r
                pixels[target + 1] = colour.g
                pixels[target + 2] = colour.b
                pixels[target + 3] = 255
            }
        }
        lastFingerprint = Self.fingerprint(pixels)
        lastThumbnail = thumbnail()
        if disposal == 2 {
            for y in rect.y..<(rect.y + rect.height) {
                let start = (y * width + rect.x) * 4
                pixels.replaceSubrange(start..<(start + rect.width * 4), with: repeatElement(0, count: rect.width * 4))
            }
        } else if let saved {
            pixels = saved
        }
    }

    /// The mean of each channel over each cell of a grid of at most `gridSide` cells a side.
    func thumbnail() -> [UInt8] {
        let columns = min(Self.gridSide, width), rows = min(Self.gridSide, height)
        guard columns > 0, rows > 0 else { return [] }
        var sums = [Int](repeating: 0, count: columns * rows * 4), counts = [Int](repeating: 0, count: columns * rows)
        let cellOfColumn = (0..<width).map { $0 * columns / width }
        for y in 0..<height {
            let rowBase = (y * rows / height) * columns
            for x in 0..<width {
                let cell = rowBase + cellOfColumn[x], source = (y * width + x) * 4
                counts[cell] += 1
                for channel in 0..<4 { sums[cell * 4 + channel] += Int(pixels[source + channel]) }
            }
        }
        return sums.indices.map { UInt8((sums[$0] + counts[$0 / 4] / 2) / counts[$0 / 4]) }
    }

    /// FNV-1a over the pixels, eight bytes at a time.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for word in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            }
            for byte in raw[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        return hash
    }
}

/// Feeds giflib's input callback from a byte array.
private final class GIFSummaryInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `count` next bytes to `target`; returns how many (0 at the end).
    func read(into target: UnsafeMutablePointer<GifByteType>?, count: Int32) -> Int32 {
        guard let target, count > 0 else { return 0 }
        let taken = min(Int(count), bytes.count - offset)
        bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + offset, count: taken) }
        offset += taken
        return Int32(taken)
    }
}
