/// What the man page says of each exit status under its number (kiosk-spinner.1's EXIT STATUS,
/// which `scripts/generate-docs` writes from `ManualPage.exitStatusEntries`).
extension ExitStatus {
    /// The status's paragraph in the man page, in roff, without the `.TP` and the number's line.
    var manual: String {
        switch self {
        case .success:
            return #"""
                .BR quit ,
                SIGINT, SIGTERM or SIGHUP (within 200 ms, whatever the overlay is doing), or the end of input with
                .BR \-\-exit\-on\-eof ;
                also after
                .BR \-\-help ,
                .BR \-\-version ,
                .BR \-\-print\-config
                and a written snapshot.
                With
                .BR \-\-progress :
                also when
                .BR \-\-auto\-close
                saw 100 or the input ended, and when the full bar was shown after the end of input.
                """#
        case .failure:
            return #"""
                Something else failed: a font could not be loaded, the FIFO could not be made (its folder is
                read-only, missing or not writable; a service's
                .B Restart=on\-failure
                tries again), a thread could not be started, or
                .BR \-\-snapshot
                could not render or write its PNG. With
                .BR \-\-progress ,
                also when Cancel was pressed, as zenity's dialog exits.
                """#
        case .usage:
            return #"""
                A bad option (the usage is printed; a refused combination, such as
                .BR \-\-fifo
                with
                .BR \-\-psplash ,
                is one line), a bad settings file, or a
                .BR \-\-fifo
                or
                .BR \-\-psplash
                path that is not a FIFO or is not to be trusted, or a
                .BR \-\-listen
                socket that cannot be made (see there).
                """#
        case .noDisplay:
            return #"""
                No display can be opened: no display server answers, no display device exists or may be opened,
                or another program (a display server) holds the DRM device.
                The message says which, and what else can be tried.
                """#
        case .displayLost:
            return #"""
                The display went away while the overlay ran (the X server or the compositor died, the connection
                broke, the DRM or framebuffer device went away).
                """#
        case .timedOut:
            return #"""
                zenity's
                .BR \-\-timeout
                ran out (zenity's own status for it).
                """#
        case .noSuchDisplay:
            return #"""
                .BI \-\-display " N"
                names a display the server does not have; the message says how many it has.
                A service should not restart on it: the unit's
                .B RestartPreventExitStatus=
                lists it.
                """#
        case .hostStalled:
            return #"""
                .BR "\-\-on\-stall quit"
                ended the overlay: the host sent no state command for
                .BR \-\-stall\-timeout
                seconds.
                """#
        case .cancelled:
            return #"""
                .BR "\-\-on\-cancel quit"
                ended the overlay: the Cancel was pressed.
                """#
        }
    }
}
