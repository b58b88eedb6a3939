@testable import ArcScene
import Testing
@testable import RenderGIF
import Raster

/// Scene files: every key lands in its setting, relative image paths follow the file, and each
/// refusal names the file and the key.
@Suite enum SceneFileTests {
    static let completeScene = """
        {
          "width": 400, "height": 800.5, "scale": 3, "fps": 25,
          "taps": [0, 2, 1], "hold": 0.25, "oneStepDuration": 0.5, "perStepDuration": 0.3,
          "timing": [0.42, 0, 0.58, 1], "pathMode": "paced",
          "buttons": 5, "margin": 10, "diameter": 60, "borderWidth": 3, "arcWidth": 1.5,
          "gravity": "resizeAspectFill",
          "background": "#101010", "arcColor": "#202020", "borderColor": "#303030", "movingBackground": "#404040",
          "head": "me.png", "avatars": {"0": "a.png", "4": "/abs/e.png"},
          "colors": 64, "dither": "diffusion", "loop": 3, "maxBytes": "2MiB",
          "poster": "still.png", "posterTime": 1.25,
          "touches": true, "touchDiameter": 40, "touchColor": "#505050", "touchOpacity": 0.4,
          "touchPress": 0.15, "touchFade": 0.5
        }
        """

    private static func applying(_ text: String, path: String = "s.json") -> (Animation?, String?) {
        var settings = Animation()
        do {
            try SceneFile.apply(Array(text.utf8), path: path, to: &settings)
            return (settings, nil)
        } catch {
            return (nil, error.description)
        }
    }

    private static func problem(_ text: String, path: String = "s.json") -> String? {
        applying(text, path: path).1
    }

    @Test static func completeSceneUsesEveryKey() throws {
        guard case let .object(members) = try JSONParser.parse(Array(completeScene.utf8)) else {
            Issue.record("the scene is not an object")
            return
        }
        #expect(members.map(\.key).sorted() == Setting.allCases.map(\.key).sorted())
    }

    @Test static func completeSceneLandsInEveryField() throws {
        let settings = try #require(applying(completeScene, path: "scenes/demo.json").0)
        let defaults = Animation()
        #expect(settings.width == 400 && defaults.width != 400)
        #expect(settings.height == 800.5)
        #expect(settings.scale == 3)
        #expect(settings.fps == 25)
        #expect(settings.taps == [0, 2, 1])
        #expect(settings.hold == 0.25)
        #expect(settings.oneStepDuration == 0.5)
        #expect(settings.perStepDuration == 0.3)
        #expect(settings.timing == .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        #expect(settings.pathMode == .paced)
        #expect(settings.buttonCount == 5)
        #expect(settings.marginDegrees == 10)
        #expect(settings.buttonDiameter == 60)
        #expect(settings.borderWidth == 3)
        #expect(settings.arcLineWidth == 1.5)
        #expect(settings.contentGravity == .resizeAspectFill)
        #expect(settings.backgroundColor == RGB8(0x10, 0x10, 0x10))
        #expect(settings.arcColor == RGB8(0x20, 0x20, 0x20))
        #expect(settings.borderColor == RGB8(0x30, 0x30, 0x30))
        #expect(settings.movingBackgroundColor == RGB8(0x40, 0x40, 0x40))
        #expect(settings.headImage == "scenes/me.png")
        #expect(settings.avatarImages == [0: "scenes/a.png", 4: "/abs/e.png"])
        #expect(settings.colors == 64)
        #expect(settings.dither == .diffusion)
        #expect(settings.loop == 3)
        #expect(settings.maxBytes == 2_097_152 && defaults.maxBytes == nil)
        #expect(settings.poster == "scenes/still.png")
        #expect(settings.posterTime == 1.25)
        #expect(settings.touches && !defaults.touches)
        #expect(settings.touchStyle == TouchIndicatorStyle(diameter: 40, color: RGB8(0x50, 0x50, 0x50), opacity: 0.4))
        #expect(settings.touchTiming == TouchTiming(press: 0.15, fade: 0.5))
        #expect(throws: Never.self) { try settings.validate() }
    }

    /// The touch keys refuse what the flags refuse, naming the key: a switch wants a boolean,
    /// numbers their range, a colour its form.
    @Test static func badTouchValuesNameTheKey() {
        #expect(problem(#"{"touches": "yes"}"#) == "scene file 's.json': key 'touches' must be true or false, not a string")
        #expect(problem(#"{"touches": 1}"#) == "scene file 's.json': key 'touches' must be true or false, not a number")
        #expect(problem(#"{"touchPress": -0.1}"#) == "scene file 's.json': key 'touchPress' must be a number of seconds from 0 to 10")
        #expect(problem(#"{"touchFade": -1}"#) == "scene file 's.json': key 'touchFade' must be a number of seconds from 0 to 10")
        #expect(problem(#"{"touchOpacity": 1.5}"#) == "scene file 's.json': key 'touchOpacity' must be an opacity from 0 to 1")
        #expect(problem(#"{"touchDiameter": 0}"#) == "scene file 's.json': key 'touchDiameter' must be a number of points from 1 to 1000")
        #expect(problem(#"{"touchColor": "grey"}"#) == "scene file 's.json': key 'touchColor' must be a colour #rrggbb")
        #expect(problem(#"{"touches": false}"#) == nil)
    }

