"""Rulesets by name (bundled or user folder), explicit files, and what is never read."""

import os
import threading

import pytest

from engine import Game, RulesetError, load_ruleset, load_ruleset_file
from engine.core import loader


@pytest.fixture
def user_dir(tmp_path, monkeypatch):
    d = tmp_path / "user-rulesets"
    d.mkdir()
    monkeypatch.setenv("DAQI_RULESETS", str(d))
    return d


def test_bundled_names_load():
    assert load_ruleset("standard").name == "standard"
    assert load_ruleset("free-combination").max_actions == 0
    assert load_ruleset("spirit").game == "spirit"


@pytest.mark.parametrize(
    "name",
    [
        "/dev/zero",
        "/dev/stdin",
        "../standard",
        "engine/rulesets/standard.toml",
        "standard.toml",
        "/tmp",
        ".",
        "",
        "a b",
        "x" * 300,
        "spirit\n",
    ],
)
def test_names_that_are_not_names_are_refused_without_opening(name, monkeypatch):
    opened = []
    monkeypatch.setattr(loader, "_find_named", lambda *a, **k: opened.append(a) or None)
    with pytest.raises(RulesetError) as exc:
        load_ruleset(name)
    assert not opened
    assert "ruleset name" in str(exc.value) or "is empty" in str(exc.value)


def test_long_name_error_gives_the_limit_not_the_name():
    with pytest.raises(RulesetError) as exc:
        load_ruleset("x" * 300)
    assert str(loader.MAX_NAME_LENGTH) in str(exc.value) and "x" * 20 not in str(exc.value)


def test_a_path_object_is_not_a_name(tmp_path):
    with pytest.raises(RulesetError, match="load_ruleset_file"):
        load_ruleset(tmp_path / "standard.toml")


def test_user_folder_rulesets_load_by_name_and_extend_bundled(user_dir):
    (user_dir / "small-scores.toml").write_text(
        'extends = "standard"\n[meta]\nname = "small-scores"\n[scores]\nstart = 50\n', encoding="utf-8"
    )
    r = load_ruleset("small-scores")
    assert r.start_score == 50 and r.size == (16, 16, 16)
    assert Game("small-scores").position.scores["white"] >= 50


def test_bundled_names_win_over_user_files(user_dir):
    (user_dir / "standard.toml").write_text('extends = "standard"\n[scores]\nstart = 1\n', encoding="utf-8")
    assert load_ruleset("standard").start_score == 120


def test_unknown_name_says_where_user_rulesets_go(user_dir):
    with pytest.raises(RulesetError) as exc:
        load_ruleset("no-such-ruleset")
    assert "DAQI_RULESETS" in str(exc.value) and "standard" in str(exc.value)
    assert str(user_dir) not in str(exc.value)  # a protocol reply does not show the machine's folders


