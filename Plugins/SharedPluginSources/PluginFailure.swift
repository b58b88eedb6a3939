/// A failure of the plugin as a whole; SwiftPM prints it as `error: <line>` and the command
/// ends with status 1.
struct PluginFailure: Error, CustomStringConvertible {
    let line: String

    var description: String { line }
}
