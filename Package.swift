// swift-tools-version:6.0
import PackageDescription

// The library is these targets so the compiler keeps its boundaries, each in the folder of its own
// name under Sources/KioskHUD (docs/ARCHITECTURE.md has the map and the path of a line):
// - KioskCore: plain Swift, no SDL and no C. Commands, parsing, state, layout, text fitting,
//   timing, and the loop's policy as a pure step.
// - KioskRaster: pixels in plain memory (premultiplied ARGB rows, coverage anti-aliasing,
//   pre-rendered wheel poses), for any backend.
// - CKioskPixels: the whole-screen pixel passes (the frost of a screen read beneath the overlay, a
//   frame put together from its island and surround as a screen takes it), in C built with -O2 so
//   the unoptimised test build is as quick.
// - KioskPlatform: the process's own I/O in plain Swift over libc, no SDL and no display:
//   descriptors and errno, the wake-up, stdin, FIFO and control-socket readers, the line writers,
//   signals, threads and the one exit path; CKioskSystem is what Swift's Glibc leaves out of it.
// - CKioskPlatform: the process's C that no display needs (fontconfig, sd_notify, process
//   attributes).
// - KioskFonts: the message fonts, FreeType and HarfBuzz through the CFreeType system module (in
//   KioskFonts/CFreeType); the glyph source every backend and --snapshot draw text with.
// - KioskHUD: the program and its loop (Program: the Overlay, the backend registry, --snapshot
//   with libpng through Program/CPNG, send) and the backends, one folder each with its C beside
//   its Swift: X11 (SDL windows; X11/CKioskX11, libX11, libXext and libXrandr loaded at run time
//   by the first X11 call, as SDL2 is by CSDL), Wayland (Wayland/CKioskWayland: libwayland-client,
//   wlr-layer-shell surfaces, wl_shm buffers, the protocol glue generated from its protocol/ by
//   scripts/generate-wayland-glue) and BareScreen (DRM/KMS and fbdev over one bare-screen base;
//   BareScreen/CKioskFramebuffer with libdrm through BareScreen/CLibDRM).
// - CSDL (Sources/CSDL): SDL2's declarations, and SDL2 itself loaded at run time (dlopen) the
//   first time the X11 backend starts it, so no other path loads SDL2 and what it links.
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
            path: "Sources/KioskHUD/KioskFonts/CFreeType",
            pkgConfig: "freetype2 harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev"])]
        ),
        .systemLibrary(name: "CPNG", path: "Sources/KioskHUD/Program/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "KioskCore", path: "Sources/KioskHUD/KioskCore"),
        // Whole-screen pixel passes in C, optimised in every build (the tests run the debug one).
        .target(name: "CKioskPixels", path: "Sources/KioskHUD/CKioskPixels", cSettings: [.unsafeFlags(["-O2"])]),
        .target(name: "KioskRaster", dependencies: ["KioskCore", "CKioskPixels"], path: "Sources/KioskHUD/KioskRaster"),
        // eventfd and prctl, which Swift's Glibc module leaves out (a header, no library).
        .systemLibrary(name: "CKioskSystem", path: "Sources/KioskHUD/CKioskSystem"),
        .target(name: "KioskPlatform", dependencies: ["KioskCore", "CKioskSystem"], path: "Sources/KioskHUD/KioskPlatform"),
        .target(name: "CKioskPlatform", path: "Sources/KioskHUD/CKioskPlatform"),
        .target(name: "CKioskX11", path: "Sources/KioskHUD/X11/CKioskX11"),
        .target(
            name: "CKioskWayland",
            dependencies: ["CKioskPixels"],
            path: "Sources/KioskHUD/Wayland/CKioskWayland",
            exclude: ["protocol"],
            linkerSettings: [.linkedLibrary("wayland-client")]
        ),
        .systemLibrary(
            name: "CLibDRM",
            path: "Sources/KioskHUD/BareScreen/CLibDRM",
            pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]
        ),
        .target(name: "CKioskFramebuffer", dependencies: ["CLibDRM", "CKioskPixels"], path: "Sources/KioskHUD/BareScreen/CKioskFramebuffer"),
        .target(
            name: "KioskFonts",
            dependencies: ["KioskCore", "KioskRaster", "KioskPlatform", "CKioskPlatform", "CFreeType"],
            path: "Sources/KioskHUD/KioskFonts",
            exclude: ["CFreeType"]
        ),
        .target(name: "KioskHUD", dependencies: ["KioskCore", "KioskRaster", "KioskPlatform", "KioskFonts", "CKioskPlatform",
                                                 "CKioskX11", "CKioskFramebuffer", "CKioskWayland", "CSDL", "CPNG"],
                // Its own folders are Program, X11, Wayland and BareScreen; the rest are other targets'.
                path: "Sources/KioskHUD",
                exclude: ["KioskCore", "KioskRaster", "CKioskPixels", "KioskPlatform", "CKioskSystem", "CKioskPlatform",
                          "KioskFonts", "Program/CPNG", "X11/CKioskX11", "Wayland/CKioskWayland",
                          "BareScreen/CKioskFramebuffer", "BareScreen/CLibDRM"]),
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
        // Writes the documents' generated sections from the code's tables (scripts/generate-docs; not installed).
        .executableTarget(name: "kiosk-spinner-docs", dependencies: ["KioskCore"], path: "Tests/DocsGenerator"),
        // Draws a known test picture through CKioskFramebuffer, for the QEMU tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-framebuffer", dependencies: ["CKioskFramebuffer"],
                          path: "Tests/FramebufferProbe"),
        // Resets a virtual console as systemd does before a getty, for the QEMU tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-console-reset", path: "Tests/ConsoleReset"),
        // Sets a framebuffer's mode as fbset does, for the QEMU tests (not installed).
        .executableTarget(name: "kiosk-spinner-test-fbset", path: "Tests/FramebufferMode"),
        .testTarget(name: "EndToEndTests", dependencies: ["kiosk-spinner", "kiosk-spinner-test-pointer", "KioskTestSupport"]),
    ]
)
