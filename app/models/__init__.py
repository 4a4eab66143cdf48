"""Qt item models over the core's scan result (thin adapters, named custom roles)."""
