import CHEIF
import Foundation
@testable import ImageCodecs
import Testing

/// The decoder's own Y'CbCr conversion on the pictures of scripts/bench-support/ycbcr_files.py:
/// coded-420.{heic,avif} (13 x 9 planes defined by the formulas below, coded losslessly), every
/// pixel against H.273's formulas and the triangle filter computed here in Double; the
/// patches-* pictures (coded losslessly with the chroma format, depth, matrix and range named
/// to heif-enc) for the signal read from the coded stream and against libheif's own conversion.
@Suite enum CodedPlaneTests {
    static let width = 13, height = 9

    /// The planes as ycbcr_files.py defines them.
    static func luma(_ x: Int, _ y: Int) -> Double { Double(16 + (x * 37 + y * 11) % 220) }
    static func cb(_ i: Int, _ j: Int) -> Double { Double(40 + (i * 53 + j * 29) % 180) }
    static func cr(_ i: Int, _ j: Int) -> Double { Double(30 + (i * 71 + j * 43) % 190) }

    /// The signals heif-enc and x265 were told to write into each file's coded stream: chroma
    /// format, matrix, range (what x265 is not told is heif-enc's BT.601 in full range; the
    /// Y4M and grey pictures have their matrix unspecified).
    @Test(arguments: [("coded-420.heic", 1, 2, true), ("patches-444.heic", 3, 1, false), ("patches-422.heic", 2, 9, false),
                      ("patches-420-ten-bit.heic", 1, 5, true), ("patches-grey.heic", 0, 2, false), ("patches-420.avif", 1, 6, true)])
    static func theMatrixAndRangeAreReadFromTheCodedStream(name: String, chroma: Int, matrix: Int, fullRange: Bool) throws {
        let items = try HEIFItems(try Data(contentsOf: URL(fileURLWithPath: PictureFiles.path(name))).map { $0 })
        let coded = HEIFIdentityColour.colourItems(items)
        #expect(coded.count == 1)
        for id in coded {
            let data = items.data(of: id, maxBytes: 1 << 20)
            let stream = name.hasSuffix(".avif")
                ? HEIFVideoSignal.av1(av1C: items.property("av1C", of: id).map { items.bytes[$0.body] }, data: data)
                : HEIFVideoSignal.hevc(units: HEIFVideoSignal.hevcUnits(hvcC: items.property("hvcC", of: id).map { items.bytes[$0.body] },
                                                                        data: data))
            #expect(stream?.chromaFormat == chroma, "\(name)")
            #expect(stream?.matrixCoefficients == matrix, "\(name)")
            #expect(stream?.fullRange == fullRange, "\(name)")
        }
    }

    /// An HEVC stream's primaries and transfer (patches-444.heic: BT.709 and sRGB); an nclx
    /// colr box wins over the stream (coded-420.avif: heif-enc's box says BT.601, full range).
    @Test static func aColourBoxWinsOverTheStream() throws {
        func signal(_ name: String) throws -> HEIFVideoSignal? {
            let items = try HEIFItems(try Data(contentsOf: URL(fileURLWithPath: PictureFiles.path(name))).map { $0 })
            return HEIFIdentityColour.colourItems(items).first.map { HEIFVideoSignal.of($0, in: items, maxBytes: 1 << 20) }
        }
        let hevc = try signal("patches-444.heic")
        #expect(hevc?.colourPrimaries == 1 && hevc?.transferCharacteristics == 13)
        let av1 = try signal("coded-420.avif")
        #expect(av1?.matrixCoefficients == 6 && av1?.fullRange == true)
    }

    /// The triangle filter of H.273 chroma location 0 in Double: chroma of `plane` at luma
    /// position (x, y), subsampled by `factors`.
    static func upsampled(_ plane: (Int, Int) -> Double, x: Int, y: Int, factors: (Int, Int)) -> Double {
        let columns = (width + factors.0 - 1) / factors.0, rows = (height + factors.1 - 1) / factors.1
        func at(_ i: Int, _ j: Int) -> Double { plane(min(max(i, 0), columns - 1), min(max(j, 0), rows - 1)) }
        func across(_ j: Int) -> Double {
            guard factors.0 == 2 else { return at(x, j) }
            return x % 2 == 0 ? at(x / 2, j) : (at(x / 2, j) + at(x / 2 + 1, j)) / 2
        }
        guard factors.1 == 2 else { return across(y) }
        let near = y / 2, far = y % 2 == 0 ? near - 1 : near + 1
        return 0.75 * across(near) + 0.25 * across(far)
    }

