import Foundation
@testable import RenderGIF
import SafeFiles
import Testing

/// A check's report is never cut where it says what differs: long file names are shortened
/// in the middle, the findings are kept whole, however long the line becomes.
@Suite enum CheckReportWholeTests {
    @Test static func longNamesAreShortenedAndFindingsKept() throws {
        let root = try TestSupport.temporaryFolder("whole-report")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/" + String(repeating: "a", count: 120) + "/" + String(repeating: "b", count: 120)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var animation = TestSupport.small
        let gif = folder + "/small.gif"
        animation.poster = folder + "/still.png"
        try animation.render(to: gif)
        var changed = animation
        changed.taps = [2, 3]
        changed.posterTime = 0.4

        let result = try changed.check(against: gif)
        #expect(result.differences.map(\.file) == [gif, folder + "/still.png"])
        let message = RenderGIFError.outOfDate(result.differences).description
        #expect(message.count > DisplayText.maxLineLength)
        #expect(!message.contains(folder), "the long names are shortened")
        #expect(message.contains("'" + DisplayText.value(gif) + "' is out of date: the file has "))
        #expect(message.contains("; the pictures first differ at "))
        #expect(message.contains("; and '" + DisplayText.value(folder + "/still.png") + "' is out of date: "))
        #expect(message.hasSuffix(" in the rendering"), "the still's finding ends with its first changed pixel")
    }

    @Test static func otherErrorsStayWithinALine() {
        let long = String(repeating: "x", count: 400)
        let message = RenderGIFError.invalidScene(long).description
        #expect(message.count == DisplayText.maxLineLength)
        let report = RenderGIFError.outOfDate([CheckDifference(file: "f.gif", .text("'f.gif' is out of date: " + long))]).description
        #expect(report == "'f.gif' is out of date: " + long)
    }
}
