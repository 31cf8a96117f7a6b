/* Speech through libespeak-ng, loaded at run time with dlopen (only when the overlay is asked to
 * speak), so that it is not a dependency of the program. espeak-ng plays on the default sound
 * device itself (PulseAudio, else ALSA, through pcaudiolib), on a thread of its own. */
#include "kiosk_platform.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* speak_lib.h's values (part of libespeak-ng's ABI): asynchronous playback on the sound device,
 * text as UTF-8, positions counted in characters. */
enum { AUDIO_OUTPUT_PLAYBACK = 0, ESPEAK_CHARS_UTF8 = 1, ESPEAK_POS_CHARACTER = 1 };

typedef int (*initialize_fn)(int output, int buffer_ms, const char *path, int options);
typedef int (*set_voice_fn)(const char *name);
typedef int (*synth_fn)(const void *text, size_t size, unsigned int position, int position_type,
                        unsigned int end_position, unsigned int flags, unsigned int *identifier, void *user_data);
typedef int (*cancel_fn)(void);
typedef int (*is_playing_fn)(void);
typedef int (*terminate_fn)(void);

static struct {
    set_voice_fn set_voice;
    synth_fn synth;
    cancel_fn cancel;
    is_playing_fn is_playing;
    initialize_fn initialize;
    terminate_fn terminate;
} espeak;

int kp_speech_open(char *error, int capacity) {
    void *library = dlopen("libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "cannot load libespeak-ng.so.1: %s", dlerror());
        return 0;
    }
    espeak.initialize = (initialize_fn)dlsym(library, "espeak_Initialize");
    espeak.terminate = (terminate_fn)dlsym(library, "espeak_Terminate");
    espeak.set_voice = (set_voice_fn)dlsym(library, "espeak_SetVoiceByName");
    espeak.synth = (synth_fn)dlsym(library, "espeak_Synth");
    espeak.cancel = (cancel_fn)dlsym(library, "espeak_Cancel");
    espeak.is_playing = (is_playing_fn)dlsym(library, "espeak_IsPlaying");
    if (!espeak.initialize || !espeak.terminate || !espeak.set_voice || !espeak.synth || !espeak.cancel || !espeak.is_playing) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "libespeak-ng.so.1 lacks espeak_Initialize, _SetVoiceByName, _Synth or _Cancel");
        dlclose(library);
        return 0;
    }
    if (espeak.initialize(AUDIO_OUTPUT_PLAYBACK, 0, NULL, 0) < 0) {
        if (capacity > 0) snprintf(error, (size_t)capacity, "espeak-ng cannot start (its data, espeak-ng-data, is missing?)");
        return 0;
    }
    return 1;
}

int kp_speech_say(const char *voice, const char *text) {
    if (espeak.is_playing()) {
        espeak.terminate();
        if (espeak.initialize(AUDIO_OUTPUT_PLAYBACK, 0, NULL, 0) < 0) return 0;
    }
    if (espeak.set_voice(voice) != 0) return 0;
    return espeak.synth(text, strlen(text) + 1, 0, ESPEAK_POS_CHARACTER, 0, ESPEAK_CHARS_UTF8, NULL, NULL) == 0;
}
