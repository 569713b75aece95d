// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "vplay",
    targets: [
        // C modules: module maps plus shim headers for macros Swift cannot import.
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg"),
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd"),
        .systemLibrary(name: "CLibass", path: "Sources/CLibass"),
        // Our own SIMD picture kernels, where they beat swscale (see PictureScaler).
        .target(name: "CPictureKernels"),
        // Lifts the X server's screensaver suspension SDL 2.26 leaves behind (see its header).
        .target(name: "CScreensaver"),
        // Keeps a window on top where no window manager does it (see its header).
        .target(name: "CX11Window"),
        // A PulseAudio stream whose writer can be woken at once (see its header).
        .target(name: "CPulseStream"),

        // Engine: demux, queues, decoders, clocks, sync, seek, the Player. No SDL.
        .target(name: "VPlayCore", dependencies: ["CFFmpeg", "CLibass", "CPictureKernels"]),
        // SDL window, presentation, audio device, overlay, input mapping.
        .target(name: "VPlayView", dependencies: ["VPlayCore", "CSDL2", "CPulseStream", "CScreensaver", "CX11Window"]),
        // Options, JSON IPC, status line, MPRIS and the portal's file chooser (sd-bus).
        .target(name: "VPlayControl", dependencies: ["VPlayCore", "CSystemd"]),
        // Thin executable: parse options, wire the parts, run the SDL loop.
        .executableTarget(name: "vplay", dependencies: ["VPlayCore", "VPlayView", "VPlayControl"]),

        .target(name: "TestSupport", dependencies: ["CFFmpeg"], path: "Tests/TestSupport"),
        .testTarget(name: "VPlayCoreTests", dependencies: ["VPlayCore", "TestSupport", "CFFmpeg", "CPictureKernels"]),
        .testTarget(name: "VPlayViewTests", dependencies: ["VPlayView", "VPlayCore", "TestSupport"]),
        .testTarget(name: "VPlayControlTests", dependencies: ["VPlayControl", "VPlayCore", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "VPlayView"], exclude: ["python"]),
    ],
    swiftLanguageModes: [.v6]
)
