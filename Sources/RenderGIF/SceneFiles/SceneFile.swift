import SafeFiles

/// Reads scene files: a JSON object whose keys are settings (see docs/scene.md). Unknown keys,
/// wrong types and bad values are errors that name the key.
package enum SceneFile {
    /// The largest scene file read, in bytes.
    static let maxSize = 1 << 20

    /// The bytes of the scene file at `path`, refused past `maxSize`.
    package static func read(_ path: String) throws(RenderGIFError) -> [UInt8] {
        do {
            return try FileBytes.contents(ofFile: path, maxBytes: maxSize)
        } catch {
            throw .sceneFile(path: path, problem: readProblem(error))
        }
    }

    private static func readProblem(_ error: FileError) -> String {
        switch error {
        case let .unreadable(_, reason): return reason
        case let .fileTooLarge(_, bytes, limit): return "the file is \(bytes) bytes, over the limit of \(limit) bytes"
        default: return error.description
        }
    }

    /// Applies the scene in `bytes` (read from `path`) to `settings` and returns the settings
    /// the file gave. Relative paths in the file are taken relative to the file's folder.
    @discardableResult
    package static func apply(_ bytes: [UInt8], path: String, to settings: inout Animation) throws(RenderGIFError) -> Set<Setting> {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .sceneFile(path: path, problem: "not valid JSON: \(error)")
        }
        guard case let .object(members) = root else {
            throw .sceneFile(path: path, problem: "must hold a JSON object, not \(root.typeName)")
        }
        let folder = folder(of: path)
        var given: Set<Setting> = []
        for member in members {
            guard let setting = Setting(key: member.key) else {
                throw .sceneFile(path: path, problem: unknownKeyMessage(member.key))
            }
            do {
                try setting.apply(.json(member.value), to: &settings, baseFolder: folder)
            } catch {
                throw .sceneFile(path: path, problem: keyProblem(member.key, error.message))
            }
            given.insert(setting)
        }
        return given
    }

    /// "key 'scale' must be ..." for a problem phrased to follow a name, otherwise
    /// "key 'avatars': button 7 does not exist ...".
    package static func keyProblem(_ key: String, _ problem: String) -> String {
        let key = DisplayText.value(key)
        return problem.hasPrefix("must") ? "key '\(key)' \(problem)" : "key '\(key)': \(problem)"
    }

    static func unknownKeyMessage(_ key: String) -> String {
        let shown = DisplayText.value(key)
        // Only keys within two characters of the length can be within two edits; a long key
        // is not compared at all, which keeps this linear in the key's length.
        let length = key.unicodeScalars.count
        let known = Setting.allCases.map(\.key).filter { abs($0.unicodeScalars.count - length) <= 2 }
        if let near = known.map({ (key: $0, distance: Setting.editDistance($0, key)) })
            .filter({ $0.distance <= 2 }).sorted(by: { ($0.distance, $0.key) < ($1.distance, $1.key) }).first {
            return "unknown key '\(shown)' (did you mean '\(near.key)'?)"
        }
        return "unknown key '\(shown)'"
    }

    /// The folder part of a path ("." for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
