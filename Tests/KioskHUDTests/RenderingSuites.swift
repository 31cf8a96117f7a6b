import Testing

/// Every suite that renders with SDL_ttf, FreeType and fontconfig, run one test at a time: those
/// libraries are not to be used from several threads at once, and each suite's session starts and
/// stops SDL_ttf.
@Suite(.serialized) enum RenderingSuites {}