    /// H.273 8.3 (matrices 1, 6, 9) from coded values to 0 ... 1, unclamped.
    static func rgb(matrix: Int, bits: Int, fullRange: Bool, y: Double, cb: Double, cr: Double) -> [Double] {
        let (kr, kb) = [1: (0.2126, 0.0722), 6: (0.299, 0.114), 9: (0.2627, 0.0593)][matrix]!
        let step = Double(1 << (bits - 8)), maximum = Double((1 << bits) - 1), half = Double(1 << (bits - 1))
        let l = fullRange ? y / maximum : (y - 16 * step) / (219 * step)
        let pb = fullRange ? (cb - half) / maximum : (cb - half) / (224 * step)
        let pr = fullRange ? (cr - half) / maximum : (cr - half) / (224 * step)
        let r = l + 2 * (1 - kr) * pr, b = l + 2 * (1 - kb) * pb
        return [r, (l - kr * r - kb * b) / (1 - kr - kb), b]
    }

    /// Every pixel of the 4:2:0 pictures with known planes (HEVC and AV1, both BT.601 in full
    /// range, an odd size cropped by clap) against the formulas: within one level.
    @Test(arguments: ["coded-420.heic", "coded-420.avif"])
    static func everyPixelIsWhatTheFormulasGive(name: String) throws {
        let image = try PictureFiles.load(name)
        #expect(image.width == width && image.height == height)
        guard image.width == width, image.height == height else { return }
        var worst = 0.0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let u = upsampled(cb, x: x, y: y, factors: (2, 2)), v = upsampled(cr, x: x, y: y, factors: (2, 2))
                let expected = rgb(matrix: 6, bits: 8, fullRange: true, y: luma(x, y), cb: u, cr: v)
                let got = PictureFiles.pixel(image, x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(Double(got[c]) - min(255, max(0, expected[c] * 255)))) }
                #expect(got[3] == 255)
            }
        }
        #expect(worst <= 1, "\(name): off by up to \(worst)")
    }

    /// The patch pictures decoded here and by libheif's own conversion to RGB (which repeats
    /// chroma samples): within one level everywhere at 4:4:4, and away from the patch edges
    /// (where chroma is flat, so upsampling filters agree) at 4:2:2 and 4:2:0, 8 and 10 bits,
    /// HEVC and AV1.
    @Test(arguments: [("patches-444.heic", false), ("patches-422.heic", true),
                      ("patches-420-ten-bit.heic", true), ("patches-420.avif", true)])
    static func agreesWithLibheif(name: String, interiorOnly: Bool) throws {
        let ours = try PictureFiles.load(name)
        let theirs = try libheifRGB(PictureFiles.path(name))
        #expect(ours.width == 32 && ours.height == 32 && theirs.width == 32 && theirs.height == 32)
        guard ours.width == 32, ours.height == 32, theirs.width == 32, theirs.height == 32 else { return }
        var worst = 0
        for y in 0 ..< 32 where !interiorOnly || (2 ... 5).contains(y % 8) {
            for x in 0 ..< 32 where !interiorOnly || (2 ... 5).contains(x % 8) {
                let got = PictureFiles.pixel(ours, x, y)
                for c in 0 ..< 3 { worst = max(worst, abs(got[c] - Int(theirs.pixels[(y * 32 + x) * 3 + c]))) }
            }
        }
        #expect(worst <= 1, "\(name): off by up to \(worst)")
    }

    /// A monochrome picture in limited range (luma coded losslessly as the patches' green):
    /// grey, with luma expanded from 16 ... 235 to 0 ... 255 as H.273 says. (libheif 1.15's own
    /// conversion copies monochrome luma unexpanded.)
    @Test static func monochromeLumaIsExpandedByItsRange() throws {
        let image = try PictureFiles.load("patches-grey.heic")
        #expect(image.width == 32 && image.height == 32)
        guard image.width == 32, image.height == 32 else { return }
        for y in 0 ..< 32 {
            for x in 0 ..< 32 {
                let green = Double(PictureFiles.patches[(y / 8) * 4 + x / 8][1])
                let grey = Int(min(255, max(0, (green - 16) * 255 / 219)).rounded())
                PictureFiles.expect(image, x, y, [grey, grey, grey, 255], tolerance: 1, "pixel \(x), \(y)")
            }
        }
    }

    /// libheif's own decoding of the file at `path` to interleaved 8-bit RGB, transformed.
    static func libheifRGB(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        struct Failure: Error { let message: String }
        guard let context = heif_context_alloc() else { throw Failure(message: "no context") }
        defer { heif_context_free(context) }
        guard heif_context_read_from_file(context, path, nil).code == heif_error_Ok else { throw Failure(message: "unreadable") }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            throw Failure(message: "no primary image")
        }
        defer { heif_image_handle_release(handle) }
        var decoded: OpaquePointer?
        guard heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil).code == heif_error_Ok,
              let image = decoded else { throw Failure(message: "not decoded") }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { throw Failure(message: "no plane") }
        var pixels: [UInt8] = []
        for y in 0 ..< height { pixels += UnsafeBufferPointer(start: plane + y * Int(stride), count: width * 3) }
        return (width, height, pixels)
    }
}
