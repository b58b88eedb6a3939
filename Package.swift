// swift-tools-version:6.0
// render-gif: renders the QQ account-page arc animation headlessly and writes an animated GIF.
import PackageDescription

/// Pure-Swift modules call sqrt and friends; on Linux those live in libm.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "render-gif",
    products: [
        .executable(name: "render-gif", targets: ["render-gif"]),
        .library(name: "RenderGIF", targets: ["RenderGIF"]),
        // `swift package render-gif` for packages that depend on this one.
        .plugin(name: "RenderGIFPlugin", targets: ["RenderGIFPlugin"]),
    ],
    targets: [
        // C libraries, reached through module maps and found through pkg-config (on macOS also in
        // each Homebrew formula's own lib/pkgconfig); scripts/setup installs them and pkg-config.
        // Only ImageCodecs (and the test-only GIF reader) import them.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // Homebrew's giflib has no libgif.pc (Debian's and Ubuntu's has): scripts/setup writes one.
        .systemLibrary(
            name: "CGIF",
            pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"]), .brew(["giflib"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Little CMS 2: embedded ICC profiles to sRGB.
        .systemLibrary(
            name: "CLCMS",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]
        ),
        // libheif: HEIC/HEIF and AVIF pictures.
        .systemLibrary(
            name: "CHEIF",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
        ),
        // libwebp and libwebpdemux: WebP pictures, still and animated.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),

        // Pure Swift: trigonometry from IEEE basic operations, identical on every machine.
        .target(name: "DeterministicMath", linkerSettings: libm),
        // Pure Swift: the values every drawing stage shares, an 8-bit sRGB colour and a point.
        .target(name: "GraphicsTypes"),
        // Pure Swift: what is where at time t (no pixels).
        .target(name: "ArcScene", dependencies: ["DeterministicMath", "GraphicsTypes"], linkerSettings: libm),
        // Pure Swift: premultiplied RGBA8 canvas, analytic coverage, compositing, sampling.
        .target(name: "Raster", dependencies: ["DeterministicMath", "GraphicsTypes"], linkerSettings: libm),
        // Pure Swift: palette construction and dithering for GIF output.
        .target(name: "Palette", dependencies: ["GraphicsTypes", "Raster"]),
        // libjpeg behind one setjmp: its fatal errors longjmp back into C, never into Swift.
        .target(name: "CJPEGReader", dependencies: ["CJPEG"]),
        // libpng's low-level read API row by row, each call behind its own setjmp.
        .target(name: "CPNGReader", dependencies: ["CPNG"]),
        // libpng's low-level write API behind one setjmp, for fast PNG output with chosen settings.
        .target(name: "CPNGWriter", dependencies: ["CPNG"]),
        // Test-only PNG and JPEG fixture encoders (libpng's and libjpeg's full write APIs).
        .target(name: "CTestImageFixtures", dependencies: ["CPNG", "CJPEG"]),
        // Pure Swift: the animated GIF encoder (palette planning, frame differencing, variant
        // choice, LZW) producing the screen and compressed images; writing them is the caller's business.
        .target(name: "GIFEncoding", dependencies: ["GraphicsTypes", "Raster", "Palette"]),
        // All C contact: PNG and JPEG decoding (upright, sRGB, reduced for the layer), PNG
        // writing, GIF writing of GIFEncoding's images and GIF reading for --check's report
        // through giflib, atomic file output; a folder per format.
        .target(name: "ImageCodecs",
                dependencies: ["GraphicsTypes", "Raster", "Palette", "GIFEncoding", "CPNG", "CGIF", "CJPEG", "CLCMS", "CJPEGReader",
                               "CPNGReader", "CPNGWriter", "CHEIF", "CWebP"]),
        // Test-only: giflib's reader, and giflib's own LZW encoder (EGifPutLine), the reference
        // for the files written from GIFEncoding's compressed images.
        .target(name: "GIFTestSupport", dependencies: ["GIFEncoding", "GraphicsTypes", "ImageCodecs", "Raster", "Palette", "CGIF"],
                path: "Tests/GIFTestSupport"),
        // Test-only: the seeded random generator every test suite shares.
        .target(name: "SharedTestSupport", path: "Tests/SharedTestSupport"),
        // Draws scene states into frames and reports the rectangle that changed.
        .target(name: "SceneRenderer", dependencies: ["ArcScene", "GraphicsTypes", "Raster"]),
        // The library the command uses: options, scene files, progress, the render job.
        .target(name: "RenderGIF", dependencies: ["ArcScene", "GraphicsTypes", "Raster", "Palette", "ImageCodecs", "GIFEncoding", "SceneRenderer"]),
        .executableTarget(name: "render-gif", dependencies: ["RenderGIF"]),
        // Renders (or, with --check, checks) every NAME.scene.json under a package to NAME.gif
        // by running the command above once per scene file.
        .plugin(
            name: "RenderGIFPlugin",
            capability: .command(
                intent: .custom(verb: "render-gif", description: "Render every NAME.scene.json to NAME.gif beside it, or check them with --check"),
                permissions: [.writeToPackageDirectory(reason: "Writes each NAME.gif (and the still its scene names) beside its NAME.scene.json")]
            ),
            dependencies: ["render-gif"]
        ),

        .testTarget(name: "DeterministicMathTests", dependencies: ["DeterministicMath"]),
        .testTarget(name: "GraphicsTypesTests", dependencies: ["GraphicsTypes"]),
        .testTarget(name: "ArcSceneTests", dependencies: ["ArcScene", "GraphicsTypes"]),
        .testTarget(name: "RasterTests", dependencies: ["SharedTestSupport", "Raster", "DeterministicMath", "GraphicsTypes"]),
        .testTarget(name: "PaletteTests", dependencies: ["SharedTestSupport", "Palette", "GraphicsTypes", "Raster"]),
        .testTarget(name: "ImageCodecsTests",
                    dependencies: ["SharedTestSupport", "ImageCodecs", "GraphicsTypes", "Raster", "Palette", "CTestImageFixtures"],
                    exclude: ["Files"]),
        .testTarget(name: "GIFEncodingTests",
                    dependencies: ["SharedTestSupport", "GIFEncoding", "GIFTestSupport", "GraphicsTypes", "ImageCodecs", "Raster", "Palette"]),
        .testTarget(name: "SceneRendererTests", dependencies: ["SceneRenderer", "ArcScene", "GraphicsTypes", "Raster"]),
        .testTarget(name: "RenderGIFTests",
                    dependencies: ["SharedTestSupport", "RenderGIF", "GraphicsTypes", "ImageCodecs", "GIFEncoding", "GIFTestSupport", "SceneRenderer",
                                   "Raster"]),
        // Runs the built command: help, errors, exit codes, files written.
        .testTarget(name: "CLITests", dependencies: ["SharedTestSupport", "render-gif", "RenderGIF"], exclude: ["Golden"]),
    ]
)
