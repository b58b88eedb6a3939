/// Settings that are switches: the text "true" (the command's flag without a value) turns
/// them on, a scene file gives `true` or `false`.
extension Setting {
    /// The text that turns a switch on (what the command passes for a switch's flag).
    package static let switchOn = "true"

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
