import PackagePlugin

/// `swift package check-gifs`: checks that every `NAME.gif` under the package (or under the
/// folders and scene files given), and the still its scene names, is byte for byte what its
/// `NAME.scene.json` renders; writes nothing and fails naming each stale file.
///
/// It declares no permission, so SwiftPM runs it without asking, also without a terminal
/// (CI). It reports as `render-gif --check` does, with the render-gif plugin command that
/// regenerates each stale file; the work itself is `SceneFilePlugin`'s.
@main
struct CheckGIFsCommand: SceneFilePlugin {
    static let verb = "check-gifs"
    static let alwaysChecks = true

    static let usage = "usage: swift package check-gifs [<folder or scene file> ...]"

    static let help = """
        OVERVIEW: Check that the GIF beside every \(SceneFileFinder.suffix) file is what it renders; write nothing.

        NAME.gif beside NAME\(SceneFileFinder.suffix), and the still the scene names (its "poster" \
        key), if any, are compared byte for byte with what the scene renders. A stale or missing \
        file fails with its report and the command that renders it again. \(PluginRequest.placesHelp)

        \(usage)

        OPTIONS:
          -h, --help  show this help

        It asks for no permission, so it runs without a terminal (CI). \
        `swift package --allow-writing-to-package-directory render-gif` writes the files.
        """
}
