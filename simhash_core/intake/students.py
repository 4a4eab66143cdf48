"""Which student handed in each file, read from the folder and file names that school
platforms export.

A teacher thinks in students, not files: ``answer.docx`` says nothing when every
student's file is called that. The patterns recognised, in this order:

* **Moodle**: a folder ``Firstname Lastname_123456_assignsubmission_file_`` (or
  ``_onlinetext_``) holds the student's files.
* **Student number and name**: ``2023001_张三_作业.docx``, ``张三-2023001.pdf``, or a
  folder so named (a number of 5 to 20 digits beside a name of 2 to 4 Chinese
  characters, or of Latin words).
* **Blackboard**: ``<assignment>_<user>_attempt_<date>_<file name>``: the user name
  (the receipt beside it is skipped by :mod:`simhash_core.intake.discover`).
* **Student number and name** (学习通, 雨课堂 and others): ``2023001_张三_作业.docx``,
  ``张三-2023001.pdf``, or a folder so named (see below).
* **Canvas** ``<name>_<user id>_<submission id>_<file name>`` (``_late`` after the name
  when late) and **Google Classroom** ``<Student Name> - <title>`` (the copy Classroom
  makes for each student): weaker patterns, taken only when most of the files follow
  the same one.
* **One folder per student**: every submission sits in a first-level folder, there are
  several such folders, and none holds more than :data:`MAX_FILES_PER_STUDENT` files:
  the folder's name is the student.

Otherwise the file itself is the submission, and its path is what a teacher reads.
Two students of the same name are told apart by their numbers (or folders).

>>> [s.name if s else None for s in students([
...     "Zhang San_123456_assignsubmission_file_/answer.docx",
...     "Li Si_123457_assignsubmission_file_/answer.docx",
...     "2023001_王五_作业.docx",
...     "notes.txt",
... ])]
['Zhang San', 'Li Si', '王五', None]
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from simhash_core.intake.discover import printable
from simhash_core.messages import Message
from simhash_core.text.lazy_regex import LazyRegex
from simhash_core.types import Document, Student

MAX_FILES_PER_STUDENT = 6  # more in one folder: a class or a topic, not one student

_MOODLE = LazyRegex(
    r"^(?P<name>.+?)_(?P<number>\d+)_assignsubmission_(?:file|onlinetext)_?$", re.IGNORECASE
)
# Moodle's download without folders: ``<name>_<number>_assignsubmission_file_<its name>``
_MOODLE_FILE = LazyRegex(
    r"^(?P<name>.+?)_(?P<number>\d+)_assignsubmission_(?:file|onlinetext)_.", re.IGNORECASE
)
_HAN_NAME = r"[\u4e00-\u9fff][\u4e00-\u9fff·]{1,4}"
_SEP = r"[_\-\s.·]+"
_NUMBER = r"\d{5,20}"
_NUMBER_NAME = LazyRegex(rf"^(?P<number>{_NUMBER}){_SEP}(?P<name>{_HAN_NAME})(?:{_SEP}.*)?$")
_NAME_NUMBER = LazyRegex(rf"^(?P<name>{_HAN_NAME}){_SEP}(?P<number>{_NUMBER})(?:{_SEP}.*)?$")
_LATIN_NUMBER = LazyRegex(
    rf"^(?P<name>[A-Za-z][A-Za-z'\-]+(?: [A-Za-z][A-Za-z'\-]+){{1,3}}){_SEP}(?P<number>{_NUMBER})"
    rf"(?:{_SEP}.*)?$"
)
_NUMBER_LATIN = LazyRegex(
    rf"^(?P<number>{_NUMBER}){_SEP}(?P<name>[A-Za-z][A-Za-z'\-]+(?: [A-Za-z][A-Za-z'\-]+){{1,3}})"
    rf"(?:{_SEP}.*)?$"
)


_BLACKBOARD = LazyRegex(r"^.+_(?P<user>[^_]+)_attempt_\d{4}(?:-\d{2}){5}(?:_.+)?$", re.IGNORECASE)
_CANVAS = LazyRegex(
    r"^(?P<name>[a-z][a-z'\-]*?)(?:_late)?_(?P<user>\d{2,})_\d{2,}_.+$", re.IGNORECASE
)
_GOOGLE = LazyRegex(
    r"^(?P<name>[A-Z][A-Za-z'\-]+(?: [A-Z][A-Za-z'\-]+){0,3}|[\u4e00-\u9fff·]{2,5}) - .+$"
)
# where the platform's layout is named in a notice (a ZIP's: :func:`layout_notices`)
PLATFORMS = {
    "moodle": "platform.moodle",
    "blackboard": "platform.blackboard",
    "canvas": "platform.canvas",
    "google": "platform.google",
    "number-name": "platform.number-name",
    "folder": "platform.folder",
}


def _weak(path: str) -> Student | None:
    """The student of a file by a pattern that a name may follow by chance (Canvas,
    Google Classroom): trusted only when most files follow it (:func:`students`)."""
    name = path.rsplit("/", 1)[-1]
    canvas = _CANVAS.match(name)
    if canvas:
        who, user = canvas["name"], canvas["user"]
        return Student(who, user, f"#{user} {who}", "canvas")
    google = _GOOGLE.match(_stem(name))
    if google:
        who = google["name"].strip()
        return Student(who, None, f"g:{who}", "google")
    return None


def _stem(part: str) -> str:
    return part.rsplit(".", 1)[0] if "." in part[1:] else part


def _from_part(part: str, folder: bool) -> Student | None:
    moodle = (_MOODLE if folder else _MOODLE_FILE).match(part)
    if moodle:
        name, number = moodle["name"].strip(), moodle["number"]
        return Student(name, number, f"#{number} {name}", "moodle")
    if not folder:
        blackboard = _BLACKBOARD.match(part)
        if blackboard:
            user = blackboard["user"]
            return Student(user, None, f"bb:{user}", "blackboard")
    stem = part if folder else _stem(part)
    for pattern in (_NUMBER_NAME, _NAME_NUMBER, _LATIN_NUMBER, _NUMBER_LATIN):
        m = pattern.match(stem)
        if m:
            name = m["name"].strip()
            return Student(name, m["number"], f"#{m['number']} {name}", "number-name")
    return None


def student_of(path: str) -> Student | None:
    """The student one path names by a platform's pattern (folders first), or None.

    >>> student_of("20240315_期中作业/2023001_张三.docx").name
    '张三'
    >>> student_of("作业/2023001-张三/essay.docx")
    Student(name='张三', number='2023001', key='#2023001 张三', source='number-name')
    """
    parts = path.split("/")
    for k in range(len(parts) - 1, -1, -1):  # the file first, then its folders upwards
        found = _from_part(parts[k], folder=k < len(parts) - 1)
        if found:
            return found
    return None


def students(paths: Sequence[str]) -> list[Student | None]:
    """The student of each display path (relative to the scanned folder), or None
    where the file itself is the submission."""
    found = [student_of(p) for p in paths]
    weak = [None if s is not None else _weak(p) for s, p in zip(found, paths, strict=True)]
    kinds = Counter(w.source for w in weak if w is not None)
    people = Counter(kind for kind, _ in {(w.source, w.key) for w in weak if w is not None})
    trusted = {kind for kind, n in kinds.items() if people[kind] >= 2 and 2 * n > len(paths)}
    found = [
        w if w is not None and w.source in trusted else s for s, w in zip(found, weak, strict=True)
    ]
    # a "student" most files share is a course, a date or a title ("20240315_期中作业"),
    # not a person: forget it, so that the folders can say who is who
    keys = Counter(s.key for s in found if s is not None)
    crowd = {
        k for k, n in keys.items() if n > MAX_FILES_PER_STUDENT or (n >= 3 and 2 * n > len(paths))
    }
    found = [None if s is not None and s.key in crowd else s for s in found]
    # one folder per student: every file in a first-level folder (below the export's
    # wrappers), several folders, each with few files
    tops = [p[0] if len(p) > 1 else None for p in _below_wrappers(paths)]
    counts = Counter(t for t in tops if t is not None)
    per_folder = (
        len(paths) >= 2
        and all(t is not None for t in tops)
        and len(counts) >= 2
        and max(counts.values()) <= MAX_FILES_PER_STUDENT
    )
    if per_folder:
        for i, top in enumerate(tops):
            if found[i] is None and top is not None:
                found[i] = Student(top, None, f"/{top}", "folder")
    return _told_apart(found)


# a numbered part of a Google Drive download: ``<folder>-20241127T010203Z-001.zip``
_DRIVE_PART = LazyRegex(r"^.+-\d{8}T\d{6}Z-\d{3}\.zip$", re.IGNORECASE)


def _below_wrappers(paths: Sequence[str]) -> list[list[str]]:
    """Each display path's parts as one export's tree: the numbered parts of a Google
    Drive download (a large folder comes as ``-001.zip``, ``-002.zip``…, a student's
    files sometimes in two of them) are one tree, and a folder or ZIP that holds every
    file (the folder the platform zipped, or the one ZIP scanned) is only a wrapper.

    >>> [p[0] for p in _below_wrappers([
    ...     "Essay-20261127T010203Z-001.zip/Essay/Ann Lee/a.docx",
    ...     "Essay-20261127T010203Z-002.zip/Essay/Bo Wu/b.pdf",
    ...     "Essay-20261127T010203Z-002.zip/Essay/Ann Lee/notes.txt",
    ... ])]
    ['Ann Lee', 'Bo Wu', 'Ann Lee']
    """
    parts = [[q for q in p.split("/") if not _DRIVE_PART.match(q)] for p in paths]
    while parts and all(len(p) > 2 for p in parts) and len({p[0] for p in parts}) == 1:
        parts = [p[1:] for p in parts]
    return parts


def layout_notices(zips: Sequence[tuple[Path, str]], docs: Sequence[Document]) -> list[Message]:
    """For each ZIP scanned (``(path, display folder)``), which platform's layout named
    the students of its files, and how many; or that none did."""
    out = []
    for paths in _exports(path for path, _ in zips):
        below = tuple(str(path) + os.sep for path in paths)
        inside = [
            d.student for d in docs if d.archive_label is None and str(d.abspath).startswith(below)
        ]
        sources = Counter(s.source for s in inside if s is not None and s.source in PLATFORMS)
        name = ", ".join(
            printable(path.name if k == 0 else path.name[path.name.rindex("-") :])
            for k, path in enumerate(paths)
        )
        if not sources:
            out.append(Message.of("notice.zip-no-layout", zip=name))
            continue
        source = sources.most_common(1)[0][0]
        named = len({s.key for s in inside if s is not None})
        platform = Message.of(PLATFORMS[source])
        out.append(Message.of("notice.zip-layout", zip=name, platform=platform, students=named))
    return out


def _exports(zips: Iterable[Path]) -> list[list[Path]]:
    """The ZIPs scanned, the numbered parts of one Google Drive download together (a
    student's files may be in any of them), in the order given."""
    out: list[list[Path]] = []
    drive: dict[tuple[Path, str], list[Path]] = {}
    for path in zips:
        if _DRIVE_PART.match(path.name):
            key = (path.parent, path.name[: path.name.rindex("-")])
            if key in drive:
                drive[key].append(path)
                continue
            drive[key] = [path]
            out.append(drive[key])
        else:
            out.append([path])
    return out


def _told_apart(found: list[Student | None]) -> list[Student | None]:
    """Two students of one name: each name gets its number (or folder) beside it."""
    keys_of: dict[str, set[str]] = {}
    for s in found:
        if s is not None:
            keys_of.setdefault(s.name, set()).add(s.key)
    out: list[Student | None] = []
    for s in found:
        if s is not None and len(keys_of[s.name]) > 1:
            extra = s.number or s.key.lstrip("/")
            s = Student(f"{s.name} ({extra})", s.number, s.key, s.source)
        out.append(s)
    return out


def own_path(path: Path) -> str:
    """What a file given on its own (File → Add files, ``plagcheck scan FILE``) says
    about its student: its folder and its name, as a display path. A Moodle file sits
    in its student's folder, which its display path (its name alone) has lost.

    >>> own_path(Path("/t/late/Gao Yu_20250199_assignsubmission_file_/late.txt"))
    'Gao Yu_20250199_assignsubmission_file_/late.txt'
    """
    folder = printable(path.parent.name)
    return f"{folder}/{printable(path.name)}" if folder else printable(path.name)


def _alone(own: str, path: str) -> Student:
    """The student of a file given on its own (``own`` its :func:`own_path`, ``path``
    its display path): its name's pattern, else its Moodle folder, else its name (stem).
    Any other folder is not trusted: a course folder ("20240315_期中作业") would make
    its files one student's.

    >>> _alone("20240315_期中作业/essay.docx", "essay.docx").name
    'essay'
    >>> _alone("Gao Yu_20250199_assignsubmission_file_/late.txt", "late.txt").name
    'Gao Yu'
    """
    folder, _, name = own.rpartition("/")
    found = _from_part(name, folder=False)
    if found is None and _MOODLE.match(folder):
        found = _from_part(folder, folder=True)
    return found or Student(_stem(path), None, f"file:{path}", "file")


def students_of_files(
    paths: Sequence[str], own: Mapping[str, str] | None = None
) -> list[Student | None]:
    """The student of each file of a scan (display paths), or None where the file itself
    is the submission. ``own`` maps the display path of each file given on its own (not
    found in a chosen folder) to what its own path says (:func:`students.own_path`)."""
    own = own or {}
    found = students(paths)
    return [_alone(own[p], p) if p in own else s for s, p in zip(found, paths, strict=True)]


def with_students(docs: Sequence[Document], own: Mapping[str, str] | None = None) -> list[Document]:
    """``docs`` with each one's student and the name a teacher reads: the student, with
    the file name when the student handed in several files (archived documents are
    named from the path they were archived under).

    ``own`` maps the display path of each file given on its own to its :func:`own_path`,
    which names its student (:func:`_alone`)."""
    new = [i for i, d in enumerate(docs) if d.archive_label is None]
    found: dict[int, Student | None] = dict(
        zip(new, students_of_files([docs[i].path for i in new], own), strict=True)
    )
    for i, d in enumerate(docs):
        if d.archive_label is not None:
            found[i] = student_of(d.path.split("/", 2)[-1])

    def owner(i: int) -> tuple[bool, str] | None:  # this class and the archive apart
        s = found[i]
        return None if s is None else (docs[i].archive_label is not None, s.key)

    files = Counter(owner(i) for i in found if found[i] is not None)
    out = []
    for i, d in enumerate(docs):
        s = found[i]
        if s is None:
            out.append(d)
            continue
        shown = s.name if files[owner(i)] == 1 else f"{s.name} · {d.name}"
        out.append(replace(d, student=s, shown=shown))
    return out
