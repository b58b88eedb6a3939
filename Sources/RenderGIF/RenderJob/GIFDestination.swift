/// Where a render's GIF goes.
package enum GIFDestination {
    /// A file, written to a temporary file beside it and renamed over it when complete.
    case file(String)
    /// Standard output (`-` on the command line), which the caller has checked is not a
    /// terminal. `whenReaderCloses`, if given, is called instead of failing when the reader
    /// closes the pipe (a SIGPIPE handler is then ending the process).
    case standardOutput(whenReaderCloses: (() -> Never)?)
    /// Memory: the bytes are returned.
    case memory
    /// Nothing is written: the rendering is compared with this existing file (a check).
    case check(String)

    /// The name the GIF goes by in messages and reports: the path, `-` for standard output,
    /// empty for memory.
    var name: String {
        switch self {
        case let .file(path), let .check(path): return path
        case .standardOutput: return "-"
        case .memory: return ""
        }
    }

    /// The file the GIF is written to, nil when it goes to standard output, memory or a
    /// comparison.
    var filePath: String? {
        if case let .file(path) = self { return path }
        return nil
    }

    /// True when the render writes files (the GIF, the still, frames): not for a comparison,
    /// nor for memory, where the still is kept in memory too.
    var writesFiles: Bool {
        switch self {
        case .file, .standardOutput: return true
        case .memory, .check: return false
        }
    }

    /// True when the render compares instead of writing.
    var isCheck: Bool {
        if case .check = self { return true }
        return false
    }
}
