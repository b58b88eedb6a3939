extension Animation {
    /// Writes the animation as a GIF to `path` (and its still to `poster`, if set; with
    /// `framesFolder`, every frame as `frame-00000.png`, ... into that folder).
    ///
    /// The file is written to a temporary file beside it and renamed over `path` once
    /// complete: on any error an existing file is left as it was.
    @discardableResult
    public func render(to path: String, framesFolder: String? = nil,
                       progress: any RenderProgress = SilentProgress()) throws(RenderGIFError) -> RenderReport {
        try RenderJob.run(self, to: .file(path), framesFolder: framesFolder, progress: progress)
    }

    /// Renders the animation as a GIF in memory, and its still if `poster` is set (at
    /// `posterTime`); writes no file.
    public func renderGIF(progress: any RenderProgress = SilentProgress()) throws(RenderGIFError) -> RenderedGIF {
        RenderedGIF(try RenderJob.run(self, to: .memory, progress: progress))
    }

    /// Compares the GIF at `path` (and the still at `poster`, if set) with what rendering
    /// the animation would write, without writing anything.
    ///
    /// A file that differs is reported in the result; a file that is missing or cannot be
    /// read throws `RenderGIFError.cannotCheck`.
    public func check(against path: String,
                      progress: any RenderProgress = SilentProgress()) throws(RenderGIFError) -> CheckResult {
        try checkResult(against: path) { () throws(RenderGIFError) in try RenderJob.run(self, to: .check(path), progress: progress) }
    }

    /// The result of the check `run` makes: up to date, or the differences it threw.
    func checkResult(against path: String, _ run: () throws(RenderGIFError) -> RenderReport) throws(RenderGIFError) -> CheckResult {
        do {
            let report = try run()
            return CheckResult(files: report.outputs, differences: [], compressedDifferently: report.compressedDifferently)
        } catch {
            guard case let .outOfDate(differences) = error else { throw error }
            return CheckResult(files: [path] + (poster.map { [$0] } ?? []), differences: differences)
        }
    }
}

/// A GIF rendered in memory, its still, and the report of its render.
public struct RenderedGIF: Sendable {
    /// The GIF file's bytes.
    public var bytes: [UInt8]
    /// The still's PNG file bytes when the animation has a `poster`; nil otherwise.
    public var still: [UInt8]?
    /// Frames and timings.
    public var report: RenderReport

    init(_ report: RenderReport) {
        bytes = report.gif ?? []
        still = report.still
        self.report = report
    }
}

/// What comparing files with a rendering found.
public struct CheckResult: Sendable, Equatable {
    /// The files compared: the GIF, then the still if the animation has one.
    public var files: [String]
    /// One per file that differs: the file, and a sentence naming it and saying what differs
    /// (sizes, frames, duration, the first frame that shows something else); empty when
    /// every file is up to date.
    public var differences: [CheckDifference]
    /// The files that show exactly what the rendering shows but hold other bytes: a still
    /// whose image data another zlib build or level compressed. They count as up to date.
    public var compressedDifferently: [String] = []

    /// True when every file shows what the rendering shows: the GIF byte for byte, the still
    /// pixel for pixel (with the same header and colour chunks).
    public var isUpToDate: Bool { differences.isEmpty }
}
