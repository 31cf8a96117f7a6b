import Glibc
import Synchronization

/// Turns SIGINT and SIGTERM into a clean exit: the signals are blocked in every thread and taken
/// by one thread of their own with `sigwait`, which records them and calls `onSignal` (the loop
/// pushes an SDL_QUIT so it wakes at once). A parent that ignored them (a shell's background job
/// ignores SIGINT) cannot make the overlay unstoppable: their handling is reset first.
enum SignalWatcher {
    /// True once SIGINT or SIGTERM arrived.
    static let received = Atomic<Bool>(false)

    /// Starts watching. Call before any other thread starts, so every thread inherits the mask.
    static func start(onSignal: @escaping @Sendable () -> Void) {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_DFL)
            sigaddset(&signals, number)
        }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let blocked = signals
        NativeThread.start(name: "signals") {
            var set = blocked
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            received.store(true, ordering: .sequentiallyConsistent)
            onSignal()
        }
    }
}
