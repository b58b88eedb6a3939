import Foundation
import ImageCodecs
import Raster
import SceneRenderer

/// Loads the avatar images a render needs: the user's files where given, the built-in
/// pictures otherwise (button i beyond the fourth reuses picture i mod 4).
public enum AvatarLoader {
    /// The images for `settings`, decoded and premultiplied.
    public static func images(for settings: RenderSettings) throws(RenderGIFError) -> SceneImages {
        let head = try load(settings.headImage, default: DefaultAvatarData.head, name: "myHead")
        var buttons: [RGBAImage] = []
        for index in 0..<settings.buttonCount {
            let builtIn = defaultButtons[index % defaultButtons.count]
            buttons.append(try load(settings.avatarImages[index], default: builtIn, name: "\(index % defaultButtons.count + 1)"))
        }
        return SceneImages(head: head, buttons: buttons)
    }

    private static let defaultButtons = [DefaultAvatarData.button1, DefaultAvatarData.button2,
                                         DefaultAvatarData.button3, DefaultAvatarData.button4]

    private static func load(_ path: String?, default base64: String, name: String) throws(RenderGIFError) -> RGBAImage {
        do {
            if let path { return try ImageFile.load(path: path) }
            return try builtIn(base64, name: name)
        } catch {
            throw .codec(error)
        }
    }

    /// Decodes one of the built-in pictures.
    static func builtIn(_ base64: String, name: String) throws(ImageCodecError) -> RGBAImage {
        let path = "built-in avatar \(name).png"
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            throw .corrupt(path: path, message: "the embedded base64 text is damaged")
        }
        return try ImageFile.decode([UInt8](data), path: path)
    }
}
