// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "kiosk-spinner",
    products: [
        .executable(name: "kiosk-spinner", targets: ["kiosk-spinner"]),
        .library(name: "KioskHUD", targets: ["KioskHUD"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL",
            pkgConfig: "sdl2 SDL2_ttf SDL2_image x11 xext",
            providers: [
                .apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "libx11-dev", "libxext-dev"]),
            ]
        ),
        .target(name: "KioskHUD", dependencies: ["CSDL"]),
        .executableTarget(name: "kiosk-spinner", dependencies: ["KioskHUD"]),
        .testTarget(name: "KioskHUDTests", dependencies: ["KioskHUD"]),
        .testTarget(name: "EndToEndTests", dependencies: ["kiosk-spinner"]),
    ]
)
