"""The two pipelines a teacher could use instead, for ``benchmarks/speed.py``.

(a) the method's reference Python pipeline: jieba ``extract_tags`` top-10 keywords
    with their TF-IDF weights, a per-character string hash of each keyword (the
    classic pure-Python SimHash), all-pairs Hamming distance; pdfminer.six for PDFs;
(b) datasketch ``MinHash`` (128 permutations) over character 5-grams with a
    ``MinHashLSH`` index for the pairs; pdfminer.six for PDFs.

Both read DOCX with python-docx and TXT by trying UTF-8, UTF-16 and GB18030, run in
one process (as they are written), and return the pairs they flag so a run can be
checked for sanity, not only timed.
"""

from __future__ import annotations

from pathlib import Path


def read_text(path: Path) -> str:
    """Plain text the way a simple script reads it."""
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        from pdfminer.high_level import extract_text

        return extract_text(str(path))
    if suffix == ".docx":
        import docx

        d = docx.Document(str(path))
        return "\n".join(p.text for p in d.paragraphs)
    raw = path.read_bytes()
    for enc in ("utf-8-sig", "utf-16", "gb18030"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            continue
    return raw.decode("utf-8", "replace")


def string_hash(source: str, bits: int = 64) -> int:
    """The per-character string hash of the classic Python SimHash recipe."""
    if not source:
        return 0
    x = ord(source[0]) << 7
    m = 1000003
    mask = (1 << bits) - 1
    for c in source:
        x = ((x * m) ^ ord(c)) & mask
    x ^= len(source)
    if x == -1:
        x = -2
    return x


def reference_simhash(text: str, bits: int = 64) -> int:
    import jieba.analyse

    v = [0.0] * bits
    for word, weight in jieba.analyse.extract_tags(text, topK=10, withWeight=True):
        h = string_hash(word, bits)
        for i in range(bits):
            v[i] += weight if (h >> i) & 1 else -weight
    return sum(1 << i for i in range(bits) if v[i] > 0)


def run_reference(paths: list[Path], k: int = 3) -> set[tuple[int, int]]:
    fps = [reference_simhash(read_text(p)) for p in paths]
    flagged = set()
    for i in range(len(fps)):
        for j in range(i + 1, len(fps)):
            if bin(fps[i] ^ fps[j]).count("1") <= k:
                flagged.add((i, j))
    return flagged


def run_datasketch(paths: list[Path], threshold: float = 0.5) -> set[tuple[int, int]]:
    from datasketch import MinHash, MinHashLSH

    lsh = MinHashLSH(threshold=threshold, num_perm=128)
    sigs = []
    for i, p in enumerate(paths):
        text = "".join(read_text(p).split())
        m = MinHash(num_perm=128)
        m.update_batch([text[j : j + 5].encode("utf-8") for j in range(max(1, len(text) - 4))])
        sigs.append(m)
        lsh.insert(str(i), m)
    flagged = set()
    for i, m in enumerate(sigs):
        for key in lsh.query(m):
            j = int(key)
            if j != i:
                flagged.add((min(i, j), max(i, j)))
    return flagged
