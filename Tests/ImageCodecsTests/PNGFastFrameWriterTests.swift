import Foundation
@testable import ImageCodecs
@testable import Raster
import SafeFiles
import SharedTestSupport
import Testing

@Suite enum PNGFastFrameWriterTests {
    static func frames(count: Int) -> [RGBAImage] {
        (0 ..< count).map { PNGFastFixtures.frame(width: 75, height: 134, shift: $0 * 3) }
    }

    static func name(_ index: Int) -> String { "frame-\(index).png" }

    @Test static func filesMatchSequentialEncodingInNameAndBytes() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        let images = frames(count: 6)
        let writer = PNGFrameWriter()
        for (index, image) in images.enumerated() {
            try writer.write(image, to: folder + "/" + name(index))
        }
        try writer.finish()
        #expect(try TestFiles.folderListing(folder) == (0 ..< 6).map(name).sorted())
        for (index, image) in images.enumerated() {
            let written = try TestFiles.contents(of: folder + "/" + name(index))
            #expect(written == [UInt8](try PNGEncoder.encode(image)))
        }
    }

    /// Once a frame is stored, the writer holds nothing of its work: the frames folder the
    /// caller lets go of is gone (and with it the staging folder a failed render must not
    /// leave behind), whichever thread wrote the frame.
    @Test static func aStoredFrameLeavesItsFolderToTheCaller() throws {
        let parent = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(parent) }
        let writer = PNGFrameWriter()
        weak var released: FrameFolder?
        try {
            let folder = try FrameFolder(path: parent + "/frames", frameCount: 2)
            released = folder
            try writer.write(PNGFastFixtures.frame(width: 20, height: 30), frame: 0, in: folder)
            try writer.finish()
        }()
        #expect(released == nil, "the frames folder outlived its frame's write")
        #expect(try TestFiles.folderListing(parent).isEmpty, "the staging folder was left")
    }

    @Test static func optionsApplyToEveryFrame() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        let options = PNGEncodingOptions(compressionLevel: 9, filter: .paeth, strategy: .filtered)
        let image = PNGFastFixtures.frame(width: 40, height: 70)
        let writer = PNGFrameWriter(options: options)
        try writer.write(image, to: folder + "/a.png")
        try writer.finish()
        #expect(try TestFiles.contents(of: folder + "/a.png") == [UInt8](try PNGEncoder.encode(image, options: options)))
    }

    @Test static func aFailedFrameIsThrownLaterAndStopsTheSequence() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        let images = frames(count: 4)
        let missing = folder + "/missing/" + name(1)
        let expected = ImageCodecError.file(.unwritable(path: missing, reason: "no such folder '\(folder)/missing'"))
        let writer = PNGFrameWriter()
        try writer.write(images[0], to: folder + "/" + name(0))
        try writer.write(images[1], to: missing)
        // Frame 1's failure surfaces when frame 2 is handed over; frame 2 is not written.
        #expect(throws: expected) { try writer.write(images[2], to: folder + "/" + name(2)) }
        #expect(throws: expected) { try writer.write(images[3], to: folder + "/" + name(3)) }
        #expect(throws: expected) { try writer.finish() }
        #expect(try TestFiles.folderListing(folder) == [name(0)])
    }

    @Test static func anEncoderErrorSurfacesFromFinish() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        let writer = PNGFrameWriter(options: PNGEncodingOptions(compressionLevel: 12))
        try writer.write(PNGFastFixtures.frame(width: 8, height: 8), to: folder + "/bad.png")
        #expect(throws: ImageCodecError.invalidInput(context: "PNG options",
                                                     problem: "compression level 12 is not in 0...9")) {
            try writer.finish()
        }
        #expect(try TestFiles.folderListing(folder).isEmpty)
    }

    @Test static func droppingTheWriterCompletesTheFrameInFlight() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { TestFiles.removeFolder(folder) }
        let image = PNGFastFixtures.frame(width: 75, height: 134)
        do {
            let writer = PNGFrameWriter()
            try writer.write(image, to: folder + "/last.png")
        }
        #expect(try TestFiles.folderListing(folder) == ["last.png"])
        #expect(try TestFiles.contents(of: folder + "/last.png") == [UInt8](try PNGEncoder.encode(image)))
    }

    @Test static func finishingTwiceAndFinishingAnEmptyWriterAreFine() throws {
        let writer = PNGFrameWriter()
        try writer.finish()
        try writer.finish()
        #expect(writer.options == .fast)
    }
}
