/* FreeType (glyph outlines and coverage) and HarfBuzz (shaping, through its FreeType fonts), which
 * the message text is drawn with on every backend. */
#ifndef KIOSK_SPINNER_CFREETYPE_SHIM_H
#define KIOSK_SPINNER_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>

/** How every glyph is loaded, for its advance (by HarfBuzz) and for its coverage alike: hinted
 *  for grey anti-aliasing, from the outline (a font's embedded one-bit strikes are skipped). */
static inline FT_Int32 cft_load_flags(void) {
    return FT_LOAD_DEFAULT | FT_LOAD_TARGET_NORMAL | FT_LOAD_NO_BITMAP;
}

/** True when the face is drawn from outlines at any size (FT_IS_SCALABLE). */
static inline int cft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

#endif
