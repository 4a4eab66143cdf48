"""Reports: pairs CSV, errors CSV and JSON, written safely.

* The CSV is for people: the columns of :data:`~simhash_core.report.pair_fields.PAIR_FIELDS`
  (who, similarity, flagged, why first; the technical measures after), titled and
  worded in the reader's language (``lang``, see :mod:`simhash_core.translations`),
  shares in percent. The JSON is for programs: the same fields by key, as numbers and
  booleans, the reasons in English and as message codes, and each pair's matched
  passages (kind and character offsets into the document's extracted text).
* CSV is UTF-8 with a BOM so Excel opens Chinese names correctly.
* Cells starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return are prefixed
  with ``'`` (OWASP CSV injection): file names are chosen by students.
* **All or none.** The reports of one run (:func:`write_reports`) are each written to a
  temporary file in their folder, and only when every one is complete are they renamed
  into place. A full disk or a denied folder leaves the previous reports as they were
  and raises :class:`ReportError` with one sentence ("no space left on the device for
  out.csv"). Ctrl-C is not such an error: the reports complete by then are put in place
  and :class:`ReportsInterrupted` names those written and those not.
* New reports get the user's usual permissions (``0666`` less the umask; a replaced
  report keeps its mode), not the private ``0600`` of a temporary file.
* ``--all-pairs`` rows are streamed: the pairs that were not measured come from
  :class:`~simhash_core.compare.pair_stream.OtherPairs` one matrix row at a time.

>>> safe_cell('=HYPERLINK("x")')
'\\'=HYPERLINK("x")'
>>> safe_cell(-0.5), safe_cell("s01.docx")
(-0.5, 's01.docx')
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import json
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from simhash_core.compare.pair_stream import OtherPairs
from simhash_core.messages import joined
from simhash_core.report.pair_fields import PAIR_FIELDS, FieldKind
from simhash_core.review.decisions import REASON_WORDS, STATE_WORDS, Reason, Verdict
from simhash_core.review.evidence import pair_evidence
from simhash_core.translations import Translation, translation
from simhash_core.types import Document, FileError, PairScore, Passage, ScanResult, SharedText
from simhash_core.whole_file import is_stream, put_in_place, temporary_beside

ERROR_HEADERS = ("File", "Problem", "Reason")  # context "Report"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_WHY = {
    errno.ENOSPC: "no space left on the device for {name}",
    errno.EDQUOT: "the disk quota is used up: cannot write {name}",
    errno.EROFS: "the folder is on a read-only device: cannot write {name}",
    errno.EACCES: "permission denied: cannot write {name}",
    errno.EPERM: "permission denied: cannot write {name}",
    errno.ENOENT: "the folder for {name} does not exist",
    errno.EFBIG: "{name} would be larger than the file system allows",
}


class ReportError(OSError):
    """Reports that could not be written, with one sentence for the user; none of the
    reports of that run was written (the previous ones are untouched)."""


def safe_cell(value: Any) -> Any:
    """Neutralise a text cell that a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _why(exc: OSError, path: Path) -> str:
    template = _WHY.get(exc.errno or 0, "cannot write {name}: {error}")
    return template.format(name=path.name, error=exc.strerror or exc)


Writer = Callable[[IO[str]], None]


class BinaryWriter:
    """A writer of bytes (a PDF) for :func:`write_all_or_none`: its file is opened in
    binary mode."""

    def __init__(self, make: Callable[[], bytes]) -> None:
        self.make = make

    def __call__(self, fh: IO[bytes]) -> None:
        fh.write(self.make())


def write_all_or_none(files: Sequence[tuple[Path, Writer]], encoding: str = "utf-8") -> None:
    """Write each ``(path, writer)``: the writer gets a text stream. Every file goes to a
    temporary file first; only when all are complete are they renamed into place.
    Raises :class:`ReportError` (and leaves every target as it was) on an OS error.

    Ctrl-C is not an error of the reports: those already complete are put in place and
    :class:`ReportsInterrupted` says which were written and which were not."""
    done: list[tuple[str, Path]] = []
    complete = 0  # done[:complete] are written in full
    current = None
    targets = [(Path(p), w, is_stream(Path(p))) for p, w in files]  # each looked at once
    streams = [(p, w) for p, w, stream in targets if stream]  # written last, as they are
    try:
        for current, writer, stream in targets:
            if stream:
                continue
            fd, tmp = temporary_beside(current)
            done.append((tmp, current))
            _write_one(fd, current, writer, encoding)
            complete += 1
        for tmp, target in done:
            current = target
            put_in_place(tmp, target)
        for current, writer in streams:
            _write_stream(current, writer, encoding)
    except KeyboardInterrupt as exc:
        written = _keep_complete(done[:complete])
        _remove_temporary(done[complete:])
        missing = [Path(p) for p, _ in files if Path(p) not in written]
        raise ReportsInterrupted(written, missing) from exc
    except BaseException as exc:
        _remove_temporary(done)  # renamed ones are gone already: nothing of them to remove
        if isinstance(exc, OSError) and not isinstance(exc, ReportError):
            raise ReportError(_why(exc, current or Path("report"))) from exc
        raise


