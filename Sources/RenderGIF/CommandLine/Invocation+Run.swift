extension RenderJob {
    /// Runs the render `invocation` asks for: its settings resolved (defaults, scene file,
    /// flags), its output, `--check` or `-` for standard output, and `--frames`.
    package static func run(_ invocation: Invocation, progress: any RenderProgress,
                            threads: Int = 2) throws(RenderGIFError) -> RenderReport {
        let animation = try invocation.resolveSettings()
        let destination: GIFDestination = invocation.check ? .check(invocation.output)
            : invocation.output == "-" ? .standardOutput : .file(invocation.output)
        return try run(animation, to: destination, framesFolder: invocation.framesFolder, progress: progress,
                       threads: threads)
    }
}
