@testable import ImageCodecs
import Testing

/// libheif as the process has it: opened the first time a picture needs it on Linux (every
/// function render-gif calls resolved, or a reason), linked on macOS; and the error a
/// picture gets when it cannot be used.
@Suite enum HEIFLibraryTests {
    @Test static func libheifOpensWithEveryFunctionRenderGIFCalls() {
        #expect(HEIFLibrary.open() == nil)
        #expect(HEIFLibrary.open() == nil, "a second call gives the first one's answer")
        #if os(Linux)
        #expect(HEIFLibrary.opensOnUse)
        #expect(HEIFLibrary.problem(openingLibraryNamed: "libheif.so.1") == nil)
        #else
        #expect(!HEIFLibrary.opensOnUse)
        #endif
    }

    #if os(Linux)
    /// A library that is not there: the loader's reason names it.
    @Test static func aMissingLibraryIsNamedWithTheLoadersReason() throws {
        let problem = try #require(HEIFLibrary.problem(openingLibraryNamed: "libheif-not-installed.so.1"))
        #expect(problem.hasPrefix("libheif-not-installed.so.1: "), "\(problem)")
    }

    /// A library that opens but lacks libheif's functions (zlib, which every build links) is
    /// refused with the first function it lacks, in the order the loader resolves them.
    @Test static func aLibraryWithoutLibheifsFunctionsIsRefused() throws {
        let problem = try #require(HEIFLibrary.problem(openingLibraryNamed: "libz.so.1"))
        #expect(problem.hasPrefix("libz.so.1 has no function heif_"), "\(problem)")
        #expect(problem.hasSuffix(" (older than the headers render-gif was built with)"), "\(problem)")
    }
    #endif

    @Test static func anUnavailableDecoderNamesThePictureTheLibraryAndTheReason() {
        let error = ImageCodecError.decoderUnavailable(path: "photo.heic", library: "libheif",
                                                       reason: "libheif.so.1: cannot open shared object file")
        #expect(error.path == "photo.heic")
        #expect(error.description
            == "'photo.heic' cannot be decoded: libheif cannot be used: libheif.so.1: cannot open shared object file")
    }
}
