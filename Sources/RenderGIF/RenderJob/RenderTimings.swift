#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a render's time went, stage by stage, measured with the monotonic clock. Only
/// reported (the command prints it on request); nothing written depends on it.
public struct RenderTimings: CustomStringConvertible, Sendable {
    /// The stages in the order they run; each one's `rawValue` is its name in `description`.
    public enum Stage: String, CaseIterable, Sendable {
        case setup = "settings and scene"
        case decode = "decode images"
        case palette = "plan palette"
        case render = "render frames"
        case encode = "quantize and encode"
        case frames = "write PNG frames"
        case write = "write output"
    }

    /// Seconds spent per stage.
    private(set) var seconds: [Stage: Double] = [:]

    init() {}

    /// When the stage being timed began (the last `start()` or `lap(_:)`).
    private var lapStart = 0.0

    /// Starts the clock: the next `lap(_:)` measures from now.
    mutating func start() {
        lapStart = RenderTimings.now()
    }

    /// Adds the time since the last `start()` or `lap(_:)` to `stage`, and starts the next lap.
    mutating func lap(_ stage: Stage) {
        let now = RenderTimings.now()
        seconds[stage, default: 0] += now - lapStart
        lapStart = now
    }

    /// Seconds spent in `stage` (0 for a stage the render did not run).
    public func seconds(in stage: Stage) -> Double { seconds[stage] ?? 0 }

    /// Total seconds over every stage.
    public var total: Double { seconds.values.reduce(0, +) }

    /// One line per stage with milliseconds, then the total.
    public var description: String {
        var lines: [String] = []
        for stage in Stage.allCases {
            guard let value = seconds[stage] else { continue }
            lines.append(RenderTimings.line(stage.rawValue, value))
        }
        lines.append(RenderTimings.line("total", total))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ name: String, _ seconds: Double) -> String {
        let milliseconds = (seconds * 10_000).rounded() / 10
        let padded = name + String(repeating: " ", count: max(1, 22 - name.count))
        return "timings: " + padded + "\(milliseconds) ms"
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
