"""The LLM backend: the same plan worded by a model (the briefs it is sent, the checks its answers pass, their JSON schemas, the prompts)."""
