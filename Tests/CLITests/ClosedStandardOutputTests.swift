import Foundation
import Testing

/// A reader that closes standard output in the middle of a render (`render-gif - | head -c1`):
/// the process ends by SIGPIPE as other command-line tools do, one line says why, and no
/// temporary file of the poster or of a frame remains.
@Suite enum ClosedStandardOutputTests {
    /// A render long enough to be caught in the middle, its GIF going to standard output.
    static let longRender = ["--scale", "4", "--taps", "1", "--hold", "20", "--poster", "still.png", "--frames", "frames", "-"]

    /// How long the render may take to write its first bytes, or to end once the reader has
    /// closed the pipe; generous, since the machine may be busy.
    static let patience: TimeInterval = 300

    @Test static func closedStandardOutputCleansUpAndEndsBySIGPIPE() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = Data("the previous poster\n".utf8)
        try previous.write(to: folder.appendingPathComponent("still.png"))

        let output = Pipe(), errors = Pipe()
        let process = CommandRunner.process(longRender, in: folder, standardOutput: output, standardError: errors)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let errorText = StandardErrorCollector(errors.fileHandleForReading)

        // The first bytes of the GIF mean the render is under way; then the reader goes away.
        let first = try readFirstBytes(output.fileHandleForReading, within: patience)
        try output.fileHandleForReading.close()
        #expect(first.starts(with: Array("GIF".utf8)), "the GIF starts on standard output")

        if exited.wait(timeout: .now() + patience) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            Issue.record("the render did not end after standard output was closed")
            return
        }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGPIPE)
        let lines = errorText.wait().split(separator: "\n").map(String.init)
        #expect(lines.last == "Error: standard output was closed (SIGPIPE); temporary files removed, existing outputs left as they were")
        #expect(lines.filter { $0.hasPrefix("Error:") }.count == 1, "one error line: \(lines)")

        #expect(try Data(contentsOf: folder.appendingPathComponent("still.png")) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["still.png"],
                "no frames folder (it did not exist), no temporary file")
    }

    /// Waits until `handle` has bytes to read, at most `seconds`, and reads them.
    static func readFirstBytes(_ handle: FileHandle, within seconds: TimeInterval) throws -> Data {
        var ready = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let result = poll(&ready, 1, milliseconds)
            if result > 0 { return handle.availableData }
            if result < 0 && errno == EINTR { continue }
            throw ReadFailure(reason: result == 0 ? "no bytes on standard output within \(seconds) s" : "poll failed")
        }
    }

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String { reason }
        let reason: String
    }
}

/// Reads standard error to its end on another thread, so a chatty process never blocks.
private final class StandardErrorCollector: @unchecked Sendable {
    private var text = ""
    private let done = DispatchGroup()

    init(_ handle: FileHandle) {
        done.enter()
        DispatchQueue.global().async {
            self.text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            self.done.leave()
        }
    }

    /// Everything the process wrote, once its end of the pipe is closed.
    func wait() -> String {
        done.wait()
        return text
    }
}
