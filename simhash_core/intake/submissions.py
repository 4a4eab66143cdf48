"""A student's submission: the files one student handed in, grouped when they are
found, then read and analysed as one text, once, in a worker.

A teacher compares students, not files: Dan Ho's ``answer.docx`` and ``appendix.docx``
are one submission, never compared with each other. The students are known from the
paths alone (:mod:`simhash_core.intake.students`), so the scan groups the files before
any is read (:func:`submissions_of`); a worker then reads each of a student's files,
joins their texts under a header line per file (:func:`join_texts`) and analyses the
joined text (:func:`read_submission`). A file that can't be read costs only itself.

>>> subs = submissions_of(["Dan Ho/answer.docx", "Bo Wu/essay.docx", "Dan Ho/appendix.docx"])
>>> [(s.files, s.student.name) for s in subs]
[((0, 2), 'Dan Ho'), ((1,), 'Bo Wu')]
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from simhash_core.extract.errors import ExtractError
from simhash_core.fingerprint.analyze import Analysis, analyze_text, read_digest, with_disguises
from simhash_core.messages import Message
from simhash_core.ocr.reader import OcrReader
from simhash_core.types import ExtractedText, OcrRegion, ScanSettings, Student

from .students import students_of_files

FILE_HEADER = "── {name} ──"  # where each of a student's files starts in their submission


@dataclass(frozen=True)
class Submission:
    """What one student handed in: the indexes of their files in the scan's list, in
    path order; one file when the student handed in one, or is not known."""

    files: tuple[int, ...]
    student: Student | None


def submissions_of(paths: Sequence[str], own: Mapping[str, str] | None = None) -> list[Submission]:
    """The scan's files (display paths) grouped by student, in the order of each
    student's first file; a file without a student is a submission of its own."""
    found = students_of_files(paths, own)
    order: list[int | str] = []  # a file alone, or a student's key at their first file
    groups: dict[str, list[int]] = {}
    for i, s in enumerate(found):
        if s is None:
            order.append(i)
            continue
        if s.key not in groups:
            order.append(s.key)
            groups[s.key] = []
        groups[s.key].append(i)
    out = []
    for item in order:
        if isinstance(item, int):
            out.append(Submission((item,), None))
        else:
            files = tuple(sorted(groups[item], key=paths.__getitem__))
            out.append(Submission(files, found[files[0]]))
    return out


def submission_hash(hashes: Sequence[str]) -> str:
    """The content hash of a submission of several files, from its files' hashes in
    path order (what it is cached under).

    >>> h = submission_hash(["ab", "cd"])
    >>> h == submission_hash(["ab", "cd"]) != submission_hash(["cd", "ab"]), h[:6]
    (True, 'files:')
    """
    digest = hashlib.blake2b(digest_size=20)
    for h in hashes:
        digest.update(h.encode("utf-8", "surrogatepass"))
    return "files:" + digest.hexdigest()


@dataclass(frozen=True)
class Part:
    """One file of a submission, read: its name, its path from the first file's folder
    (named on the OCR regions), and its text."""

    name: str
    inside: str
    text: ExtractedText


