import Foundation
import PackagePlugin

/// A command plugin that runs the `render-gif` command once for each `NAME.scene.json` under
/// the package (or under the folders and scene files given), rendering or checking `NAME.gif`
/// beside it and the still the scene names.
///
/// Each scene file is one run of the command in the package's folder, so a scene gives the
/// same bytes here as on the command line. One progress line per file, the command's report
/// for each failure, one summary line; the plugin fails when any file failed or is stale.
/// A plugin supplies its verb, whether it only checks, and its usage and help.
protocol SceneFilePlugin: CommandPlugin {
    /// The plugin's verb, which also opens its summary line.
    static var verb: String { get }
    /// True for a plugin that never writes: it checks, and has no `--check` option.
    static var alwaysChecks: Bool { get }
    /// One line naming the plugin's arguments.
    static var usage: String { get }
    /// What `--help` prints.
    static var help: String { get }
}

extension SceneFilePlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request: PluginRequest
        do {
            request = try PluginRequest(arguments: arguments, alwaysChecks: Self.alwaysChecks)
        } catch {
            throw PluginFailure(line: "\(error)\n\(Self.usage)")
        }
        if request.showsHelp {
            print(Self.help)
            return
        }
        let package = context.package.directoryURL
        let scenes = try SceneFileFinder(package: package).sceneFiles(under: request.places)
        guard !scenes.isEmpty else {
            throw PluginFailure(line: "no \(SceneFileFinder.suffix) files under \(request.placesDescription)")
        }
        let tool = try context.tool(named: "render-gif").url
        var tally = PluginTally(verb: Self.verb, check: request.check)
        for (number, scene) in scenes.enumerated() {
            let verb = request.check ? "checking" : "rendering"
            print("[\(number + 1)/\(scenes.count)] \(verb) \(scene.scenePath) -> \(scene.gifPath)")
            let run = try SceneRun(tool: tool, package: package, scene: scene, check: request.check)
            tally.add(run.outcome)
            for line in run.report { print(line) }
        }
        if tally.succeeded {
            print(tally.summary)
        } else {
            throw PluginFailure(line: tally.summary)
        }
    }
}
