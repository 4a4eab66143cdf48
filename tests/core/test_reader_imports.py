"""The file readers are imported when a file of their kind is read: a re-scan that the
cache answers imports none of them, nor the libraries behind them."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

READERS = [
    "simhash_core.extract.pdf",
    "simhash_core.extract.docx",
    "simhash_core.extract.odt",
    "simhash_core.extract.txt",
    "simhash_core.extract.html",
    "simhash_core.extract.doc",
    "simhash_core.extract.rtf",
    "simhash_core.extract.pptx",
    "simhash_core.extract.image",
    "pypdfium2",
    "charset_normalizer",
    "defusedxml",
]


def _imported_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_the_command_line_and_the_scan_import_no_reader() -> None:
    loaded = _imported_after("import simhash_core.cli.main, simhash_core.scan, simhash_core.check")
    assert "simhash_core.extract" in loaded  # the entry point and its light parts
    assert loaded.isdisjoint(READERS), sorted(loaded.intersection(READERS))


def test_reading_a_file_imports_its_reader_only(tmp_path) -> None:
    essay = tmp_path / "essay.txt"
    essay.write_text("A short essay about rivers and the towns along them.", encoding="utf-8")
    code = "from pathlib import Path\nfrom simhash_core.extract import extract\n"
    code += f"extract(Path({str(essay)!r}))"
    loaded = _imported_after(code)
    assert "simhash_core.extract.txt" in loaded
    assert loaded.isdisjoint({"simhash_core.extract.pdf", "simhash_core.extract.docx", "pypdfium2"})


def test_the_letter_kinds_are_those_of_each_code_point() -> None:
    from simhash_core.extract import pdf_words

    expected = np.array([chr(c).isalpha() for c in range(0x10000)], np.uint8)
    latin = [c for c in (*range(0x250), *range(0x1E00, 0x1F00)) if chr(c).isalpha()]
    expected[latin] = pdf_words._LATIN
    expected[0x3040:0x3100] = pdf_words._KANA
    for lo, hi in ((0x3400, 0x4DC0), (0x4E00, 0xA000), (0xF900, 0xFB00)):
        expected[lo:hi] = pdf_words._HAN
    expected[[ord(ch) for ch in pdf_words.COMMON_HAN]] = pdf_words._COMMON
    assert np.array_equal(pdf_words._kinds(), expected)
