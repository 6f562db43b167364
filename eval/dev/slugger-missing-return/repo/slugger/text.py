import re
import unicodedata

STOPWORDS = {"a", "an", "the", "of", "and", "or", "in", "on"}


def fold(text):
    """Lower-case and strip accents: 'Crème Brûlée' -> 'creme brulee'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def _words(text, keep_stopwords=False):
    words = []
    for word in re.findall(r"[a-z0-9]+", fold(text)):
        if keep_stopwords or word not in STOPWORDS:
            words.append(word)
