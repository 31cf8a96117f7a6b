import Glibc
import KioskCore
import KioskHUD

/// kiosk-spinner: reads the settings and options, then runs the overlay, renders a snapshot, or
/// prints what was asked for.
Environment.reserveStandardDescriptors()
let options: LaunchOptions
do {
    options = try LaunchConfiguration.load(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    Diagnostics.report("\(error)")
    if case .option = error { Diagnostics.show(Usage.text) }
    Diagnostics.flush()
    exit(ExitStatus.usage.rawValue)
}

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
    status = SnapshotProgram.run(options: options, path: path)
case .run:
    status = OverlayProgram.run(options: options)
}
Diagnostics.flush()
exit(status.rawValue)
