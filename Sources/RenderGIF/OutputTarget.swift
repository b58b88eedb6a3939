import ArcScene
import ImageCodecs
import SceneRenderer

/// Where a render's results go: the GIF, written to a temporary file renamed over the output
/// when complete, or to standard output (`-`), or with `--check` compared with the existing
/// file; and the `--poster` still, handled the same way.
///
/// Everything that can fail about a destination fails when the target is made, before any
/// frame is drawn: a folder that cannot take the file, a terminal as standard output, or with
/// `--check` a file that is missing or unreadable.
final class OutputTarget {
    private let path: String
    private let fps: Int
    private let file: AtomicFileWriter?
    private let standardOutput: StandardOutputSink?
    private let comparison: FileComparisonSink?
    private let poster: PosterOutput?

    /// Prepares the outputs `invocation` and `settings` ask for.
    init(_ invocation: Invocation, settings: RenderSettings) throws(RenderGIFError) {
        path = invocation.output
        fps = settings.fps
        var file: AtomicFileWriter?, standardOutput: StandardOutputSink?, comparison: FileComparisonSink?
        if invocation.check {
            let sink = FileComparisonSink(path: path)
            if let reason = sink.openFailure { throw .cannotCheck(path: path, reason: reason) }
            comparison = sink
        } else if path == "-" {
            guard !StandardOutputSink.isTerminal else {
                throw .usage("Standard output is a terminal; send it to a file or a pipe ('render-gif - > out.gif'), or give '<output>' a file name.")
            }
            standardOutput = StandardOutputSink(whenReaderCloses: InterruptionHandler.closedOutputWait)
        } else {
            do { file = try AtomicFileWriter(destination: path) } catch { throw .codec(error) }
        }
        (self.file, self.standardOutput, self.comparison) = (file, standardOutput, comparison)
        poster = try settings.poster.map { path throws(RenderGIFError) in
            try PosterOutput(path: path, time: settings.posterTime, check: invocation.check)
        }
    }

    /// The sink the GIF is written to.
    var sink: any ByteSink {
        if let file { return file }
        if let standardOutput { return standardOutput }
        return comparison!
    }

    /// The files written or checked, for the line a passing check prints.
    var paths: [String] { [path] + (poster.map { [$0.path] } ?? []) }

    /// Finishes every output once the GIF is encoded: draws the poster (with a copy of
    /// `renderer`, at its time on `timeline`), then moves the files into place, or judges the
    /// comparisons and throws `.outOfDate` describing every stale file.
    func complete(posterFrom renderer: FrameRenderer, timeline: Timeline) throws(RenderGIFError) {
        try poster?.render(with: renderer, timeline: timeline)
        if let standardOutput {
            do { try standardOutput.flush() } catch { throw .codec(error) }
        }
        if let file {
            do { try file.commit() } catch { throw .codec(error) }
        }
        guard let comparison else {
            try poster?.commit()
            return
        }
        var reasons: [String] = []
        if let reason = gifStaleness(comparison) { reasons.append(reason) }
        if let reason = poster?.staleness() { reasons.append(reason) }
        if !reasons.isEmpty { throw .outOfDate(reasons: reasons) }
    }

    /// Nil when the existing GIF is byte-identical to the rendering, otherwise what differs.
    private func gifStaleness(_ comparison: FileComparisonSink) -> String? {
        let byte: Int
        switch comparison.finish() {
        case .identical: return nil
        case let .unreadable(reason): return "'\(path)' is out of date: cannot read it: \(reason)"
        case let .differs(offset): byte = offset
        case let .lengthDiffers(fileBytes, expectedBytes): byte = min(fileBytes, expectedBytes)
        }
        let existing: [UInt8]
        do {
            existing = try FileBytes.contents(ofFile: path, maxBytes: Int(Int32.max))
        } catch {
            return "'\(path)' is out of date: cannot read it: \(error)"
        }
        return CheckReport.describe(path: path, existing: existing, rendered: comparison.writtenBytes,
                                    fps: fps, firstDifferingByte: byte)
    }
}
