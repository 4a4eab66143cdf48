"""Refresh the translation sources from the code and compile them.

``python -m app.translations.build`` runs ``pyside6-lupdate`` over every module of
``app`` (new strings appear in the ``.ts`` files as unfinished, vanished ones are
dropped) and ``pyside6-lrelease`` to write the ``.qm`` files the app loads. The small
``.qm`` files are committed, so running the app never needs the Qt tools.
``--check`` only compiles into a temporary folder and fails if a ``.ts`` file has
unfinished entries or the committed ``.qm`` differs from a fresh compile.

English is the source language, but a sentence with a count ("%n matched passage(s)",
written with ``tr(text, "", n)``) needs its English plural forms too: ``plagcheck_en.ts``
holds only those messages (``lupdate -pluralonly``), "1 matched passage" and
"%n matched passages".

The core's messages (:data:`simhash_core.messages.CATALOGUE`) are translated by code at
run time; ``core_catalogue.py`` lists their English patterns as literal ``translate``
calls so that ``lupdate`` finds them, with the pair columns' titles and tips
(:data:`simhash_core.report.pair_fields.PAIR_FIELDS`, context ``PairField``), the settings'
labels, tips and units (:mod:`simhash_core.settings`, context ``Setting``) and the reports'
words (:data:`simhash_core.translations.REPORT_WORDS`, context ``Report``). It is
written here from the core before ``lupdate`` runs. The translations of those contexts
are then copied for the core, which has no Qt, into
``simhash_core/data/translations_<lang>.json`` (the CSV, HTML and PDF reports read
them). ``--check`` fails if either is out of date.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP = HERE.parent
LANGUAGES = ("zh_CN", "en")
PLURALS_ONLY = frozenset({"en"})  # the source language: only the plural forms


def tool(name: str) -> str:
    """A Qt tool from the running interpreter's environment, else from ``PATH``."""
    beside = Path(sys.executable).with_name(name)
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6")
    return found


CATALOGUE_FILE = HERE / "core_catalogue.py"


def catalogue_source() -> str:
    """The text of ``core_catalogue.py`` for the core's current catalogue."""
    from simhash_core.messages import CATALOGUE, PROBLEM_KINDS
    from simhash_core.report.pair_fields import PAIR_FIELDS
    from simhash_core.settings import specs
    from simhash_core.translations import REPORT_WORDS

    setting_words = {
        f"{s.name}.{part}": words
        for s in specs()
        for part, words in (
            ("label", s.label),
            ("tip", s.tip),
            *([("suffix", s.suffix)] if s.suffix_in_words else []),
        )
    }
    columns = {f"{f.key}.header": f.header for f in PAIR_FIELDS}
    columns |= {f"{f.key}.tip": f.tip for f in PAIR_FIELDS}

    def entries(context: str, table: dict[str, str]) -> list[str]:
        return [
            f"        {json.dumps(code)}: translate({json.dumps(context)}, "
            f"{json.dumps(english, ensure_ascii=False)}),"
            for code, english in table.items()
        ]

    lines = [
        '"""Every sentence of the core\'s message catalogue, for ``lupdate`` to find.',
        "",
        "Written by ``python -m app.translations.build`` from simhash_core.messages: do not",
        "edit. The app translates messages through app.message_text, not through this file.",
        '"""',
        "",
        "from PySide6.QtCore import QCoreApplication",
        "",
        "translate = QCoreApplication.translate",
        "",
        "",
        "def messages() -> dict[str, str]:",
        "    return {",
        *entries("Message", CATALOGUE),
        "    }",
        "",
        "",
        "def problems() -> dict[str, str]:",
        "    return {",
        *entries("Problem", PROBLEM_KINDS),
        "    }",
        "",
        "",
        "def pair_fields() -> dict[str, str]:",
        "    return {",
        *entries("PairField", columns),
        "    }",
        "",
        "",
        "def setting_words() -> dict[str, str]:",
        "    return {",
        *entries("Setting", setting_words),
        "    }",
        "",
        "",
        "def report_words() -> dict[str, str]:",
        "    return {",
        *entries("Report", {w: w for w in REPORT_WORDS}),
        "    }",
        "",
    ]
    return "\n".join(lines)


