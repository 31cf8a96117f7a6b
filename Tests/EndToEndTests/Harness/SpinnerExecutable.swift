import Foundation
import KioskTestSupport

/// Where the built `kiosk-spinner` is, and how to start it.
///
/// SwiftPM builds the executable before this test target (the target depends on it) into the
/// same folder as the test bundle, `.build/<triple>/<configuration>/`. The lookup tries, in
/// order: `$KIOSK_SPINNER_EXECUTABLE`; the folder of the running test executable
/// (`/proc/self/exe`, then `CommandLine.arguments[0]`, both with symbolic links resolved); the
/// package's `.build/debug/`.
enum SpinnerExecutable {
    /// The executable's file name.
    static let name = "kiosk-spinner"

    /// Why the executable was not found.
    struct NotFound: Error, CustomStringConvertible {
        /// Every path that was tried.
        var tried: [String]

        var description: String {
            "no executable \(SpinnerExecutable.name) found; tried:\n" + tried.joined(separator: "\n")
                + "\nbuild it with `swift build` or set KIOSK_SPINNER_EXECUTABLE"
        }
    }

    /// The executable's location.
    static func url() throws -> URL {
        let candidates = candidateURLs()
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotFound(tried: candidates.map(\.path))
        }
        return found
    }

    /// Starts kiosk-spinner with `arguments` in `environment` (see `ChildProcess.environment`),
    /// as a careless parent might: with `blockedSignals` blocked and `ignoredSignals` ignored
    /// (set by a shell's `trap ''` that then execs the program, so the process id is the program's),
    /// with stdout as `standardOutput` says and stderr as `standardError` says.
    static func start(_ arguments: [String], environment: [String: String],
                      blockedSignals: [Int32] = [], ignoredSignals: [Int32] = [],
                      standardOutput: ProcessLaunch.StandardOutput = .read,
                      standardError: ProcessLaunch.StandardOutput = .read) throws -> ChildProcess {
        guard !ignoredSignals.isEmpty else {
            return try ChildProcess(url(), arguments, environment: environment, blockedSignals: blockedSignals,
                                    standardOutput: standardOutput, standardError: standardError)
        }
        let ignoring = ignoredSignals.map(String.init).joined(separator: " ")
        return try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "trap '' \(ignoring); exec \"$@\"", "sh", url().path] + arguments,
                                environment: environment, blockedSignals: blockedSignals, standardOutput: standardOutput,
                                standardError: standardError)
    }

    private static func candidateURLs() -> [URL] {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["KIOSK_SPINNER_EXECUTABLE"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        let runningExecutables = ["/proc/self/exe", CommandLine.arguments.first].compactMap { $0 }
        for path in runningExecutables {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            candidates.append(resolved.deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(PackageFile.root.appendingPathComponent(".build/debug").appendingPathComponent(name))
        return candidates
    }
}
