import Foundation
import Testing

/// SIGINT, SIGTERM and SIGHUP in the middle of a render: no temporary file remains, existing
/// outputs keep their bytes, the frames folder is as it was (here: not there), one line says
/// what happened, and the process ends by the signal (a shell reports 128 + its number).
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
        // Progress output means the outputs' temporary files exist; a count of frames done
        // means frames are being written, so the signal lands among them.
        let text = try waitForFramesInProgress(errors.fileHandleForReading)
        #expect(text.hasPrefix("render-gif: "), "progress before the signal: \(text)")
        #expect(process.isRunning, "the render must still be running when signalled")
        kill(process.processIdentifier, signal)
        var allText = text
        allText += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        let lines = allText.split(separator: "\n").map(String.init)
        let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal]!
        #expect(lines.last == "Error: render interrupted by \(name); temporary files removed, existing outputs left as they were")
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1)

        #expect(try Data(contentsOf: folder.appendingPathComponent("out.gif")) == previous)
        #expect(try Data(contentsOf: folder.appendingPathComponent("still.png")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out.gif", "still.png"],
                "no frames folder (it did not exist), no temporary file")
    }

    /// Reads the progress lines from `handle` until one counts frames done ("render-gif:
    /// 40/2035 frames"), or the stream ends; returns what was read.
    static func waitForFramesInProgress(_ handle: FileHandle) throws -> String {
        var text = ""
        while !text.contains("/2035 frames\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }
}
