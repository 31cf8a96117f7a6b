/* The overlay's own grab of the whole keyboard and pointer, on an X connection of its own that
 * SDL never sees (so SDL's grab bookkeeping cannot release it). Plain C types only: the
 * connection is an opaque `struct kp_grab`, no Xlib header is needed to use it.
 *
 * All calls for one grab must come from one thread (the grab's), from kp_grab_open to
 * kp_grab_close. */
#ifndef KIOSK_X11_GRAB_H
#define KIOSK_X11_GRAB_H

/** An X connection of the grab's own, with what it grabbed and which windows it watches. */
struct kp_grab;

/**
 * Opens a connection to the X server named by DISPLAY (XOpenDisplay(NULL)). If that connection
 * breaks later, the loss is recorded as kp_x11_on_connection_loss says and every later call on
 * the grab returns at once, as for the SDL connection. Returns NULL when no X server answers.
 */
struct kp_grab *kp_grab_open(void);

/** The connection's file descriptor, to wait on with poll() (POLLIN). */
int kp_grab_connection_fd(const struct kp_grab *grab);

/**
 * Grabs the keyboard (XGrabKeyboard) and the pointer (XGrabPointer, owner_events False, button
 * and motion events, no confinement) on the root window, keeping whichever part it gets.
 * Returns 1 when both are held. When another client holds either (AlreadyGrabbed, GrabFrozen),
 * starts watching for that grab to end (see kp_grab_drain) and returns 0. Calling it while
 * holding both is harmless and generates no events.
 */
int kp_grab_take(struct kp_grab *grab);

/** Releases the keyboard and the pointer and stops watching other windows. */
void kp_grab_release(struct kp_grab *grab);

/** What kp_grab_drain saw, as bits. */
enum kp_grab_news {
    /** Some grab ended (a crossing or focus event with mode NotifyUngrab, or a top-level window
     * unmapped or destroyed while watching): another client's, or this one's, revoked. */
    KP_GRAB_ENDED = 1,
};

/** What the grab took that the overlay's Cancel may want. */
enum kp_grab_taken_kind {
    /** The first button (or a touch's emulated pointer) went down, at the root's x and y. */
    KP_GRAB_PRESSED = 1,
    /** The first button went up, at the root's x and y. */
    KP_GRAB_RELEASED = 2,
    /** Escape was pressed (x and y are 0). */
    KP_GRAB_ESCAPE = 3,
};

/** One input the grab took, as kp_grab_drain hands it on. */
struct kp_grab_taken {
    int kind;
    int x;
    int y;
};

/**
 * Reads every event the server has sent (without blocking); of the keys, buttons and motion the
 * grab swallowed, hands on the first button's presses and releases and Escape in `taken` (at
 * most `capacity`, counted in `*count`; more in one reading are dropped) and discards the rest.
 * While watching, starts watching top-level windows mapped since. Returns the kp_grab_news bits
 * for what it saw. A broken connection is recorded and returns (kp_x11_on_connection_loss), and
 * nothing is read from it again.
 */
int kp_grab_drain(struct kp_grab *grab, struct kp_grab_taken *taken, int capacity, int *count);

/** Releases everything and closes the connection. */
void kp_grab_close(struct kp_grab *grab);

#endif
