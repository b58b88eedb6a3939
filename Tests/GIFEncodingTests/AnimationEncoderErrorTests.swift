import Foundation
@testable import GIFEncoding
import GIFTestSupport
@testable import Palette
@testable import Raster
import Testing

/// Misuse of the animation encoder is an error value with readable text, never a crash.
@Suite enum AnimationEncoderErrorTests {
    static func encoder(options: GIFEncodingOptions = GIFEncodingOptions()) throws -> AnimationEncoder {
        let palette = try IndexedPalette(colors: [RGB8(255, 255, 255), RGB8(255, 0, 0)], reservesTransparentIndex: true)
        return try AnimationEncoder(width: 8, height: 6, palette: palette, options: options)
    }

    static let white = Canvas(width: 8, height: 6, color: .white)

    @Test static func aCanvasOfAnotherSizeIsRefused() throws {
        let encoder = try encoder()
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation frame 0", problem: "canvas is 9 x 6, the screen is 8 x 6")) {
            try encoder.addFrame(Canvas(width: 9, height: 6, color: .white), time: 0)
        }
    }

    @Test static func timesMustNotGoBackwards() throws {
        let encoder = try encoder()
        try encoder.addFrame(white, time: 0.5)
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation frame 1", problem: "time 0.25 s is before the previous frame's 0.5 s")) {
            try encoder.addFrame(white, time: 0.25)
        }
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation frame 1", problem: "time nan s is not a finite non-negative number")) {
            try encoder.addFrame(white, time: .nan)
        }
    }

    @Test static func finishNeedsAFrameAndATimeAfterIt() throws {
        let empty = try encoder()
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation", problem: "no frame was added")) {
            try empty.finish(totalDuration: 1)
        }
        let encoder = try encoder()
        try encoder.addFrame(white, time: 0.5)
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation",
                                                     problem: "total duration 0.4 s is not a finite time at or after the last frame")) {
            try encoder.finish(totalDuration: 0.4)
        }
    }

    @Test static func nothingAfterFinish() throws {
        let encoder = try encoder()
        try encoder.addFrame(white, time: 0)
        try encoder.finish(totalDuration: 1)
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation", problem: "finish() was already called")) {
            try encoder.finish(totalDuration: 1)
        }
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF animation frame 1", problem: "the animation was already finished")) {
            try encoder.addFrame(white, time: 2)
        }
    }

    @Test(arguments: [
        (1, "colors 1 is outside 2 ... 256"),
        (257, "colors 257 is outside 2 ... 256"),
    ])
    static func optionsOutOfRangeAreNamed(colors: Int, problem: String) throws {
        var options = GIFEncodingOptions()
        options.colors = colors
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF encoding options", problem: problem)) {
            _ = try encoder(options: options)
        }
    }

    @Test static func otherKnobsAreChecked() throws {
        var options = GIFEncodingOptions()
        options.loopCount = 70000
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF encoding options", problem: "loop count 70000 is outside 0 ... 65535")) {
            try options.validate()
        }
        options = GIFEncodingOptions()
        options.unchangedTolerance = -1
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF encoding options", problem: "unchanged tolerance -1.0 is outside 0 ... 64")) {
            try options.validate()
        }
        options = GIFEncodingOptions()
        options.qualityTarget = 0
        #expect(throws: GIFEncodingError.invalidInput(context: "GIF encoding options", problem: "quality target 0.0 dB is not a positive number")) {
            try options.validate()
        }
        #expect(GIFEncodingError.invalidInput(context: "GIF encoding options", problem: "colors 1 is outside 2 ... 256").description
            == "GIF encoding options: colors 1 is outside 2 ... 256")
    }
}
