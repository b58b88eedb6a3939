@testable import ArcScene
import Testing
@testable import RenderGIF
import Raster

/// Colours, the head image and the per-button avatar images.
@Suite enum SettingImageTests {
    static let colorSettings: [Setting] = [.background, .arcColor, .borderColor, .movingBackground]

    static func color(_ setting: Setting, in settings: Animation) -> RGB8? {
        switch setting {
        case .background: return settings.backgroundColor
        case .arcColor: return settings.arcColor
        case .borderColor: return settings.borderColor
        case .movingBackground: return settings.movingBackgroundColor
        default: return nil
        }
    }

    // MARK: colours

    @Test(arguments: colorSettings)
    static func coloursFromTextAndJSON(setting: Setting) {
        let green = RGB8(0, 255, 0)
        for input in [SettingInput.text("#00ff00"), .text("#00FF00"), .json(.string("#00fF00"))] {
            #expect(TestSupport.applied(setting, input).flatMap { color(setting, in: $0) } == green)
        }
        let mixed = TestSupport.applied(setting, .text("#A1b2C3")).flatMap { color(setting, in: $0) }
        #expect(mixed == RGB8(0xA1, 0xB2, 0xC3))
    }

    @Test(arguments: colorSettings)
    static func onlyThatColourChanges(setting: Setting) throws {
        let changed = try #require(TestSupport.applied(setting, .text("#123456")))
        for other in colorSettings where other != setting {
            #expect(color(other, in: changed) == color(other, in: Animation()))
        }
    }

    @Test(arguments: ["00ff00", "#00ff0", "#00ff000", "#00ff0g", "", "#", " #00ff00", "#00ff00 ", "#0f0", "green",
                      "#ｆｆｆｆｆｆ", "##00ff0"])
    static func badColours(text: String) {
        for setting in colorSettings {
            #expect(TestSupport.problem(setting, .text(text)) == "must be a colour #rrggbb")
            #expect(TestSupport.problem(setting, .json(.string(text))) == "must be a colour #rrggbb")
        }
    }

    @Test static func colourOfTheWrongJSONType() {
        #expect(TestSupport.problem(.background, .json(.number(0xFFFFFF))) == "must be a colour #rrggbb, not a number")
        #expect(TestSupport.problem(.arcColor, .json(.array([]))) == "must be a colour #rrggbb, not an array")
    }

    // MARK: head

    @Test static func headFromAFlagIsKeptAsTyped() {
        #expect(TestSupport.applied(.head, .text("me.png"))?.headImage == "me.png")
        #expect(TestSupport.applied(.head, .text("../pics/me.jpg"))?.headImage == "../pics/me.jpg")
        #expect(TestSupport.applied(.head, .text("/abs/me.png"))?.headImage == "/abs/me.png")
    }

    @Test static func headInASceneFileIsRelativeToItsFolder() {
        #expect(TestSupport.applied(.head, .json(.string("me.png")), baseFolder: "scenes")?.headImage == "scenes/me.png")
        #expect(TestSupport.applied(.head, .json(.string("me.png")), baseFolder: "scenes/")?.headImage == "scenes/me.png")
        #expect(TestSupport.applied(.head, .json(.string("me.png")), baseFolder: "/")?.headImage == "/me.png")
        #expect(TestSupport.applied(.head, .json(.string("me.png")), baseFolder: ".")?.headImage == "./me.png")
        #expect(TestSupport.applied(.head, .json(.string("../me.png")), baseFolder: "a/b")?.headImage == "a/b/../me.png")
        #expect(TestSupport.applied(.head, .json(.string("/abs/me.png")), baseFolder: "scenes")?.headImage == "/abs/me.png")
    }

    @Test static func badHeads() {
        #expect(TestSupport.problem(.head, .text("")) == "must be a file path, not empty")
        #expect(TestSupport.problem(.head, .json(.string("")), baseFolder: "scenes") == "must be a file path, not empty")
        #expect(TestSupport.problem(.head, .json(.number(1))) == "must be a file path, not a number")
        #expect(TestSupport.problem(.head, .json(.null)) == "must be a file path, not null")
    }

