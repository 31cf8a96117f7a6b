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
    /// This input with a host's `logo PATH` read (`HostEvent.readingLogo`).
    func readingLogo() -> LoopInput {
        guard case .host(let event, let source) = self else { return self }
        return .host(event.readingLogo(), from: source)
    }

    /// Whether this is a host's `logo PATH` not read yet. Kept out of line, so that the valgrind
    /// suppression for its test of the input's case (one valgrind cannot see is defined,
    /// sanitizers/valgrind.supp says why) names this function alone.
    @inline(never)
    var asksToReadLogo: Bool {
        guard case .host(.command(.logo(.file), _), _) = self else { return false }
        return true
    }
}

extension Array where Element == LoopInput {
    /// These inputs with the last `logo PATH` among them read, and the ones before it dropped
    /// unread, since each logo replaces the one before: however many a host writes at once, one
    /// picture is decoded and held.
    func readingLastLogo() -> [LoopInput] {
        guard let last = lastIndex(where: \.asksToReadLogo) else { return self }
        return indices.compactMap { index in
            index == last ? self[index].readingLogo() : self[index].asksToReadLogo ? nil : self[index]
        }
    }
}