class ReportsInterrupted(KeyboardInterrupt):
    """Ctrl-C while reports were written: ``written`` are complete and in place, the
    ``missing`` ones were not written (their previous versions are untouched)."""

    def __init__(self, written: list[Path], missing: list[Path]) -> None:
        super().__init__(f"written: {len(written)}, not written: {len(missing)}")
        self.written = written
        self.missing = missing


def _write_stream(target: Path, writer: Writer, encoding: str) -> None:
    """Write one report to a device or pipe (``/dev/stdout``, ``/dev/null``) as it is."""
    opened: IO[Any]
    if isinstance(writer, BinaryWriter):
        opened = open(target, "wb")  # noqa: SIM115
    else:
        opened = open(target, "w", encoding=encoding, newline="")  # noqa: SIM115
    with opened as fh:
        writer(fh)


def _write_one(fd: int, target: Path, writer: Writer, encoding: str) -> None:
    """Write one report to the open temporary file ``fd``, flushed to the disk (its
    permissions are set when it is put in place)."""
    opened: IO[Any]  # bytes for a BinaryWriter (the PDF), text for the rest
    if isinstance(writer, BinaryWriter):
        opened = os.fdopen(fd, "wb")
    else:
        opened = os.fdopen(fd, "w", encoding=encoding, newline="")
    with opened as fh:
        writer(fh)
        fh.flush()
        os.fsync(fh.fileno())


def _keep_complete(complete: Sequence[tuple[str, Path]]) -> list[Path]:
    """Rename the complete temporary files into place (those renamed already count);
    the targets that are now written."""
    written = []
    for tmp, target in complete:
        if os.path.exists(tmp):
            try:
                put_in_place(tmp, target)
            except OSError:
                _remove_temporary([(tmp, target)])
                continue
        written.append(target)
    return written


def _remove_temporary(temporary: Sequence[tuple[str, Path]]) -> None:
    for tmp, _ in temporary:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def write_csv(fh: IO[str], header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """CSV with a UTF-8 BOM, every cell neutralised, written to ``fh``."""
    fh.write("\ufeff")
    writer = csv.writer(fh, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(c) for c in row])


def percent(x: float) -> str:
    """A share as the CSV writes it: a percentage with two decimals, which a
    spreadsheet reads as a number (and which keeps the order of close scores).

    >>> percent(0.12345), percent(0.0037), percent(1.0)
    ('12.35%', '0.37%', '100.00%')
    """
    return f"{x * 100:.2f}%"


def pair_headers(t: Translation) -> list[str]:
    """The pairs CSV's header row in ``t``'s language."""
    return [t.column(f.header) for f in PAIR_FIELDS]


def pair_row(result: ScanResult, p: PairScore, t: Translation | None = None) -> list[Any]:
    """One pairs-CSV row, in :data:`PAIR_FIELDS` order, worded in ``t``'s language."""
    t = t or translation("en")
    return [_cell(f.kind, f.value(result, p), t) for f in PAIR_FIELDS]


def _cell(kind: FieldKind, value: Any, t: Translation) -> Any:
    """A field's value as the CSV writes it."""
    if kind is FieldKind.SHARE:
        return percent(value)
    if kind is FieldKind.FLAG:
        return t.yes_no(value)
    if kind in (FieldKind.GROUP, FieldKind.LABEL):
        return "" if value is None else value
    if kind is FieldKind.OCR:
        return "" if value is None else percent(value)
    if kind is FieldKind.REASONS:
        return t.joined(value)
    if kind is FieldKind.DECISION:
        return t.word(STATE_WORDS[value])
    if kind is FieldKind.WHY:
        return "" if value is None else t.word(REASON_WORDS[Reason(value)])
    return value


