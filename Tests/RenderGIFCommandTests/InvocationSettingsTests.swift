import Foundation
import RenderGIF
@testable import RenderGIFCommand
import Testing

/// The settings an invocation resolves: defaults, then the scene file, then the flags; and a
/// value refused, alone or with the others, named by its flag (exit 64).
@Suite enum InvocationSettingsTests {
    @Test static func noFlagsGiveTheDefaults() throws {
        #expect(try CommandTestSupport.settings(["out.gif"]) == Animation())
    }

    /// Flags give the settings the scene-file keys of the same names give.
    @Test static func flagsLandInTheSettings() throws {
        var expected = Animation()
        let scene = #"{"width": 160, "height": 200, "scale": 1, "diameter": 30, "taps": [1, 3], "hold": 0.1}"#
        try SceneFile.apply(Array(scene.utf8), path: "s.json", to: &expected)
        #expect(expected.width == 160 && expected.buttonDiameter == 30 && expected.taps == [1, 3] && expected.hold == 0.1)
        let arguments = ["--width", "160", "--height", "200", "--scale", "1", "--diameter", "30", "--taps", "1,3",
                         "--hold", "0.1", "out.gif"]
        #expect(try CommandTestSupport.settings(arguments) == expected)
    }

    @Test static func posterFlagsLandInTheSettings() throws {
        let given = try CommandTestSupport.settings(["--poster", "docs/still.PNG", "--poster-time", "2.5", "out.gif"])
        #expect(given.poster == "docs/still.PNG")
        #expect(given.posterTime == 2.5)
        // The end of the default animation, 7.8 s, is allowed.
        #expect(try CommandTestSupport.settings(["--poster-time", "7.8", "out.gif"]).posterTime == 7.8)
    }

    /// The later of two flags for one setting wins.
    @Test static func flagsApplyInOrder() throws {
        #expect(try CommandTestSupport.settings(["--fps", "25", "out.gif", "--fps", "30"]).fps == 30)
    }

    /// Refusals of one value, and of values that do not fit together, each naming the flag
    /// with the text the command has always printed.
    @Test(arguments: [
        (["--border-width", "1000"], Animation.Property.borderWidth,
         "invalid value '1000' for '--border-width': must be a number of points from 0 to 500"),
        (["--max-bytes", "5XB"], .maxBytes,
         "invalid value '5XB' for '--max-bytes': must be a whole number of bytes (units KB, MB, GB, KiB, MiB, GiB) from 1 to 1TB"),
        (["--scale", "9"], .scale, "invalid value '9' for '--scale': must be an integer from 1 to 4"),
        (["--colors", "1"], .colors, "invalid value '1' for '--colors': must be an integer from 2 to 256"),
        (["--touch-diameter", "0"], .touchDiameter, "invalid value '0' for '--touch-diameter': must be a number of points from 1 to 1000"),
        (["--touch-opacity", "1.5"], .touchOpacity, "invalid value '1.5' for '--touch-opacity': must be an opacity from 0 to 1"),
        (["--touch-press", "-1"], .touchPress, "invalid value '-1' for '--touch-press': must be a number of seconds from 0 to 10"),
        (["--touch-fade", "nan"], .touchFade, "invalid value 'nan' for '--touch-fade': must be a number of seconds from 0 to 10"),
        (["--taps", "1,7"], .taps, "invalid value '1,7' for '--taps': button 7 does not exist (buttons are 0 to 3)"),
        (["--taps", "1,4,5"], .taps, "invalid value '1,4,5' for '--taps': button 4 does not exist (buttons are 0 to 3)"),
        (["--avatar", "7=h.png", "--avatar", "5=f.png", "--avatar", "0=a.png"], .avatarImages,
         "invalid value for '--avatar': button 5 does not exist (buttons are 0 to 3)"),
        (["--diameter", "51", "--border-width", "25.75"], .borderWidth,
         "invalid value '25.75' for '--border-width': must be at most half the diameter (25.5)"),
        (["--width", "4096", "--scale", "4"], .scale,
         "invalid value '4' for '--scale': frames would be 16384 pixels on a side, over the limit of 8192"),
        (["--poster-time", "7.81"], .posterTime,
         "invalid value '7.81' for '--poster-time': must be a time within the animation, from 0 to 7.8 s"),
    ])
    static func refusalsNameTheFlag(flags: [String], property: Animation.Property, message: String) throws {
        let error = try #require(CommandTestSupport.settingsError(flags + ["out.gif"]))
        guard case let .render(.invalidSetting(invalid)) = error else {
            Issue.record("got \(error)")
            return
        }
        #expect(invalid.property == property)
        #expect(error.description == message)
        #expect(error.isUsageError)
    }

    /// A check across settings that fails because of a scene file's key names the file and
    /// the key, also when the setting it names kept its default; a flag that was given is
    /// named instead.
    @Test static func sceneFileKeysAreNamedWhereTheyCameFrom() throws {
        let folder = try CommandTestSupport.temporaryFolder("command-scene")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.json"
        try Data(#"{"buttons": 2}"#.utf8).write(to: URL(fileURLWithPath: path))
        let fromScene = try #require(CommandTestSupport.settingsError(["--scene", path, "out.gif"]))
        #expect(fromScene.description == "scene file '\(path)': key 'buttons' does not fit the default 'taps': "
                + "button 3 does not exist (buttons are 0 to 1)")
        #expect(!fromScene.isUsageError)
        let fromFlag = try #require(CommandTestSupport.settingsError(["--scene", path, "--taps", "1,3", "out.gif"]))
        #expect(fromFlag.description == "invalid value '1,3' for '--taps': button 3 does not exist (buttons are 0 to 1)")
        #expect(fromFlag.isUsageError)
    }
}
