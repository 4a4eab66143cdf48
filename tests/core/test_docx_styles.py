"""The styles part's search for anything that could hide text, made once per part."""

from __future__ import annotations

from simhash_core.extract import docx_styles
from simhash_core.extract.docx_styles import could_hide

CREAM = b'<w:style w:type="paragraph" w:styleId="Ghost"><w:rPr><w:color w:val="FFF2CC"/>'


def test_a_part_met_again_gives_the_same_answer_for_its_page_without_a_search(
    monkeypatch,
) -> None:
    """A class made from one template shares its styles part: the second file's answer
    comes from the first's search, for the same page colour only, and a part that
    differs by one letter is searched again."""
    searched: list[tuple[bytes, str]] = []
    search = docx_styles._could_hide

    def counted(data: bytes, page: str) -> bool:
        searched.append((data, page))
        return search(data, page)

    monkeypatch.setattr(docx_styles, "_could_hide", counted)
    monkeypatch.setattr(docx_styles, "_SEEN_STYLES", {})
    assert could_hide(CREAM, "FFF2CC") and could_hide(bytes(CREAM), "FFF2CC")
    assert not could_hide(CREAM, "FFFFFF")  # the same part on a white page hides nothing
    assert could_hide(CREAM.replace(b"FFF2CC", b"FFFFFF"), "FFFFFF")
    assert len(searched) == 3


def test_only_the_latest_parts_are_kept(monkeypatch) -> None:
    monkeypatch.setattr(docx_styles, "_SEEN_STYLES", {})
    for n in range(docx_styles.SEEN_STYLES_KEPT + 10):
        could_hide(CREAM + str(n).encode(), "FFFFFF")
    assert len(docx_styles._SEEN_STYLES) == docx_styles.SEEN_STYLES_KEPT
