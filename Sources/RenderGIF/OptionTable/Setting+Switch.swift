/// Settings that are switches: a flag without a value turns them on, a scene file gives
/// `true` or `false`.
extension Setting {
    /// The text a switch flag stands for on the command line.
    static let switchOn = "true"

    /// False for switches (`--touches`), which take no value on the command line.
    var takesValue: Bool { self != .touches }

    /// A switch's value: the flag itself (`switchOn`), or a JSON boolean.
    static func switchValue(_ input: SettingInput) throws(SettingInput.Problem) -> Bool {
        switch input {
        case let .text(text):
            guard text == switchOn else { throw SettingInput.Problem("takes no value") }
            return true
        case let .json(.bool(value)): return value
        case let .json(other): throw SettingInput.Problem("must be true or false, not \(other.typeName)")
        }
    }
}
