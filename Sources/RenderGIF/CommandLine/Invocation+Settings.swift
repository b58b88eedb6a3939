extension Invocation {
    /// The settings this invocation asks for: defaults, then the scene file, then the flags
    /// in command-line order, checked as a whole. A check across settings that fails is
    /// reported where the setting came from: the flag, or the scene file and its key.
    func resolveSettings() throws(RenderGIFError) -> Animation {
        var settings = Animation()
        var fromSceneFile: Set<Setting> = []
        if let sceneFile {
            fromSceneFile = try SceneFile.apply(SceneFile.read(sceneFile), path: sceneFile, to: &settings)
        }
        for (setting, value) in settingFlags {
            do {
                try setting.apply(.text(value), to: &settings)
            } catch {
                throw .invalidSetting(flag: setting.flag, value: value, problem: error.message)
            }
        }
        do {
            try settings.validate()
        } catch {
            throw attributed(error, fromSceneFile: fromSceneFile)
        }
        return settings
    }

    /// `error` from a check across settings, turned into a scene-file error naming the key
    /// when the setting to change came from the scene file rather than a flag.
    private func attributed(_ error: RenderGIFError, fromSceneFile: Set<Setting>) -> RenderGIFError {
        guard let sceneFile, case let .invalidSetting(flag, _, problem) = error, let named = Setting(flag: flag) else { return error }
        let fromFlags = Set(settingFlags.map(\.setting))
        let given = ([named] + Animation.relatedSettings(of: named)).first {
            fromFlags.contains($0) || fromSceneFile.contains($0)
        }
        guard let given, !fromFlags.contains(given) else { return error }
        if given == named {
            return .sceneFile(path: sceneFile, problem: SceneFile.keyProblem(given.key, problem))
        }
        return .sceneFile(path: sceneFile, problem: "key '\(given.key)' does not fit the default '\(named.key)': \(problem)")
    }
}
