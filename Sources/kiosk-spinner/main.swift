import Glibc
import KioskCore
import KioskHUD
import KioskPlatform

/// kiosk-spinner: `kiosk-spinner send ...` is the control socket's client (SendProgram).
/// Otherwise it takes the stop signals first (so SIGINT and SIGTERM end it from its first
/// instruction, whatever it is doing), reads the settings and options, then runs the overlay,
/// renders a snapshot, or prints what was asked for. Every end goes through its one ProgramExit.
Environment.reserveStandardDescriptors()
let exit = ProgramExit()
// The control socket's client: a short-lived command, so the default signals end it.
let arguments = ProgramArguments.afterName
if arguments.first == "send" {
    exit.finish(SendProgram.run(arguments: Array(arguments.dropFirst())))
}
do {
    try SignalWatcher.start(finishingThrough: exit)
} catch {
    Diagnostics.report("\(error)")
    exit.finish(.failure)
}
let options: LaunchOptions
do {
    options = try LaunchConfiguration.load(arguments: arguments)
} catch {
    Diagnostics.report("\(error)")
    if case .option(let problem) = error, problem.callsForUsage { Diagnostics.show(Usage.text) }
    exit.finish(.usage)
}

// An X display named on the command line (`--display :0`, as zenity's GTK takes it) is the one
// every X connection opens: SDL's, the blocking grab's and the screen read-back's.
if let name = options.xDisplayName { setenv("DISPLAY", name, 1) }

let status: ExitStatus
switch options.action {
case .help:
    print(Usage.text)
    status = .success
case .version:
    print("kiosk-spinner \(Usage.version)")
    status = .success
case .printConfig:
    print(ConfigFile.text(of: options), terminator: "")
    status = .success
case .snapshot(let path):
    ContrastAdvice.warnings(for: options.appearance).forEach(Diagnostics.report)
    status = SnapshotProgram.run(options: options, path: path)
case .run:
    ContrastAdvice.warnings(for: options.appearance).forEach(Diagnostics.report)
    OverlayProgram.run(options: options, exit: exit)
}
fflush(nil)  // print wrote through C stdio; the finish exits with _exit, which does not flush it
exit.finish(status)
