@testable import RenderGIF
import Testing

/// `--check`'s comparison reads only regular files: a device is refused when it is opened.
@Suite enum FileComparisonSinkTests {
    @Test static func onlyRegularFilesAreCompared() {
        #expect(FileComparisonSink(path: "/dev/null").openFailure == "is a character device, not a regular file")
    }
}
