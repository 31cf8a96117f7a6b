import Glibc
import KioskHUD

/// kiosk-spinner: reads the options, then runs the overlay or renders a snapshot.
Environment.reserveStandardDescriptors()
let options: LaunchOptions
do {
    options = try OptionParser.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Diagnostics.report("\(error)")
    Diagnostics.writeAll(Usage.text + "\n", to: STDERR_FILENO)
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
case .snapshot(let path):
    status = SnapshotProgram.run(options: options, path: path)
case .run:
    status = OverlayProgram.run(options: options)
}
exit(status.rawValue)
