"""The command line's setting options, made from the settings' declarations.

Every setting of :class:`~simhash_core.settings.ScanSettings` that declares a flag gets
an option: a number within its range, a choice among its choices, or a switch that
turns its default over (``--no-ocr``, ``--keep-references``). Its help is the setting's
tip with its range and default. :func:`settings_from_args` reads them back; a setting
not given keeps its default.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_setting_options(parser)
>>> settings_from_args(parser.parse_args(["--threshold", "0.3", "--no-ocr"]))
... # doctest: +ELLIPSIS
ScanSettings(simhash_k=3, flag_similarity=0.3, ...ocr=False)
"""

from __future__ import annotations

import argparse
from typing import Any

from simhash_core.cli.terminal import bounded
from simhash_core.settings import ScanSettings, SettingSpec, specs


def add_setting_options(parser: argparse.ArgumentParser, cls: type = ScanSettings) -> None:
    """An option on ``parser`` for every setting of ``cls`` that declares a flag."""
    for spec in specs(cls):
        if spec.flag is not None:
            parser.add_argument(spec.flag, dest=spec.name, **_option(spec))


def _option(spec: SettingSpec) -> dict[str, Any]:
    if spec.kind is bool:
        return {
            "action": "store_const",
            "const": not spec.default,
            "default": None,
            "help": spec.cli_help(),
        }
    if spec.choices:
        return {"choices": list(spec.choices), "default": None, "help": spec.cli_help()}
    assert spec.low is not None and spec.high is not None
    return {
        "type": bounded(spec.kind, spec.low, spec.high),
        "default": None,
        "metavar": "N",
        "help": spec.cli_help(),
    }


def settings_from_args(args: argparse.Namespace, cls: type = ScanSettings) -> Any:
    """The settings the options in ``args`` ask for; the others at their defaults."""
    given = {
        spec.name: getattr(args, spec.name)
        for spec in specs(cls)
        if spec.flag is not None and getattr(args, spec.name, None) is not None
    }
    return cls(**given)
