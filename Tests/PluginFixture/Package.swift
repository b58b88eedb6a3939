// swift-tools-version:6.0
// A package that documents an interface with render-gif's scene files, depending on
// render-gif by path; scripts/test-plugin drives `swift package render-gif` and
// `swift package check-gifs` here.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "../..")],
    targets: []
)
