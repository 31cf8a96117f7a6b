import Testing

/// Every suite that renders text with FreeType, HarfBuzz and fontconfig, run one test at a time:
/// a font chain and its fonts are not to be used from several threads at once.
@Suite(.serialized) enum RenderingSuites {}
