import Testing
@testable import RenderGIF

/// The poster settings go through the same table as every other setting.
@Suite enum PosterSettingTests {
    static func settings(_ flags: [String]) throws(RenderGIFError) -> Animation {
        guard case let .render(invocation) = try CommandLineInterface.parse(flags + ["out.gif"]) else {
            throw .usage("not a render")
        }
        return try invocation.resolveSettings()
    }

    @Test static func defaultsToNoPosterAndTheEnd() throws {
        let defaults = try settings([])
        #expect(defaults.poster == nil && defaults.posterTime == nil)
    }

    @Test static func flagsLandInTheSettings() throws {
        let given = try settings(["--poster", "docs/still.PNG", "--poster-time", "2.5"])
        #expect(given.poster == "docs/still.PNG")
        #expect(given.posterTime == 2.5)
    }

    /// The end of the default animation, 0.6 x 6 + 0.7 + 0.8 + 1.2 + 0.8 + 0.7 = 7.8 s, is
    /// allowed; a hair later is not.
    @Test static func timeWithinTheAnimation() throws {
        #expect(try settings(["--poster-time", "7.8"]).posterTime == 7.8)
        #expect(throws: RenderGIFError.self) { try settings(["--poster-time", "7.81"]) }
    }
}
