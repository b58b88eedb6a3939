/// What a plugin was asked: render or check, and where to look.
struct PluginRequest {
    /// What both plugins' help says of the folders and scene files they take.
    static let placesHelp = """
        Folders and scene files are relative to the package's folder; without any, the whole \
        package is searched (hidden folders and nested packages aside).
        """

    /// True with `--check`, or always for a plugin that only checks: compare, never write.
    var check: Bool
    /// True with `-h` or `--help`.
    var showsHelp = false
    /// The folders and scene files to look in, as given (relative to the package's folder or
    /// absolute); empty means the whole package.
    var places: [String] = []

    /// Parses `arguments`; `--check` is an option only where `alwaysChecks` is false.
    init(arguments: [String], alwaysChecks: Bool) throws(PluginFailure) {
        check = alwaysChecks
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                places.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "--check" && !alwaysChecks {
                check = true
            } else if argument == "-h" || argument == "--help" {
                showsHelp = true
            } else {
                throw PluginFailure(line: "unknown option '\(argument)'")
            }
        }
    }

    /// "the package" or the places given, for messages.
    var placesDescription: String {
        places.isEmpty ? "the package" : places.map { "'\($0)'" }.joined(separator: ", ")
    }
}
