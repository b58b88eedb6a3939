import Foundation
import Testing

/// SIGINT, SIGTERM and SIGHUP in the middle of a render: no temporary file remains, existing
/// outputs keep their bytes, one line says what happened, and the process ends by the signal
/// (a shell reports 128 + its number).
@Suite enum InterruptionTests {
    /// A render long enough to be caught in the middle: 2,035 frames of 1500 x 2668 pixels,
    /// each also written as a PNG, plus a poster.
    static let longRender = ["--scale", "4", "--taps", "1", "--hold", "20", "--frames", "frames", "--poster", "still.png", "out.gif"]

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    static func interruptedRenderCleansUp(signal: Int32) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = Data("the previous output\n".utf8)
        try previous.write(to: folder.appendingPathComponent("out.gif"))
        try previous.write(to: folder.appendingPathComponent("still.png"))

        let errors = Pipe()
        let process = CommandRunner.process(longRender, in: folder, standardOutput: FileHandle.nullDevice, standardError: errors)
        try process.run()
        // Progress output means the outputs' temporary files exist.
        var text = ""
        while !text.contains("\n") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        #expect(text.hasPrefix("render-gif: "), "progress before the signal: \(text)")
        // Progress starts before the palette is planned; wait until frames are being written,
        // so the signal lands among them.
        let framesPath = folder.appendingPathComponent("frames").path
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline,
              ((try? FileManager.default.contentsOfDirectory(atPath: framesPath)) ?? []).isEmpty {
            usleep(20_000)
        }
        #expect(process.isRunning, "the render must still be running when signalled")
        kill(process.processIdentifier, signal)
        text += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let lines = text.split(separator: "\n").map(String.init)
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal]!
        #expect(lines.last == "Error: render interrupted by \(name); temporary files removed, existing outputs left as they were")
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)

        #expect(try Data(contentsOf: folder.appendingPathComponent("out.gif")) == previous)
        #expect(try Data(contentsOf: folder.appendingPathComponent("still.png")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frames", "out.gif", "still.png"])
        try expectOnlyCompleteFrames(in: folder.appendingPathComponent("frames"))
    }

    /// Checks that `frames` holds the first frames of the long render, fewer than all, the last
    /// one a complete PNG, and no temporary file.
    static func expectOnlyCompleteFrames(in frames: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names.count < 2035)
        #expect(names == (0..<names.count).map { FramesFolderTests.frameName($0) }, "only complete frames, no temporary file")
        for name in names.suffix(1) {
            let bytes = try Data(contentsOf: frames.appendingPathComponent(name))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes.suffix(8).starts(with: Array("IEND".utf8)))
        }
    }
}
