internal import CKioskPlatform

/// The program's arguments as exec gave them. Swift's `CommandLine.arguments` reads
/// /proc/self/cmdline on Linux and is empty where /proc is not mounted (an early initramfs script,
/// a chroot); these come from glibc before main (CKioskPlatform/arguments.c) and are there always.
public enum ProgramArguments {
    /// The arguments after the program's name.
    public static var afterName: [String] {
        (1..<max(1, Int(kp_argument_count()))).compactMap { index in kp_argument(Int32(index)).map { String(cString: $0) } }
    }
}
