import PackagePlugin

/// `swift package render-gif`: renders every `NAME.scene.json` under the package (or under
/// the folders and scene files given) to `NAME.gif` beside it, and its still when the scene
/// names one; with `--check`, writes nothing and fails when any of them is stale.
///
/// It asks for permission to write to the package's folder, `--check` included (SwiftPM asks
/// before the plugin sees its arguments); `swift package check-gifs` checks without asking.
/// The work itself is `SceneFilePlugin`'s, which it shares with check-gifs.
@main
struct RenderGIFCommand: SceneFilePlugin {
    static let verb = "render-gif"
    static let alwaysChecks = false

    static let usage = "usage: swift package [--allow-writing-to-package-directory] render-gif [--check] [<folder or scene file> ...]"

    static let help = """
        OVERVIEW: Render every \(SceneFileFinder.suffix) file to the GIF beside it, or check them.

        NAME\(SceneFileFinder.suffix) becomes NAME.gif in the same folder, and the still it names (its \
        "poster" key), if any. \(PluginRequest.placesHelp)

        \(usage)

        OPTIONS:
          --check     write nothing; fail, with each stale file's report, unless every file is up to date
          -h, --help  show this help

        SwiftPM asks for this plugin's permission to write even with --check, and without a \
        terminal (CI) stops unless given --allow-writing-to-package-directory. \
        `swift package check-gifs` checks the same way and asks for no permission.
        """
}
