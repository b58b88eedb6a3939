import Foundation
import ImageCodecs
import Raster
import RenderGIF
import Testing

/// The library's public API: the same bytes as the command for the same settings, pictures
/// from pixels equal to the same pictures from a file, values set in code checked by the
/// option table's rules, scene files, and checks that report what differs.
@Suite enum AnimationAPITests {
    /// The golden render's settings, set in code.
    static var small: Animation {
        var animation = Animation()
        animation.width = 160
        animation.height = 200
        animation.scale = 1
        animation.buttonDiameter = 30
        animation.taps = [1, 3]
        animation.hold = 0.1
        return animation
    }

    static func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "render-gif-api-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test static func inMemoryAndToAFileTheBytesAreTheCommands() throws {
        let folder = try temporaryFolder()
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
        let folder = try temporaryFolder()
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

    /// A value set in code outside its flag's range fails as the flag would, naming it.
    @Test(arguments: [
        ("scale", "invalid value '9' for '--scale': must be an integer from 1 to 4"),
        ("colors", "invalid value '1' for '--colors': must be an integer from 2 to 256"),
        ("taps", "invalid value '1,7' for '--taps': button 7 does not exist (buttons are 0 to 3)"),
    ])
    static func valuesOutOfRangeAreRefused(setting: String, message: String) {
        var animation = small
        switch setting {
        case "scale": animation.scale = 9
        case "colors": animation.colors = 1
        default: animation.taps = [1, 7]
        }
        do {
            _ = try animation.renderGIF()
            Issue.record("rendered with a bad \(setting)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test static func aSceneFileGivesItsSettingsAndACheckSaysWhatDiffers() throws {
        let folder = try temporaryFolder()
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
        #expect(stale.differences.count == 1 && stale.differences[0].hasPrefix("'\(folder)/small.gif' is out of date"))
        #expect(throws: RenderGIFError.self) { try animation.check(against: folder + "/missing.gif") }
    }
}
