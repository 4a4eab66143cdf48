"""Imported once by the fork server, so every worker process starts warm.

Workers are forked from a server that has already imported numpy, the extractors and
the segmenter and loaded its dictionary: a new or replacement worker is ready in
milliseconds instead of re-importing everything (about a second).
"""

from simhash_core import extract  # noqa: F401
from simhash_core.text.glossary import english_stems
from simhash_core.text.vocabulary import jieba_vocabulary
from simhash_core.text.words import warm_up

warm_up()
jieba_vocabulary()
english_stems("warm")  # the stemmer (the glossary is loaded where comparing needs it)
