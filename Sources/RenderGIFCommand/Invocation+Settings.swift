import RenderGIF

extension Invocation {
    /// The settings this invocation asks for: defaults, then the scene file, then the flags
    /// in command-line order, checked as a whole. A check across settings that fails is
    /// reported where the setting came from: the flag, or the scene file and its key.
    func resolveSettings() throws(CommandError) -> Animation {
        var settings = Animation()
        var fromSceneFile: Set<Setting> = []
        do {
            if let sceneFile {
                fromSceneFile = try SceneFile.apply(SceneFile.read(sceneFile), path: sceneFile, to: &settings)
            }
        } catch {
            throw .render(error)
        }
        for (setting, value) in settingFlags {
            do {
                try setting.apply(.text(value), to: &settings)
            } catch {
                throw .invalidValue(value, for: setting, problem: error.message)
            }
        }
        do {
            try settings.validate()
        } catch {
            throw .render(attributed(error, fromSceneFile: fromSceneFile))
        }
        return settings
    }

    /// `error` from a check across settings, turned into a scene-file error naming the key
    /// when the setting to change came from the scene file rather than a flag.
    private func attributed(_ error: RenderGIFError, fromSceneFile: Set<Setting>) -> RenderGIFError {
        guard let sceneFile, case let .invalidSetting(invalid) = error else { return error }
        let named = Setting(property: invalid.property)
        let fromFlags = Set(settingFlags.map(\.setting))
        let given = ([named] + named.relatedSettings).first {
            fromFlags.contains($0) || fromSceneFile.contains($0)
        }
        guard let given, !fromFlags.contains(given) else { return error }
        if given == named {
            return .sceneFile(path: sceneFile, problem: SceneFile.keyProblem(given.key, invalid.problem))
        }
        return .sceneFile(path: sceneFile, problem: "key '\(given.key)' does not fit the default '\(named.key)': \(invalid.problem)")
    }
}

extension Setting {
    /// The settings a cross-check also depends on: when the setting an error names kept its
    /// default, the one of these that was given is the one to change.
    var relatedSettings: [Setting] {
        switch self {
        case .taps, .avatar: return [.buttons]
        case .borderWidth: return [.diameter]
        case .scale: return [.width, .height]
        case .posterTime: return [.taps, .hold, .oneStepDuration, .perStepDuration]
        default: return []
        }
    }
}
