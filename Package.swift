// swift-tools-version:6.0
import PackageDescription

// The library is four targets so the compiler keeps its boundaries:
// - KioskCore (Sources/KioskHUD/Core): plain Swift, no SDL and no C. Commands, parsing, state,
//   layout, text fitting, timing, and the loop's policy as a pure step.
// - KioskRaster (Sources/KioskHUD/Raster): pixels in plain memory (premultiplied ARGB rows,
//   coverage anti-aliasing, pre-rendered wheel poses), for any windowing backend.
// - CKioskPlatform (Sources/KioskHUD/CPlatform): the C that is real code (X11 shape and focus,
//   fontconfig, sd_notify, process attributes).
// - CKioskWayland (Sources/KioskHUD/Wayland): libwayland-client, wlr-layer-shell surfaces and
//   wl_shm buffers, with the protocol glue generated from protocol/ (scripts/generate-wayland-glue).
// - CKioskFramebuffer (Sources/KioskHUD/Framebuffer): bare DRM/KMS dumb buffers (libdrm, through
//   the CLibDRM system module) and fbdev, with no display server.
// - KioskHUD (Sources/KioskHUD/Backend): the SDL, X11 and Wayland backends and the programs.
let package = Package(
    name: "kiosk-spinner",
    products: [
        .executable(name: "kiosk-spinner", targets: ["kiosk-spinner"]),
        .library(name: "KioskHUD", targets: ["KioskHUD"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL",
            pkgConfig: "sdl2 SDL2_ttf SDL2_image",
            providers: [
                .apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"]),
            ]
        ),
        .target(name: "KioskCore", path: "Sources/KioskHUD/Core"),
        .target(name: "KioskRaster", dependencies: ["KioskCore"], path: "Sources/KioskHUD/Raster"),
        .target(
            name: "CKioskPlatform",
            path: "Sources/KioskHUD/CPlatform",
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext"), .linkedLibrary("Xrandr")]
        ),
        .target(
            name: "CKioskWayland",
            path: "Sources/KioskHUD/Wayland",
            exclude: ["protocol"],
            linkerSettings: [.linkedLibrary("wayland-client")]
        ),
        .systemLibrary(
            name: "CLibDRM",
            path: "Sources/KioskHUD/Framebuffer/libdrm",
            pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]
        ),
        .target(
            name: "CKioskFramebuffer",
            dependencies: ["CLibDRM"],
            path: "Sources/KioskHUD/Framebuffer",
            exclude: ["libdrm"]
        ),
        .target(name: "KioskHUD", dependencies: ["KioskCore", "KioskRaster", "CKioskPlatform", "CKioskWayland", "CSDL"],
                path: "Sources/KioskHUD/Backend"),
        .executableTarget(name: "kiosk-spinner", dependencies: ["KioskCore", "KioskHUD"]),
        .testTarget(name: "KioskHUDTests", dependencies: ["KioskHUD", "KioskCore", "KioskRaster"]),
        // A virtual pointer on a Wayland seat, for the Wayland end-to-end tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-pointer", path: "Tests/WaylandPointer",
                          linkerSettings: [.linkedLibrary("wayland-client")]),
        // Draws a known test picture through CKioskFramebuffer, for the QEMU tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-framebuffer", dependencies: ["CKioskFramebuffer"],
                          path: "Tests/FramebufferProbe"),
        .testTarget(name: "EndToEndTests", dependencies: ["kiosk-spinner", "kiosk-spinner-test-pointer"]),
    ]
)