def test_default_user_folder_is_under_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.delenv("DAQI_RULESETS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert loader.user_ruleset_dir() == tmp_path / "daqi" / "rulesets"


def test_extends_takes_names_only(tmp_path):
    p = tmp_path / "v.toml"
    p.write_text('extends = "/etc/passwd"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="not a ruleset name"):
        load_ruleset_file(p)


def test_extends_finds_a_sibling_of_a_user_given_file(tmp_path, user_dir):
    (tmp_path / "base.toml").write_text('extends = "standard"\n[scores]\nstart = 77\n', encoding="utf-8")
    (tmp_path / "child.toml").write_text('extends = "base"\n[meta]\nname = "child"\n', encoding="utf-8")
    assert load_ruleset_file(tmp_path / "child.toml").start_score == 77


def test_extends_cycle_is_an_error(tmp_path):
    (tmp_path / "a.toml").write_text('extends = "b"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "a"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="cycle"):
        load_ruleset_file(tmp_path / "a.toml")


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "/dev/stdin"])
def test_device_files_are_refused_without_reading(path):
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing on this system")
    with pytest.raises(RulesetError, match="not a regular file"):
        load_ruleset_file(path)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(RulesetError, match="folder"):
        load_ruleset_file(tmp_path)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    done = []
    t = threading.Thread(target=lambda: done.append(pytest.raises(RulesetError, load_ruleset_file, fifo)))
    t.start()
    t.join(10)
    assert done, "loading a FIFO blocked"


def test_files_over_the_size_limit_are_refused(tmp_path):
    p = tmp_path / "big.toml"
    p.write_text('extends = "standard"\n' + "# padding\n" * (loader.MAX_RULESET_BYTES // 10), encoding="utf-8")
    with pytest.raises(RulesetError, match="larger than 64 KiB"):
        load_ruleset_file(p)


@pytest.mark.parametrize(
    "body", ["x = " + "[" * 1000 + "]" * 1000, "x = " + "[" * 20 + "1" + "]" * 20, "a" + ".a" * 3000 + " = 1"]
)
def test_deep_nesting_is_an_error_not_a_crash(tmp_path, body):
    p = tmp_path / "deep.toml"
    p.write_text('extends = "standard"\n' + body + "\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="nested deeper|not valid TOML"):
        load_ruleset_file(p)


def test_a_5000_digit_number_is_an_error(tmp_path):
    p = tmp_path / "num.toml"
    p.write_text('extends = "standard"\n[scores]\nstart = ' + "1" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="too long"):
        load_ruleset_file(p)


def test_non_utf8_ruleset_is_an_error(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b'extends = "standard"\n# \xff\xfe\n')
    with pytest.raises(RulesetError, match="not UTF-8"):
        load_ruleset_file(p)


@pytest.mark.parametrize(
    "text",
    [
        'api_token = "hunter2-secret"\n[database]\npassword = "pw-123"\n',
        '[meta]\nname = ["secret-value"]\ngame = "chess"\n',
        '[meta]\nname = "x"\napi_token = "hunter2-secret"\n',
        '[tool.poetry]\nname = "secret-project"\n',
    ],
)
def test_foreign_files_are_only_called_not_a_ruleset(tmp_path, text):
    p = tmp_path / "foreign.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        load_ruleset_file(p)
    msg = str(exc.value)
    assert "not a Daqi ruleset" in msg
    for secret in ("hunter2", "secret", "pw-123", "api_token", "password", "database", "poetry"):
        assert secret not in msg


def test_wrong_types_name_the_kind_not_the_value(tmp_path):
    p = tmp_path / "t.toml"
    p.write_text('extends = "standard"\n[meta]\ndescription = ["a-long-private-value"]\n', encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        load_ruleset_file(p)
    assert "'meta.description' must be a string, not an array" in str(exc.value)
    assert "a-long-private-value" not in str(exc.value)


def test_errors_name_the_file(tmp_path):
    p = tmp_path / "named.toml"
    p.write_text('extends = "standard"\n[scores]\nstart = "many"\n', encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        load_ruleset_file(p)
    assert str(p) in str(exc.value) and "scores.start" in str(exc.value)


def test_command_line_argument_is_a_path_or_a_name(tmp_path):
    p = tmp_path / "v.toml"
    p.write_text('extends = "standard"\n[scores]\nstart = 33\n', encoding="utf-8")
    assert loader.load_ruleset_arg(str(p)).start_score == 33
    assert loader.load_ruleset_arg("free-combination").name == "free-combination"


@pytest.mark.parametrize(
    "text",
    [
        "api_token = 1\napi_token = 2\n",
        "[secret_table]\n[secret_table]\n",
        "x = {secret_key = 1, secret_key = 2}\n",
        "x = 1\n\x01secret\n",
        "a.secret_ns = 1\n[a]\nsecret_ns.b = 2\n",
    ],
)
def test_toml_syntax_errors_do_not_quote_the_file(tmp_path, text):
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as exc:
        load_ruleset_file(p)
    msg = str(exc.value)
    assert "not valid TOML" in msg and "line" in msg
    assert "secret" not in msg and "api_token" not in msg
