#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArcScene
import ImageCodecs
import SafeFiles

/// Where a render's results go: the GIF, written to a temporary file renamed over the output
/// when complete, or to standard output (`-`), or for a check compared with the existing
/// file; and the still (`poster`), handled the same way.
///
/// Everything that can fail about a destination fails when the target is made, before any
/// frame is drawn: a folder that cannot take the file, a terminal as standard output, or with
/// a check a file that is missing or unreadable.
final class OutputTarget {
    private let path: String
    private let fps: Int
    /// The size budget (`maxBytes`), nil for none.
    private let maxBytes: Int?
    private var file: AtomicFileWriter?
    private let standardOutput: StandardOutputSink?
    /// With a size budget, the GIF for standard output until it is known to fit.
    private var held: MemorySink?
    private var comparison: FileComparisonSink?
    private let poster: PosterOutput?
    /// True when the still is rendered to memory rather than to its file.
    private let keepsStillInMemory: Bool

    /// Prepares the GIF's `destination` and the still `settings` ask for.
    init(_ destination: GIFDestination, settings: Animation) throws(RenderGIFError) {
        path = destination.name
        fps = settings.fps
        maxBytes = settings.maxBytes
        var standardOutput: StandardOutputSink?
        switch destination {
        case let .check(path):
            comparison = try Self.comparison(path)
        case let .standardOutput(whenReaderCloses):
            standardOutput = StandardOutputSink(whenReaderCloses: whenReaderCloses)
            if maxBytes != nil { held = MemorySink() }
        case .memory:
            held = MemorySink()
        case let .file(path):
            file = try Self.temporaryFile(path)
        }
        self.standardOutput = standardOutput
        let posterMode: PosterOutput.Mode
        switch destination {
        case .check: posterMode = .check
        case .memory: posterMode = .memory
        case .file, .standardOutput: posterMode = .file
        }
        poster = try settings.poster.map { path throws(RenderGIFError) in
            try PosterOutput(path: path, time: settings.posterTime, mode: posterMode)
        }
        keepsStillInMemory = posterMode == .memory
    }

    private static func comparison(_ path: String) throws(RenderGIFError) -> FileComparisonSink {
        let sink = FileComparisonSink(path: path)
        if let reason = sink.openFailure { throw .cannotCheck(path: path, reason: reason) }
        return sink
    }

    /// Opens the temporary file beside `path` that becomes it when committed: the opening of
    /// the outputs' stage, for the GIF and the still, converted once here.
    static func temporaryFile(_ path: String) throws(RenderGIFError) -> AtomicFileWriter {
        do { return try AtomicFileWriter(destination: path) } catch { throw RenderGIFError(error) }
    }

    /// Drops what the GIF sink received and starts it again empty, for another attempt at
    /// fitting a size budget: a new temporary file (the old one removed), a new comparison,
    /// or an empty buffer for standard output.
    func restartGIF() throws(RenderGIFError) {
        if let old = file {
            old.discard()
            file = try Self.temporaryFile(path)
        }
        if comparison != nil { comparison = try Self.comparison(path) }
        if held != nil { held = MemorySink() }
    }

    /// The sink the GIF is written to.
    var sink: any ByteSink {
        if let file { return file }
        if let held { return held }
        if let standardOutput { return standardOutput }
        return comparison!
    }

    /// The files written or checked, for the line a passing check prints (none in memory).
    var paths: [String] {
        (path.isEmpty ? [] : [path]) + (keepsStillInMemory ? [] : poster.map { [$0.path] } ?? [])
    }

    /// The still's PNG bytes, for a render to memory of an animation with a poster.
    var stillBytes: [UInt8]? { keepsStillInMemory ? poster?.renderedBytes : nil }

    /// The GIF's bytes, for a render to memory (nil for the other destinations).
    var heldBytes: [UInt8]? { standardOutput == nil ? held?.bytes : nil }

    /// Finishes every output once the GIF is encoded: waits for the frames folder's PNGs (the
    /// first failure among them stops everything here, before any file is moved), draws the
    /// poster (with a copy of `renderer`, at its time on `timeline`), then moves the files
    /// into place (the GIF, the still, the frames), or judges the comparisons and throws
    /// `.outOfDate` describing every stale file (a check writes no frames). This is the
    /// outputs' stage: the frames' and the files' failures are converted once here, the
    /// still's drawing and encoding by `PosterOutput.render`.
    ///
    /// Returns, for a check, the files that show exactly what the rendering shows but hold
    /// other bytes (a still compressed by another zlib); they are up to date and left as they are.
    @discardableResult
    func complete(posterFrom renderer: FrameRenderer, timeline: Timeline, frames: FramesOutput?,
                  timings: inout RenderTimings) throws(RenderGIFError) -> [String] {
        do throws(ImageCodecError) {
            if let frames {
                try frames.finish()
                timings.lap(.frames)
            }
        } catch {
            throw RenderGIFError(error)
        }
        try poster?.render(with: renderer, timeline: timeline)
        do throws(FileError) {
            if let standardOutput {
                if let held { try standardOutput.write(contentsOf: held.bytes) }
                try standardOutput.flush()
            }
            try file?.commit()
            if comparison == nil {
                try poster?.commit()
                try frames?.commit()
            }
        } catch {
            throw RenderGIFError(error)
        }
        guard let comparison else { return [] }
        var differences: [CheckDifference] = []
        var compressedDifferently: [String] = []
        if let reason = gifStaleness(comparison) { differences.append(CheckDifference(file: path, .text(reason))) }
        if let excess = budgetExcess() { differences.append(excess) }
        if let poster {
            switch poster.comparison() {
            case .identical: break
            case .compressedDifferently: compressedDifferently.append(poster.path)
            case let .differs(clause):
                differences.append(CheckDifference(file: poster.path, .text("'\(DisplayText.value(poster.path))' is out of date: \(clause)")))
            }
        }
        if !differences.isEmpty { throw .outOfDate(differences) }
        return compressedDifferently
    }

    /// With a check and a size budget: nil when the existing GIF fits the budget, otherwise
    /// by how much it does not.
    private func budgetExcess() -> CheckDifference? {
        var status = stat()
        guard let maxBytes, stat(path, &status) == 0, Int(status.st_size) > maxBytes else { return nil }
        return CheckDifference(file: path, .overBudget(size: Int(status.st_size), maxBytes: maxBytes))
    }

    /// Nil when the existing GIF is byte-identical to the rendering, otherwise what differs.
    private func gifStaleness(_ comparison: FileComparisonSink) -> String? {
        let byte: Int
        switch comparison.finish() {
        case .identical: return nil
        case let .unreadable(reason): return "'\(DisplayText.value(path))' is out of date: cannot read it: \(reason)"
        case let .differs(offset): byte = offset
        case let .lengthDiffers(fileBytes, expectedBytes): byte = min(fileBytes, expectedBytes)
        }
        let existing: [UInt8]
        do {
            existing = try FileBytes.contents(ofFile: path, maxBytes: Int(Int32.max))
        } catch {
            return "'\(DisplayText.value(path))' is out of date: cannot read it: \(error)"
        }
        return CheckReport.describe(path: path, existing: existing, rendered: comparison.writtenBytes,
                                    fps: fps, firstDifferingByte: byte)
    }
}