def join_texts(parts: Sequence[Part]) -> ExtractedText:
    """One text of a student's files, each under a header line with its file name (so
    the side-by-side view and the reports show which file a passage is in); their OCR
    regions moved to where they now are, their warnings named with their file.

    >>> t = join_texts([Part("a.txt", "a.txt", ExtractedText("One.", "txt", content_hash="x")),
    ...                 Part("b.txt", "b.txt", ExtractedText("Two.", "txt", content_hash="y"))])
    >>> print(t.text)
    ── a.txt ──
    One.
    <BLANKLINE>
    ── b.txt ──
    Two.
    >>> t.content_hash == submission_hash(["x", "y"])
    True
    """
    if len(parts) == 1:
        return parts[0].text
    heads = [f"{FILE_HEADER.format(name=p.name)}\n" for p in parts]
    text = "\n\n".join(head + p.text.text for head, p in zip(heads, parts, strict=True))
    regions: list[OcrRegion] = []
    at = 0
    for head, p in zip(heads, parts, strict=True):
        at += len(head)
        inside = p.inside if p.text.ocr else ""
        regions.extend(
            replace(r, start=r.start + at, end=r.end + at, file=inside) for r in p.text.ocr
        )
        at += len(p.text.text) + 2
    first = parts[0].text
    return ExtractedText(
        text,
        first.kind,
        warnings=tuple(
            Message.of("warn.in-file", name=p.name, warning=w)
            for p in parts
            for w in p.text.warnings
        ),
        meta=first.meta,
        ocr=tuple(regions),
        ocr_skipped=sum(p.text.ocr_skipped for p in parts),
        ocr_offered=sum(p.text.ocr_offered for p in parts),
        content_hash=submission_hash([p.text.content_hash or p.name for p in parts]),
    )


@dataclass(frozen=True)
class Member:
    """One file of a submission to read: its path, display name and path from the first
    file's folder, the content hash the scan found (None: not hashed), and its text when
    already known (from the cache)."""

    path: str
    name: str
    inside: str
    digest: str | None
    text: ExtractedText | None = None


@dataclass(frozen=True)
class SubmissionRead:
    """A submission read: its analysis (None when no file could be read), which of its
    files it holds (positions in the submission), the files that could not be read
    (position, error code, reason), and the texts read from the files just now (for
    the cache)."""

    analysis: Analysis | None
    joined: tuple[int, ...]
    failed: tuple[tuple[int, str, Message], ...]
    fresh: tuple[ExtractedText, ...]


def read_member(member: Member, settings: ScanSettings, reader: OcrReader) -> ExtractedText:
    """One file's text, read now unless known; raises ``ExtractError`` (``changed`` when
    the bytes read are not those the scan hashed)."""
    from simhash_core.extract import extract
    from simhash_core.extract.errors import DEFAULT_LIMITS

    if member.text is not None:
        return member.text
    text = extract(Path(member.path), DEFAULT_LIMITS, reader)
    return replace(text, content_hash=read_digest(text, member.digest))


def read_submission(
    members: Sequence[Member],
    settings: ScanSettings,
    template: np.ndarray | None,
    reader: OcrReader,
    on_file: Callable[[int, int], None] | None = None,
) -> SubmissionRead:
    """Read a student's files and analyse their joined text once.

    ``on_file`` hears ``(files done, files)`` after each file."""

    started = time.perf_counter()
    parts: list[Part] = []
    joined: list[int] = []
    failed: list[tuple[int, str, Message]] = []
    fresh: list[ExtractedText] = []
    for k, member in enumerate(members):
        try:
            text = read_member(member, settings, reader)
        except ExtractError as exc:
            failed.append((k, exc.code, exc.reason))
        else:
            told = replace(text, warnings=with_disguises(text))  # its disguised letters too
            parts.append(Part(member.name, member.inside, told))
            joined.append(k)
            if member.text is None:
                fresh.append(text)
        if on_file is not None:
            on_file(k + 1, len(members))
    if not parts:
        return SubmissionRead(None, (), tuple(failed), tuple(fresh))
    text = join_texts(parts)
    extraction = time.perf_counter() - started
    analysis = analyze_text(text.text, settings, template, text.kind)
    analysis = replace(
        analysis,
        content_hash=text.content_hash,
        encoding=text.encoding,
        pages=text.pages,
        warnings=text.warnings,
        meta=text.meta,
        ocr=text.ocr,
        ocr_skipped=text.ocr_skipped,
        ocr_offered=text.ocr_offered,
        timings=(("extraction", extraction), *analysis.timings),
    )
    return SubmissionRead(analysis, tuple(joined), tuple(failed), tuple(fresh))
