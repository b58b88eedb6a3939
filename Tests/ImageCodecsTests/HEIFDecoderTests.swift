import Foundation
@testable import ImageCodecs
@testable import Raster
import Testing

/// HEIC and AVIF pictures from heif-enc (scripts/make-picture-files): whole and reduced,
/// every rotation and mirror, colour descriptions, deep samples, alpha and tile grids.
@Suite enum HEIFDecoderTests {
    typealias Files = PictureFiles

    @Test(arguments: ["quadrants.heic", "quadrants.avif"])
    static func lossyPicturesDecodeWholeAndReduced(name: String) throws {
        Files.expectQuadrants(try Files.load(name), width: 64, height: 32, tolerance: 8, name)
        // The shorter side fills an 8-pixel layer: 16 x 8.
        let reduced = try Files.load(name, fit: PictureFit(side: 8, preservesAspectRatio: true))
        #expect(reduced.isPremultiplied)
        Files.expectQuadrants(reduced, width: 16, height: 8, tolerance: 8, name + " reduced")
    }

    /// Stored as a camera stores a picture for each Exif orientation and turned upright by
    /// the HEIF transformations (irot, imir, both): shown upright.
    @Test(arguments: 1 ... 8)
    static func everyRotationAndMirrorShowsUpright(orientation: Int) throws {
        let name = "orientation-\(orientation).heic"
        Files.expectQuadrants(try Files.load(name), width: 64, height: 32, tolerance: 3, name)
        let reduced = try Files.load(name, fit: PictureFit(side: 8, preservesAspectRatio: true))
        Files.expectQuadrants(reduced, width: 16, height: 8, tolerance: 3, name + " reduced")
    }

    /// The Exif tag says "turn a quarter clockwise" and irot does the same: turned once.
    @Test static func exifOrientationIsNeverAppliedOnTopOfIrot() throws {
        Files.expectQuadrants(try Files.load("exif-and-irot.heic"), width: 64, height: 32, tolerance: 8, "exif-and-irot")
    }

    /// Exif orientation alone is informative in HEIF: the picture is shown as stored (the
    /// stored picture is the upright one turned a quarter counter-clockwise).
    @Test static func exifOrientationAloneLeavesThePictureAsStored() throws {
        let image = try Files.load("exif-only.heic")
        #expect(image.width == 32 && image.height == 64)
        Files.expect(image, 8, 16, Files.colours[1], tolerance: 8, "stored top left")
        Files.expect(image, 24, 48, Files.colours[2], tolerance: 8, "stored bottom right")
    }

