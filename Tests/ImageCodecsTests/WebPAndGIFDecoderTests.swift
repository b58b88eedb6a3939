import Foundation
@testable import ImageCodecs
@testable import Raster
import Testing

/// WebP pictures from cwebp, img2webp and webpmux and GIF pictures from Pillow
/// (scripts/make-picture-files): whole and reduced, orientation, colour, alpha, first frames.
@Suite enum WebPAndGIFDecoderTests {
    typealias Files = PictureFiles

    @Test(arguments: [("quadrants.webp", 8), ("quadrants-lossless.webp", 0), ("quadrants.gif", 0),
                      ("interlaced.gif", 0)])
    static func picturesDecodeWholeAndReduced(name: String, tolerance: Int) throws {
        let whole = try Files.load(name)
        #expect(!whole.isPremultiplied)
        Files.expectQuadrants(whole, width: 64, height: 32, tolerance: tolerance, name)
        let reduced = try Files.load(name, fit: PictureFit(side: 8, preservesAspectRatio: true))
        Files.expectQuadrants(reduced, width: 16, height: 8, tolerance: tolerance, name + " reduced")
    }

    /// libwebp's scaler averages whole areas: the pixel straddling two quadrants of the
    /// lossless picture reduced to 3 x 3 (stretched) is their mean.
    @Test static func webPReducesByAreaWhileDecoding() throws {
        let reduced = try Files.load("quadrants-lossless.webp", fit: PictureFit(side: 2, preservesAspectRatio: false))
        #expect(reduced.width == 2 && reduced.height == 2)
        Files.expect(reduced, 1, 0, Files.colours[1] + [255], tolerance: 1, "top right")
        Files.expect(reduced, 0, 1, Files.colours[2] + [255], tolerance: 1, "bottom left")
        let middle = try Files.load("quadrants-lossless.webp", fit: PictureFit(side: 1, preservesAspectRatio: false))
        let mean = (0 ..< 3).map { c in (Files.colours.map { $0[c] }.reduce(0, +) + 2) / 4 }
        Files.expect(middle, 0, 0, mean + [255], tolerance: 2, "one pixel")
    }

    /// The EXIF chunk's Orientation 6 turns the stored picture upright.
    @Test static func webPExifOrientationIsApplied() throws {
        Files.expectQuadrants(try Files.load("orientation-6.webp"), width: 64, height: 32, tolerance: 0, "orientation-6.webp")
        let reduced = try Files.load("orientation-6.webp", fit: PictureFit(side: 8, preservesAspectRatio: true))
        Files.expectQuadrants(reduced, width: 16, height: 8, tolerance: 1, "orientation-6.webp reduced")
    }

    @Test static func webPICCProfileIsConvertedToSRGB() throws {
        let expected = try Files.patchCentres(ofPNG: "display-p3-patches-png-expected.png")
        Files.expectPatches(try Files.load("p3-icc.webp"), expected, tolerance: 2, "p3-icc.webp")
    }

    /// Four quadrants at opacity 255, 128, 0 and 200 (GIF: only 0 or 255, the third quadrant
    /// being the transparent index).
    @Test(arguments: ["alpha.webp", "alpha.gif"])
    static func alphaStaysStraight(name: String) throws {
        let image = try Files.load(name)
        let alphas = name.hasSuffix(".gif") ? [255, 255, 0, 255] : Files.alphas
        #expect(!image.isPremultiplied && image.width == 32 && image.height == 32)
        for (quadrant, (colour, alpha)) in zip(Files.colours, alphas).enumerated() {
            let x = (quadrant % 2) * 16 + 8, y = (quadrant / 2) * 16 + 8
            Files.expect(image, x, y, (alpha == 0 ? [0, 0, 0] : colour) + [alpha], tolerance: alpha == 0 ? 255 : 0,
                         "\(name) quadrant \(quadrant)")
            #expect(Files.pixel(image, x, y)[3] == alpha, "\(name) alpha of quadrant \(quadrant)")
        }
        let reduced = try Files.load(name, fit: PictureFit(side: 8, preservesAspectRatio: true))
        #expect(reduced.width == 8 && reduced.height == 8)
        // Bottom left is transparent in both: premultiplied zero.
        #expect(Files.pixel(reduced, 1, 6) == [0, 0, 0, 0])
    }

