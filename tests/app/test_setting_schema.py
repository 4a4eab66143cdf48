"""One declaration per setting: a setting added in one place reaches the command line's
options and help, the Settings dialog, the settings file and the cache's key."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, fields

from app.settings import AppSettings
from app.views.settings_dialog import SettingsDialog
from simhash_core.cli.setting_options import add_setting_options, settings_from_args
from simhash_core.settings import Affects, ScanSettings, analysis_settings, saved_fields, setting
from simhash_core.store.cache import settings_key


@dataclass(frozen=True)
class WithSynonyms(ScanSettings):
    """The scan settings and one more, declared once as any other."""

    synonym_depth: int = setting(
        2,
        low=1,
        high=9,
        label="Synonym depth:",
        tip="How many steps of synonyms count as the same word",
        affects=Affects.ANALYSIS,
        flag="--synonym-depth",
        saved=True,
    )


def test_a_setting_declared_once_reaches_every_front_end(qtbot, tmp_path):
    # the command line: an option, its help, its range, read back into the settings
    parser = argparse.ArgumentParser(prog="plagcheck scan")
    add_setting_options(parser, WithSynonyms)
    help_text = " ".join(parser.format_help().split())
    assert "--synonym-depth N How many steps of synonyms count as the same word: 1-9" in help_text
    assert settings_from_args(parser.parse_args(["--synonym-depth", "4"]), WithSynonyms) == (
        WithSynonyms(synonym_depth=4)
    )
    # the dialog: an editor with the setting's range and words, read back
    dialog = SettingsDialog(WithSynonyms())
    qtbot.addWidget(dialog)
    editor = dialog.editors["synonym_depth"]
    assert (editor.minimum(), editor.maximum(), editor.value()) == (1, 9, 2)
    assert dialog.form_labels["synonym_depth"].text() == "Synonym depth:"
    editor.setValue(7)
    chosen = dialog.settings()
    assert chosen.synonym_depth == 7
    # the settings file keeps it
    assert "synonym_depth" in saved_fields(WithSynonyms)
    stored = AppSettings.at_path(tmp_path / "s.ini")
    stored.set_scan_settings(chosen)
    assert stored.scan_settings(WithSynonyms).synonym_depth == 7
    # it changes each file's analysis: the cache keys analyses by it
    assert analysis_settings(chosen)["synonym_depth"] == 7
    assert settings_key(chosen, "t") != settings_key(WithSynonyms(synonym_depth=3), "t")
    # and a bad value is refused with the setting's name, as every other's
    try:
        WithSynonyms(synonym_depth=10)
    except ValueError as error:
        assert "WithSynonyms.synonym_depth must be between 1 and 9" in str(error)
    else:
        raise AssertionError("out of range accepted")


def test_every_flag_of_the_scan_command_is_a_declared_setting_or_a_scan_option():
    """No setting is written by hand into the command line any more."""
    from simhash_core.cli.main import build_parser
    from simhash_core.settings import specs

    parser = build_parser()
    scan = next(
        a for a in parser._subparsers._group_actions[0].choices.values() if a.prog.endswith("scan")
    )
    dests = {a.dest for a in scan._actions}
    declared = {s.name for s in specs() if s.flag}
    assert declared <= dests
    assert {f.name for f in fields(ScanSettings)} & dests == declared
