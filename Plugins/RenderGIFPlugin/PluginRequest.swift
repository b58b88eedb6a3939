/// What `swift package render-gif` was asked: render or check, and where to look.
struct PluginRequest {
    /// One line naming the plugin's arguments.
    static let usage = "usage: swift package [--allow-writing-to-package-directory] render-gif [--check] [<folder or scene file> ...]"

    /// What `--help` prints.
    static let help = """
        OVERVIEW: Render every \(SceneFileFinder.suffix) file to the GIF beside it, or check them.

        NAME\(SceneFileFinder.suffix) becomes NAME.gif in the same folder, and the still it names (its \
        "poster" key), if any. Folders and scene files are relative to the package's folder; \
        without any, the whole package is searched (hidden folders and nested packages aside).

        \(usage)

        OPTIONS:
          --check     write nothing; fail, with each stale file's report, unless every file is up to date
          -h, --help  show this help
        """

    /// True with `--check`: compare, never write.
    var check = false
    /// True with `-h` or `--help`.
    var showsHelp = false
    /// The folders and scene files to look in, as given (relative to the package's folder or
    /// absolute); empty means the whole package.
    var places: [String] = []

    init(arguments: [String]) throws(PluginFailure) {
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                places.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "--check" {
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
