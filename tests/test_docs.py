"""The README is for teachers, and every link in the documentation leads somewhere.

Issue 38: the README stays short (at most 150 lines), shows the two commands that set
up a fresh machine (``make run``, ``make test``), carries no commit hash, and every
relative link or image in ``README.md`` and ``docs/**/*.md`` names a file that exists;
a ``#anchor`` must name a heading of its target. No network is used: web links are not
followed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").rglob("*.md"))
USER_FACING = [README, ROOT / "docs" / "user-guide.md"]  # no commit hashes in these

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
HEX_WORD = re.compile(r"\b[0-9a-f]{7,40}\b")


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code (their brackets are not links)."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def links(path: Path) -> list[str]:
    return LINK.findall(prose(path.read_text(encoding="utf-8")))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text without markup, lower case, anything but
    letters, digits, spaces, hyphens and underscores dropped, spaces made hyphens.

    >>> slug("Scans and pictures (OCR)"), slug("The app's `--all-pairs`")
    ('scans-and-pictures-ocr', 'the-apps---all-pairs')
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """Every heading anchor of a Markdown file, duplicates numbered as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    for _, title in HEADING.findall(text):
        base = slug(title)
        n = seen.get(base, 0)
        found.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return frozenset(found)


def is_web(target: str) -> bool:
    return re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) is not None  # http:, mailto:


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def broken_links(path: Path) -> list[str]:
    problems = []
    for target in links(path):
        if is_web(target):
            continue
        file_part, _, anchor = target.partition("#")
        dest = path if not file_part else (path.parent / file_part).resolve()
        if not dest.exists():
            problems.append(f"{target}: no file {shown(dest)}")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{target}: no heading #{anchor} in {shown(dest)}")
        elif anchor and dest.is_dir():
            problems.append(f"{target}: an anchor into a folder")
    return problems


@cache
def git_available() -> bool:
    return shutil.which("git") is not None and (ROOT / ".git").exists()


def is_commit(word: str) -> bool:
    """Whether ``word`` names a commit of this repository; without git, any hex word with a
    digit and a letter counts (a commit hash almost always has both)."""
    if not git_available():
        return bool(re.search(r"\d", word) and re.search(r"[a-f]", word))
    done = subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{word}^{{commit}}"],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


def test_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; move the rest to docs/"


def test_readme_shows_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make run" in text
    assert "make test" in text


@pytest.mark.parametrize("path", USER_FACING, ids=lambda p: p.name)
def test_no_commit_hashes_in_user_facing_text(path: Path) -> None:
    words = set(HEX_WORD.findall(path.read_text(encoding="utf-8")))
    hexes = (w for w in words if re.search(r"\d", w) and re.search(r"[a-f]", w))
    hashes = sorted(w for w in hexes if is_commit(w))
    assert not hashes, f"{path.name} names commits {hashes}: they belong in docs/benchmarks.md"


@pytest.mark.parametrize("path", [README, *DOCS], ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve(path: Path) -> None:
    assert not broken_links(path)


def test_readme_links_to_docs() -> None:
    """The README's links reach the user guide and the design documents."""
    targets = {t.partition("#")[0] for t in links(README)}
    for doc in ("docs/user-guide.md", "docs/design/how-it-decides.md", "docs/benchmarks.md"):
        assert doc in targets


def test_the_checks_catch_what_they_should(tmp_path: Path) -> None:
    """A broken file link, a wrong anchor and a link inside code (ignored)."""
    (tmp_path / "b.md").write_text("# Intro\n\n## Scans and pictures (OCR)\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text(
        "[ok](b.md#scans-and-pictures-ocr) [gone](missing.md) [bad](b.md#nowhere)\n"
        "[web](https://example.org/x) `[code](not-a-link.md)`\n\n"
        "```\n[block](also-not.md)\n```\n",
        encoding="utf-8",
    )
    problems = broken_links(page)
    assert len(problems) == 2
    assert problems[0].startswith("missing.md") and problems[1].startswith("b.md#nowhere")
