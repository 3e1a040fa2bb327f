"""The procedural backend: personas, chains, dialogue and queries from seeded templates and pools."""
