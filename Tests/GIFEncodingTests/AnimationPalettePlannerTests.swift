import Foundation
@testable import GIFEncoding
import GIFTestSupport
@testable import Palette
@testable import Raster
import Testing

/// The planned palette: interface colours and ramps exact and first, the transparent slot
/// last, the smallest power of two that reaches the quality target.
@Suite enum AnimationPalettePlannerTests {
    static let white = RGB8(255, 255, 255), red = RGB8(255, 0, 0), green = RGB8(0, 255, 0), blue = RGB8(0, 0, 255)

    /// A 40x30 white canvas with `colors` painted as single pixels along the first rows.
    static func canvas(painting colors: [RGB8]) -> Canvas {
        var canvas = Canvas(width: 40, height: 30, color: .white)
        for (index, color) in colors.enumerated() {
            canvas.fill(PixelRect(x: index % 40, y: index / 40, width: 1, height: 1),
                        with: PremultipliedColor(red: color.r, green: color.g, blue: color.b))
        }
        return canvas
    }

    static func plan(_ canvas: Canvas, options: GIFEncodingOptions = GIFEncodingOptions()) throws -> AnimationPalette {
        var planner = try AnimationPalettePlanner(width: canvas.width, height: canvas.height, options: options)
        try planner.addFrame(canvas)
        return try planner.makePalette()
    }

    @Test static func interfaceColoursAndRampsComeFirstExactly() throws {
        let palette = try plan(canvas(painting: [])).palette
        // Red over white at 4 levels: 255 − 255·k/4 rounded = 191, 128, 64; green likewise.
        let expected = [white, red, green, blue,
                        RGB8(255, 191, 191), RGB8(255, 128, 128), RGB8(255, 64, 64),
                        RGB8(191, 255, 191), RGB8(128, 255, 128), RGB8(64, 255, 64)]
        #expect(Array(palette.colors.prefix(expected.count)) == expected)
        #expect(palette.transparentIndex == UInt8(palette.colors.count))
    }

