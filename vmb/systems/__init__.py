"""The external memory systems shipped with vmb, one module each (the ``systems`` extra).

``mem0`` (open-source Mem0, local; or the hosted platform), ``memorybank`` (our implementation of
MemoryBank), ``memos``, ``memobase`` and ``supermemory`` (their HTTP APIs) and ``lightmem``
(when installed from its source). ``vmb.memory.SHIPPED`` names each one's class, imported only
when the system is chosen; ``embed`` is the helper they share (the MiniLM / OpenAI-compatible
embedder), and the JSON-over-HTTP client with its error rules is the core's ``vmb.memory.service``.
"""
