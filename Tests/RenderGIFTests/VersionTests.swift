import Testing
@testable import RenderGIF

@Suite enum VersionTests {
    @Test static func versionIsSemantic() {
        let parts = RenderGIFVersion.string.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }
}
