import Foundation
import PackagePlugin

/// `swift package render-gif`: renders every `NAME.scene.json` under the package (or under
/// the folders and scene files given) to `NAME.gif` beside it, and its still when the scene
/// names one; with `--check`, writes nothing and fails when any of them is stale.
///
/// Each scene file is one run of the `render-gif` command (`render-gif --scene NAME.scene.json
/// NAME.gif`) in the package's folder, so a scene gives the same bytes here as on the command
/// line. One progress line per file, the command's report for each failure, one summary line;
/// the command fails when any file failed or is stale.
@main
struct RenderGIFCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request: PluginRequest
        do {
            request = try PluginRequest(arguments: arguments)
        } catch {
            throw PluginFailure(line: "\(error)\n\(PluginRequest.usage)")
        }
        if request.showsHelp {
            print(PluginRequest.help)
            return
        }
        let package = context.package.directoryURL
        let scenes = try SceneFileFinder(package: package).sceneFiles(under: request.places)
        guard !scenes.isEmpty else {
            throw PluginFailure(line: "no \(SceneFileFinder.suffix) files under \(request.placesDescription)")
        }
        let tool = try context.tool(named: "render-gif").url
        var tally = PluginTally(check: request.check)
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
