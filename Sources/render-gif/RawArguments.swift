import SafeFiles

/// The command's arguments exactly as the system passed them. `CommandLine.arguments`
/// repairs bytes that are not UTF-8 (U+FFFD in their place), so a file name with such bytes
/// would reach the file system as another name; these strings hold every byte (see `PathBytes`).
enum RawArguments {
    /// The arguments after the program's name.
    static func all() -> [String] {
        (1 ..< Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { PathBytes.string(fromCString: $0) }
        }
    }
}
