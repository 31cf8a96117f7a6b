import KioskCore

extension HostEvent {
    /// This event with its `logo PATH` read (`LogoFile`): the picture in the path's place, or the
    /// line rejected with why the file is no logo, so the step keeps the logo shown. Any other
    /// event is returned as it is.
    func readingLogo() -> HostEvent {
        guard case .command(.logo(.file(let path)), let line) = self else { return self }
        do { return .command(.logo(.picture(try LogoFile.read(path))), line: line) } catch {
            return .rejected(.unreadableLogo(error.description), line: line)
        }
    }
}

extension LoopInput {
    /// This input with a host's `logo PATH` read (`HostEvent.readingLogo`). Kept out of line:
    /// inlined into the loop, its test of the input's case is one valgrind cannot see is defined
    /// (sanitizers/valgrind.supp says why); out of line it goes through HostEvent's outlined copy,
    /// where the suppression for that report already stands.
    @inline(never)
    func readingLogo() -> LoopInput {
        guard case .host(let event, let source) = self else { return self }
        return .host(event.readingLogo(), from: source)
    }
}
