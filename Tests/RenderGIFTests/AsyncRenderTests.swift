import Foundation
import GIFEncoding
import GIFTestSupport
@testable import RenderGIF
import Testing
import WorkThreads

/// The `async` renders: the same bytes as the synchronous ones, progress through a Sendable
/// closure, task cancellation stopping a render between frames with nothing left behind, and
/// the still of a render to memory returned as bytes with no file written.
@Suite enum AsyncRenderTests {
    /// A small animation that renders in a moment.
    static var small: Animation {
        var animation = Animation()
        animation.scale = 1
        animation.fps = 10
        animation.taps = [1]
        animation.hold = 0.2
        animation.colors = 32
        return animation
    }

    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-gif-async-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    /// What a render reported, collected from its thread.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [RenderEvent] = []

        func append(_ event: RenderEvent) { lock.withLock { events.append(event) } }
        var all: [RenderEvent] { lock.withLock { events } }
    }

    @Test static func awaitedRendersWriteTheSynchronousBytes() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("a.gif").path
            let events = Events()
            let report = try await small.render(to: path) { events.append($0) }
            let expected = try small.renderGIF(progress: SilentProgress()).bytes
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected))
            let total = report.frameCount
            #expect(events.all == [.started(totalFrames: total)]
                + (0 ..< total).map { .frameFinished(index: $0, totalFrames: total) } + [.finished])
            let inMemory = try await small.renderGIF()
            #expect(inMemory.bytes == expected && inMemory.still == nil)
            let check = try await small.check(against: path)
            #expect(check.isUpToDate && check.files == [path])
        }
    }

    /// Cancelled after its first frames: CancellationError, the existing output byte for byte,
    /// no temporary file, no still, no frame, and the render stopped before its last frame.
    @Test static func cancellingTheTaskStopsTheRender() async throws {
        try await withFolder { folder in
            let gif = folder.appendingPathComponent("out.gif")
            let old = Data("an earlier render".utf8)
            try old.write(to: gif)
            var long = Animation()
            long.taps = Array(repeating: [1, 3, 0, 2], count: 10).flatMap { $0 }
            long.poster = folder.appendingPathComponent("still.png").path
            let frames = folder.appendingPathComponent("frames").path
            let events = Events()
            let (third, signal) = AsyncStream<Void>.makeStream()
            let render = Task {
                try await long.render(to: gif.path, framesFolder: frames) { event in
                    events.append(event)
                    if case .frameFinished(2, _) = event { signal.yield() }
                }
            }
            for await _ in third { break }
            render.cancel()
            let outcome = await render.result
            #expect(throws: CancellationError.self) { try outcome.get() }
            #expect(try Data(contentsOf: gif) == old)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.gif"])
            let drawn = events.all.filter { if case .frameFinished = $0 { return true }; return false }.count
            guard case let .started(total) = events.all.first else { Issue.record("no start reported"); return }
            #expect(drawn < total, "stopped before the end: \(drawn) of \(total) frames")
            #expect(!events.all.contains(.finished))
        }
    }

    /// A task cancelled before the render starts renders nothing.
    @Test static func aCancelledTaskRendersNothing() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("a.gif").path
            let render = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await small.render(to: path)
            }
            await #expect(throws: CancellationError.self) { try await render.value }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.isEmpty)
        }
    }

    /// A thread the system refuses fails the render with `.threadRefused` at once, its work
    /// never run, instead of leaving the task waiting for ever.
    @Test static func aRefusedThreadFailsTheRenderAtOnce() async {
        let ran = Events()
        await #expect(throws: RenderGIFError.threadRefused) {
            try await Animation.runOnOwnThread(progress: nil, startThread: ThreadStart.refusing) { _, _ in
                ran.append(.finished)
                return 1
            }
        }
        #expect(ran.all.isEmpty, "the work ran")
        #expect(RenderGIFError.threadRefused.description
            == "cannot start a thread: the system refused one (too many threads, or no memory for its stack)")
    }

    /// In memory, the still is returned as the PNG the file render writes, and no file is made.
    @Test static func theStillOfARenderToMemoryIsReturnedNotWritten() async throws {
        try await withFolder { folder in
            var animation = small
            animation.poster = folder.appendingPathComponent("still.png").path
            animation.posterTime = 0.5
            let rendered = try await animation.renderGIF()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no file written")
            #expect(rendered.report.outputs.isEmpty)
            try await animation.render(to: folder.appendingPathComponent("a.gif").path)
            let written = try Data(contentsOf: folder.appendingPathComponent("still.png"))
            #expect(rendered.still.map { Data($0) } == written)
            #expect(rendered.bytes == (try Array(Data(contentsOf: folder.appendingPathComponent("a.gif")))))
        }
    }

    /// An invalid value fails the awaited render with the structured error, in property words.
    @Test static func invalidSettingsFailWithTheirProperty() async throws {
        var animation = small
        animation.borderWidth = 1000
        do {
            _ = try await animation.renderGIF()
            Issue.record("borderWidth 1000 rendered")
        } catch let error as RenderGIFError {
            #expect(error == .invalidSetting(InvalidSetting(property: .borderWidth, value: "1000",
                                                            problem: "must be a number of points from 0 to 500")))
            #expect(error.description == "invalid value '1000' for 'borderWidth': must be a number of points from 0 to 500")
        }
    }

    /// Four renders at once in a task group give the bytes of one alone.
    @Test static func concurrentRendersGiveTheSameBytes() async throws {
        let expected = try small.renderGIF(progress: SilentProgress()).bytes
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0 ..< 4 { group.addTask { try await small.renderGIF().bytes } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == Array(repeating: expected, count: 4))
    }
}
