import Foundation
import ImageCodecs
import Raster
import RenderGIF
import Testing

/// The library's public API: the golden bytes in memory and in a file, pictures from pixels
/// equal to the same pictures from a file, values set in code checked by the rules scene
/// files use and refused naming the property, scene files, and checks that report what differs.
@Suite enum AnimationAPITests {
    static var small: Animation { TestSupport.small }

    @Test static func inMemoryAndToAFileTheBytesAreTheGoldenBytes() throws {
        let folder = try TestSupport.temporaryFolder("api")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let gif = try small.renderGIF()
        #expect(gif.report.frameCount == 90)
        #expect(gif.report.outputs.isEmpty)
        #expect(SHA256.hex(gif.bytes) == GoldenRenderTests.gifSHA256)
        let report = try small.render(to: folder + "/small.gif")
        #expect(report.outputs == [folder + "/small.gif"])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/small.gif"))) == gif.bytes)
    }

    /// A 24 x 24 picture, smaller than the 30-pixel layer, is drawn as given whether it comes
    /// as pixels or from a PNG file holding those pixels.
    @Test static func picturesFromPixelsEqualTheSameFromAFile() throws {
        let folder = try TestSupport.temporaryFolder("api")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var rgba: [UInt8] = []
        for y in 0 ..< 24 {
            for x in 0 ..< 24 { rgba += [UInt8(x * 10), UInt8(y * 10), UInt8((x * y) % 256), 255] }
        }
        let path = folder + "/head.png"
        try PNGEncoder.encode(RGBAImage(width: 24, height: 24, pixels: rgba, isPremultiplied: false))
            .write(to: URL(fileURLWithPath: path))
        var fromFile = small
        fromFile.headImage = .file(path)
        var fromPixels = small
        fromPixels.headImage = try Picture(width: 24, height: 24, rgba: rgba)
        let bytes = try fromPixels.renderGIF().bytes
        #expect(bytes == (try fromFile.renderGIF().bytes))
        #expect(SHA256.hex(bytes) != GoldenRenderTests.gifSHA256)
    }

    @Test static func pixelsThatAreNoPictureAreRefused() {
        #expect(throws: RenderGIFError.self) { try Picture(width: 2, height: 2, rgba: [0, 0, 0]) }
        #expect(throws: RenderGIFError.self) { try Picture(width: 0, height: 2, rgba: []) }
    }

    /// A value set in code outside its range fails naming the property, with the value and
    /// the problem.
    @Test(arguments: [
        ("scale", InvalidSetting(property: .scale, value: "9", problem: "must be an integer from 1 to 4"),
         "invalid value '9' for 'scale': must be an integer from 1 to 4"),
        ("colors", InvalidSetting(property: .colors, value: "1", problem: "must be an integer from 2 to 256"),
         "invalid value '1' for 'colors': must be an integer from 2 to 256"),
        ("taps", InvalidSetting(property: .taps, value: "1,7", problem: "button 7 does not exist (buttons are 0 to 3)"),
         "invalid value '1,7' for 'taps': button 7 does not exist (buttons are 0 to 3)"),
    ])
    static func valuesOutOfRangeAreRefused(setting: String, invalid: InvalidSetting, message: String) {
        var animation = small
        switch setting {
        case "scale": animation.scale = 9
        case "colors": animation.colors = 1
        default: animation.taps = [1, 7]
        }
        let refusal = TestSupport.refusal(animation)
        #expect(refusal == .invalidSetting(invalid))
        #expect(refusal?.description == message)
    }

    /// An animation too long for a GIF is refused with its length, rate and the limit.
    @Test static func tooManyFramesAreRefusedWithTheirNumbers() {
        var animation = small
        animation.hold = 3600
        guard case let .tooManyFrames(seconds, fps, limit)? = TestSupport.refusal(animation) else {
            Issue.record("an animation of over three hours was not refused for its frames")
            return
        }
        #expect(seconds > 3 * 3600 && fps == 50 && limit == 100_000)
    }

    /// A scene file whose values do not fit together is refused naming the file and the key.
    @Test static func aSceneFileThatDoesNotFitTogetherNamesTheKey() throws {
        let folder = try TestSupport.temporaryFolder("api")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/scene.json"
        try Data(#"{"taps": [1, 7]}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RenderGIFError.sceneFile(path: path, problem: "key 'taps': button 7 does not exist (buttons are 0 to 3)")) {
            try Animation(sceneFile: path)
        }
    }

    @Test static func aSceneFileGivesItsSettingsAndACheckSaysWhatDiffers() throws {
        let folder = try TestSupport.temporaryFolder("api")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = #"{"width": 160, "height": 200, "scale": 1, "diameter": 30, "taps": [1, 3], "hold": 0.1}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        let animation = try Animation(sceneFile: folder + "/scene.json")
        #expect(animation == small)
        try animation.render(to: folder + "/small.gif")
        let fresh = try animation.check(against: folder + "/small.gif")
        #expect(fresh.isUpToDate && fresh.files == [folder + "/small.gif"])
        var changed = animation
        changed.taps = [1, 2]
        let stale = try changed.check(against: folder + "/small.gif")
        #expect(!stale.isUpToDate)
        #expect(stale.files == [folder + "/small.gif"])
        #expect(stale.differences.map(\.file) == [folder + "/small.gif"])
        #expect(stale.differences.first?.description.hasPrefix("'\(folder)/small.gif' is out of date") == true)
        #expect(throws: RenderGIFError.self) { try animation.check(against: folder + "/missing.gif") }
    }
}
