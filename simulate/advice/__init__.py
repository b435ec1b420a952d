"""Card decisions: which card to play, which card to discard, which card to give."""
