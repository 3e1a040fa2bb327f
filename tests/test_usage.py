"""One usage type that adds, read the same way by the client, builds, generation and prices."""

from __future__ import annotations

from vmb.llm.model import Reply, read_usage
from vmb.maker.generate.llm.backend import StageUsage
from vmb.memory.base import BuildCost
from vmb.prices import Price
from vmb.usage import ZERO, Usage


def test_usage_adds_field_by_field_and_zero_adds_nothing() -> None:
    one = Usage(prompt_tokens=100, completion_tokens=7, cached_tokens=60, requests=2, seconds=0.5)
    two = Usage(prompt_tokens=10, completion_tokens=3, requests=1, seconds=0.25)
    assert one + two == Usage(110, 10, 60, 3, 0.75)
    assert one + ZERO == one and sum([one, two, one], ZERO) == one + two + one
    assert (one + two).tokens == 120
    assert Usage.from_json((one + two).to_json()) == one + two
    assert Usage.from_json({"prompt_tokens": 4}) == Usage(prompt_tokens=4)  # a file from before a field was kept


def test_a_reply_reads_the_servers_cached_prompt_tokens_and_says_what_it_spent() -> None:
    usage = read_usage({"prompt_tokens": 900, "completion_tokens": 20, "prompt_tokens_details": {"cached_tokens": 640}})
    assert usage == Usage(900, 20, 640)
    assert read_usage({"prompt_tokens": 5, "prompt_tokens_details": {"cached_tokens": 50}}).cached_tokens == 5
    assert read_usage({"prompt_tokens": "many"}) == ZERO
    fresh = Reply({"role": "assistant", "content": "ok"}, usage, seconds=1.5, attempts=2)
    assert fresh.spent == Usage(900, 20, 640, requests=2, seconds=1.5)
    stored = Reply.from_json(fresh.to_json(), cached=True)
    assert stored.usage == usage and stored.spent == usage  # the cache answered: no request, no model time


def test_a_build_cost_keeps_its_layout_and_reads_an_earlier_one() -> None:
    cost = BuildCost(seconds=3.0)
    cost.asked(Usage(50, 5, requests=1, seconds=0.2))
    cost.asked(Usage(40, 4))  # the request cache answered
    cost.embedding_calls += 3
    doc = cost.to_json()
    assert doc == {"model_calls": 2, "prompt_tokens": 90, "completion_tokens": 9, "cached_tokens": 0, "requests": 1,
                   "model_seconds": 0.2, "embedding_calls": 3, "seconds": 3.0}
    assert BuildCost.from_json(doc) == cost
    earlier = {"model_calls": 4, "prompt_tokens": 10, "completion_tokens": 2, "embedding_calls": 0, "seconds": 1.0}
    assert BuildCost.from_json(earlier) == BuildCost(Usage(10, 2), 4, 0, 1.0)
    assert BuildCost.from_json({"prompt_tokens": "x"}) == BuildCost()


def test_a_generator_stage_reads_an_earlier_usage_file() -> None:
    earlier = {"requests": 4, "cache_hits": 1, "prompt_tokens": 300, "completion_tokens": 40, "invalid": 1,
               "failures": 0}
    stage = StageUsage.from_json(earlier)
    assert stage == StageUsage(Usage(300, 40, requests=4), cache_hits=1, invalid=1)
    assert {k: stage.to_json()[k] for k in earlier} == earlier


def test_a_price_is_of_a_usage() -> None:
    price = Price(input=2.0, output=8.0, currency="USD")
    assert price.cost(Usage(1_000_000, 100_000) + Usage(500_000, 50_000)) == 2.0 * 1.5 + 8.0 * 0.15