    /// Two-frame animations (and an AVIF sequence from avifenc): the first frame (the quadrant
    /// picture) is shown, not the second (its inverse).
    @Test(arguments: ["animated.webp", "animated.gif", "animated.avif"])
    static func animationsShowTheirFirstFrame(name: String) throws {
        Files.expectQuadrants(try Files.load(name), width: 64, height: 32, tolerance: 0, name)
        let reduced = try Files.load(name, fit: PictureFit(side: 8, preservesAspectRatio: true))
        Files.expectQuadrants(reduced, width: 16, height: 8, tolerance: 0, name + " reduced")
    }

    /// A GIF whose first image is smaller than its screen and placed inside it: transparent
    /// around it.
    @Test static func gifFirstFrameIsPlacedOnItsScreen() throws {
        // Screen 4 x 3 with a two-colour table (red, blue); a 2 x 1 image at (1, 1) of indices 1, 0
        // (LZW codes clear, 1, 0, end at 3 bits).
        let gif = Array("GIF89a".utf8) + [4, 0, 3, 0, 0x80, 0, 0, 255, 0, 0, 0, 0, 255]
            + [0x2C, 1, 0, 1, 0, 2, 0, 1, 0, 0, 0x02, 0x02, 0x0C, 0x0A, 0x00, 0x3B]
        let image = try ImageFile.decode(gif, path: "placed.gif")
        #expect(image.width == 4 && image.height == 3)
        #expect(Files.pixel(image, 0, 0) == [0, 0, 0, 0])
        #expect(Files.pixel(image, 1, 1) == [0, 0, 255, 255])
        #expect(Files.pixel(image, 2, 1) == [255, 0, 0, 255])
        #expect(Files.pixel(image, 3, 1) == [0, 0, 0, 0])
    }

    @Test(arguments: ["quadrants.webp", "animated.webp", "quadrants.gif"])
    static func theCanvasIsCheckedBeforeDecoding(name: String) throws {
        let path = Files.path(name)
        #expect(throws: ImageCodecError.tooLarge(path: path, width: 64, height: 32, limit: "63 x 63")) {
            try ImageFile.load(path: path, limits: ImageLimits(maxWidth: 63, maxHeight: 63))
        }
    }

    /// The memory each decoder holds, estimated from the declared size before decoding: a
    /// still WebP twice its output (libwebp's and the copy taken), an animated one its two
    /// canvases (and the picture when kept whole), a GIF its canvas and the picture kept whole (only
    /// the canvas when reduced). The estimate passes; a byte less is refused naming the limit.
    @Test(arguments: [("quadrants.webp", nil, 64 * 32 * 8), ("animated.webp", nil, 64 * 32 * 12),
                      ("animated.webp", 8, 64 * 32 * 8), ("quadrants.gif", nil, 64 * 32 * 8),
                      ("quadrants.gif", 8, 64 * 32 * 4)])
    static func decodingMemoryIsCheckedBeforeDecoding(name: String, side: Int?, needed: Int) throws {
        let fit = side.map { PictureFit(side: Double($0), preservesAspectRatio: true) }
        _ = try Files.load(name, fit: fit, limits: ImageLimits(maxWorkingBytes: needed))
        let path = Files.path(name)
        #expect(throws: ImageCodecError.tooLarge(path: path, width: 64, height: 32,
                                                 limit: "\(needed - 1) bytes of memory for decoding (it needs 1 MB)")) {
            try ImageFile.load(path: path, limits: ImageLimits(maxWorkingBytes: needed - 1), fit: fit)
        }
    }

    /// A GIF that declares an 8192 x 8192 screen and image (within the decoded-picture limit)
    /// and holds no pixels: refused by the default limits before its canvas exists, as an
    /// avatar (its 256 MB canvas) and whole (512 MB).
    @Test static func aLargeDeclaredGIFIsRefusedBeforeDecoding() {
        let side: [UInt8] = [0x00, 0x20]  // 8192, little-endian
        let bytes: [UInt8] = Array("GIF89a".utf8) + side + side + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
            + [0x2C, 0, 0, 0, 0] + side + side + [0, 2, 0, 0x3B]
        #expect(throws: ImageCodecError.tooLarge(path: "large.gif", width: 8192, height: 8192,
                                                 limit: "160 MB of memory for decoding (it needs 256 MB)")) {
            try ImageFile.decode(bytes, path: "large.gif", fit: PictureFit(side: 64, preservesAspectRatio: true))
        }
        #expect(throws: ImageCodecError.tooLarge(path: "large.gif", width: 8192, height: 8192,
                                                 limit: "160 MB of memory for decoding (it needs 512 MB)")) {
            try ImageFile.decode(bytes, path: "large.gif")
        }
    }
}
