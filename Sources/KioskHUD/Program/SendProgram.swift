import Glibc
import KioskCore
import KioskPlatform

/// `kiosk-spinner send [--socket PATH] [--wait EVENT] [--timeout SECONDS] COMMAND...`: sends
/// each command to the overlay listening on the control socket, prints the answers to them (one
/// line each, its own only, not the events), and, with `--wait`, waits until the overlay is in the
/// state that event announces (at once when it already is after the commands).
///
/// Exit status: 0 when every answer (and the awaited state) came and no command was rejected,
/// and after `quit` only once the overlay has gone (it answered every command before `quit`,
/// then closed the connection, and its process ended); 1 when no overlay listens, the overlay
/// refused the client (`too many clients`), rejected a command (its `error line N: ...` is
/// printed), closed the connection first, or the time ran out (one line on stderr says which);
/// 2 for bad arguments.
public enum SendProgram {
    /// The environment variable naming the socket when `--socket` does not.
    public static let socketVariable = "KIOSK_SPINNER_SOCKET"

    /// Runs `send` with `arguments` (those after `send`); returns the exit status.
    public static func run(arguments: [String]) -> ExitStatus {
        signal(SIGPIPE, SIG_IGN)
        let request: SendRequest
        do {
            request = try SendRequest.parse(arguments)
        } catch {
            Diagnostics.report("\(error)")
            Diagnostics.show("usage: " + SendRequest.usage)
            return .usage
        }
        let path = request.socketPath ?? Environment.value(socketVariable) ?? SendRequest.defaultSocketPath
        var conversation = ControlConversation(commands: request.commands, awaiting: request.awaitedEvent)
        do {
            let client = try ControlClient(path: path)
            switch try client.exchange(&conversation, within: request.deadlineSeconds, show: printLine) {
            case .answered:
                return .success
            case .rejected:
                Diagnostics.report("send: the overlay rejected a command (see its error line)")
            case .refused(let reason):
                Diagnostics.report("send: the overlay refused the connection: \(DiagnosticText.shown(reason))")
            case .cannotCome(let reason):
                Diagnostics.report("send: \(reason)")
            case .closedEarly(let missing):
                Diagnostics.report("send: the overlay closed the connection before \(missing) came")
            }
        } catch {
            Diagnostics.report("send: \(error)")
        }
        return .failure
    }

    private static func printLine(_ line: String) {
        Diagnostics.writeAll(line + "\n", to: STDOUT_FILENO)
    }
}
