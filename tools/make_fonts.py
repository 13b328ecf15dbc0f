"""Make the browser table's web fonts: Noto fonts (SIL Open Font License 1.1) cut
down to the scripts the catalogues need and packed as WOFF2.

A machine without Sinhala or Arabic-script fonts would show the Sinhala and Pashto
tables as empty boxes, so those two scripts ship with the project (docs/languages.md,
"Fonts"); Latin (English, Welsh, Slovak) is left to the system's fonts, which every
browser has. The output, ``src/palace_poker/server/static/fonts/*.woff2``, is
committed: this script runs once, by hand, when the fonts change, and needs
fontTools with Brotli, which are not dependencies of the project::

    python3 -m pip install --target /tmp/fonttools "fonttools[woff]"
    PYTHONPATH=/tmp/fonttools python3 tools/make_fonts.py

The source is Debian's ``fonts-noto-core`` (``/usr/share/fonts/truetype/noto``).
Every glyph of the kept ranges stays, with all its OpenType layout features (the
Sinhala conjuncts and the Arabic joining need them); names, licence and copyright
stay in the font.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

SOURCE = Path("/usr/share/fonts/truetype/noto")
OUT = (
    Path(__file__).resolve().parent.parent / "src" / "palace_poker" / "server" / "static" / "fonts"
)

#: The code points each font keeps, as in static/fonts.css's unicode-range: the
#: script's blocks, the joiners and marks of direction it is written with, and the
#: dotted circle a lone vowel sign is drawn on.
SINHALA = "U+0D80-0DFF, U+111E1-111F4, U+200C-200D, U+25CC"
ARABIC = "U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF, U+200C-200F, U+25CC"
FONTS = {
    "NotoSansSinhala-Regular": SINHALA,
    "NotoSansSinhala-Bold": SINHALA,
    "NotoSansArabic-Regular": ARABIC,
    "NotoSansArabic-Bold": ARABIC,
}


def unicodes(ranges: str) -> list[int]:
    """The code points of a CSS unicode-range list ("U+0D80-0DFF, U+25CC")."""
    points: list[int] = []
    for part in ranges.split(","):
        first, _, last = part.strip().removeprefix("U+").partition("-")
        points.extend(range(int(first, 16), int(last or first, 16) + 1))
    return points


def main() -> None:
    """Write each font of FONTS as WOFF2, subset to its ranges."""
    # not a dependency of the project, nor typed: imported by name when this runs
    subset: Any = importlib.import_module("fontTools.subset")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, ranges in FONTS.items():
        options: Any = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(SOURCE / f"{name}.ttf"), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes(ranges))
        subsetter.subset(font)
        target = OUT / f"{name}.woff2"
        subset.save_font(font, str(target), options)
        sys.stdout.write(f"{target.name}: {target.stat().st_size:,} bytes\n")


if __name__ == "__main__":
    main()
