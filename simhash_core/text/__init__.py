"""From normalized text to what is compared: units and shingles (units), words and
features (words, vocabulary, stopwords), and the regions left out (exclusions)."""
