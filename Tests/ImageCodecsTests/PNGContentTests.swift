@testable import ImageCodecs
import Testing

/// `PNGContent` holds what a PNG shows: equal for the same pixels however they were stored
/// (interlaced or not), different for another colour type, another colour chunk, one pixel.
@Suite enum PNGContentTests {
    static func rgb(width: Int = 9, height: Int = 7, interlaced: Bool = false, gamma: UInt32 = 0,
                    change: Int? = nil) throws -> PNGContent {
        var samples = (0 ..< width * height * 3).map { ($0 * 37 + 11) % 256 }
        if let change { samples[change] ^= 0x80 }
        var spec = Fixtures.PNGSpec(width: width, height: height, bitDepth: 8, colorType: 2, samples: samples)
        spec.interlaced = interlaced
        spec.gammaFixed = gamma
        return try PNGContent(try Fixtures.png(spec), path: "rgb.png")
    }

    @Test static func interlacingIsHowItIsStoredNotWhatItShows() throws {
        let plain = try rgb(), interlaced = try rgb(interlaced: true)
        #expect(plain == interlaced)
        #expect(plain.size == (9, 7))
        #expect(plain.picture == [0, 0, 0, 9, 0, 0, 0, 7, 8, 2])
        // The pixels are the samples, each with an opaque alpha.
        #expect(Array(plain.pixels.prefix(8)) == [11, 48, 85, 255, 122, 159, 196, 255])
    }

    @Test static func aGammaChunkChangesWhatItShows() throws {
        let plain = try rgb(), withGamma = try rgb(gamma: 45455)
        #expect(plain.pixels == withGamma.pixels)
        #expect(plain.appearance.isEmpty)
        #expect(withGamma.appearance == [PNGContent.Chunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])])
        #expect(plain != withGamma)
    }

    @Test static func oneSampleChangesThePixels() throws {
        let plain = try rgb(), changed = try rgb(change: 3 * 20 + 1)
        #expect(plain.picture == changed.picture && plain.appearance == changed.appearance)
        let differing = (0 ..< plain.pixels.count).filter { plain.pixels[$0] != changed.pixels[$0] }
        #expect(differing == [4 * 20 + 1])
    }

    @Test static func thePaletteFormOfTheSamePixelsIsAnotherPicture() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(10, 20, 30), (200, 100, 0)]
        let indices = [0, 1, 1, 0, 1, 0]
        let palette = Fixtures.PNGSpec(width: 3, height: 2, bitDepth: 8, colorType: 3, samples: indices, palette: colours)
        let rgb = Fixtures.PNGSpec(width: 3, height: 2, bitDepth: 8, colorType: 2,
                                   samples: indices.flatMap { [Int(colours[$0].0), Int(colours[$0].1), Int(colours[$0].2)] })
        let a = try PNGContent(try Fixtures.png(palette), path: "palette.png")
        let b = try PNGContent(try Fixtures.png(rgb), path: "rgb.png")
        #expect(a.pixels == b.pixels)
        #expect(a.picture[9] == 3 && b.picture[9] == 2)
        #expect(a.appearance.map(\.type) == ["PLTE"])
    }

    @Test static func dataThatIsNoPNGIsRefused() throws {
        let good = try Fixtures.png(Fixtures.PNGSpec(width: 2, height: 2, bitDepth: 8, colorType: 0, samples: [1, 2, 3, 4]))
        func refusal(_ bytes: [UInt8]) -> ImageCodecError? {
            do {
                _ = try PNGContent(bytes, path: "x.png")
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal(Array("GIF89a".utf8)) == .corrupt(path: "x.png", message: "not a PNG file"))
        // The IHDR chunk cut short: its declared length runs past the end.
        #expect(refusal(Array(good.prefix(20))) == .corrupt(path: "x.png", message: "the IHDR chunk runs past the end of the file"))
        // No image data after the header: libpng's own words.
        guard case .corrupt? = refusal(Array(good.prefix(33))) else {
            Issue.record("a PNG without image data was accepted")
            return
        }
    }
}
