"""Everything the core tells a user, as data: a code with values.

A flag reason, a likely-source reason, a file's problem, a reading warning and a run's
notice are each a :class:`Message`: a code from :data:`CATALOGUE` and the values its
sentence needs. The core renders English from the catalogue (the CLI, the CSV and the
JSON report); the app renders the same code through Qt's translations, so every
language gets every sentence without parsing English back.

>>> m = Message.of("pair.simhash", distance=1, k=3)
>>> m.code, m["distance"], str(m)
('pair.simhash', 1, 'SimHash distance 1 ≤ 3')
>>> str(Message.of("pdf.not-pdf", what=Message.of("looks.png")))
'not a PDF document: it looks like a PNG image'

A value is a string, a number or another message (rendered in the same language).
"""

from __future__ import annotations

import functools
import json
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

Value = Union[str, int, float, "Message"]

# Every sentence the core writes for a user, by code. ``{name}`` fields are the values
# (format specs allowed). A translation keeps the same fields.
CATALOGUE: dict[str, str] = {
    # why a pair is flagged
    "pair.simhash": "SimHash distance {distance} ≤ {k}",
    "pair.share": "{share:.0%} of {name} is matched text",
    "pair.passage": (
        "a matching passage of about {words:.0f} words "
        "({passages} passages, {chars} characters in all)"
    ),
    "pair.identical": "identical file archived under {label}",
    "pair.reworded": "{sentences} sentences with the same meaning in other words",
    "pair.edited": (
        "a passage of about {words:.0f} words copied with edits: {share:.0%} of it word "
        "for word, up to {longest:.0f} words in a row"
    ),
    "pair.translated": "{sentences} sentences translated between Chinese and English",
    "pair.rewritten": "{sentences} sentences rewritten one by one, keeping many of their words",
    "pair.summary": "{name} sums up {summed} sentences of {other} in {sentences}",
    "pair.flag": "{name}: {flag}",  # an integrity flag of one of the files
    # text many submissions hold at one place (compare.shared_text): not counted
    "shared.start": "{files} students begin with the same {words} words: the assignment text?",
    "shared.end": "{files} students end with the same {words} words: a shared text?",
    # what two flagged files' own properties share (never a reason to flag alone)
    "meta.same-author": "both files were created by {name}, and no other file of the class",
    "meta.same-saver": "both files were last saved by {name}, and no other file of the class",
    "meta.same-template": (
        "both files were made from the template {name}, and no other file of the class"
    ),
    "meta.same-created": (
        "both files were created at the same moment ({time}): one was made from the other"
    ),
    "meta.author-other": "{copy}'s file was created by {name}: {source} handed in the other file",
    "meta.saver-other": "{copy}'s file was last saved by {name}: {source} handed in the other file",
    # who copied from whom in a pair, and on what evidence
    "direction.archived": "{copy} holds text of {source}, archived earlier ({label})",
    "direction.compiled": (
        "{copy} is likely built from {count} documents that share nothing with one "
        "another: it holds passages of each, at different places"
    ),
    "direction.author": "{copy}'s file was written by {source}: it started as {source}'s file",
    "direction.unknown": "unknown: nothing in the files shows who copied from whom",
    # where a group's text comes from
    "source.archived": "archived ({label})",
    "source.compiled": "{copy} is likely built from passages of the others",
    "source.unknown": "direction unknown",
    "source.evidence": "{reason}",
    # what a misnamed file really is
    "looks.pdf": "a PDF document",
    "looks.png": "a PNG image",
    "looks.jpeg": "a JPEG image",
    "looks.gif": "a GIF image",
    "looks.tiff": "a TIFF image",
    "looks.ole2": "an old Microsoft Office document (.doc/.xls/.ppt)",
    "looks.zip": "a ZIP archive",
    "looks.rar": "a RAR archive",
    "looks.7z": "a 7-Zip archive",
    "looks.gzip": "a gzip archive",
    "looks.elf": "a program (ELF executable)",
    "looks.java": "a program (Mach-O or Java class)",
    "looks.macho": "a program (Mach-O executable)",
    "looks.sqlite": "an SQLite database",
    "looks.jp2": "a JPEG 2000 image",
    "looks.woff": "a web font",
    "looks.ogg": "an Ogg audio/video file",
    "looks.flac": "a FLAC audio file",
    "looks.mp3": "an MP3 audio file",
    "looks.webp": "a WebP image",
    "looks.wav": "a WAV audio file",
    "looks.avi": "an AVI video",
    "looks.mp4": "an MP4/HEIC media file",
    "looks.exe": "a Windows program (.exe)",
    "looks.rtf": "an RTF document",
    "looks.html": "a web page (HTML)",
    "looks.xml": "an XML file",
    "looks.xlsx": "an Excel workbook (XLSX); save the essay as DOCX",
    "looks.pptx": "a PowerPoint presentation (PPTX); save the essay as DOCX",
    "looks.odt": "an OpenDocument text (.odt)",
    "looks.zip-no-word": "a ZIP archive without a Word document",
    "looks.binary": "binary data",
    # the kinds of file named in a sentence
    "format.txt": "text file",
    "format.docx": "DOCX",
    "format.pdf": "PDF",
    "format.odt": "ODT",
    "format.rtf": "RTF",
    "format.pptx": "PPTX",
    "format.html": "HTML",
    "format.md": "Markdown",
    "format.doc": "Word 97-2003 document (.doc)",
    "format.wps": "WPS Writer document (.wps)",
    "format.image": "picture",
    "format.file": "file",
    # why a file was not read (reading)
    "file.empty": "empty file (0 bytes)",
    "file.blank": "no text: the file contains only whitespace",
    "file.folder": "not a file: it is a folder",
    "file.special": "not a regular file (device, pipe or socket)",
    "file.permission": "permission denied: cannot read the file",
    "file.broken-link": "broken symbolic link: the file it points to is missing",
    "file.gone": "file not found: it was moved or deleted",
    "file.changed": (
        "the file changed while it was being read (is it still being copied or synced?): "
        "scan again once it is complete"
    ),
    "file.link-loop": "symbolic link loop: cannot read the file",
    "file.os-error": "cannot read the file: {detail}",
    "file.too-large": "too large: the file is {size}, and no submission is larger than {limit}",
    "file.larger-than": "refused: the file is larger than {limit}",
    "file.no-memory": "refused: not enough memory to read this file",
    "file.unsupported": "unsupported file type {suffix}",
    "file.no-suffix": "unsupported file type (no extension)",
    "file.old-slides": "old PowerPoint slides ({suffix}): open them in PowerPoint and save as PPTX",
    "file.spreadsheet": "a spreadsheet ({suffix}), not an essay: ask for the essay as DOCX or PDF",
    "file.apple": "an Apple iWork file ({suffix}): export it as PDF or DOCX",
    "file.archive": "a {suffix} archive is not opened: unpack it, or hand in a ZIP",
    "file.picture": "a {suffix} picture is not read: save it as PNG or JPEG",
    "file.nested": "damaged {format}: its structure is nested too deeply",
    "file.library": "damaged {format}: it could not be read ({detail}); ask for the file again",
    "file.template": "template: {reason}",
    "txt.encoding": "unknown text encoding: save the file as UTF-8",
    "txt.binary": "not a text file (looks like {what})",
    "txt.nul": "not a text file (looks like binary data: it has NUL bytes)",
    "docx.bad-zip": "damaged DOCX (bad zip): ask for the file again",
    "doc.not-ole": "not a Word 97-2003 document: open it in Word or WPS and save as DOCX",
    "doc.damaged": "damaged Word document ({detail}): ask for the file again, or save it as DOCX",
    "doc.encrypted": (
        "password-protected Word document: remove the password (or save as DOCX) and submit again"
    ),
    "doc.word95": "Word 95 or older: open it in Word or LibreOffice and save as DOCX",
    "doc.works": "a Microsoft Works document: open it in Word or LibreOffice and save as DOCX",
    "doc.excel": "an Excel workbook, not an essay: ask for the essay as DOCX",
    "doc.not-word": "not a Word document this reader knows: open it in Word and save as DOCX",
    "doc.wps-other": (
        "a WPS file in a format other than WPS Writer's: open it in WPS Office and save as DOCX"
    ),
    "image.no-text": "a picture without text: OCR found nothing to read",
    "image.ocr-off": "a picture: reading pictures (OCR) is turned off",
    "image.heic-missing": (
        "a HEIC photo cannot be decoded here (pillow-heif is missing): save it as JPEG"
    ),
    "docx.old-doc": "old Word format (.doc): open it in Word and save as DOCX",
    "docx.encrypted": "password-protected DOCX: remove the password and submit again",
    "docx.entities": (
        "refused: the DOCX contains XML entity declarations (possible 'billion laughs' attack)"
    ),
    "docx.not-docx": "not a Word document: it looks like {what}",
    "docx.not-package": "not a Word document: its content is not a DOCX package",
    "docx.bad-xml": "damaged DOCX: the part {part} is not valid XML; ask for the file again",
    "docx.bomb": "refused: the DOCX expands to {size} of XML (limit {limit}); it may be a zip bomb",
    "odt.bad-zip": "damaged ODT (bad zip): ask for the file again",
    "odt.entities": (
        "refused: the ODT contains XML entity declarations (possible 'billion laughs' attack)"
    ),
    "odt.not-odt": "not an OpenDocument text: it looks like {what}",
    "odt.not-package": "not an OpenDocument text: its content is not an ODT package",
    "odt.not-text": (
        "an OpenDocument file that is not a text document (a spreadsheet or slides?); "
        "save the essay as ODT or DOCX"
    ),
    "odt.no-content": "damaged ODT: it has no content.xml; ask for the file again",
    "odt.encrypted": "password-protected ODT: remove the password and submit again",
    "odt.bad-xml": "damaged ODT: the part {part} is not valid XML; ask for the file again",
    "odt.bomb": "refused: the ODT expands to {size} of XML (limit {limit}); it may be a zip bomb",
    "pptx.bad-zip": "damaged PPTX (bad zip): ask for the file again",
    "pptx.old-ppt": "old PowerPoint format (.ppt): open it in PowerPoint and save as PPTX",
    "pptx.encrypted": "password-protected PPTX: remove the password and submit again",
    "pptx.entities": (
        "refused: the PPTX contains XML entity declarations (possible 'billion laughs' attack)"
    ),
    "pptx.not-pptx": "not a PowerPoint presentation: it looks like {what}",
    "pptx.not-package": "not a PowerPoint presentation: its content is not a PPTX package",
    "pptx.bad-xml": "damaged PPTX: the part {part} is not valid XML; ask for the file again",
    "pptx.bomb": "refused: the PPTX expands to {size} of XML (limit {limit}); it may be a zip bomb",
    # the entries of a ZIP (the platforms' downloads)
    "zip.bad-zip": "damaged ZIP: it cannot be opened; download it again",
    "zip.bad-entry": "damaged file inside the ZIP (its check sum is wrong); download the ZIP again",
    "zip.method": (
        "packed in a way this program cannot unpack (such as Deflate64): unzip the ZIP "
        "and scan the folder"
    ),
    "zip.encrypted": (
        "password-protected inside the ZIP: unzip it with the password and scan the folder"
    ),
    "zip.bomb": "refused: it unpacks to {size}, far more than its packed size (a zip bomb?)",
    "zip.too-many": "refused: the ZIP holds more than {limit} files; unzip it and scan the folder",
    "zip.too-deep": "a ZIP inside ZIPs more than {depth} deep: not opened",
    "zip.unsafe-name": "refused: its name inside the ZIP points outside it (a 'zip slip')",
    "rtf.not-rtf": "not an RTF document: it does not start with {{\\rtf",
    "rtf.too-deep": "refused: the RTF nests groups more than {depth} deep",
    "docx.too-nested": "refused: the DOCX imports documents nested more than {depth} deep",
    "pdf.not-pdf": "not a PDF document: it looks like {what}",
    "pdf.not-pdf-unknown": "not a PDF document",
    "pdf.no-pages": "damaged PDF: it has no pages",
    "pdf.damaged": "damaged PDF: {detail}; ask for the file again",
    "pdf.unparsable": "the file structure cannot be parsed",
    "pdf.encrypted": "encrypted PDF: remove the password and submit again",
    "pdf.protection": (
        "encrypted PDF (unsupported protection): encrypted PDF: remove the password "
        "and submit again"
    ),
    "pdf.scanned": "scanned image: no text to compare; run OCR first",
    "pdf.scanned-ocr-off": "scanned image: no text layer, and reading scans (OCR) is turned off",
    "pdf.scanned-no-text": "scanned image: OCR found no text on its pages",
    # reading scans and pictures (OCR)
    "ocr.unavailable": (
        "scans and pictures cannot be read here: the OCR engine failed to load ({detail})"
    ),
    "ocr.image-too-large": ("a picture of {width:,} × {height:,} pixels: too large to read by OCR"),
    "ocr.page-too-large": (
        "page {page} holds a picture of {width:,} × {height:,} pixels: too large to read by OCR"
    ),
    "ocr.image-no-memory": "a picture needs more memory than a file may use: not read by OCR",
    "ocr.image-damaged": "a damaged picture could not be read by OCR ({detail})",
    "ocr.image-format": (
        "a picture in a format OCR does not read (such as a WMF or EMF drawing, or EPS)"
    ),
    "ocr.failed": "OCR could not read {where}: {detail}",
    "ocr.where-unknown": "a picture",
    "ocr.file-changed": "the file changed since it was scanned: scan again to see its pages",
    "ocr.where-page": "page {page}",
    "ocr.where-picture": "picture {name}",
    "ocr.where-photo": "the photo",
    "ocr.where-in": "{where} of {name}",
    "ocr.read-note": (
        "read by OCR: {where} (mean confidence {confidence:.0%}); check its text against the scan"
    ),
    "pdf.garbled": (
        "garbled PDF: its text cannot be decoded (fonts without a character map); "
        "export the PDF again from the original document, or run OCR"
    ),
    # why a file was skipped (finding the files)
    "skip.broken-link": "broken symbolic link",
    "skip.gone": "not found: it was moved or deleted",
    "skip.permission": "permission denied: cannot read it",
    "skip.link-loop": "symbolic link loop",
    "skip.os-error": "cannot read it: {detail}",
    "skip.folder-loop": "symbolic link to a folder that is already scanned (a loop or a duplicate)",
    "skip.folder-permission": "permission denied: cannot open the folder",
    "skip.folder-error": "cannot open the folder: {detail}",
    "skip.link-outside": "link points outside the folder: not read",
    "skip.hidden-folder": "hidden folder: not opened",
    "skip.hidden-file": "hidden file: not compared",
    "skip.too-deep": "folders nested more than {depth} deep: nothing below here was read",
    "skip.lock-file": "Office lock file (left while the document was open)",
    "skip.duplicate": "same file as {path} (a link to it)",
    "skip.receipt": "the platform's receipt of a submission (Blackboard), not the student's work",
    "skip.own-report": "a plagcheck report: not compared",
    # why a reader process gave no result
    "task.memory": "ran out of memory while reading this file",
    "task.error": "{detail}",
    "task.unsent": "could not return the result: {detail}",
    "task.crashed": "the reader crashed on this file (exit code {exit})",
    "task.timeout": "gave up after {seconds:g} s: the file takes too long to read",
    # what to know about a file that was read
    "warn.control-bytes": "removed {count} stray control bytes (such as NUL) from the text",
    "warn.truncated": "truncated: only the first {size} were read",
    "warn.in-file": "in {name}: {warning}",
    "warn.already-archived": (
        "already in the archive under {label}: not compared with its own archived copy"
    ),
    "warn.encoding-guess": "text encoding guessed as {encoding}",  # archives before 2026-11
    "warn.encoding-guessed": (
        "the file does not say how its text is encoded; it was read as {charset}. If "
        "its text looks wrong in the side-by-side view, save it as UTF-8 and scan again"
    ),
    # the name of a text encoding, for a teacher
    "charset.gb18030": "Simplified Chinese (GB18030)",
    "charset.big5": "Traditional Chinese (Big5)",
    "charset.cp1252": "Western European (Windows-1252)",
    "charset.latin-1": "Western European (ISO 8859-1)",
    "charset.other": "{name}",
    "warn.rtf-part": "an imported RTF part ({part}) could not be read",
    "warn.pages-truncated": "truncated: only the first {read} of {pages} pages were read",
    "warn.blank-pages": (
        "{blank} of {pages} pages have no text layer (scanned?) and are not compared"
    ),
    "warn.ocr-off": (
        "{count} scanned pages or pictures were not read: reading scans (OCR) is turned off"
    ),
    "warn.ocr-low": (
        "{where} was read by OCR with low confidence ({confidence:.0%}): "
        "check its text against the scan"
    ),
    "warn.ocr-pages-limit": (
        "OCR read the first {read} of {pages} scanned pages; the rest are not compared"
    ),
    "warn.ocr-picture": "picture {name} was not read: {reason}",
    "warn.ocr-turned": (
        "the picture lay sideways or upside down: it was turned {degrees}° clockwise and read"
    ),
    "warn.named-as": "read as {format}: that is what the file holds, though it is named {suffix}",
    "warn.undecodable": "{share:.0%} of the characters could not be decoded and were dropped",
    # what a file hides from its reader (integrity flags; types.IntegrityFlag)
    "flag.vanish": "{chars:,} characters of hidden text, marked as hidden",
    "flag.colour": "{chars:,} characters of hidden text, in letters of the page's colour",
    "flag.tiny": "{chars:,} characters of hidden text, in letters of 2 points or less",
    "flag.decoy": (
        "{chars:,} characters of hidden text, a decoy Word never shows in place of the "
        "text it shows"
    ),
    "flag.invisible": "{chars:,} characters of invisible text laid over pages without a picture",
    "flag.lookalike": "{chars:,} letters disguised as look-alike letters of other alphabets",
    "flag.strike": "{chars:,} strike-through marks laid over letters",
    "flag.joiner": "{chars:,} invisible joiners inside words",
    "flag.filler": "{chars:,} spaces replaced by invisible Hangul fillers",
    "flag.shuffled": (
        "{chars:,} characters drawn out of reading order (p. {pages}): read in the order "
        "the page shows them"
    ),
    "flag.mismatch": (
        "{chars:,} characters of a text layer that does not match what its page shows "
        "(p. {pages}): the page was read by OCR"
    ),
    # what to know about the run itself
    "notice.cache-replaced": (
        "the fingerprint cache was damaged ({detail}); it was moved aside as {name} "
        "and a new one was started"
    ),
    "notice.zip-layout": "{zip}: {platform} recognised; {students} students named from it",
    "notice.zip-no-layout": (
        "{zip}: no learning platform's layout recognised; each file is compared on its own"
    ),
    "platform.moodle": "Moodle's 'Download all submissions' layout",
    "platform.canvas": "Canvas's submissions download",
    "platform.blackboard": "Blackboard's assignment download",
    "platform.google": "Google Classroom's (Drive) file names",
    "platform.number-name": "student numbers and names (学习通, 雨课堂 and similar)",
    "platform.folder": "one folder per student",
    "notice.cache-unavailable": "the fingerprint cache is not used (every file is read): {detail}",
    "notice.decisions-unreadable": (
        "your earlier decisions could not be read, so none is shown: {detail}"
    ),
    # how comparing with the archive went (every report says it)
    "archive.checked": (
        "compared with the archive {location}: {searched} archived documents searched, "
        "{matched} close enough to compare"
    ),
    "archive.empty": "the archive {location} holds no documents yet: nothing was compared with it",
    "archive.not-checked": "the archive {location} was asked for but NOT checked: {reason}",
    "archive.scan-cancelled": "the scan was cancelled before the archive was searched",
    # why an archive cannot be used
    "archive.no-redis-package": (
        "the Redis archive needs the 'redis' package: pip install 'plagcheck[redis]'"
    ),
    "archive.bad-address": (
        "not a usable Redis address: {location} ({detail}); expected redis://HOST:PORT/DB"
    ),
    "archive.redis-no-password": (
        "the Redis archive at {location} has no password: take the password out of the address"
    ),
    "archive.redis-needs-password": (
        "the Redis archive at {location} needs a password: "
        "give it as redis://:PASSWORD@HOST:PORT/DB"
    ),
    "archive.redis-refused": (
        "the Redis archive at {location} refused the password (or user name): check them"
    ),
    "archive.unknown-scheme": (
        "unknown kind of archive address {location}: give a file path, a Redis server "
        "as redis://HOST:PORT/DB, rediss://HOST:PORT/DB (TLS) or unix:///PATH/TO/SOCKET, "
        "or a Redis Cluster as redis+cluster://HOST:PORT or rediss+cluster://HOST:PORT"
    ),
    "archive.redis-is-cluster": (
        "the Redis archive at {location} was made on a Redis Cluster: open it as "
        "redis+cluster://HOST:PORT"
    ),
    "archive.unreachable": "cannot reach the Redis archive at {location}: {detail}",
    "archive.redis-error": "Redis archive error at {location}: {detail}",
    "archive.newer-schema": (
        "the archive {location} was written by a newer plagcheck (schema {version}); "
        "update plagcheck to use it"
    ),
    "archive.redis-newer-schema": (
        "the Redis archive at {location} was written by a newer plagcheck (schema {version}); "
        "update plagcheck to use it"
    ),
    "archive.other-analysis": (
        "this archive was built by a plagcheck version that analyses text differently; its "
        "fingerprints cannot be compared with new ones. Start a new archive (--archive PATH) "
        "and add the past classes again"
    ),
    "archive.bad-settings": "the archive's settings record is unreadable: {detail}",
    "archive.newer-format": (
        "the archive was written by a newer plagcheck (format {format}); update plagcheck to use it"
    ),
    "archive.bad-document": "the archive file is damaged: unreadable document data ({detail})",
    "archive.bad-offsets": "the archive file is damaged: unit offsets do not match",
    "archive.missing": "no archive at {location}",
    "archive.changing": (
        "the archive {location} was being changed while it was checked (someone is adding "
        "or removing documents), so it could not be checked: check again when they are done"
    ),
    "archive.no-label": "no label '{label}' in the archive",
    "archive.busy": "the archive {location} is busy (another plagcheck is writing): {detail}",
    "archive.cannot-open": "cannot open the archive file {location}: {detail}",
    "archive.damaged": (
        "the archive file is damaged: {location}: {detail}. Move it aside or restore a "
        "backup; plagcheck starts a new archive when the file is missing"
    ),
    "archive.error": "archive error in {location}: {detail}",
    "archive.not-yet": (
        "no archive at {location}: add past submissions first with "
        "'plagcheck archive add DIR --label LABEL'"
    ),
    "archive.is-folder": "the archive path {location} is a folder, not a file",
    "archive.not-archive": (
        "{location} is an SQLite file but not a plagcheck archive (tables: {tables})"
    ),
    "archive.no-settings": "the archive file is damaged: {location}: no settings record",
    "archive.unexpected": "{detail}",
    "archive.label-empty": "label must be a non-empty string such as '2025 autumn'",
    "archive.label-lines": "label must be on one line",
    # a sentence stored as text by an earlier version (an old archive), shown as it was
    "earlier.text": "{text}",
}

