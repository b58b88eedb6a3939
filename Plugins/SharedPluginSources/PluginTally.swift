/// How many scene files came out which way, and the one summary line.
struct PluginTally {
    /// The plugin's verb, which opens the summary line.
    let verb: String
    /// True when the files were checked, not rendered.
    let check: Bool
    private var done = 0
    private var stale = 0
    private var failed = 0

    init(verb: String, check: Bool) {
        self.verb = verb
        self.check = check
    }

    mutating func add(_ outcome: SceneRun.Outcome) {
        switch outcome {
        case .done: done += 1
        case .stale: stale += 1
        case .failed: failed += 1
        }
    }

    /// True when every file was rendered, or checked and up to date.
    var succeeded: Bool { stale == 0 && failed == 0 }

    /// E.g. `render-gif: 3 scene files rendered`, `check-gifs: of 3 scene files, 1 out of date`.
    var summary: String {
        let total = done + stale + failed
        let files = total == 1 ? "scene file" : "scene files"
        if succeeded {
            return "\(verb): \(total) \(files) " + (check ? "up to date" : "rendered")
        }
        var parts: [String] = []
        if stale > 0 { parts.append("\(stale) out of date") }
        if failed > 0 { parts.append("\(failed) failed") }
        return "\(verb): of \(total) \(files), " + parts.joined(separator: " and ")
    }
}
