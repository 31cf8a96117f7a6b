// swift-tools-version:6.0
import PackageDescription

// The library is these targets so the compiler keeps its boundaries:
// - KioskCore (Sources/KioskHUD/Core): plain Swift, no SDL and no C. Commands, parsing, state,
//   layout, text fitting, timing, and the loop's policy as a pure step.
// - KioskRaster (Sources/KioskHUD/Raster): pixels in plain memory (premultiplied ARGB rows,
//   coverage anti-aliasing, pre-rendered wheel poses), for any windowing backend.
// - CKioskPixels (Sources/KioskHUD/Pixels): the whole-screen pixel passes (the frost of a screen
//   read beneath the overlay, a frame put together from its island and surround as a screen
//   takes it), in C built with -O2 so the unoptimised test build is as quick.
// - KioskPlatform (Sources/KioskHUD/Platform): the process's own I/O in plain Swift over libc, no
//   SDL and no display: descriptors and errno, the wake-up, stdin, FIFO and control-socket readers,
//   the line writers, signals, threads and the one exit path.
// - CKioskPlatform (Sources/KioskHUD/CPlatform): the C that is real code (X11 shape and focus,
//   fontconfig, sd_notify, process attributes); libX11, libXext and libXrandr are loaded at run time
//   (dlopen) by the first X11 call, as fontconfig is, so no other path loads them.
// - CKioskWayland (Sources/KioskHUD/Wayland): libwayland-client, wlr-layer-shell surfaces and
//   wl_shm buffers, with the protocol glue generated from protocol/ (scripts/generate-wayland-glue).
// - CKioskFramebuffer (Sources/KioskHUD/Framebuffer): bare DRM/KMS dumb buffers (libdrm, through
//   the CLibDRM system module) and fbdev, with no display server.
// - KioskFonts (Sources/KioskHUD/Fonts): the message fonts, FreeType and HarfBuzz through the
//   CFreeType system module; the glyph source every backend and --snapshot draw text with.
// - CSDL (Sources/CSDL): SDL2's declarations, and SDL2 itself loaded at run time (dlopen) the
//   first time the X11 backend starts it, so no other path loads SDL2 and what it links.
// - KioskHUD (Sources/KioskHUD/Backend): the X11 (SDL), Wayland, DRM and fbdev backends and the
//   programs; snapshots are written with libpng (the CPNG system module).
let package = Package(
    name: "kiosk-spinner",
    products: [
        .executable(name: "kiosk-spinner", targets: ["kiosk-spinner"]),
        .library(name: "KioskHUD", targets: ["KioskHUD"]),
    ],
    targets: [
        .target(name: "CSDL", path: "Sources/CSDL"),
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/KioskHUD/Fonts/freetype",
            pkgConfig: "freetype2 harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev"])]
        ),
        .systemLibrary(name: "CPNG", path: "Sources/KioskHUD/PNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "KioskCore", path: "Sources/KioskHUD/Core"),
        // Whole-screen pixel passes in C, optimised in every build (the tests run the debug one).
        .target(name: "CKioskPixels", path: "Sources/KioskHUD/Pixels", cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "KioskRaster", dependencies: ["KioskCore", "CKioskPixels"], path: "Sources/KioskHUD/Raster"),
        // eventfd and prctl, which Swift's Glibc module leaves out (a header, no library).
        .systemLibrary(name: "CKioskSystem", path: "Sources/KioskHUD/System"),
        .target(name: "KioskPlatform", dependencies: ["KioskCore", "CKioskSystem"], path: "Sources/KioskHUD/Platform"),
        .target(
            name: "CKioskPlatform",
            path: "Sources/KioskHUD/CPlatform"
        ),
        .target(
            name: "CKioskWayland",
            dependencies: ["CKioskPixels"],
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
            dependencies: ["CLibDRM", "CKioskPixels"],
            path: "Sources/KioskHUD/Framebuffer",
            exclude: ["libdrm"]
        ),
        .target(
            name: "KioskFonts",
            dependencies: ["KioskCore", "KioskRaster", "KioskPlatform", "CKioskPlatform", "CFreeType"],
            path: "Sources/KioskHUD/Fonts",
            exclude: ["freetype"]
        ),
        .target(name: "KioskHUD", dependencies: ["KioskCore", "KioskRaster", "KioskPlatform", "KioskFonts", "CKioskPlatform",
                                                 "CKioskFramebuffer", "CKioskWayland", "CSDL", "CPNG"],
                path: "Sources/KioskHUD/Backend"),
        .executableTarget(name: "kiosk-spinner", dependencies: ["KioskCore", "KioskPlatform", "KioskHUD"]),
        // What several test targets share: a measurer with exact widths, the package's files.
        .target(name: "KioskTestSupport", dependencies: ["KioskCore"], path: "Tests/Support"),
        // The core's and the rasterizer's tests: no SDL, no display, no C library.
        .testTarget(name: "CoreTests", dependencies: ["KioskCore", "KioskRaster", "KioskTestSupport"]),
        .testTarget(name: "KioskHUDTests", dependencies: ["KioskHUD", "KioskCore", "KioskRaster", "KioskPlatform", "KioskFonts", "CPNG", "CKioskFramebuffer", "CKioskPixels",
                                                       "KioskTestSupport"]),
        // The process's I/O over pipes, socketpairs and sockets in a temporary folder: no SDL, no display.
        .testTarget(name: "PlatformTests", dependencies: ["KioskPlatform", "KioskCore"]),
        // A virtual pointer on a Wayland seat, for the Wayland end-to-end tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-pointer", path: "Tests/WaylandPointer",
                          linkerSettings: [.linkedLibrary("wayland-client")]),
        // Draws a known test picture through CKioskFramebuffer, for the QEMU tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-framebuffer", dependencies: ["CKioskFramebuffer"],
                          path: "Tests/FramebufferProbe"),
        .testTarget(name: "EndToEndTests", dependencies: ["kiosk-spinner", "kiosk-spinner-test-pointer", "KioskTestSupport"]),
    ]
)
