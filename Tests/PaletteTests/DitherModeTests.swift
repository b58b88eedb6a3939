import Testing
@testable import Palette

@Suite enum DitherModeTests {
    @Test(arguments: [("none", DitherMode.none), ("ordered", .ordered), ("diffusion", .diffusion)])
    static func parsesKnownNames(_ name: String, _ mode: DitherMode) throws {
        #expect(try DitherMode(parsing: name) == mode)
        #expect(DitherMode.parse(name) == .success(mode))
        #expect(mode.description == name)
    }

    @Test(arguments: ["", "Ordered", "floyd", "none "])
    static func rejectsOtherNamesNamingThem(_ name: String) {
        #expect(DitherMode.parse(name) == .failure(.unknownDitherMode(name)))
        #expect(throws: PaletteError.unknownDitherMode(name)) { try DitherMode(parsing: name) }
        #expect(PaletteError.unknownDitherMode(name).description.contains("'\(name)'"))
    }
}
