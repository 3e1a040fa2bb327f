"""Word banks: how people name the settings and say their values, and the frames the wording fills (data, and the lookups into it)."""