# Sentences with a count: the count's field, and the English sentence when it is 1 (the
# catalogue holds the other form). Translations choose their own forms by the count.
PLURALS: dict[str, str] = {
    "pair.passage": "passages",
    "warn.control-bytes": "count",
    **{f"flag.{kind}": "chars" for kind in
       ("vanish", "colour", "tiny", "decoy", "invisible", "lookalike", "strike", "joiner",
        "filler", "shuffled", "mismatch")},
}  # fmt: skip
SINGULAR: dict[str, str] = {
    "flag.vanish": "1 character of hidden text, marked as hidden",
    "flag.colour": "1 character of hidden text, in a letter of the page's colour",
    "flag.tiny": "1 character of hidden text, in a letter of 2 points or less",
    "flag.decoy": (
        "1 character of hidden text, a decoy Word never shows in place of the text it shows"
    ),
    "flag.invisible": "1 character of invisible text laid over a page without a picture",
    "flag.lookalike": "1 letter disguised as a look-alike letter of another alphabet",
    "flag.strike": "1 strike-through mark laid over a letter",
    "flag.joiner": "1 invisible joiner inside a word",
    "flag.filler": "1 space replaced by an invisible Hangul filler",
    "flag.shuffled": (
        "1 character drawn out of reading order (p. {pages}): read in the order the page shows it"
    ),
    "flag.mismatch": (
        "1 character of a text layer that does not match what its page shows (p. {pages}): "
        "the page was read by OCR"
    ),
    "pair.passage": (
        "a matching passage of about {words:.0f} words "
        "({passages} passage, {chars} characters in all)"
    ),
    "warn.control-bytes": "removed {count} stray control byte (such as NUL) from the text",
}

