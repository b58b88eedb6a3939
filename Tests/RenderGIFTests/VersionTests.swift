import Testing
@testable import RenderGIF

@Suite enum VersionTests {
    @Test static func versionIsSemantic() {
        let parts = RenderGIFVersion.string.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }

    /// The libraries that decide the outputs' bytes and the pictures' pixels, in a fixed order.
    @Test static func theLibrariesAreListed() {
        let names = RenderGIFVersion.libraries.map(\.name)
        #expect(names == ["libpng", "zlib", "giflib", "libjpeg-turbo", "Little CMS", "libheif", "libwebp"])
        #expect(RenderGIFVersion.libraries.allSatisfy { $0.version.first?.isNumber == true })
        #expect(RenderGIFVersion.libraries.filter { !$0.isLoadedVersion }.map(\.name) == ["giflib", "libjpeg-turbo"])
        let heif = RenderGIFVersion.libraries.first { $0.name == "libheif" }
        #expect(heif?.components.isEmpty == false, "libheif names its decoders")
        #expect(RenderGIFVersion.librariesLine == RenderGIFVersion.libraries.map(\.description).joined(separator: ", "))
        #expect(RenderGIFVersion.report.hasPrefix("render-gif \(RenderGIFVersion.string)\nlibpng "))
    }

    @Test static func aLibraryIsDescribedWithWhereItsVersionCameFrom() {
        #expect(LinkedLibrary(name: "libpng", version: "1.6.39", isLoadedVersion: true).description == "libpng 1.6.39")
        #expect(LinkedLibrary(name: "giflib", version: "5.2.1", isLoadedVersion: false).description == "giflib 5.2.1 (headers)")
        let heif = LinkedLibrary(name: "libheif", version: "1.15.1", isLoadedVersion: true, components: ["dav1d v6.6.0", "libde265 1.0.11"])
        #expect(heif.description == "libheif 1.15.1 (dav1d v6.6.0; libde265 1.0.11)")
        #expect(LinkedLibrary.packedVersion(0x010204) == "1.2.4")
    }
}
