"""The plan: the people, the settings and values, each reasoning type's recipe (what must be said, by whom, when), the timeline; no sentences."""
