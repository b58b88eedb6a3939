// Uses the RenderGIF library as a package that depends on it does, through its public API
// alone, with Swift concurrency: an awaited render, a long render cancelled, a render to
// memory with a still, and an invalid setting. Prints one line per check and exits 1 if any
// failed.
import Foundation
import RenderGIF

@main
struct LibraryCheck {
    static func main() async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-check-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            print("FAILED: \(error)")
            exit(1)
        }
        var failures = 0
        for check in [awaitedRender, cancelledRender, stillInMemory, invalidBorderWidth] {
            let (passed, line) = await check(folder)
            print((passed ? "ok: " : "FAILED: ") + line)
            if !passed { failures += 1 }
        }
        try? FileManager.default.removeItem(at: folder)
        print("library-check: \(4 - failures) passed, \(failures) failed")
        exit(failures == 0 ? 0 : 1)
    }

    /// A small animation that renders in a moment.
    static var small: Animation {
        var animation = Animation()
        animation.scale = 1
        animation.fps = 10
        animation.taps = [1]
        animation.colors = 32
        return animation
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// `try await render(to:)` writes the same bytes as the render to memory.
    static func awaitedRender(_ folder: URL) async -> (Bool, String) {
        let path = folder.appendingPathComponent("awaited.gif").path
        do {
            let report = try await small.render(to: path)
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            let inMemory = try await small.renderGIF().bytes
            return (written == Data(inMemory) && report.frameCount > 0,
                    "try await render(to:) wrote \(written.count) bytes, \(report.frameCount) frames, the bytes of renderGIF()")
        } catch {
            return (false, "try await render(to:) threw \(error)")
        }
    }

    /// Cancelling the task of a long render: CancellationError, the old file as it was,
    /// nothing else in the folder, and not every frame drawn.
    static func cancelledRender(_ folder: URL) async -> (Bool, String) {
        let path = folder.appendingPathComponent("long.gif")
        let old = Data("an earlier render".utf8)
        do { try old.write(to: path) } catch { return (false, "cannot write \(path.path): \(error)") }
        let before = names(in: folder)
        var long = Animation()
        long.taps = Array(repeating: [1, 3, 0, 2], count: 10).flatMap { $0 }
        let (started, signal) = AsyncStream<Void>.makeStream()
        let lastFrame = LastFrame()
        let render = Task {
            try await long.render(to: path.path) { event in
                guard case let .frameFinished(index, _) = event else { return }
                lastFrame.set(index)
                if index == 5 { signal.yield() }
            }
        }
        for await _ in started { break }
        let cancelledAt = Date()
        render.cancel()
        let outcome = await render.result
        let milliseconds = Int(Date().timeIntervalSince(cancelledAt) * 1000)
        guard case let .failure(error) = outcome, error is CancellationError else {
            return (false, "a cancelled render ended with \(outcome), not CancellationError")
        }
        let kept = (try? Data(contentsOf: path)) == old
        let listing = names(in: folder)
        let frames = lastFrame.value + 1
        return (kept && listing == before && frames < 2_000,
                "cancelled after frame 5: CancellationError in \(milliseconds) ms, \(frames) frames drawn, "
                + "the old file \(kept ? "kept" : "CHANGED"), folder \(listing == before ? "as it was" : "now \(listing)")")
    }

    /// `renderGIF()` with a poster returns the still's PNG and writes no file.
    static func stillInMemory(_ folder: URL) async -> (Bool, String) {
        var animation = small
        animation.poster = folder.appendingPathComponent("still.png").path
        let before = names(in: folder)
        do {
            let rendered = try await animation.renderGIF()
            let png = rendered.still ?? []
            let isPNG = png.starts(with: [0x89, 0x50, 0x4E, 0x47])
            return (isPNG && names(in: folder) == before,
                    "renderGIF() with a poster: \(rendered.bytes.count) GIF bytes, a \(png.count)-byte PNG still, "
                    + (names(in: folder) == before ? "no file written" : "files written: \(names(in: folder))"))
        } catch {
            return (false, "renderGIF() with a poster threw \(error)")
        }
    }

    /// An invalid borderWidth is an error naming borderWidth and carrying the value.
    static func invalidBorderWidth(_ folder: URL) async -> (Bool, String) {
        var animation = small
        animation.borderWidth = 1000
        do {
            _ = try await animation.renderGIF()
            return (false, "borderWidth 1000 rendered")
        } catch let RenderGIFError.invalidSetting(invalid) {
            let text = RenderGIFError.invalidSetting(invalid).description
            return (invalid.property == .borderWidth && invalid.value == "1000" && !text.contains("--"),
                    "borderWidth 1000: \(text)")
        } catch {
            return (false, "borderWidth 1000 threw \(error)")
        }
    }
}

/// The last frame a render reported, written from the render's thread.
final class LastFrame: @unchecked Sendable {
    private let lock = NSLock()
    private var index = -1

    func set(_ value: Int) { lock.withLock { index = value } }
    var value: Int { lock.withLock { index } }
}