    @Test static func imagePathsFollowTheFile() {
        let scene = #"{"head": "me.png", "avatars": {"1": "b.png"}}"#
        #expect(applying(scene, path: "me.json").0?.headImage == "./me.png")
        #expect(applying(scene, path: "/me.json").0?.avatarImages == [1: "/b.png"])
        #expect(applying(scene, path: "/x/y/me.json").0?.headImage == "/x/y/me.png")
    }

    @Test static func emptySceneChangesNothing() {
        #expect(applying("{}").0 == Animation())
        #expect(applying(" \n{ }\n").0 == Animation())
    }

    @Test static func byteOrderMarkIsAllowed() throws {
        var settings = Animation()
        try SceneFile.apply([0xEF, 0xBB, 0xBF] + Array(#"{"fps": 10}"#.utf8), path: "s.json", to: &settings)
        #expect(settings.fps == 10)
    }

    @Test static func unknownKeys() {
        #expect(problem(#"{"scael": 2}"#, path: "scene.json")
            == "scene file 'scene.json': unknown key 'scael' (did you mean 'scale'?)")
        #expect(problem(#"{"avatar": {}}"#) == "scene file 's.json': unknown key 'avatar' (did you mean 'avatars'?)")
        #expect(problem(#"{"fps": 10, "zzz": 1}"#) == "scene file 's.json': unknown key 'zzz'")
        #expect(problem(#"{"Width": 400}"#) == "scene file 's.json': unknown key 'Width' (did you mean 'width'?)")
    }

    @Test static func wrongTypesNameTheKey() {
        #expect(problem(#"{"fps": "50"}"#) == "scene file 's.json': key 'fps' must be an integer from 1 to 50, not a string")
        #expect(problem(#"{"background": 255}"#) == "scene file 's.json': key 'background' must be a colour #rrggbb, not a number")
        #expect(problem(#"{"avatars": ["a.png"]}"#)
            == "scene file 's.json': key 'avatars' must be an object mapping button indices to image paths, not an array")
        #expect(problem(#"{"taps": "1,3"}"#)?.hasPrefix("scene file 's.json': key 'taps' must be ") == true)
    }

    @Test static func badValuesNameTheKey() {
        #expect(problem(#"{"scale": 5}"#) == "scene file 's.json': key 'scale' must be an integer from 1 to 4")
        #expect(problem(#"{"dither": "floyd"}"#) == "scene file 's.json': key 'dither' must be one of none, ordered, diffusion")
        #expect(problem(#"{"avatars": {"x": "a.png"}}"#)
            == "scene file 's.json': key 'avatars' must start with a button index from 0, not 'x'")
    }

    @Test static func theFirstProblemInFileOrderWins() {
        #expect(problem(#"{"zzz": 1, "fps": "x"}"#) == "scene file 's.json': unknown key 'zzz'")
        #expect(problem(#"{"fps": "x", "zzz": 1}"#) == "scene file 's.json': key 'fps' must be an integer from 1 to 50, not a string")
    }

    @Test static func notAnObject() {
        #expect(problem("[1]") == "scene file 's.json': must hold a JSON object, not an array")
        #expect(problem(#""fps""#) == "scene file 's.json': must hold a JSON object, not a string")
        #expect(problem("null") == "scene file 's.json': must hold a JSON object, not null")
        #expect(problem("50") == "scene file 's.json': must hold a JSON object, not a number")
    }

    @Test static func invalidJSONSaysWhere() {
        #expect(problem("{\n  \"fps\": 50,\n}", path: "a/b.json")
            == "scene file 'a/b.json': not valid JSON: line 3, column 1: expected a quoted key")
        #expect(problem("", path: "empty.json") == "scene file 'empty.json': not valid JSON: line 1, column 1: unexpected end of file")
        #expect(problem(#"{"fps": 1, "fps": 2}"#) == "scene file 's.json': not valid JSON: line 1, column 12: duplicate key 'fps'")
        #expect(problem("{\"fps\": 1} // comment") == "scene file 's.json': not valid JSON: line 1, column 12: unexpected text after the JSON value")
    }

    /// A scene's refusal is a scene-file error, naming the file, never a setting's.
    @Test static func sceneErrorsAreSceneFileErrors() {
        var settings = Animation()
        #expect(throws: RenderGIFError.sceneFile(path: "s.json", problem: "must hold a JSON object, not an array")) {
            try SceneFile.apply(Array("[]".utf8), path: "s.json", to: &settings)
        }
    }

    @Test(arguments: [("a/b/c.json", "a/b"), ("c.json", "."), ("/c.json", "/"), ("./c.json", "."), ("a/c.json", "a"),
                      ("/x/y/c.json", "/x/y"), ("../c.json", "..")])
    static func folderOfAPath(path: String, folder: String) {
        #expect(SceneFile.folder(of: path) == folder)
    }

    @Test static func sizeLimit() {
        #expect(SceneFile.maxSize == 1_048_576)
    }
}