# The kinds of problem a file can have (``FileError.code``), with the short label the
# Problem column shows.
PROBLEM_KINDS: dict[str, str] = {
    "empty": "empty",
    "binary": "binary data",
    "encoding": "unknown encoding",
    "old-doc": "old Word format",
    "corrupt": "damaged file",
    "too-large": "too large",
    "malicious": "refused (unsafe XML)",
    "encrypted": "password-protected",
    "scanned": "scanned image, no text",
    "garbled": "undecodable text",
    "unreadable": "cannot be read",
    "missing": "missing",
    "changed": "changed while read",
    "broken-link": "broken link",
    "link-loop": "link loop",
    "link-outside": "link outside the folder",
    "too-deep": "folders too deep",
    "hidden": "hidden file",
    "lock-file": "Office lock file",
    "duplicate": "duplicate",
    "unsafe-name": "unsafe name in ZIP",
    "receipt": "platform receipt",
    "report": "plagcheck report",
    "unsupported": "unsupported type",
    "timeout": "timed out",
    "crashed": "reader crashed",
    "memory": "out of memory",
    "error": "error",
    "skipped": "skipped",
    "warning": "warning",
    "archive": "archive not checked",
}


@dataclass(frozen=True)
class Message:
    """One sentence for a user, as a code from :data:`CATALOGUE` and its values.

    ``str()`` gives the English sentence. Messages are small, hashable and picklable
    (they cross from worker processes), and :meth:`to_json` / :meth:`from_json` store them.
    """

    code: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, code: str, /, **values: Value) -> Message:
        """A message, checked: the code is known and the values are exactly its fields."""
        wanted = fields_of(code)
        if set(values) != wanted:
            raise ValueError(f"message {code!r} takes {sorted(wanted)}, got {sorted(values)}")
        return cls(code, tuple(sorted(values.items())))

    def with_values(self, **changes: Value) -> Message:
        """This message with some of its values changed (the same fields: not checked
        again).

        >>> Message.of("pair.simhash", distance=2, k=3).with_values(distance=1)["distance"]
        1
        """
        if not changes.keys() <= {k for k, _ in self.values}:
            raise ValueError(f"message {self.code!r} has no field {sorted(changes)}")
        return Message(self.code, tuple((k, changes.get(k, v)) for k, v in self.values))

    def __getitem__(self, name: str) -> Value:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def args(self) -> dict[str, Value]:
        return dict(self.values)

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (nested messages as dicts too).

        >>> Message.of("warn.truncated", size="20 MB").to_json()
        {'code': 'warn.truncated', 'values': {'size': '20 MB'}}
        """
        return {
            "code": self.code,
            "values": {k: v.to_json() if isinstance(v, Message) else v for k, v in self.values},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """The message :meth:`to_json` wrote (an unknown code is kept, shown as its code).

        >>> Message.from_json(Message.of("pair.simhash", distance=2, k=3).to_json())
        Message(code='pair.simhash', values=(('distance', 2), ('k', 3)))
        """
        values = {
            k: cls.from_json(v) if isinstance(v, Mapping) else v
            for k, v in data.get("values", {}).items()
        }
        return cls(str(data["code"]), tuple(sorted(values.items())))


def english(code: str, message: Message | None = None) -> str:
    """The English pattern of ``code`` (for ``message``: a count of 1 is singular).

    >>> str(Message.of("warn.control-bytes", count=1))
    'removed 1 stray control byte (such as NUL) from the text'
    """
    field = PLURALS.get(code)
    if field is not None and message is not None and message[field] == 1:
        return SINGULAR[code]
    return CATALOGUE[code]


@functools.cache
def fields_of(code: str) -> frozenset[str]:
    """The value names a code's sentence takes (parsed once per code: a class of copies
    makes tens of thousands of reasons).

    >>> sorted(fields_of("pair.passage"))
    ['chars', 'passages', 'words']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(CATALOGUE[code]) if name)


