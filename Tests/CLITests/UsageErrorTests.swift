import Foundation
import Testing

/// Every usage error prints `Error: ...`, the usage line and the help hint on standard error,
/// nothing on standard output, and exits 64.
@Suite enum UsageErrorTests {
    static let hint = "Usage: render-gif [<options>] <output>\n  See 'render-gif --help' for more information.\n"

    @Test(arguments: [
        ([], "Missing expected argument '<output>'."),
        (["a.gif", "b.gif"], "Unexpected argument 'b.gif'."),
        (["out.png"], "The output 'out.png' is not a .gif file. For a PNG still use '--poster <file.png>', for PNG frames '--frames <dir>'."),
        (["--check", "-"], "'--check' compares with a file; give '<output>' a file name, not '-'."),
        (["--poster", "still.jpg", "a.gif"], "invalid value 'still.jpg' for '--poster': must be a file name ending in .png (the still is a PNG)"),
        (["--poster-time", "-1", "a.gif"], "invalid value '-1' for '--poster-time': must be a number of seconds from 0"),
        (["--taps", "1", "--hold", "0.2", "--poster-time", "1.5", "a.gif"],
         "invalid value '1.5' for '--poster-time': must be a time within the animation, from 0 to 1.1 s"),
        (["--fsp", "10", "a.gif"], "Unknown option '--fsp'. Did you mean '--fps'?"),
        (["--colours", "8", "a.gif"], "Unknown option '--colours'. Did you mean '--colors'?"),
        (["--zzzzzz", "a.gif"], "Unknown option '--zzzzzz'."),
        (["a.gif", "--scale"], "Missing value for '--scale'."),
        (["--quiet=yes", "a.gif"], "'--quiet' takes no value."),
        (["--scale", "5", "a.gif"], "invalid value '5' for '--scale': must be an integer from 1 to 4"),
        (["--scale", "nan", "a.gif"], "invalid value 'nan' for '--scale': must be an integer from 1 to 4"),
        (["--fps", "0", "a.gif"], "invalid value '0' for '--fps': must be an integer from 1 to 50"),
        (["--width", "-375", "a.gif"], "invalid value '-375' for '--width': must be a number of points from 32 to 4096"),
        (["--hold", "1e9", "a.gif"], "invalid value '1e9' for '--hold': must be a number of seconds from 0 to 3600"),
        (["--taps", "1,x", "a.gif"], "invalid value '1,x' for '--taps': must be a comma-separated list of button indices"),
        (["--taps", "4", "a.gif"], "invalid value '4' for '--taps': button 4 does not exist (buttons are 0 to 3)"),
        (["--avatar", "2", "a.gif"], "invalid value '2' for '--avatar': must be <i>=<file>, a button index, '=' and an image path"),
        (["--avatar", "7=x.png", "a.gif"], "invalid value for '--avatar': button 7 does not exist (buttons are 0 to 3)"),
        (["--dither", "fancy", "a.gif"], "invalid value 'fancy' for '--dither': must be one of none, ordered, diffusion"),
        (["--touch-press", "-0.1", "a.gif"], "invalid value '-0.1' for '--touch-press': must be a number of seconds from 0 to 10"),
        (["--touch-fade", "nan", "a.gif"], "invalid value 'nan' for '--touch-fade': must be a number of seconds from 0 to 10"),
        (["--touch-opacity", "NaN", "a.gif"], "invalid value 'NaN' for '--touch-opacity': must be an opacity from 0 to 1"),
        (["--touch-diameter", "-5", "a.gif"], "invalid value '-5' for '--touch-diameter': must be a number of points from 1 to 1000"),
        (["--touch-color", "grey", "a.gif"], "invalid value 'grey' for '--touch-color': must be a colour #rrggbb"),
        (["--touches=1", "a.gif"], "'--touches' takes no value."),
        (["--check", "--frames", "d", "a.gif"], "'--frames' cannot be used with '--check', which writes nothing."),
    ] as [([String], String)])
    static func usageError(arguments: [String], message: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandRunner.run(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.standardError == "Error: \(message)\n" + hint)
        #expect(result.standardOutput.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing may be written")
    }
}
