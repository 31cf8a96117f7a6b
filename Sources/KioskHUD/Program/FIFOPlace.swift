import Glibc
import KioskCore
import KioskPlatform

/// Where the overlay's FIFO goes and how it is made: `--fifo PATH` (mode 0600), or psplash's,
/// `$PSPLASH_FIFO_DIR/psplash_fifo` (default `/run`) with psplash's own mode, 0660 (both less
/// the umask, as mkfifo makes them).
struct FIFOPlace {
    /// The FIFO's path.
    var path: String
    /// The mode it is made with when missing.
    var mode: mode_t
    /// What to do when its folder refuses it (read-only, missing, not ours).
    var relocation: String

    /// psplash's FIFO's name in its folder.
    static let psplashName = "psplash_fifo"
    /// psplash's folder when `PSPLASH_FIFO_DIR` is not set.
    static let psplashDefaultFolder = "/run"
    /// The mode psplash makes its FIFO with (S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP).
    static let psplashMode: mode_t = 0o660
    /// The mode of a FIFO made for `--fifo`.
    static let fifoOptionMode: mode_t = 0o600

    /// The FIFO the options ask for, or nil for none.
    init?(_ options: LaunchOptions) {
        let writableFolder = "a writable folder, such as the service's RuntimeDirectory= under systemd's ProtectSystem=strict (see DEPLOYING.md)"
        if let path = options.fifoPath {
            self.init(path: path, mode: Self.fifoOptionMode, relocation: "give --fifo a path in " + writableFolder)
        } else if options.readsPsplashFIFO {
            let folder = Environment.value("PSPLASH_FIFO_DIR") ?? Self.psplashDefaultFolder
            self.init(path: folder + "/" + Self.psplashName, mode: Self.psplashMode,
                      relocation: "set PSPLASH_FIFO_DIR to " + writableFolder)
        } else {
            return nil
        }
    }

    private init(path: String, mode: mode_t, relocation: String) {
        self.path = path
        self.mode = mode
        self.relocation = relocation
    }
}
