"""Persistent preferences (QSettings): scan thresholds, the archive, recent folders,
layout, language.

The user's file lives where Qt puts INI files for organisation ``plagcheck``,
application ``plagcheck``; tests and ``--settings FILE`` use an explicit INI path so
they never touch it. INI values come back as strings, so every getter converts and
falls back to the core's defaults on anything unreadable.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from app import APPLICATION, ORGANIZATION
from simhash_core.settings import ScanSettings, check_value, saved_fields, specs

RECENT_LIMIT = 8
TEMPLATE_FOLDERS_LIMIT = 64  # folders whose templates are remembered


def _to_bool(value: object, default: bool) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        if value.lower() in ("true", "1", "yes"):
            return True
        if value.lower() in ("false", "0", "no"):
            return False
    return default


class AppSettings:
    """Typed access to the application's QSettings."""

    def __init__(self, qsettings: QSettings) -> None:
        self.qsettings = qsettings

    @classmethod
    def user(cls) -> AppSettings:
        """The signed-in user's settings file."""
        return cls(
            QSettings(
                QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
            )
        )

    @classmethod
    def at_path(cls, path: Path | str) -> AppSettings:
        """Settings kept in the INI file ``path`` (tests, ``--settings``)."""
        return cls(QSettings(str(path), QSettings.Format.IniFormat))

    def sync(self) -> None:
        self.qsettings.sync()

    # --- scan thresholds -------------------------------------------------------------
    def scan_settings(self, cls: type = ScanSettings) -> ScanSettings:
        """The stored scan settings over the core's defaults: every setting declared
        ``saved`` (:func:`simhash_core.settings.saved_fields`), under ``scan/NAME``;
        a value unreadable or out of range keeps its default."""
        values: dict[str, object] = {}
        for spec in specs(cls):
            raw = self.qsettings.value(f"scan/{spec.name}") if spec.saved else None
            if raw is None:
                continue
            try:
                value = _to_bool(raw, spec.default) if spec.kind is bool else spec.kind(raw)
                check_value(spec, value)
            except (TypeError, ValueError):
                continue
            values[spec.name] = value
        return cls(**values)

    def set_scan_settings(self, settings: ScanSettings) -> None:
        for name in saved_fields(type(settings)):
            self.qsettings.setValue(f"scan/{name}", getattr(settings, name))

    # --- the archive of past submissions ---------------------------------------------
    def compare_with_archive(self) -> bool:
        """Whether each scan is also compared with the archive."""
        return _to_bool(self.qsettings.value("archive/compare"), False)

    def set_compare_with_archive(self, on: bool) -> None:
        self.qsettings.setValue("archive/compare", bool(on))

    def archive_location(self) -> str:
        """A file path or ``redis://`` URL; ``""`` for the default file."""
        return str(self.qsettings.value("archive/location", "") or "").strip()

    def set_archive_location(self, location: str) -> None:
        self.qsettings.setValue("archive/location", location.strip())

    def reviewer(self) -> str:
        """The name decisions are signed with (the operating-system user's until the
        teacher types another)."""
        from simhash_core.review.decisions import user_name

        return str(self.qsettings.value("review/name", "") or "").strip() or user_name()

    def set_reviewer(self, name: str) -> None:
        self.qsettings.setValue("review/name", name.strip())

    # --- recent folders --------------------------------------------------------------
    def recent_folders(self) -> list[str]:
        raw = self.qsettings.value("recent/folders")
        if raw is None:
            return []
        items = [raw] if isinstance(raw, str) else list(raw)
        return [str(x) for x in items if str(x)][:RECENT_LIMIT]

    def add_recent_folder(self, folder: Path | str) -> list[str]:
        """Put ``folder`` first in the recent list (no duplicates, at most 8)."""
        folder = str(folder)
        items = [folder] + [f for f in self.recent_folders() if f != folder]
        items = items[:RECENT_LIMIT]
        self.qsettings.setValue("recent/folders", items)
        return items

    def clear_recent_folders(self) -> None:
        self.qsettings.remove("recent/folders")

    # --- templates, remembered per folder ------------------------------------------
    def _templates_by_folder(self) -> dict[str, list[str]]:
        raw = self.qsettings.value("templates/by-folder")
        try:
            data = json.loads(raw) if isinstance(raw, str) else {}
        except ValueError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {str(k): [str(t) for t in v] for k, v in data.items() if isinstance(v, list)}

    def folder_templates(self, folder: Path | str) -> list[Path]:
        """The templates last used with ``folder`` (those that still exist)."""
        saved = self._templates_by_folder().get(str(folder), [])
        return [Path(t) for t in saved if Path(t).is_file()]

    def set_folder_templates(self, folder: Path | str, templates: list[Path]) -> None:
        """Remember ``templates`` for ``folder`` (the most recent folders first)."""
        data = self._templates_by_folder()
        data.pop(str(folder), None)
        if templates:
            data = {str(folder): [str(t) for t in templates], **data}
        data = dict(list(data.items())[:TEMPLATE_FOLDERS_LIMIT])
        self.qsettings.setValue("templates/by-folder", json.dumps(data, ensure_ascii=False))

    # --- language and metric ---------------------------------------------------------
    def language(self) -> str:
        """The chosen UI language code, or ``""`` to follow the system."""
        return str(self.qsettings.value("ui/language", "") or "")

    def set_language(self, code: str) -> None:
        self.qsettings.setValue("ui/language", code)

    def matrix_metric(self) -> str:
        return str(self.qsettings.value("ui/metric", "similarity") or "similarity")

    def set_matrix_metric(self, key: str) -> None:
        self.qsettings.setValue("ui/metric", key)

    # --- the first run's offer of a menu entry ---------------------------------------
    def menu_entry_declined(self) -> bool:
        """Whether the teacher said No, thanks to the menu entry (never offered again)."""
        return _to_bool(self.qsettings.value("install/menu-entry-declined"), False)

    def set_menu_entry_declined(self, declined: bool) -> None:
        self.qsettings.setValue("install/menu-entry-declined", bool(declined))

    # --- window layout ---------------------------------------------------------------
    def window_geometry(self) -> QByteArray | None:
        value = self.qsettings.value("window/geometry")
        return value if isinstance(value, QByteArray) else None

    def window_state(self) -> QByteArray | None:
        value = self.qsettings.value("window/state")
        return value if isinstance(value, QByteArray) else None

    def set_window_layout(self, geometry: QByteArray, state: QByteArray) -> None:
        self.qsettings.setValue("window/geometry", geometry)
        self.qsettings.setValue("window/state", state)
