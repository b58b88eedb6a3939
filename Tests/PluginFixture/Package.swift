// swift-tools-version:6.0
// A package that depends on render-gif by path, as a user's package would: it documents an
// interface with render-gif's scene files (scripts/test-plugin drives `swift package
// render-gif` and `swift package check-gifs` here) and renders from Swift with the RenderGIF
// library (`library-check`, which scripts/test-library-package runs).
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v13)],
    // Named, so that the dependency reads the same whatever the checkout's folder is called.
    dependencies: [.package(name: "render-gif", path: "../..")],
    targets: [
        .executableTarget(name: "library-check", dependencies: [.product(name: "RenderGIF", package: "render-gif")]),
    ]
)