def _json_value(kind: FieldKind, value: Any) -> Any:
    """A field's value as the JSON writes it: typed."""
    if kind is FieldKind.SHARE:
        return round(float(value), 4)
    if kind is FieldKind.OCR:
        return None if value is None else round(float(value), 4)
    if kind is FieldKind.FLAG:
        return bool(value)
    if kind is FieldKind.REASONS:
        return joined(value)
    return value


def pair_dict(result: ScanResult, p: PairScore) -> dict[str, Any]:
    """One pair for the JSON: every field by key, the reasons as codes too, and the
    matched passages (:class:`~simhash_core.review.PairEvidence`'s, in its order) when
    the pair has any."""
    row = {f.key: _json_value(f.kind, f.value(result, p)) for f in PAIR_FIELDS}
    row["reason_messages"] = [m.to_json() for m in p.reasons]
    if result.corpus is not None and (p.passages or p.reworded or p.translated):
        evidence = pair_evidence(result, p.a, p.b, p)
        row["matched_passages"] = [passage_dict(x) for x in evidence.passages]
    return row


def passage_dict(x: Passage) -> dict[str, Any]:
    """A passage for the JSON: its kind and the character offsets (code points, end
    excluded) of both sides in their documents' extracted text.

    >>> passage_dict(Passage(0, 9, 5, 14, units=12))["a"]
    [0, 9]
    """
    out: dict[str, Any] = {"kind": x.kind, "a": [x.a_start, x.a_end], "b": [x.b_start, x.b_end]}
    out["units"] = x.units
    if x.sentences:
        out["sentences"] = x.sentences
    if x.common:
        out["common"] = True
    return out


def file_problems(result: ScanResult) -> list[FileError]:
    """Every file the teacher should know about: unreadable, skipped, or read with a
    warning (e.g. truncated), in that order; what the errors sheet lists."""
    warnings = [
        FileError(d.path, "warning", w)
        for d in result.documents
        if d.archive_label is None
        for w in d.warnings
    ]
    return [*result.errors, *result.skipped, *warnings]


def error_rows(errors: Iterable[FileError], t: Translation | None = None) -> list[list[str]]:
    """The errors sheet's rows: the file, the kind of problem and the reason, worded
    in ``t``'s language."""
    t = t or translation("en")
    return [[e.path, t.problem(e.code), t.message(e.reason)] for e in errors]


def errors_path_for(csv_path: Path) -> Path | None:
    """The errors sheet written next to a pairs CSV: ``out.csv`` -> ``out-errors.csv``;
    None when the pairs go to a device or a pipe (``/dev/stdout``), which has no
    folder of its own to put a sheet beside it.

    >>> errors_path_for(Path("out.csv")), errors_path_for(Path("/dev/null"))
    (PosixPath('out-errors.csv'), None)
    """
    csv_path = Path(csv_path)
    if is_stream(csv_path):
        return None
    return csv_path.with_name(f"{csv_path.stem}-errors{csv_path.suffix or '.csv'}")