    @Test static func fewPictureColoursAreKeptExactlyInTheSmallestTable() throws {
        let pictureColors = (0 ..< 20).map { (k: Int) -> RGB8 in
            let r = UInt8(10 + k * 9), g = UInt8(200 - k * 7), b = UInt8(30 + k * 3)
            return RGB8(r, g, b)
        }
        var options = GIFEncodingOptions()
        options.qualityTarget = nil
        let plan = try plan(canvas(painting: pictureColors), options: options)
        // 10 fixed + 20 picture colours + the transparent slot = 31 entries: a 32-entry table,
        // even though up to 256 were allowed.
        #expect(plan.palette.tableSize == 32)
        #expect(plan.estimatedPSNR == .infinity)
        for color in pictureColors { #expect(plan.palette.exactIndex(of: color) != nil) }
    }

    static func gradientCanvas() -> Canvas {
        var canvas = Canvas(width: 40, height: 30, color: .white)
        canvas.draw(AnimationFixtures.avatar(center: Point(x: 20, y: 15), radius: 14, phase: 0.2, moving: false))
        return canvas
    }

    @Test static func theQualityTargetPicksTheTableSize() throws {
        var options = GIFEncodingOptions()
        options.qualityTarget = nil
        let full = try plan(gradientCanvas(), options: options)
        #expect(full.palette.tableSize == 256)
        options.qualityTarget = 10
        let small = try plan(gradientCanvas(), options: options)
        // 10 fixed colours + the transparent slot + at least one picture colour: 16 entries.
        #expect(small.palette.tableSize == 16)
        #expect(small.estimatedPSNR >= 10)
        options.qualityTarget = 500
        #expect(try plan(gradientCanvas(), options: options).palette.tableSize == 256)
        options.qualityTarget = (small.estimatedPSNR + full.estimatedPSNR) / 2
        let middle = try plan(gradientCanvas(), options: options)
        #expect(middle.palette.tableSize > 16 && middle.palette.tableSize <= 256)
        #expect(middle.estimatedPSNR >= options.qualityTarget!)
    }

    /// A 256x130 canvas of distinct colours: more than the quantizer takes one by one, as in
    /// a photograph.
    static func photographicCanvas() -> Canvas {
        var canvas = Canvas(width: 256, height: 130, color: .white)
        for y in 0 ..< 130 {
            for x in 0 ..< 256 {
                let mixed = (x * 7919 + y * 104_729) & 0xFF
                canvas.fill(PixelRect(x: x, y: y, width: 1, height: 1),
                            with: PremultipliedColor(red: UInt8(x), green: UInt8(y), blue: UInt8(mixed)))
            }
        }
        return canvas
    }

    /// Photographs plan the largest table first on both cores; whether it falls short or
    /// the search goes on below it, the table chosen is the one a single thread chooses.
    @Test(arguments: [500.0, 30.0, 8.0])
    static func photographsChooseTheSameTableOnOneThreadOrTwo(target: Double) throws {
        let canvas = photographicCanvas()
        // More colours than the quantizer takes one by one: the photographs' path.
        #expect(canvas.width * canvas.height > PaletteBuilder.bucketingThreshold)
        var options = GIFEncodingOptions()
        options.qualityTarget = target
        options.isParallel = true
        let parallel = try plan(canvas, options: options)
        options.isParallel = false
        let serial = try plan(canvas, options: options)
        #expect(parallel.palette.colors == serial.palette.colors)
        #expect(parallel.estimatedPSNR == serial.estimatedPSNR)
        if target == 500 { #expect(parallel.palette.tableSize == 256) }
        // 10 fixed colours + the transparent slot + a picture colour: the smallest table, 16.
        if target == 8 { #expect(parallel.palette.tableSize == 16) }
    }

    @Test static func theColourLimitCutsTheRampsFirst() throws {
        var options = GIFEncodingOptions()
        options.colors = 8
        let palette = try plan(gradientCanvas(), options: options).palette
        #expect(palette.tableSize == 8)
        #expect(palette.colors == [white, red, green, blue, RGB8(255, 191, 191), RGB8(255, 128, 128), RGB8(255, 64, 64)])
        options.colors = 2
        let tiny = try plan(gradientCanvas(), options: options).palette
        #expect(tiny.colors == [white, red])
        #expect(tiny.transparentIndex == nil)
    }

    /// Squared sRGB distance.
    static func distance(_ a: RGB8, _ b: RGB8) -> Int {
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return dr * dr + dg * dg + db * db
    }

    /// The one free palette colour (10 fixed colours, 1 free, the transparent slot) when
    /// `dropped` shows in the first frame only and `kept` in all `frames`.
    static func freeColor(keeping kept: RGB8, dropping dropped: RGB8, frames: Int) throws -> RGB8 {
        var options = GIFEncodingOptions()
        options.colors = 12
        var planner = try AnimationPalettePlanner(width: 40, height: 30, options: options)
        try planner.addFrame(canvas(painting: [dropped, kept]))
        for _ in 1 ..< frames {
            try planner.addFrame(canvas(painting: [RGB8(255, 255, 255), kept]), damage: PixelRect(x: 0, y: 0, width: 1, height: 1))
        }
        let palette = try planner.makePalette().palette
        #expect(palette.colors.count == 11)
        return palette.colors[10]
    }

    @Test static func weightsFavourWhatStaysOnScreen() throws {
        // The free colour is a weighted mean: nearer the colour seen longer, either way round.
        let first = RGB8(40, 90, 160), second = RGB8(170, 60, 20)
        let favouringSecond = try freeColor(keeping: second, dropping: first, frames: 5)
        #expect(distance(favouringSecond, second) < distance(favouringSecond, first))
        let favouringFirst = try freeColor(keeping: first, dropping: second, frames: 5)
        #expect(distance(favouringFirst, first) < distance(favouringFirst, second))
    }

    @Test static func aPictureHiddenAtFirstCountsOnceItShows() throws {
        // Frame 0 shows `late` in one pixel only; from frame 1 on it fills a 5x5 block that
        // was white, so it is on screen far longer than `early`, which goes after frame 0.
        let early = RGB8(40, 90, 160), late = RGB8(170, 60, 20)
        var options = GIFEncodingOptions()
        options.colors = 12
        var planner = try AnimationPalettePlanner(width: 40, height: 30, options: options)
        var start = canvas(painting: [])
        start.fill(PixelRect(x: 0, y: 10, width: 2, height: 1), with: PremultipliedColor(red: early.r, green: early.g, blue: early.b))
        start.fill(PixelRect(x: 0, y: 20, width: 1, height: 1), with: PremultipliedColor(red: late.r, green: late.g, blue: late.b))
        try planner.addFrame(start)
        var later = canvas(painting: [])
        later.fill(PixelRect(x: 0, y: 20, width: 5, height: 5), with: PremultipliedColor(red: late.r, green: late.g, blue: late.b))
        try planner.addFrame(later, damage: PixelRect(x: 0, y: 10, width: 5, height: 15))
        try planner.addFrame(later, damage: PixelRect(x: 0, y: 0, width: 0, height: 0))
        #expect(planner.frameCount == 3)
        #expect(try planner.makePalette().palette.exactIndex(of: late) != nil)
    }

    @Test static func handWeightsAddToTheCount() throws {
        let first = RGB8(40, 90, 160), second = RGB8(170, 60, 20)
        func free(extraForSecond weight: Double) throws -> RGB8 {
            var options = GIFEncodingOptions()
            options.colors = 12
            var planner = try AnimationPalettePlanner(width: 40, height: 30, options: options)
            let picture = canvas(painting: [first, second])
            try planner.addStaticFrame(picture, frameCount: 2)
            try planner.addFrame(picture, spriteBounds: PixelRect(x: 1, y: 0, width: 1, height: 1), weight: weight)
            return try planner.makePalette().palette.colors[10]
        }
        let balanced = try free(extraForSecond: 0), favoured = try free(extraForSecond: 6)
        #expect(distance(favoured, second) < distance(balanced, second))
        #expect(distance(favoured, second) < distance(favoured, first))
    }

    @Test static func wrongSizesAndOptionsAreRefused() throws {
        var planner = try AnimationPalettePlanner(width: 40, height: 30)
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF palette planner", problem: "frame is 41 x 30, the animation is 40 x 30")) {
            try planner.addFrame(Canvas(width: 41, height: 30))
        }
        var options = GIFEncodingOptions()
        options.colors = 300
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF encoding options", problem: "colors 300 is outside 2 ... 256")) {
            _ = try AnimationPalettePlanner(width: 40, height: 30, options: options)
        }
    }
}