def render(message: Message, template: Callable[[str, Message], str] = english) -> str:
    """``message`` as a sentence, ``template(code, message)`` giving its pattern; nested
    messages are rendered with the same ``template``.

    A code not in the catalogue (read from a newer cache or archive) is shown as the code
    and its values rather than lost.
    """
    values = {k: render(v, template) if isinstance(v, Message) else v for k, v in message.values}
    if message.code not in CATALOGUE:
        inside = ", ".join(f"{k}={v}" for k, v in values.items())
        return f"{message.code}({inside})" if inside else message.code
    try:
        return template(message.code, message).format(**values)
    except (KeyError, ValueError, IndexError):  # a translation with a broken field
        return english(message.code, message).format(**values)


def joined(messages: tuple[Message, ...] | list[Message], sep: str = "; ") -> str:
    """Messages in English, joined for one line.

    >>> joined([Message.of("source.unknown"), Message.of("pair.simhash", distance=0, k=3)])
    'direction unknown; SimHash distance 0 ≤ 3'
    """
    return sep.join(str(m) for m in messages)


def dump_messages(messages: tuple[Message, ...] | list[Message]) -> str:
    """Messages as compact JSON (what the cache and the archive store).

    >>> dump_messages([Message.of("warn.truncated", size="20 MB")])
    '[{"code":"warn.truncated","values":{"size":"20 MB"}}]'
    """
    # ASCII escapes: a lone surrogate (from a name) survives SQLite text and UTF-8 blobs
    return json.dumps([m.to_json() for m in messages], separators=(",", ":"))


def load_messages(data: str | bytes) -> tuple[Message, ...]:
    """The messages :func:`dump_messages` wrote. A plain string (an archive written before
    messages were codes) is kept as an ``earlier.text`` message, shown as it was.

    >>> load_messages('["text encoding guessed as gb18030"]')[0].code
    'earlier.text'
    """
    out = []
    for item in json.loads(data):
        if isinstance(item, str):
            out.append(Message("earlier.text", (("text", item),)))
        else:
            out.append(Message.from_json(item))
    return tuple(out)