def _csv_line(cells: Sequence[Any]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow([safe_cell(c) for c in cells])
    return buf.getvalue()


# the fields of an unmeasured pair that vary; every other field has its zero value
_STREAMED = (
    "file_a",
    "file_b",
    "student_a",
    "student_b",
    "simhash_distance",
    "jaccard",
    "containment_a",
    "containment_b",
)


_VARIES = object()  # where an unmeasured pair's streamed value goes


def _unmeasured(result: ScanResult) -> list[tuple[FieldKind, Any]]:
    """An unmeasured pair's fields, in :data:`PAIR_FIELDS` order: ``(kind, value)``
    of a pair with nothing matched, and ``(kind, _VARIES)`` where :data:`_STREAMED`
    fields go. Made from :data:`PAIR_FIELDS`, so a new field is streamed too."""
    zero = PairScore(
        a=0,
        b=1,
        similarity=0.0,
        simhash_distance=0,
        jaccard=0.0,
        containment_a=0.0,
        containment_b=0.0,
    )
    # no group and no archive label: other pairs are streamed only for a class's own
    # scan; and no decision: a teacher decides on the pairs the scan reported
    return [
        (
            f.kind,
            _VARIES
            if f.key in _STREAMED
            else _UNDECIDED[f.kind]
            if f.kind in _UNDECIDED
            else f.value(result, zero),
        )
        for f in PAIR_FIELDS
    ]


# the decision fields of a pair nobody decided on
_UNDECIDED = {FieldKind.DECISION: Verdict.UNREVIEWED.value, FieldKind.WHY: None, FieldKind.TEXT: ""}


def _student(doc: Document) -> str:
    return doc.label if doc.student is not None else ""


def _escaped(text: str) -> str:
    """``text`` as a fixed part of a ``str.format`` template."""
    return text.replace("{", "{{").replace("}", "}}")


def _other_csv_lines(result: ScanResult, others: OtherPairs, t: Translation) -> Iterator[str]:
    """CSV lines of the unmeasured pairs, one matrix row per string."""
    names = [_csv_line([d.path]) for d in result.documents]
    who = [_csv_line([_student(d)]) for d in result.documents]
    line = ",".join(
        "{}" if v is _VARIES else _escaped(_csv_line([_cell(k, v, t)]))
        for k, v in _unmeasured(result)
    )
    line += "\r\n"
    for a, values in others.measures():
        yield "".join(
            line.format(
                names[a], names[b], who[a], who[b], d, percent(jac), percent(ca), percent(cb)
            )
            for b, d, jac, ca, cb in values
        )


def _other_json_objects(result: ScanResult, others: OtherPairs) -> Iterator[str]:
    """JSON objects of the unmeasured pairs (the values and types of :func:`pair_dict`)."""
    names = [json.dumps(d.path, ensure_ascii=False) for d in result.documents]
    who = [json.dumps(_student(d) or None, ensure_ascii=False) for d in result.documents]
    parts = [
        f"{json.dumps(f.key)}: "
        + ("{}" if v is _VARIES else _escaped(json.dumps(_json_value(k, v), ensure_ascii=False)))
        for f, (k, v) in zip(PAIR_FIELDS, _unmeasured(result), strict=True)
    ]
    obj = "{{" + ", ".join(parts) + ', "reason_messages": []}}'
    for a, values in others.measures():
        for b, d, jac, ca, cb in values:
            yield obj.format(
                names[a], names[b], who[a], who[b], d, round(jac, 4), round(ca, 4), round(cb, 4)
            )


def _pairs_csv_writer(
    result: ScanResult, pairs: Sequence[PairScore] | None, t: Translation
) -> Writer:
    def write(fh: IO[str]) -> None:
        chosen = result.pairs if pairs is None else pairs
        write_csv(fh, pair_headers(t), (pair_row(result, p, t) for p in chosen))
        if pairs is None and result.other_pairs is not None:
            for block in _other_csv_lines(result, result.other_pairs, t):
                fh.write(block)

    return write


def _errors_csv_writer(result: ScanResult, t: Translation) -> Writer:
    headers = [t.word(h) for h in ERROR_HEADERS]
    rows = [*archive_rows(result, t), *error_rows(file_problems(result), t)]
    return lambda fh: write_csv(fh, headers, rows)


def archive_rows(result: ScanResult, t: Translation) -> list[list[str]]:
    """The errors sheet's first row when the archive was asked for and not checked
    (else none): its location, "archive not checked", and why. Without it, a pairs
    sheet with no archived match would read as "nothing in the archive matched"."""
    check = result.archive
    if check is None or check.checked:
        return []
    return [[check.location, t.problem("archive"), t.message(check.message)]]


def archive_dict(result: ScanResult) -> dict[str, Any] | None:
    """How comparing with the archive went, for the JSON (None: not asked for)."""
    check = result.archive
    if check is None:
        return None
    return {
        "status": check.status.value,
        "checked": check.checked,
        "location": check.location,
        "searched": check.searched,
        "matched": check.matched,
        "reason": str(check.error) if check.error is not None else None,
        "message": check.message.to_json(),
        "text": str(check.message),
    }


def _json_writer(result: ScanResult) -> Writer:
    """The JSON of :func:`result_dict`, with the pairs streamed one per line."""

    def write(fh: IO[str]) -> None:
        data = result_dict(result, with_pairs=False)
        text = json.dumps(data, ensure_ascii=False, indent=2)
        head, tail = text[: text.rindex("}")].rstrip(), text[text.rindex("}") :]
        fh.write(head + ',\n  "pairs": [')
        first = True
        for p in result.pairs:
            row = pair_dict(result, p)
            fh.write(("\n    " if first else ",\n    ") + json.dumps(row, ensure_ascii=False))
            first = False
        if result.other_pairs is not None:
            for obj in _other_json_objects(result, result.other_pairs):
                fh.write(("\n    " if first else ",\n    ") + obj)
                first = False
        fh.write("\n  ]\n" + tail)

    return write


def write_reports(
    result: ScanResult,
    *,
    csv_path: Path | None = None,
    json_path: Path | None = None,
    pairs: Sequence[PairScore] | None = None,
    lang: str | None = None,
    more: Sequence[tuple[Path, Writer]] = (),
) -> list[Path]:
    """Write the pairs CSV (with the errors CSV beside it) and/or the JSON, and the
    ``more`` files (the HTML and PDF reports), all or none.

    ``pairs`` limits the CSV to those pairs (the app exports what its table shows);
    ``lang`` is the CSV's language. Returns the paths written; raises
    :class:`ReportError` when any could not be.
    """
    t = translation(lang)
    files: list[tuple[Path, Writer]] = []
    if csv_path is not None:
        files.append((Path(csv_path), _pairs_csv_writer(result, pairs, t)))
        errors = errors_path_for(Path(csv_path))
        if errors is not None:
            files.append((errors, _errors_csv_writer(result, t)))
    if json_path is not None:
        files.append((Path(json_path), _json_writer(result)))
    files.extend(more)
    write_all_or_none(files)
    return [path for path, _ in files]


def write_pairs_csv(
    result: ScanResult,
    path: Path,
    pairs: Sequence[PairScore] | None = None,
    lang: str | None = None,
) -> Path | None:
    """Write the pairs CSV and the errors CSV beside it; returns the errors path (None
    when the pairs went to a device or pipe)."""
    write_reports(result, csv_path=path, pairs=pairs, lang=lang)
    return errors_path_for(Path(path))


def result_dict(result: ScanResult, *, with_pairs: bool = True) -> dict[str, Any]:
    """Everything in a scan as plain JSON-able data (the reported pairs; the JSON file
    streams every pair with ``--all-pairs``)."""
    data = {
        "settings": vars(result.settings),
        "documents": [
            {
                "path": d.path,
                "kind": d.kind,
                "fingerprint": f"{d.fingerprint:016x}",
                "units": d.unit_count,
                "warnings": [str(w) for w in d.warnings],
                "archive_label": d.archive_label,
                "student": d.student.name if d.student is not None else None,
                "student_number": d.student.number if d.student is not None else None,
                "files": list(d.files),  # a student's several files, joined in this order
                "metadata": d.meta.to_json() if d.meta is not None else {},
                # the parts of its text read by OCR: offsets, page or picture, confidence
                "ocr": [r.to_json() for r in d.ocr],
                # what it hides from a reader: hidden text, disguised letters (#41)
                "flags": [
                    {"kind": f.kind, "chars": f.chars, "file": f.where, "pages": list(f.pages)}
                    for f in d.flags
                ],
            }
            for d in result.documents
        ],
        "errors": [_problem_dict(e) for e in result.errors],
        "skipped": [_problem_dict(e) for e in result.skipped],
        "groups": [
            {
                "group": c.id,
                "members": [result.documents[m].path for m in c.members],
                "max_similarity": c.max_similarity,
                "likely_source": (
                    result.documents[c.likely_source].path if c.likely_source is not None else None
                ),
                "compiler": (result.documents[c.compiler].path if c.compiler is not None else None),
                "source_reason": str(c.source_reason),
                "source_message": c.source_reason.to_json(),
            }
            for c in result.clusters
        ],
        "shared_texts": [shared_text_dict(result, x) for x in result.shared_texts],
        "cancelled": result.cancelled,
        "archive": archive_dict(result),
    }
    if with_pairs:
        data["pairs"] = [pair_dict(result, p) for p in result.pairs]
    return data


def shared_text_dict(result: ScanResult, x: SharedText) -> dict[str, Any]:
    """One shared text as the JSON states it: where, in which documents (and their
    characters of it), how long, the text, and the sentence a teacher reads."""
    return {
        "place": x.place.value,
        "files": x.files,
        "words": x.words,
        "documents": [result.documents[i].path for i in x.documents],
        "spans": [list(s) for s in x.spans],
        "text": x.text,
        "message": x.message.to_json(),
        "message_text": str(x.message),
    }


def _problem_dict(e: FileError) -> dict[str, Any]:
    """A file's problem for the JSON report: the English reason, and the same as a
    message (code and values) for a reader that renders another language."""
    return {"path": e.path, "code": e.code, "reason": str(e.reason), "message": e.reason.to_json()}


def write_json(result: ScanResult, path: Path) -> None:
    """Write the JSON report (every pair with ``--all-pairs``), atomically."""
    write_reports(result, json_path=path)
