"""Intake: which files of the chosen folders, ZIPs and files are submissions
(:mod:`.discover`), and which student handed in each (:mod:`.students`)."""
