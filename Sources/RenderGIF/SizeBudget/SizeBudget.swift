import GIFEncoding

/// Fits the GIF under `maxBytes` at the best quality it can: walks
/// `GIFEncodingOptions.sizeLadder` from the requested options down and keeps the first step
/// whose file fits.
///
/// Each attempt streams into the output (a temporary file, a comparison, or memory for
/// standard output) and is stopped as soon as its bytes pass the budget, so a step far over
/// the budget costs only the frames up to that point; the output is then started again for
/// the next step. The walk is a fixed order with no timing in it, so the same settings keep
/// the same step and the same bytes. A step whose planned palette and settings come out as
/// the previous attempt's would write the same bytes and is skipped. The last step always
/// runs to its end, so that a budget nothing fits can be answered with the smallest size.
enum SizeBudget {
    /// Encodes `pass` with the first step of `options`' ladder that fits in `maxBytes` bytes
    /// into `output`, or throws `.overBudget` with the smallest step's size.
    static func encode(_ pass: inout EncodingPass, options: GIFEncodingOptions, maxBytes: Int, output: OutputTarget,
                       progress: any RenderProgress, timings: inout RenderTimings) throws(RenderGIFError) {
        let ladder = options.sizeLadder
        var previous: (options: GIFEncodingOptions, palette: AnimationPalette)?
        var smallestBytes = 0
        for (index, step) in ladder.enumerated() {
            try pass.cancellation.check()
            let isLast = index == ladder.count - 1
            let plan = try pass.plan(step)
            timings.lap(.palette)
            if !isLast, let previous, step.encodesLike(previous.options), plan.palette == previous.palette {
                plan.opening?.stop()
                continue
            }
            if previous != nil { try output.restartGIF() }
            previous = (step, plan.palette)
            let sink = BudgetedSink(output.sink, limit: maxBytes, countsToTheEnd: isLast)
            do {
                try pass.encode(plan, options: step, to: sink, frames: nil,
                                progress: progress, timings: &timings)
                if !sink.isOverBudget || pass.cancellation?.isCancelled == true { return }
            } catch {
                // The last step's sink counts to the end without stopping the encoder, so an
                // error there is a real one.
                guard sink.isOverBudget, !isLast else { throw error }
            }
            smallestBytes = sink.count
        }
        throw .overBudget(maxBytes: maxBytes, smallestBytes: smallestBytes)
    }
}
