"""Talking to models: the Model protocol, the OpenAI-compatible client, its cache and retries,
tool calls written as text, argument checks and API keys. Imports nothing above it in vmb."""
