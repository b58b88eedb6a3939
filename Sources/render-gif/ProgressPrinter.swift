#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RenderGIF

/// Shows render progress on standard error: a bar redrawn in place, with the frame count and
/// the time left, on a terminal; a plain line at every quarter when standard error is a file
/// or a pipe.
final class ProgressPrinter: RenderProgress {
    private let isTerminal: Bool
    private var totalFrames = 0
    private var startTime = 0.0
    private var lastDrawTime = -1.0
    private var nextQuarter = 1

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    func renderDidStart(totalFrames: Int) {
        self.totalFrames = totalFrames
        startTime = Self.now()
        // Shown at once, before the images are decoded and the palette planned.
        if isTerminal {
            lastDrawTime = startTime
            drawBar(done: 0, elapsed: 0)
        } else {
            writeStandardError("render-gif: rendering \(totalFrames) frames\n")
        }
    }

    func renderDidFinishFrame(_ index: Int) {
        let done = index + 1
        if isTerminal {
            let now = Self.now()
            guard now - lastDrawTime >= 0.05 || done == totalFrames else { return }
            lastDrawTime = now
            drawBar(done: done, elapsed: now - startTime)
        } else {
            while nextQuarter <= 3, done * 4 >= totalFrames * nextQuarter {
                writeStandardError("render-gif: \(done)/\(totalFrames) frames\n")
                nextQuarter += 1
            }
        }
    }

    func renderDidFinish() {
        if isTerminal {
            writeStandardError("\r\u{1B}[2K")
        } else {
            writeStandardError("render-gif: done, \(totalFrames) frames\n")
        }
    }

    private func drawBar(done: Int, elapsed: Double) {
        let width = 30
        let fraction = totalFrames > 0 ? Double(done) / Double(totalFrames) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let remaining = fraction > 0 ? elapsed / fraction - elapsed : 0
        let eta = done == 0 ? "starting" : "ETA " + String(Int(remaining.rounded(.up))) + "s"
        writeStandardError("\r\u{1B}[2K[\(bar)] \(done)/\(totalFrames) frames  \(eta)")
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
