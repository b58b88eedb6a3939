/// What messages call the settings. The library names them by their property names
/// (`borderWidth`, `framesFolder`); a client with words of its own (the command's flags,
/// for the border width and the frames folder) formats the same errors with its own naming.
package struct SettingNaming: Sendable {
    /// The name of a property of `Animation`.
    package var property: @Sendable (Animation.Property) -> String
    /// The name of the folder every frame is written into, a parameter of `render(to:)`.
    package var framesFolder: String

    package init(property: @escaping @Sendable (Animation.Property) -> String, framesFolder: String) {
        self.property = property
        self.framesFolder = framesFolder
    }

    /// The library's own words: property names.
    package static let properties = SettingNaming(property: { $0.rawValue }, framesFolder: "framesFolder")
}
