/// What the man page says of each option under its name (kiosk-spinner.1's OPTIONS, which
/// `scripts/generate-docs` writes from `ManualPage.optionEntries`): roff, without the `.TP` and the
/// name line, which are made from `rawValue` and `expectedValue`.
extension Option {
    /// The option's paragraphs in the man page, in roff.
    var manual: String {
        switch self {
        case .message:
            return #"""
                The message shown at start; without it, the stock message
                .RB ( \-\-stock\-message ,
                \(dqPlease wait...\(dq) in the device's language.
                """#
        case .stockMessage:
            return #"""
                Which of the stock messages is shown at start when no
                .B \-\-message
                is given, in the device's language:
                .B wait
                (the default, \(dqPlease wait...\(dq),
                .B start
                (\(dqStarting up...\(dq),
                .B reboot
                and
                .B kexec
                (\(dqRestarting...\(dq),
                .B poweroff
                and
                .B halt
                (\(dqShutting down...\(dq). The shutdown unit passes its instance's name.
                """#
        case .messageEnv:
            return #"""
                The message at start is the value of the environment variable
                .IR NAME ,
                when it is set and not empty, as if given with
                .BR \-\-message ;
                otherwise the message is as without it. The shutdown unit uses it for an update script's message.
                """#
        case .lang:
            return #"""
                The language of the stock texts (the stock messages, \(dqNot responding\(dq, zenity's
                \(dqRunning...\(dq and time remaining) and of the numbers (the percentage's digits and pattern),
                as a locale name
                .RB ( de ,
                .BR zh_TW.UTF\-8 ,
                .BR pt\-BR ).
                Without it they follow the environment as gettext does:
                .BR LC_ALL ,
                then
                .B LC_MESSAGES
                (and the list in
                .BR LANGUAGE )
                for the texts and
                .B LC_NUMERIC
                for the numbers, then
                .BR LANG .
                A language without a translation of a text says it in English, or for a message its
                \(dqPlease wait...\(dq. Each translation is a translator's, from a Debian package
                (the project's docs/TRANSLATIONS.md says which); the numbers are the Unicode CLDR's.
                Messages the host sends are shown as sent.
                """#
        case .detail:
            return #"""
                A smaller, dimmer details line under the message at start.
                """#
        case .startHidden:
            return #"""
                Start hidden, drawing nothing, until the
                .B show
                command.
                """#
        case .exitOnEOF:
            return #"""
                Exit 0 at the end of standard input instead of keeping the last state.
                """#
        case .size:
            return #"""
                The wheel's diameter in pixels, \#(Appearance.wheelPixelRange.lowerBound) to \#(Appearance.wheelPixelRange.upperBound); it changes nothing else.
                .B auto
                (the default) is 2.5 times the message's font size.
                The HUD is sized from what it holds: the wheel and the text with one font size (1 em) of padding on
                every side, half an em between them, at least as wide as it is tall, at most 60% of the screen's
                width or 34 em.
                A wheel too large for the screen is drawn smaller, the HUD with it, and one line on standard error
                says so.
                """#
        case .style:
            return #"""
                The wheel's size preset, after UIActivityIndicatorView:
                .B medium
                is 60% of
                .B large
                (the default).
                """#
        case .layout:
            return #"""
                The wheel above the message (the default), or left of it in a wide HUD.
                """#
        case .theme:
            return #"""
                The colours not chosen one by one:
                .B dark
                (the default) draws light marks on a dark translucent HUD,
                .B light
                dark marks on a light one; in both the wheel and the text keep at least 4.5:1 contrast against the
                translucent HUD, whatever is beneath it.
                Spoke or text colours chosen with less get one warning line on standard error at start.
                """#
        case .color:
            return #"""
                The colour of the spokes and the progress gauge:
                .BR white ,
                .B gray
                or
                .BI # RRGGBB
                (default white; light theme #3A3A3C).
                """#
        case .textColor:
            return #"""
                The message's colour:
                .BR white ,
                .B gray
                or
                .BI # RRGGBB
                (default #F2F2F7; light theme #1C1C1E).
                """#
        case .hudColor:
            return #"""
                The HUD's fill with alpha (default #1C1C1EF2, #1C1C1E at 95%; light theme #E5E5EAF2), opaque
                enough that an application's text beneath does not read through it.
                The theme's fill has a hairline along its rim (white at 20%; light theme black at 25%) that
                stands at least 1.5:1 from a black and from a white application, and in the light theme a soft
                shadow below it (1.5 mm, shown around the HUD, taking no input); a chosen fill is drawn as
                chosen, without them.
                """#
        case .cornerRadius:
            return #"""
                The HUD's corner radius;
                .B auto
                (the default) is 0.6 times the message's font size.
                """#
        case .successColor:
            return #"""
                The success mark's colour (default #30D158, iOS's system green; light theme #248A3D).
                """#
        case .errorColor:
            return #"""
                The error mark's colour (default #FF6961, iOS's accessible system red; light theme #D70015).
                """#
        case .infoColor:
            return #"""
                The info mark's colour (default #409CFF, iOS's accessible system blue; light theme #0040DD).
                """#
        case .backdrop:
            return #"""
                The colour of the screen outside the HUD while blocking, as
                .BI # RRGGBBAA
                (default #000000B3, black at 70%, so a picture of the application read before blocking
                cannot pass for live data).
                .B none
                swallows input while blocking but leaves the application visible.
                """#
        case .spokes:
            return #"""
                The number of spokes, 3 to 64 (default 12).
                """#
        case .period:
            return #"""
                Seconds per turn of the wheel (default 1).
                """#
        case .smooth:
            return #"""
                Move the brightness smoothly round the wheel instead of one spoke at a time; the spokes stay still,
                as in UIActivityIndicatorView.
                """#
        case .font:
            return #"""
                A TrueType font tried before the bundled ones (DejaVu Sans, Droid Sans Fallback, Noto Sans).
                Repeatable: the fonts are tried in the order given.
                It must be a regular file: a FIFO or a device is refused at once (exit 1), never waited on.
                """#
        case .logo:
            return #"""
                A PNG (a device maker's logo) drawn centred above the HUD, its proportions kept, as tall as
                .B \-\-logo\-height
                says on every panel.
                Its transparent parts show what is beneath; it fades in and out with the HUD and is drawn on every
                backend and in
                .BR \-\-snapshot .
                It must be a regular file of at most \#(LogoPicture.maximumFileBytes >> 20) MiB holding a picture of at most
                \#(LogoPicture.maximumPixels) pixels (2048x2048, or as many in another shape): anything else is said in one
                line, and the overlay starts without a logo (a boot screen without its logo is better than none).
                The
                .B logo
                command changes it while running.
                """#
        case .background:
            return #"""
                On a bare screen (DRM, fbdev), where nothing is beneath the overlay, the colour shown beneath it
                instead of black: around the HUD, under a translucent backdrop, and all of the screen while the
                HUD is hidden (a device maker's boot screen in their colour, as psplash's BACKGROUND).
                Opaque: an alpha given is ignored.
                On X11 and Wayland the application is beneath the overlay and this is not used;
                .B \-\-snapshot
                draws it, so the picture is the bare screen's.
                """#
        case .logoOnly:
            return #"""
                Show the logo alone, in the middle of the screen: no HUD, wheel, message or progress is drawn (the
                commands still change them, and
                .B status
                says them), a plain branded screen.
                A backdrop is drawn while blocking as usual.
                Needs
                .BR \-\-logo .
                """#
        case .logoHeight:
            return #"""
                How tall the logo is drawn, in millimetres at the display's density (see
                .BR \-\-dpi ),
                \#(Appearance.logoHeightMillimetreRange.lowerBound) to \#(Appearance.logoHeightMillimetreRange.upperBound)
                (default \#(Appearance.defaultLogoHeightMillimetres)).
                Where that does not fit between the top of the screen and the HUD, it is drawn smaller and
                stderr says so.
                """#
        case .fontSize:
            return #"""
                The message's font size;
                .B auto
                (the default) makes its capitals 20 arcminutes tall to a reader at the viewing distance (about
                3.5 mm at 60 cm), from the display's density.
                The details line is 0.8 of it.
                """#
        case .minFontSize:
            return #"""
                The smallest size a message too long for its lines shrinks to before its last line is cut with
                \(dq...\(dq;
                .B auto
                (the default) is 16 arcminutes.
                """#
        case .maxLines:
            return #"""
                The most lines the message wraps onto at its full size before it shrinks, 1 to 20 (default: as
                many as fit in 80% of the screen's height).
                """#
        case .viewingDistance:
            return #"""
                How far the reader's eyes are from the panel, 10 to 1000 centimetres (default 60).
                """#
        case .dpi:
            return #"""
                The display's density in dots per inch, 20 to 2000, also for
                .BR \-\-snapshot .
                .B auto
                (the default) takes it from the physical size the display reports (RandR's millimetres on X11),
                ignoring sizes that cannot be true (0, aspect-ratio placeholders such as 16x9 or 160x90 mm,
                densities outside 50\(en400 dpi), and assumes 96 otherwise.
                """#
        case .display:
            return #"""
                The display to cover, counted from 0 (default 0);
                .B all
                mirrors the HUD on every display, each laid out for its own size.
                A value with a colon
                .RB ( :0 ,
                .BR host:0.1 )
                names the X display to connect to instead of DISPLAY, as GTK's and so zenity's
                .BR \-\-display
                does, and means X11 where
                .BR "\-\-backend auto"
                would pick Wayland; an empty one keeps DISPLAY.
                """#
        case .backend:
            return #"""
                Where to draw (default auto).
                .B wayland
                shows a layer surface on the overlay layer of a Wayland compositor with the wlr layer shell
                (sway, labwc, wayfire, Ubuntu Frame, KDE); its displays are the compositor's outputs in the order
                it announces them.
                .B x11
                shows SDL windows on an X server (XWayland too).
                .B drm
                draws on a bare DRM/KMS device with no display server (dumb buffers: no GPU, no Mesa): the first
                .I /dev/dri/cardN
                with a connected output; its displays are its connected connectors, each at its preferred mode
                (or the one the kernel's
                .B video=
                option names for it).
                The console's picture comes back at exit.
                .B fbdev
                draws on the Linux framebuffer
                .I /dev/fb0
                (16, 24 or 32 bits a pixel) and keeps the console's text and cursor off it until exit.
                On both, switching to another virtual console (\fBchvt 2\fR, Ctrl+Alt+F2) stops the drawing
                until the overlay's console is switched back, when the whole picture is drawn again (one
                line on stderr each way).
                Neither bare backend reads input devices, so there
                .B block
                dims the screen but holds no input, and
                .B status
                says
                .BR grab=unsupported .
                .B auto
                picks wayland when WAYLAND_DISPLAY is set and no
                .BR \-\-window
                is given, else x11 when DISPLAY is set, else drm when a DRM device exists, else fbdev; when one of
                those is set but fails (a compositor without the layer shell, a DRM device another program holds),
                one line says why and the next is tried.
                """#
        case .rotate:
            return #"""
                For a panel mounted turned whose picture the system does not rotate: lay the overlay out for the
                turned screen and turn its picture clockwise by this many degrees, so that it reads upright
                (default 0).
                .BR \-\-snapshot
                honours it: the PNG has the display's orientation.
                """#
        case .scale:
            return #"""
                Multiply every size (type, wheel, padding, corner radius) by
                .IR N ,
                1 to 8.
                .B auto
                (the default) leaves the type to the display's density and doubles sizes given in pixels
                .RB ( \-\-size ,
                .BR \-\-font\-size ,
                .BR \-\-corner\-radius )
                when the density is at least about 192 dpi.
                """#
        case .window:
            return #"""
                A plain window of this size instead of the fullscreen overlay, for development; with
                .BR \-\-snapshot ,
                the picture's size (default 800x480).
                """#
        case .tickRate:
            return #"""
                The animation clock's rate, 1 to 1000 ticks a second (default 60).
                """#
        case .snapshot:
            return #"""
                Open no display: read standard input to its end (or
                .BR quit ),
                apply its commands, render one frame to this PNG file (RGBA, transparent wherever the overlay draws
                nothing) and exit.
                Without \fB\-\-at\fR the picture shows the settled state: grace, minimum show and fade times and motion do not apply.
                """#
        case .at:
            return #"""
                Render instead the frame the live overlay draws this many seconds after the commands reach it
                (just after its first frame): fades, the backdrop's fade, the HUD changing size, a ring moving,
                a mark drawing itself and an outcome's dismissal included.
                """#
        case .grace:
            return #"""
                A
                .B show
                followed by
                .B hide
                within this many milliseconds draws nothing (default 0).
                """#
        case .minShow:
            return #"""
                Once drawn, the HUD stays at least this many milliseconds before a
                .B hide
                takes effect (default 0).
                """#
        case .fade:
            return #"""
                Fade in on
                .B show
                and out on
                .B hide
                over this many milliseconds, and the backdrop in on
                .B block
                and out on
                .BR unblock ;
                input is taken and given back at once.
                The HUD's other motion goes with it: a change of size takes 200 ms, a ring or bar reaches a new
                value in 250 ms (one under 10 % away in proportion: a 1 % step in two frames),
                an outcome's mark draws itself in 300 ms.
                0 switches everything at once (reduced motion) (default 200).
                """#
        case .dismissAfter:
            return #"""
                How long the
                .BR success ,
                .B error
                and
                .B info
                marks stay before the HUD hides itself; 0 keeps them.
                .B auto
                (the default) keeps each long enough to be read: 0.5 s and 60 ms a character of its text, and
                at least 2 s for a success and 5 s for an error or a notice.
                """#
        case .stallTimeout:
            return #"""
                With no state command from the host for this long while shown, the wheel stops, the message
                becomes the
                .BR \-\-stall\-message ,
                .B stalled
                is written on standard output,
                .B status
                says
                .BR stalled=1 ,
                and
                .BR \-\-on\-stall
                says what happens to a block; the next state command brings the overlay back (default off).
                Questions
                .RB ( ping ,
                .BR status ,
                from the host or a watchdog on the control socket) are no sign of life: they neither put a stall
                off nor end one.
                A host with nothing new to say repeats its last
                .B progress
                or
                .BR msg .
                """#
        case .stallMessage:
            return #"""
                The message while stalled (default \(dqNot responding\(dq in the device's language).
                """#
        case .onStall:
            return #"""
                What a stall does, the safety decision of a device whose host may be dead:
                .B keep
                (the default) keeps a block, so the device cannot be used until the host comes back or is
                restarted (for work that must not be interrupted from the screen);
                .B unblock
                lifts the block and says \(dqNot responding\(dq, so the application beneath can be used;
                .B hide
                lifts the block and hides the HUD;
                .B quit
                ends the overlay with status 7 and one line on standard error, giving back screen and input, so a
                service manager can act on it.
                What the stall changed stays until the host asks again (a
                .B block
                after it blocks again).
                """#
        case .cancel:
            return #"""
                Add a Cancel to the HUD: a band across its bottom, under a hairline, apart from the wheel,
                at least 9 mm tall and wide at the display's density (ISO 9241-411's least target for a
                finger). It takes a press and a release on it, by mouse or touch (a press that slides off
                before it is let go cancels nothing), or Escape while blocking holds the keyboard; then
                its label is
                .B \-\-cancel\-label
                (zenity's option, which may be given without
                .BR \-\-progress ),
                by default \(dqCancel\(dq in the device's language. Then the event
                .B cancelled
                goes to stdout and to every socket client, and
                .B \-\-on\-cancel
                says what else happens. While blocking it is the one thing that takes input. It is not
                drawn beside an outcome. It takes presses on X11 and Wayland (mouse, touch, Escape); bare
                screens read no input devices, so it is not drawn there and one line on stderr says so.
                """#
        case .onCancel:
            return #"""
                What a press of the Cancel does besides saying
                .BR cancelled :
                .B keep
                (the default) nothing, the host decides;
                .B hide
                hides the HUD and lifts any block;
                .B quit
                ends the overlay with status 8. With
                .BR \-\-progress ,
                a press ends it with status 1, as zenity's dialog does.
                """#
        case .speak:
            return #"""
                Say aloud what the HUD shows, for a person who cannot see the screen: each new message
                (and the message again when the HUD is shown again), an outcome's text (or its word,
                \(dqDone\(dq, \(dqError\(dq, \(dqInformation\(dq, in the device's language), \(dqNot
                responding\(dq when the host stalls. A new one interrupts what is being said. The voice is
                espeak-ng's for the device's language where the text is in its script, else for the
                text's script. Through libespeak-ng, loaded only when asked (not a dependency), on the
                default sound device; never while hidden, and the loop never waits for it. Without
                libespeak-ng one line on stderr says so and nothing is said. The command
                .B speak on|off
                turns it on or off at run time.
                """#
        case .speakEvery:
            return #"""
                With speech on, say what is shown again after this many seconds while it stays, so a
                listener knows the device is still at work (default 0: never).
                """#
        case .showPercent:
            return #"""
                Write the percentage with determinate progress.
                """#
        case .progressStyle:
            return #"""
                Determinate progress as a ring (the default) or a bar.
                """#
        case .fifo:
            return #"""
                Also read commands from this named FIFO, created with mode 0600 (less the umask) when missing.
                It has a reader from the moment it appears (it is made under a hidden temporary name, opened, then
                linked into place) and between writers, so a writer that opens it without blocking, as
                .BR psplash-write (1)
                does, is never refused.
                At exit it is removed, whether the overlay made it or found it, if it is still the FIFO the
                overlay opened and belongs to the user running it (another user's FIFO, used with
                .BR \-\-fifo\-trust\-others ,
                is left to that user).
                A FIFO that cannot be made (a read-only, missing or unwritable folder) is exit 1.
                A path that exists and is not a FIFO, or is a symbolic link, is refused (exit 2).
                Whoever can write to the FIFO drives the overlay, so an existing FIFO is refused too (exit 2, one
                line saying why) when it belongs to another user than the one running kiosk-spinner, or when its
                group or other users may write to it, unless
                .BR \-\-fifo\-trust\-others
                is given.
                Each writer may close it; the overlay opens it again for the next, and checks every time that it
                opened the same FIFO it checked at start (a FIFO swapped in meanwhile is refused and no longer read).
                On the FIFO a command ends at a newline or a NUL byte.
                """#
        case .fifoTrustOthers:
            return #"""
                Use an existing FIFO
                .RB ( \-\-fifo
                or
                .BR \-\-psplash )
                even if another user owns it or its group or other users may write to it.
                Only for a FIFO whose writers are all trusted, such as one shared by a group of services.
                """#
        case .listen:
            return #"""
                Also serve clients on a Unix stream socket at
                .I PATH
                (see
                .BR "CONTROL SOCKET" ).
                Given once (twice is refused, exit 2), not empty, not with
                .BR \-\-snapshot .
                The socket is created mode 0600, owned by the user running kiosk-spinner, before
                .B ready
                and READY=1, and removed at exit while
                .I PATH
                is still that socket (the same device and inode).
                It is made in a private folder beside
                .I PATH
                and linked into place, so nothing is done to it through a path someone else could change.
                Nothing at
                .I PATH
                is replaced but a stale socket of the same user: a path that is not a socket, a socket another
                program listens on, another user's stale socket, and a path something took while the socket was
                made are refused (exit 2).
                """#
        case .listenGroup:
            return #"""
                Give the
                .BR \-\-listen
                socket to
                .I GROUP
                (a name or a number) with mode 0660, so that the group's members may connect (connecting to a
                Unix socket needs write access to it).
                Group and mode are set in the private folder, before the socket appears at
                .IR PATH :
                a symbolic link put at
                .I PATH
                never makes kiosk-spinner change another file.
                Only with
                .BR \-\-listen ,
                on the command line or in the settings file (refused without, exit 2).
                """#
        case .psplash:
            return #"""
                In psplash's place: read psplash's FIFO,
                .IR $PSPLASH_FIFO_DIR /psplash_fifo
                (default
                .IR /run/psplash_fifo ),
                made with psplash's mode 0660 (less the umask), so that
                .BR psplash-write (1)
                messages (MSG, PROGRESS, QUIT) work, none lost from the moment the FIFO appears.
                Not with
                .BR \-\-fifo
                (refused in one line, exit 2).
                psplash's own options are accepted with it (see
                .BR "PSPLASH'S OPTIONS" ),
                so a boot script's
                .B psplash \-n \-a 90
                becomes
                .BR "kiosk\-spinner \-\-psplash \-n \-a 90" .
                """#
        case .zenity:
            return #"""
                Read
                .B zenity \-\-progress
                input on standard input, exactly as zenity reads it, instead of commands (the same as
                .BR \-\-progress ;
                see
                .BR ZENITY ).
                """#
        case .errorsToStdout:
            return #"""
                Also report rejected lines on standard output, as
                .BI "error line " N ": " ...
                """#
        case .eventsToStdout:
            return #"""
                With
                .BR \-\-progress ,
                write the events
                .RB ( ready ,
                .BR shown ,
                \&...) on standard output too, as without it; otherwise standard output stays empty, as zenity's
                does, but for the answers to what the FIFO asks.
                """#
        case .exitWithParent:
            return #"""
                Exit when the overlay's parent process dies, even if someone else still holds its standard
                input (Linux PR_SET_PDEATHSIG).
                In a pipe,
                .BR "host | kiosk\-spinner" ,
                the parent is the shell that started both, not the host: use
                .BR \-\-exit\-on\-eof
                there, which ends the overlay when the host's end of the pipe closes, as it does when the host
                dies.
                The kernel ties this to the thread that started the overlay.
                """#
        case .systemdProgress:
            return #"""
                For a boot screen in psplash-systemd's place: fill the determinate ring as systemd's boot
                progresses (the service manager's
                .B Progress
                property, read over D-Bus twice a second through libsystemd, loaded only with this option:
                systemd says nothing when it changes), never backwards, and quit with status 0 when the
                boot has finished (one line on standard error says so).
                It talks to systemd's own socket,
                .IR /run/systemd/private ,
                which needs root and works before the D-Bus daemon starts, else to the system bus.
                A reading replaces the host's
                .BR progress .
                Started after the boot has finished (a shutdown screen) it has nothing to follow: one
                line says so and the overlay stays until told to quit; a boot that finished while the
                overlay waited for its display
                .RB ( \-\-wait\-for\-display )
                ends it as soon as it starts.
                When systemd does not answer (within 2 s), one line says why and it is asked again at
                each reading; without libsystemd the ring is left to the host.
                """#
        case .waitForDisplay:
            return #"""
                When no display is there yet (a DRM driver udev is still loading at boot, a display server not
                yet started), wait up to this long for one to appear instead of exiting 3 (default 0).
                One line on standard error says it waits.
                It tries again whenever something appears or changes in
                .IR /dev ,
                .IR /dev/dri ,
                .I /tmp/.X11-unix
                or
                .B XDG_RUNTIME_DIR
                (inotify), and every half second once something appeared that does not open yet.
                The FIFO
                .RB ( \-\-fifo ,
                .BR \-\-psplash )
                is made at once, so what is written to it meanwhile is kept and shown, and a service is ready
                (READY=1) from when it waits.
                """#
        case .config:
            return #"""
                Read settings from this file instead of the default ones (see
                .BR "CONFIGURATION FILE" );
                options given on the command line win.
                """#
        case .printConfig:
            return #"""
                Print the effective settings (defaults, then the settings file, then the command line) in the
                settings file's format and exit; unset settings are printed commented out.
                """#
        case .help:
            return #"""
                Print the usage and exit; also
                .BR \-h .
                """#
        case .version:
            return #"""
                Print the version
                .RB ( "kiosk-spinner \#(Usage.version)" )
                and exit.
                """#
        }
    }
}
