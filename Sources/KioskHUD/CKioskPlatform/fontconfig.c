/* A font for a character from the system's fontconfig, loaded at run time with dlopen so that
 * fontconfig is not a dependency of the program. */
#include "kiosk_platform.h"

#include <dlfcn.h>
#include <string.h>

int kp_fontconfig_font_for(unsigned int codepoint, char *path, int capacity) {
    typedef void *(*create_fn)(void);
    typedef int (*charset_add_fn)(void *, unsigned int);
    typedef int (*pattern_add_charset_fn)(void *, const char *, void *);
    typedef int (*pattern_add_bool_fn)(void *, const char *, int);
    typedef int (*substitute_fn)(void *, void *, int);
    typedef void (*default_substitute_fn)(void *);
    typedef void *(*match_fn)(void *, void *, int *);
    typedef int (*get_string_fn)(void *, const char *, int, unsigned char **);
    typedef int (*get_charset_fn)(void *, const char *, int, void **);
    typedef int (*has_char_fn)(void *, unsigned int);
    typedef void (*destroy_fn)(void *);
    static void *library;
    static int tried;
    if (!tried) { tried = 1; library = dlopen("libfontconfig.so.1", RTLD_LAZY | RTLD_LOCAL); }
    if (!library || capacity <= 0) return 0;
    create_fn pattern_create = (create_fn)dlsym(library, "FcPatternCreate");
    create_fn charset_create = (create_fn)dlsym(library, "FcCharSetCreate");
    charset_add_fn charset_add = (charset_add_fn)dlsym(library, "FcCharSetAddChar");
    pattern_add_charset_fn add_charset = (pattern_add_charset_fn)dlsym(library, "FcPatternAddCharSet");
    pattern_add_bool_fn add_bool = (pattern_add_bool_fn)dlsym(library, "FcPatternAddBool");
    substitute_fn substitute = (substitute_fn)dlsym(library, "FcConfigSubstitute");
    default_substitute_fn default_substitute = (default_substitute_fn)dlsym(library, "FcDefaultSubstitute");
    match_fn font_match = (match_fn)dlsym(library, "FcFontMatch");
    get_string_fn get_string = (get_string_fn)dlsym(library, "FcPatternGetString");
    get_charset_fn get_charset = (get_charset_fn)dlsym(library, "FcPatternGetCharSet");
    has_char_fn has_char = (has_char_fn)dlsym(library, "FcCharSetHasChar");
    destroy_fn pattern_destroy = (destroy_fn)dlsym(library, "FcPatternDestroy");
    destroy_fn charset_destroy = (destroy_fn)dlsym(library, "FcCharSetDestroy");
    if (!pattern_create || !charset_create || !charset_add || !add_charset || !add_bool || !substitute
        || !default_substitute || !font_match || !get_string || !get_charset || !has_char || !pattern_destroy
        || !charset_destroy) return 0;
    void *pattern = pattern_create();
    void *wanted = charset_create();
    if (!pattern || !wanted) { if (pattern) pattern_destroy(pattern); if (wanted) charset_destroy(wanted); return 0; }
    charset_add(wanted, codepoint);
    add_charset(pattern, "charset", wanted);
    add_bool(pattern, "scalable", 1);
    substitute(NULL, pattern, 0 /* FcMatchPattern */);
    default_substitute(pattern);
    int result = 0, found = 0;
    void *match = font_match(NULL, pattern, &result);
    if (match) {
        unsigned char *file = NULL;
        void *covered = NULL;
        if (get_string(match, "file", 0, &file) == 0 && file && get_charset(match, "charset", 0, &covered) == 0
            && covered && has_char(covered, codepoint) && strlen((const char *)file) < (size_t)capacity) {
            strcpy(path, (const char *)file);
            found = 1;
        }
        pattern_destroy(match);
    }
    pattern_destroy(pattern);
    charset_destroy(wanted);
    return found;
}
