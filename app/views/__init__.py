"""Widgets: the matrix, groups, pairs, errors, bit diff, side-by-side and progress views."""