def write_catalogue() -> None:
    CATALOGUE_FILE.write_text(catalogue_source(), encoding="utf-8")


def sources() -> list[str]:
    return [
        *sorted(str(p) for p in APP.rglob("*.py") if HERE not in p.parents),
        str(CATALOGUE_FILE),
    ]


def core_table(lang: str) -> str:
    """The JSON the core reads for ``lang``: the finished translations of the core's
    contexts in ``plagcheck_<lang>.ts``, ``{context: {english: translated}}``."""
    from xml.etree import ElementTree

    from simhash_core.translations import CORE_CONTEXTS

    root = ElementTree.parse(ts_path(lang)).getroot()
    table: dict[str, dict[str, str]] = {}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        if name not in CORE_CONTEXTS:
            continue
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            node = message.find("translation")
            if node is None or node.get("type") in ("unfinished", "vanished", "obsolete"):
                continue
            text = node.text or ""
            if text and text != source:
                table.setdefault(name, {})[source] = text
    ordered = {ctx: dict(sorted(table[ctx].items())) for ctx in sorted(table)}
    return json.dumps(ordered, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def write_core_tables() -> None:
    from simhash_core.translations import table_path

    for lang in LANGUAGES:
        if lang not in PLURALS_ONLY:
            table_path(lang).write_text(core_table(lang), encoding="utf-8")


def ts_path(lang: str) -> Path:
    return HERE / f"plagcheck_{lang}.ts"


def qm_path(lang: str, folder: Path = HERE) -> Path:
    return folder / f"plagcheck_{lang}.qm"


def update() -> None:
    write_catalogue()
    for lang in LANGUAGES:
        options = ["-pluralonly"] if lang in PLURALS_ONLY else []
        subprocess.run(
            [
                tool("pyside6-lupdate"),
                "-no-obsolete",
                *options,
                "-target-language",
                lang,
                *sources(),
                "-ts",
                str(ts_path(lang)),
            ],
            check=True,
        )


def release(folder: Path = HERE) -> list[Path]:
    out = []
    for lang in LANGUAGES:
        target = qm_path(lang, folder)
        subprocess.run(
            [tool("pyside6-lrelease"), "-silent", str(ts_path(lang)), "-qm", str(target)],
            check=True,
        )
        out.append(target)
    return out


def unfinished(lang: str) -> int:
    return ts_path(lang).read_text(encoding="utf-8").count('type="unfinished"')


def check() -> int:
    problems = []
    if CATALOGUE_FILE.read_text(encoding="utf-8") != catalogue_source():
        problems.append(f"{CATALOGUE_FILE.name} is out of date: run this without --check")
    from simhash_core.translations import table_path

    for lang in LANGUAGES:
        path = table_path(lang)
        if lang not in PLURALS_ONLY and (
            not path.exists() or path.read_text(encoding="utf-8") != core_table(lang)
        ):
            problems.append(f"{path.name} is out of date: run this without --check")
    with tempfile.TemporaryDirectory() as tmp:
        for lang, fresh in zip(LANGUAGES, release(Path(tmp)), strict=True):
            if unfinished(lang):
                problems.append(f"{ts_path(lang).name}: {unfinished(lang)} unfinished entries")
            if not qm_path(lang).exists() or qm_path(lang).read_bytes() != fresh.read_bytes():
                problems.append(f"{qm_path(lang).name} is out of date: run this without --check")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify, change nothing")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    update()
    release()
    write_core_tables()
    for lang in LANGUAGES:
        print(f"{ts_path(lang).name}: {unfinished(lang)} unfinished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
