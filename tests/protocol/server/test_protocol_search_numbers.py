"""`Search Numbers` (the tuner's option, tools/spsa.py) in every dialect: declared as a string,
numbers the game cannot take refused with the dialect's error line and the previous text kept,
good ones reaching the search configuration."""
import pytest

from protocol_harness import Talk


@pytest.mark.parametrize("hello, declared", [
    (["uci"], "option name Search Numbers type string default <empty>"),
    (["ucci"], "option Search_Numbers type string default <empty>"),
    (["usi"], "option name Search_Numbers type string default <empty>"),
    (["xboard", "protover 2"], 'feature option="Search Numbers -string "'),
])
def test_the_option_is_declared_in_every_dialect(hello, declared):
    assert declared in Talk().send(*hello)


def test_uci_takes_numbers_and_refuses_what_makes_no_profile():
    talk = Talk()
    talk.send("uci", "setoption name UCI_Variant value shogi")
    assert talk.send("setoption name Search Numbers value futility_margin=110 "
                     "reduction_divisor=200") == []
    kept = "Search Numbers stays futility_margin=110 reduction_divisor=200"
    for text, reason in (("bogus=3", "unknown search number 'bogus'"),
                         ("futility_margin=x", "futility_margin takes a whole number, not 'x'"),
                         ("reduction_divisor=0", "reduction_divisor must be at least 1"),
                         ("reduce_bad_captures=1",
                          "reduce_bad_captures needs exchange_evaluation")):
        out = talk.send(f"setoption name Search Numbers value {text}")
        assert len(out) == 1 and out[0].startswith(f"info string error: {reason}")
        assert out[0].endswith(kept)
    config = talk.loop.dialect.session.search_config()
    assert config.search_numbers == "futility_margin=110 reduction_divisor=200"
    talk.send("setoption name Search Numbers value")
    assert talk.loop.dialect.session.search_config().search_numbers == ""


def test_usi_and_xboard_refusals_use_their_own_error_forms():
    talk = Talk()
    talk.send("usi")
    out = talk.send("setoption name Search_Numbers value late_move_depth=-1")
    assert out[0].startswith("info string error: search numbers are not negative")
    talk = Talk()
    talk.send("xboard", "protover 2", "variant xiangqi")
    assert talk.send("option Search Numbers=futility_margin=90") == []
    out = talk.send("option Search Numbers=nonsense")
    assert out[0].startswith("Error (") and "name=value pairs" in out[0]
    assert talk.loop.dialect.session.options["Search Numbers"] == "futility_margin=90"
