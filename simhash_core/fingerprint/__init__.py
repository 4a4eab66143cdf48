"""A document's fingerprints: SimHash and its bits explained, MinHash signatures,
TF-IDF weights, the pigeonhole index, and the per-file analysis that makes them."""
