import SafeFiles
import RenderGIF

extension Invocation {
    /// Runs the render this invocation asks for: its settings resolved (defaults, scene file,
    /// flags), its output, `--check` or `-` for standard output (which must not be a
    /// terminal), and `--frames`.
    package func run(progress: any RenderProgress, threads: Int = 2) throws(CommandError) -> RenderReport {
        let animation = try resolveSettings()
        let destination: GIFDestination
        if check {
            destination = .check(output)
        } else if output == "-" {
            guard !StandardOutputSink.isTerminal else {
                throw .usage("Standard output is a terminal; send it to a file or a pipe ('render-gif - > out.gif'), or give '<output>' a file name.")
            }
            destination = .standardOutput(whenReaderCloses: InterruptionHandler.closedOutputWait)
        } else {
            destination = .file(output)
        }
        do {
            return try RenderJob.run(animation, to: destination, framesFolder: framesFolder, progress: progress, threads: threads)
        } catch {
            throw .render(error)
        }
    }
}