    // MARK: avatars

    @Test static func avatarFlags() {
        #expect(TestSupport.applied(.avatar, .text("2=a.png"))?.avatarImages == [2: "a.png"])
        #expect(TestSupport.applied(.avatar, .text("0=/abs/a.png"))?.avatarImages == [0: "/abs/a.png"])
        #expect(TestSupport.applied(.avatar, .text("63=a.png"))?.avatarImages == [63: "a.png"])
        #expect(TestSupport.applied(.avatar, .text(" 2 =a.png"))?.avatarImages == [2: "a.png"])
        // Only the first '=' separates; the file name may hold more.
        #expect(TestSupport.applied(.avatar, .text("1=a=b.png"))?.avatarImages == [1: "a=b.png"])
    }

    @Test static func avatarFlagsAccumulateAndTheLastWins() throws {
        var settings = Animation()
        for text in ["1=a.png", "3=c.png", "1=b.png"] {
            try Setting.avatar.apply(.text(text), to: &settings)
        }
        #expect(settings.avatarImages == [1: "b.png", 3: "c.png"])
    }

    @Test static func badAvatarFlags() {
        #expect(TestSupport.problem(.avatar, .text("2")) == "must be <i>=<file>, a button index, '=' and an image path")
        #expect(TestSupport.problem(.avatar, .text("")) == "must be <i>=<file>, a button index, '=' and an image path")
        #expect(TestSupport.problem(.avatar, .text("=a.png")) == "must start with a button index from 0, not ''")
        #expect(TestSupport.problem(.avatar, .text("x=a.png")) == "must start with a button index from 0, not 'x'")
        #expect(TestSupport.problem(.avatar, .text("-1=a.png")) == "must start with a button index from 0, not '-1'")
        #expect(TestSupport.problem(.avatar, .text("64=a.png")) == "must start with a button index from 0, not '64'")
        #expect(TestSupport.problem(.avatar, .text("1.0=a.png")) == "must start with a button index from 0, not '1.0'")
        #expect(TestSupport.problem(.avatar, .text("2=")) == "must be <i>=<file>, with a file after '='")
    }

    @Test static func avatarObjectsInSceneFiles() {
        let object = JSONValue.object([(key: "1", value: .string("a.png")), (key: "3", value: .string("/abs/d.png"))])
        let settings = TestSupport.applied(.avatar, .json(object), baseFolder: "scenes")
        #expect(settings?.avatarImages == [1: "scenes/a.png", 3: "/abs/d.png"])
        let bare = TestSupport.applied(.avatar, .json(.object([(key: "0", value: .string("a.png"))])), baseFolder: ".")
        #expect(bare?.avatarImages == [0: "./a.png"])
        #expect(TestSupport.applied(.avatar, .json(.object([])))?.avatarImages == [:])
    }

    @Test static func badAvatarObjects() {
        let notString = JSONValue.object([(key: "1", value: .number(5))])
        #expect(TestSupport.problem(.avatar, .json(notString)) == "must map button indices to image paths; '1' is a number")
        // An empty path is refused too (the wording of that message is not pinned down here).
        #expect(TestSupport.problem(.avatar, .json(.object([(key: "1", value: .string(""))]))) != nil)
        let badIndex = JSONValue.object([(key: "x", value: .string("a.png"))])
        #expect(TestSupport.problem(.avatar, .json(badIndex)) == "must start with a button index from 0, not 'x'")
        let tooHigh = JSONValue.object([(key: "64", value: .string("a.png"))])
        #expect(TestSupport.problem(.avatar, .json(tooHigh)) == "must start with a button index from 0, not '64'")
        #expect(TestSupport.problem(.avatar, .json(.array([.string("a.png")])))
            == "must be an object mapping button indices to image paths, not an array")
        #expect(TestSupport.problem(.avatar, .json(.string("1=a.png")))
            == "must be an object mapping button indices to image paths, not a string")
    }
}
