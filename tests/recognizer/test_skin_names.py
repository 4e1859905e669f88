"""A skin's name is a plain name, one folder inside the skins folder: every form of a path
is refused before anything is read or written, and a broken skin is one error line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from sweeper.cli import main
from sweeper.recognizer.skins import SkinError, check_skin_name, load_skin

ROOT = Path(__file__).resolve().parents[2]
SHOT = ROOT / "docs" / "screenshots" / "game-cell24-mid.png"

NOT_NAMES = ["../../x", "../../../victim", "/abs/path", "", "x/y", "line\nbreak", "..", ".",
             ".hidden", "x\\y", "a b", "x" * 65, "-rf"]


@pytest.fixture
def skins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's skins folder, deep inside ``tmp_path`` (so '../' names point into it),
    with a victim's folder beside it."""
    folder = tmp_path / "home" / "share" / "skins"
    folder.mkdir(parents=True)
    victim = tmp_path / "home" / "victim"
    victim.mkdir()
    (victim / "manifest.json").write_text("{}")
    monkeypatch.setenv("SWEEPER_SKINS", str(folder))
    monkeypatch.chdir(tmp_path)
    shutil.copy(SHOT, tmp_path / "shot.png")
    shutil.copy(SHOT.with_suffix(".json"), tmp_path / "shot.json")
    return folder


def _files(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes()
            for path in sorted(root.rglob("*")) if path.is_file()}


@pytest.mark.parametrize("name", NOT_NAMES)
def test_a_name_that_is_not_plain_is_refused_and_nothing_is_written(
        name: str, skins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _files(tmp_path)
    code = main(["templates", "capture", "shot.png", f"--name={name}", "--force"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("sweeper templates capture: error: --name: ") and err.count("\n") == 1
    assert _files(tmp_path) == before
    with pytest.raises(SkinError):
        check_skin_name(name)


def test_a_plain_name_is_written_in_the_skins_folder(
        skins: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["templates", "capture", "shot.png", "--name", "my-skin_2.0"]) == 0
    assert (skins / "my-skin_2.0" / "manifest.json").is_file()
    assert json.loads((tmp_path / "home" / "victim" / "manifest.json").read_text()) == {}


@pytest.mark.parametrize("name", ["../victim", "../../home/victim"])
def test_a_skin_is_never_looked_up_outside_the_skins_folders(name: str, skins: Path) -> None:
    with pytest.raises(SkinError, match="no skin named"):
        load_skin(name)


@pytest.mark.parametrize(("manifest", "fault"), [
    ({"name": "bad", "pitch": 24, "tiles": {"0": ["../../victim/manifest.json"]}},
     "list of file names in the skin's folder"),
    ({"name": "bad", "pitch": 24, "tiles": {}, "fallback": "../victim"}, "'fallback' must be"),
    ({"name": "bad", "pitch": 24, "tiles": {}, "faces": {"won": ["gone.png"]}},
     "no such image file"),
    ({"name": "bad", "pitch": 24, "tiles": {}, "fallback": "loop"}, "go round in a circle"),
    ("not json", "not valid JSON"),
])
def test_a_broken_skin_is_one_error_line_after_the_list(
        manifest: object, fault: str, skins: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, text in (("bad", manifest), ("loop", {"name": "loop", "pitch": 24, "tiles": {},
                                                   "fallback": "bad"})):
        (skins / name).mkdir()
        (skins / name / "manifest.json").write_text(
            text if isinstance(text, str) else json.dumps(text))
    load_skin.cache_clear()
    assert main(["templates", "list"]) == 2
    out, err = capsys.readouterr()
    assert "classic-24" in out
    assert err.startswith("sweeper templates list: error: ") and err.count("\n") == 1
    assert fault in err