    /// Every still HEIF picture holds the codec its name promises (AV1 in .avif, HEVC in
    /// .heic), so a test of an AVIF picture decodes AV1: its item type is the four bytes after
    /// an item-info entry's header, and a file holds one codec's items only.
    @Test static func everyPictureIsCodedAsItsNameSays() throws {
        let folder = URL(fileURLWithPath: Files.path("x")).deletingLastPathComponent()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".avif") || $0.hasSuffix(".heic") }.sorted()
        #expect(names.count >= 30)
        for name in names {
            let bytes = Data(try Data(contentsOf: folder.appendingPathComponent(name)))
            guard bytes.count >= 12, bytes[8 ..< 12] != Data("avis".utf8) else { continue }
            let hasAV1 = bytes.range(of: Data("av01".utf8)) != nil, hasHEVC = bytes.range(of: Data("hvc1".utf8)) != nil
            #expect(name.hasSuffix(".avif") ? hasAV1 && !hasHEVC : hasHEVC && !hasAV1,
                    "\(name): av01 \(hasAV1), hvc1 \(hasHEVC)")
        }
    }

    /// Display P3 by an ICC profile and by nclx primaries (HEIC and AVIF): what Little CMS's
    /// counterpart in Pillow (ImageCms) makes of the same patches in sRGB.
    @Test(arguments: ["p3-icc.heic", "p3-nclx.heic", "p3-nclx.avif"])
    static func displayP3ComesOutInSRGB(name: String) throws {
        let expected = try Files.patchCentres(ofPNG: "display-p3-patches-png-expected.png")
        Files.expectPatches(try Files.load(name), expected, tolerance: 3, name)
    }

    /// Limited-range YCbCr (BT.601 matrix), described by a colr box or only in the coded stream.
    @Test(arguments: ["limited-range.heic", "limited-range-in-stream.heic"])
    static func limitedRangeIsExpandedToFullRange(name: String) throws {
        Files.expectPatches(try Files.load(name), Files.patches, tolerance: 3, name)
    }

    /// 10-bit BT.2020 pictures with the PQ and HLG transfer functions, encoded from the sRGB
    /// patches at reference white by the BT.2100 formulas: the patches come back.
    /// Near black the sRGB curve magnifies the 10-bit steps of PQ and HLG about tenfold, so
    /// samples below 32 get a wider tolerance.
    @Test(arguments: ["pq-bt2020.heic", "hlg-bt2020.heic"])
    static func highDynamicRangeReferenceWhiteIsTheDisplaysWhite(name: String) throws {
        let image = try Files.load(name)
        #expect(image.width == 32 && image.height == 32)
        guard image.width == 32, image.height == 32 else { return }
        for (index, colour) in Files.patches.enumerated() {
            let got = Files.pixel(image, (index % 4) * 8 + 4, (index / 4) * 8 + 4)
            #expect(zip(got, colour).allSatisfy { abs($0 - $1) <= ($1 < 32 ? 12 : 3) }, "\(name) patch \(index): \(got), not \(colour)")
        }
    }

    /// A grey ramp of 10-bit values 16 i + 5 (stored at 10 and at 12 bits), reduced to 8 bits
    /// by rounding.
    @Test(arguments: ["ten-bit.heic", "twelve-bit.heic"])
    static func deepSamplesRoundToEightBits(name: String) throws {
        let image = try Files.load(name)
        #expect(image.width == 64 && image.height == 8)
        guard image.width == 64, image.height == 8 else { return }
        for i in 0 ..< 64 {
            let value = (Double(16 * i + 5) * 255 / 1023).rounded()
            Files.expect(image, i, 4, [Int(value), Int(value), Int(value), 255], tolerance: 1, "\(name) step \(i)")
        }
    }

    /// A damaged ICC profile and an nclx box with reserved code points mean "as stored".
    @Test(arguments: ["bad-icc.heic", "bad-nclx.heic"])
    static func brokenColourDescriptionsShowTheStoredValues(name: String) throws {
        Files.expectPatches(try Files.load(name), Files.patches, tolerance: 2, name)
    }

    @Test(arguments: ["alpha.heic", "alpha.avif"])
    static func alphaStaysStraightAndReducesPremultiplied(name: String) throws {
        let image = try Files.load(name)
        #expect(!image.isPremultiplied && image.width == 32 && image.height == 32)
        for (quadrant, (colour, alpha)) in zip(Files.colours, Files.alphas).enumerated() {
            let x = (quadrant % 2) * 16 + 8, y = (quadrant / 2) * 16 + 8
            Files.expect(image, x, y, alpha == 0 ? [] : colour, tolerance: 3, "\(name) colour \(quadrant)")
            #expect(abs(Files.pixel(image, x, y)[3] - alpha) <= 1, "\(name) alpha \(quadrant)")
        }
        let reduced = try Files.load(name, fit: PictureFit(side: 8, preservesAspectRatio: true))
        #expect(reduced.isPremultiplied && reduced.width == 8)
        // Top right: green at alpha 128, premultiplied.
        let premultiplied = Files.colours[1].map { ($0 * 128 + 127) / 255 } + [128]
        Files.expect(reduced, 6, 1, premultiplied, tolerance: 3, "\(name) reduced")
    }

    /// Four 64 x 64 tiles (each a colour with a mark at its centre) shown as 120 x 100.
    @Test static func gridsJoinTheirTilesAndCropToTheOutputSize() throws {
        let image = try Files.load("grid.heic")
        #expect(image.width == 120 && image.height == 100)
        for (tile, colour) in Files.colours.enumerated() {
            let left = (tile % 2) * 64, top = (tile / 2) * 64
            Files.expect(image, left + 10, top + 10, colour + [255], tolerance: 2, "tile \(tile)")
            Files.expect(image, left + 32, top + 32, colour.map { 255 - $0 } + [255], tolerance: 2, "mark \(tile)")
        }
        let reduced = try Files.load("grid.heic", fit: PictureFit(side: 10, preservesAspectRatio: true))
        #expect(reduced.width == 12 && reduced.height == 10)
        Files.expect(reduced, 1, 1, Files.colours[0] + [255], tolerance: 2, "reduced top left")
    }

    /// The grid turned a quarter clockwise by irot, as phones store portraits.
    @Test static func rotatedGridsAreTurnedAsAWhole() throws {
        let image = try Files.load("grid-rotated.heic")
        #expect(image.width == 100 && image.height == 120)
        // Shown (x, y) is stored (y, 99 - x).
        Files.expect(image, 10, 10, Files.colours[2] + [255], tolerance: 2, "top left")
        Files.expect(image, 90, 10, Files.colours[0] + [255], tolerance: 2, "top right")
        Files.expect(image, 10, 110, Files.colours[3] + [255], tolerance: 2, "bottom left")
        Files.expect(image, 90, 110, Files.colours[1] + [255], tolerance: 2, "bottom right")
    }

    /// A thumbnail (here of other colours, so the test can tell) stands in for the picture
    /// when it has the pixels the layer needs, and only then.
    @Test static func aThumbnailLargeEnoughForTheLayerIsDecodedInstead() throws {
        let inverse = Files.colours.map { $0.map { 255 - $0 } }
        let small = try Files.load("thumbnail.heic", fit: PictureFit(side: 8, preservesAspectRatio: true))
        #expect(small.width == 16 && small.height == 8)
        Files.expect(small, 4, 2, inverse[0] + [255], tolerance: 3, "from the thumbnail")
        Files.expect(small, 12, 6, inverse[3] + [255], tolerance: 3, "from the thumbnail")
        let larger = try Files.load("thumbnail.heic", fit: PictureFit(side: 20, preservesAspectRatio: true))
        Files.expectQuadrants(larger, width: 40, height: 20, tolerance: 3, "thumbnail too small for the layer")
        Files.expectQuadrants(try Files.load("thumbnail.heic"), width: 64, height: 32, tolerance: 3, "whole")
    }

    @Test static func theShownSizeIsCheckedBeforeDecoding() throws {
        let path = Files.path("grid.heic")
        #expect(throws: ImageCodecError.tooLarge(path: path, width: 120, height: 100, limit: "100 x 100")) {
            try ImageFile.load(path: path, limits: ImageLimits(maxWidth: 100, maxHeight: 100))
        }
        #expect(throws: ImageCodecError.tooLarge(path: path, width: 120, height: 100, limit: "40000 bytes of decoded RGBA pixels")) {
            try ImageFile.load(path: path, limits: ImageLimits(maxDecodedBytes: 40000))
        }
    }

    /// libheif's peak memory, estimated before decoding: the conversion from the declared
    /// size, per pixel libheif's RGB 4:4:4 planes of the coded samples (3 bytes at 8 bits, 4
    /// with alpha, twice that at 10 bits) and, when the picture is kept whole, 8 more (the
    /// picture and its turned copy); or the decoding itself when it
    /// takes more (`HEIFDecodingPlan`), as for these small pictures: heif-enc stores each as
    /// a 1 x 1 grid of one 64 x 64 tile cropped to the picture, and the tile decodes whole
    /// (the decoder's planes, libheif's copy, its RGB: 6 bytes a pixel at 4:2:0, 9 at 4:4:4,
    /// twice that at 10 bits) while the grid's RGB canvas (3 bytes a pixel) waits; alpha.heic's
    /// alpha plane, a monochrome grid of the same kind, decodes after the colours (4:4:4).
    /// The estimate passes; a byte less is refused naming the limit.
    @Test(arguments: [("quadrants.heic", nil, 64 * 32 * 3 + 64 * 64 * 6), ("quadrants.heic", 8, 64 * 32 * 3 + 64 * 64 * 6),
                      ("alpha.heic", nil, 32 * 32 * 3 + 64 * 64 * 9),
                      ("ten-bit.heic", nil, 64 * 8 * 6 + 64 * 64 * 18), ("grid.heic", nil, 120 * 100 * 11)])
    static func decodingMemoryIsCheckedBeforeDecoding(name: String, side: Int?, needed: Int) throws {
        let fit = side.map { PictureFit(side: Double($0), preservesAspectRatio: true) }
        let image = try Files.load(name, fit: fit, limits: ImageLimits(maxWorkingBytes: needed))
        let path = Files.path(name)
        #expect(throws: ImageCodecError.tooLarge(path: path, width: image.width * (side == nil ? 1 : 4), height: image.height * (side == nil ? 1 : 4),
                                                 limit: "\(needed - 1) bytes of memory for decoding (it needs 1 MB)")) {
            try ImageFile.load(path: path, limits: ImageLimits(maxWorkingBytes: needed - 1), fit: fit)
        }
    }

    /// A 12-megapixel photo as cameras write it is admitted by the default limits (37 MB to
    /// convert it); an 8192 x 8192 picture, within the decoded-picture limit, would take 201 MB
    /// and is not.
    @Test static func defaultLimitsAdmitPhotosButNotTheLargestPictures() throws {
        #expect(HEIFDecoder.workingBytes(width: 4032, height: 3024, deep: false, hasAlpha: false, whole: false) == 36_578_304)
        #expect(HEIFDecoder.workingBytes(width: 4032, height: 3024, deep: true, hasAlpha: false, whole: false)
                <= ImageLimits.default.maxWorkingBytes)
        #expect(HEIFDecoder.workingBytes(width: 8192, height: 8192, deep: false, hasAlpha: false, whole: false)
                > ImageLimits.default.maxWorkingBytes)
    }
}
