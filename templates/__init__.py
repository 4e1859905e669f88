"""The tile sets shipped with sweeper: one folder per skin (``manifest.json`` and PNG tiles),
and ``glyphs.png``, the reference glyphs. Data only; :mod:`recognizer.skins` reads them."""
