/// What the man page says of each of psplash's options under its spellings (kiosk-spinner.1's
/// PSPLASH'S OPTIONS, which `scripts/generate-docs` writes from `ManualPage.psplashOptionEntries`):
/// roff, without the `.TP` and the line of spellings, which are made from `spellings` and
/// `expectedValue`.
extension PsplashOption {
    /// The option's paragraph in the man page, in roff.
    var manual: String {
        switch self {
        case .noConsoleSwitch:
            return #"""
                Accepted; the overlay never switches virtual terminals, so this is what it always does.
                """#
        case .angle:
            return #"""
                The panel's angle, as
                .BR \-\-rotate
                the other way round: psplash turns its picture counter-clockwise, so
                .B \-a 90
                is
                .BR "\-\-rotate 270"
                and
                .B \-a 270
                is
                .BR "\-\-rotate 90" .
                Other values are refused.
                """#
        case .device:
            return #"""
                As in psplash: draw on
                .IR /dev/fbN ,
                or with
                .BR \-\-drm
                on
                .IR /dev/dri/cardN .
                """#
        case .drm:
            return #"""
                As in psplash: draw through DRM/KMS
                .RB ( "\-\-backend drm" ).
                """#
        case .drmLease:
            return #"""
                Refused in one line: the overlay cannot draw on a DRM lease.
                """#
        }
    }
}
