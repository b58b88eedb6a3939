import Testing
@testable import RenderGIF

/// Numbers in messages are rounded for people: at most three decimals, no trailing zeros.
@Suite enum NumberWordingTests {
    @Test(arguments: [
        (2850.599999999839, "2850.6"), (26.0, "26"), (0.001, "0.001"), (0.0004, "0"), (-1.5, "-1.5"),
        (1.2345, "1.235"), (-0.0001, "0"), (1e20, "1e+20"), (12.5, "12.5"), (0.1 + 0.2, "0.3"),
    ])
    static func shortDescription(value: Double, text: String) {
        #expect(value.shortDescription == text)
    }
}
