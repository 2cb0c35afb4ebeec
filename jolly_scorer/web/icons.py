"""The app icon, drawn with Pillow: ``python -m jolly_scorer.web.icons`` writes
the PNGs in ``jolly_scorer/web/icons/`` (committed; the site build only copies
them) and ``assets/icon.png`` for ``flet build apk``/``ipa``.

A green tile (the app's seed colour) with a white playing card showing a red
heart and a black "J". The maskable variants keep the card inside the central
safe circle (80 % of the tile) that phones may cut the icon to.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
ICONS = HERE / "icons"
FONT = HERE.parent / "ui" / "assets" / "fonts" / "DejaVuSans.ttf"

#: The app's colours (``ft.Colors.GREEN_800`` is the Flet theme seed).
THEME_COLOUR = "#2E7D32"
BACKGROUND_COLOUR = "#F1F8E9"

#: file name -> (size in pixels, maskable)
SIZES: dict[str, tuple[int, bool]] = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-192.png": (192, True),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon-192.png": (192, True),
    "loading-animation.png": (512, False),
    "favicon.png": (32, False),
    "icon-1024.png": (1024, False),
}


def draw(size: int, maskable: bool = False) -> object:
    """The icon as a Pillow image of ``size`` pixels."""
    from PIL import Image, ImageDraw, ImageFont

    scale = 4  # draw large, shrink smoothly
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if maskable:
        pen.rectangle((0, 0, big, big), fill=THEME_COLOUR)
        inner = 0.56
    else:
        pen.rounded_rectangle(
            (0, 0, big - 1, big - 1), radius=big // 5, fill=THEME_COLOUR
        )
        inner = 0.72
    card_h = big * inner
    card_w = card_h * 0.7
    left = (big - card_w) / 2
    top = (big - card_h) / 2
    pen.rounded_rectangle(
        (left, top, left + card_w, top + card_h),
        radius=card_w * 0.1,
        fill="#FFFFFF",
        outline="#1B5E20",
        width=max(1, big // 128),
    )
    font = ImageFont.truetype(str(FONT), int(card_h * 0.55))
    pen.text(
        (big / 2, top + card_h * 0.58), "J", font=font, fill="#212121", anchor="mm"
    )
    small = ImageFont.truetype(str(FONT), int(card_h * 0.22))
    pen.text(
        (left + card_w * 0.2, top + card_h * 0.16),
        "\u2665",
        font=small,
        fill="#C62828",
        anchor="mm",
    )
    pen.text(
        (left + card_w * 0.8, top + card_h * 0.86),
        "\u2665",
        font=small,
        fill="#C62828",
        anchor="mm",
    )
    return image.resize((size, size), Image.Resampling.LANCZOS)


def write_all(folder: Path = ICONS) -> list[Path]:
    """Write every icon file; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (size, maskable) in SIZES.items():
        path = folder / name
        draw(size, maskable).save(path, optimize=True)  # type: ignore[attr-defined]
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - a maintainer's tool
    for path in write_all():
        print(path)
    import shutil

    shutil.copyfile(ICONS / "icon-1024.png", HERE.parent.parent / "assets" / "icon.png")
