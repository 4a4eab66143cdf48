"""Imported once by the fork server, so every worker process starts warm.

Workers are forked from a server that has already imported numpy, the extractors and
the segmenter and loaded its dictionary: a new or replacement worker is ready in
milliseconds instead of re-importing everything (about a second). That includes the
module the workers' tasks are unpickled from (:mod:`simhash_core.scan`, which brings
the comparison's modules for the pairs measured in workers) and PDFium: imported here
once, not by each worker before its first file (0.25-0.35 s of CPU each, measured).
"""

import pypdfium2  # noqa: F401

import simhash_core.scan  # noqa: F401

# every reader: the package imports each when first used (a re-scan needs none)
from simhash_core.extract import doc, docx, html, image, odt, pdf, pptx, rtf, txt  # noqa: F401
from simhash_core.fingerprint.minhash import permutations
from simhash_core.text.glossary import english_stems
from simhash_core.text.lazy_regex import compile_all
from simhash_core.text.vocabulary import jieba_vocabulary
from simhash_core.text.words import warm_up

warm_up()
jieba_vocabulary()
english_stems("warm")  # the stemmer (the glossary is loaded where comparing needs it)
permutations()  # the MinHash coefficients (and numpy.random, which draws them)
compile_all()  # the text modules' patterns: compiled once here, not in every worker
