// swift-tools-version:6.0
// render-gif: renders the QQ account-page arc animation headlessly and writes an animated GIF.
import PackageDescription

/// Pure-Swift modules call sqrt and friends; on Linux those live in libm.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

/// libheif's pkg-config name where it is linked. Linux leaves it out: there pkg-config would
/// link libheif into every binary, and CHEIFLoader opens it when a picture needs it instead.
#if os(Linux)
let heifPackageConfig: String? = nil
#else
let heifPackageConfig: String? = "libheif"
#endif

let package = Package(
    name: "render-gif",
    // macOS 13 (Ventura, 2022) is the oldest release that Apple still updates and that
    // Swift 6.3's toolchains target; scripts/check-availability fails on any standard-library
    // declaration the code uses that is newer than this.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "render-gif", targets: ["render-gif"]),
        .library(name: "RenderGIF", targets: ["RenderGIF"]),
        // `swift package render-gif` for packages that depend on this one.
        .plugin(name: "RenderGIFPlugin", targets: ["RenderGIFPlugin"]),
        // `swift package check-gifs`: the same check, read-only, so it needs no permission flag.
        .plugin(name: "CheckGIFsPlugin", targets: ["CheckGIFsPlugin"]),
    ],
    targets: [
        // C libraries, reached through module maps and found through pkg-config (on macOS also in
        // each Homebrew formula's own lib/pkgconfig); scripts/setup installs them and pkg-config.
        // Only ImageCodecs (the picture codecs) and GIFFile (giflib) import them, and the
        // test-only fixture encoders and GIF reader.
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
        // libheif: HEIC/HEIF and AVIF pictures. On Linux only its headers (in the system's
        // include path): CHEIFLoader opens the library when a picture needs it. On macOS
        // pkg-config finds Homebrew's headers and links the library.
        .systemLibrary(
            name: "CHEIF",
            pkgConfig: heifPackageConfig,
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
        ),
        // libheif opened on first use (Linux): loading it and its codecs took 3 ms of every
        // start, HEIF picture or not. It defines the libheif functions render-gif calls.
        .target(name: "CHEIFLoader", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // libwebp and libwebpdemux: WebP pictures, still and animated.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),

        // Pure Swift: the values every drawing stage shares (an 8-bit sRGB colour, a point,
        // trigonometry from IEEE basic operations, identical on every machine), and the
        // premultiplied RGBA8 canvas, analytic coverage, compositing, sampling.
        .target(name: "Raster", linkerSettings: libm),
        // Pure Swift on the C library's threads: threads started with their refusal reported,
        // the pool of helpers that splits work (never waiting for a thread the system
        // refuses), background priority.
        .target(name: "WorkThreads"),
        // Pure Swift: what is where at time t (no pixels).
        .target(name: "ArcScene", dependencies: ["Raster"], linkerSettings: libm),
        // Pure Swift: palette construction and dithering for GIF output.
        .target(name: "Palette", dependencies: ["Raster", "WorkThreads"]),
        // libjpeg behind one setjmp: its fatal errors longjmp back into C, never into Swift.
        .target(name: "CJPEGReader", dependencies: ["CJPEG"]),
        // libpng's low-level read API row by row, each call behind its own setjmp.
        .target(name: "CPNGReader", dependencies: ["CPNG"]),
        // libpng's low-level write API behind one setjmp, for fast PNG output with chosen settings.
        .target(name: "CPNGWriter", dependencies: ["CPNG"]),
        // glibc's malloc arenas and the default thread stack size, which bound what the process
        // reserves beyond what it uses (Swift's Glibc module does not import <malloc.h>); no-ops
        // on other C libraries.
        .target(name: "CAllocator"),
        // Test-only PNG and JPEG fixture encoders (libpng's and libjpeg's full write APIs).
        .target(name: "CTestImageFixtures", dependencies: ["CPNG", "CJPEG"]),
        // The file layer, on the C library alone: paths as bytes, only regular files read,
        // outputs created whole and renamed into place (a single file, or a folder of frames
        // changed all at once), standard output, and nothing left behind: the record of
        // temporary names that an interruption or a crash empties, and the sweep of what a
        // killed process left. It knows nothing of pictures or of the command line.
        .target(name: "SafeFiles"),
        // giflib's GIF files: writing a screen, colour tables and already-compressed LZW codes
        // onto a ByteSink, and reading a whole GIF into the summary a check compares. It
        // knows nothing of palettes, animations or the picture decoders.
        .target(name: "GIFFile", dependencies: ["Raster", "SafeFiles", "CGIF"]),
        // The picture codecs, a folder per format: PNG, JPEG, HEIF/AVIF, WebP and GIF (the first
        // frame) decoding, upright, in sRGB and reduced for the layer (Little CMS for embedded
        // profiles), and PNG writing through libpng for the frames and the still; their files
        // are read and written through SafeFiles. It knows nothing of palettes or animations.
        .target(name: "ImageCodecs",
                dependencies: ["Raster", "SafeFiles", "WorkThreads", "CPNG", "CGIF", "CJPEG", "CLCMS", "CJPEGReader", "CPNGReader", "CPNGWriter",
                               "CHEIF", "CHEIFLoader", "CWebP"]),
        // Pure Swift: the animated GIF encoder (palette planning, frame differencing, variant
        // choice, LZW, the mapping ahead on a worker of its own), writing its images through
        // GIFFile's giflib writer onto a SafeFiles sink; no picture decoder is linked.
        .target(name: "GIFEncoding", dependencies: ["Raster", "Palette", "SafeFiles", "GIFFile", "WorkThreads"]),
        // Test-only: giflib's reader, and giflib's own LZW encoder (EGifPutLine), the reference
        // for the files written from GIFEncoding's compressed images.
        .target(name: "GIFTestSupport", dependencies: ["GIFEncoding", "GIFFile", "SafeFiles", "Raster", "Palette", "WorkThreads", "CGIF"],
                path: "Tests/GIFTestSupport"),
        // Test-only: the seeded random generator every test suite shares, and temporary folders.
        .target(name: "SharedTestSupport", path: "Tests/SharedTestSupport"),
        // The library: Animation (render to a file, to memory, or check), and in folders named
        // for them the settings table, scene files, the render job, drawing, checks, the size
        // budget, the output files and the errors (package API for the command).
        .target(name: "RenderGIF",
                dependencies: ["ArcScene", "Raster", "Palette", "SafeFiles", "GIFFile", "ImageCodecs", "GIFEncoding", "WorkThreads",
                               // What the process reserves, for the memory estimate.
                               "CAllocator",
                               // Only to name the libraries' versions (LinkedLibrary).
                               "CPNG", "CZlib", "CGIF", "CJPEG", "CLCMS", "CHEIF", "CWebP"]),
        // The command line: argument parsing, help, the flags' names for settings and errors,
        // exit codes, signal handling. Only the executable uses it; the library knows no flag.
        .target(name: "RenderGIFCommand", dependencies: ["RenderGIF", "SafeFiles", "ImageCodecs", "WorkThreads"]),
        .executableTarget(name: "render-gif", dependencies: ["RenderGIFCommand", "RenderGIF", "SafeFiles"]),
        // The README's library example, exactly as the README shows it (a CLI test checks both).
        .executableTarget(name: "library-example", dependencies: ["RenderGIF"], path: "Examples/LibraryExample"),
        // The two plugins run the command above once per scene file. Each one's folder holds its
        // entry point (verb, help); its other files are relative symbolic links to the files in
        // Plugins/SharedPluginSources, kept there once for both (a plugin target cannot depend
        // on a library target).
        // Renders (or, with --check, checks) every NAME.scene.json under a package to NAME.gif.
        .plugin(
            name: "RenderGIFPlugin",
            capability: .command(
                intent: .custom(verb: "render-gif", description: "Render every NAME.scene.json to NAME.gif beside it, or check them with --check"),
                permissions: [.writeToPackageDirectory(reason: "Writes each NAME.gif (and the still its scene names) beside its NAME.scene.json")]
            ),
            dependencies: ["render-gif"]
        ),
        // Checks every NAME.gif against its NAME.scene.json and writes nothing. It declares no
        // permission, so SwiftPM runs it without asking, also without a terminal (CI), where
        // render-gif, even with --check, stops unless given --allow-writing-to-package-directory.
        .plugin(
            name: "CheckGIFsPlugin",
            capability: .command(
                intent: .custom(verb: "check-gifs", description: "Check that every NAME.gif (and the still its scene names) is what its NAME.scene.json renders; writes nothing")
            ),
            dependencies: ["render-gif"]
        ),

        .testTarget(name: "ArcSceneTests", dependencies: ["ArcScene", "Raster"]),
        .testTarget(name: "RasterTests", dependencies: ["SharedTestSupport", "Raster"]),
        .testTarget(name: "PaletteTests", dependencies: ["SharedTestSupport", "Palette", "Raster"]),
        // The thread start, the helpers' pool and the parallel map, with threads refused.
        .testTarget(name: "WorkThreadsTests", dependencies: ["WorkThreads", "GIFTestSupport"]),
        // The file layer on its own: atomic outputs, the frames folder, hostile names and files,
        // the stale-temporary sweep, the error texts.
        .testTarget(name: "SafeFilesTests", dependencies: ["SharedTestSupport", "SafeFiles"]),
        .testTarget(name: "ImageCodecsTests",
                    dependencies: ["SharedTestSupport", "ImageCodecs", "SafeFiles", "GIFFile", "Raster", "Palette",
                                   "WorkThreads", "CTestImageFixtures", "CJPEGReader", "CHEIF", "CLCMS"],
                    exclude: ["Files"]),
        // The encoder, and GIFFile's writer, summary and errors against giflib's reference reader.
        .testTarget(name: "GIFEncodingTests",
                    dependencies: ["SharedTestSupport", "GIFEncoding", "GIFTestSupport", "GIFFile", "SafeFiles", "Raster", "Palette",
                                   "WorkThreads"]),
        .testTarget(name: "RenderGIFTests",
                    dependencies: ["SharedTestSupport", "RenderGIF", "SafeFiles", "GIFFile", "ImageCodecs", "GIFEncoding",
                                   "GIFTestSupport", "Raster", "WorkThreads"]),
        // The command line in-process: parsing, help, the flags' words in messages, settings from flags.
        .testTarget(name: "RenderGIFCommandTests", dependencies: ["RenderGIFCommand", "RenderGIF", "SafeFiles", "ImageCodecs"]),
        // Runs the built command: help, errors, exit codes, files written.
        .testTarget(name: "CLITests", dependencies: ["SharedTestSupport", "render-gif", "library-example", "RenderGIF", "ImageCodecs"],
                    exclude: ["Golden"]),
    ]
)
