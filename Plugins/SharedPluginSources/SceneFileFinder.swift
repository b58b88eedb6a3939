import Foundation

/// A scene file and the GIF it renders to, as paths given to the command: relative to the
/// package's folder when inside it, absolute otherwise.
struct SceneFile: Hashable {
    /// `NAME.scene.json`.
    let scenePath: String

    /// `NAME.gif`, beside the scene file.
    var gifPath: String { String(scenePath.dropLast(SceneFileFinder.suffix.count)) + ".gif" }
}

/// Finds the `NAME.scene.json` files in folders (hidden folders and nested packages skipped)
/// or named one by one.
struct SceneFileFinder {
    /// How a scene file's name ends; what comes before it names the GIF.
    static let suffix = ".scene.json"

    /// The package's folder, symbolic links resolved.
    let packagePath: String

    init(package: URL) {
        packagePath = package.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The scene files in `places` (folders or scene files, relative to the package's folder
    /// or absolute; empty means the package's folder), each once, in path order.
    func sceneFiles(under places: [String]) throws(PluginFailure) -> [SceneFile] {
        var found: Set<SceneFile> = []
        for place in places.isEmpty ? ["."] : places {
            let url = URL(fileURLWithPath: place, relativeTo: URL(fileURLWithPath: packagePath, isDirectory: true))
                .standardizedFileURL.resolvingSymlinksInPath()
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw PluginFailure(line: "no such folder or scene file '\(place)'")
            }
            if isFolder.boolValue {
                found.formUnion(sceneFiles(inFolder: url))
            } else if Self.isSceneFile(url) {
                found.insert(SceneFile(scenePath: shown(url.path)))
            } else {
                throw PluginFailure(line: "'\(place)' is neither a folder nor a NAME\(Self.suffix) file")
            }
        }
        return found.sorted { $0.scenePath < $1.scenePath }
    }

    /// Every scene file under `folder`, leaving out hidden folders (`.build`, `.git`) and
    /// folders holding a package of their own.
    private func sceneFiles(inFolder folder: URL) -> [SceneFile] {
        let keys: [URLResourceKey] = [.isDirectoryKey, .isRegularFileKey]
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys,
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var files: [SceneFile] = []
        for case let url as URL in walk {
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isDirectory == true {
                if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                    walk.skipDescendants()
                }
            } else if values?.isRegularFile == true, Self.isSceneFile(url) {
                files.append(SceneFile(scenePath: shown(url.standardizedFileURL.path)))
            }
        }
        return files
    }

    /// True for a name `NAME.scene.json` with a non-empty NAME.
    private static func isSceneFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(suffix) && name.count > suffix.count
    }

    /// `path` relative to the package's folder when inside it (also when only its resolved
    /// form is, as with macOS's /var and /private/var).
    private func shown(_ path: String) -> String {
        let prefix = packagePath.hasSuffix("/") ? packagePath : packagePath + "/"
        for form in [path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path] where form.hasPrefix(prefix) {
            return String(form.dropFirst(prefix.count))
        }
        return path
    }
}
