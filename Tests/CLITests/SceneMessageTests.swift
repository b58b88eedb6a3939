import Foundation
import Testing

/// Errors found by checks across settings name where the setting came from: the scene file
/// and its key (no usage text, since no flag was wrong), or the flag. Numbers are rounded.
@Suite enum SceneMessageTests {
    static func run(scene: String, _ arguments: [String] = []) throws -> CommandRunner.Result {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(scene.utf8).write(to: folder.appendingPathComponent("a.json"))
        let result = try CommandRunner.run(["--scene", "a.json", "--quiet"] + arguments + ["out.gif"], in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.json"], "nothing written")
        return result
    }

    @Test(arguments: [
        (#"{"avatars": {"7": "a.png"}}"#, "key 'avatars': button 7 does not exist (buttons are 0 to 3)"),
        (#"{"taps": [1, 5]}"#, "key 'taps': button 5 does not exist (buttons are 0 to 3)"),
        (#"{"buttons": 2}"#, "key 'buttons' does not fit the default 'taps': button 3 does not exist (buttons are 0 to 1)"),
        (#"{"diameter": 10, "borderWidth": 6}"#, "key 'borderWidth' must be at most half the diameter (5)"),
        (#"{"diameter": 3}"#, "key 'diameter' does not fit the default 'borderWidth': must be at most half the diameter (1.5)"),
        (#"{"scale": 4, "width": 4000}"#, "key 'scale': frames would be 16000 pixels on a side, over the limit of 8192"),
    ] as [(String, String)])
    static func sceneErrorNamesTheFileAndTheKey(scene: String, problem: String) throws {
        let result = try run(scene: scene)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: scene file 'a.json': \(problem)\n")
    }

    /// The same conflict with the setting given as a flag names the flag.
    @Test static func flagStillNamesTheFlag() throws {
        let result = try run(scene: #"{"buttons": 2}"#, ["--taps", "1,3"])
        #expect(result.status == 64)
        #expect(result.standardError == "Error: invalid value '1,3' for '--taps': button 3 does not exist (buttons are 0 to 1)\n" + UsageErrorTests.hint)
    }

    /// 2,000 taps with the default 0.6 s holds and move durations add up, in floating point,
    /// to 2601.299999999902 s; the message shows it rounded to at most three decimals.
    @Test static func durationIsRoundedForPeople() throws {
        let taps = Array(repeating: "1,3,0,2,1", count: 400).joined(separator: ",")
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(["--taps", taps, "out.gif"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "Error: the animation would last 2601.3 s, 130065 frames at 50 fps, over the limit of 100000 frames\n")
    }
}
