"""docker-compose.yml, checked statically (there is no Docker engine to run it here)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml

from sweeper.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
COMPOSE_FILE = ROOT / "docker-compose.yml"
# Every package the wheel ships, so the image cannot miss one added later.
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
# sweeper/ and the top-level folders it links to as sweeper.analyzer, sweeper.coordinator, ...
PACKAGES = sorted({name.split(".")[:2][-1] for name in SETUPTOOLS["packages"]})
DESKTOP_PACKAGES = ("xvfb", "chromium", "xdemineur", "wine", "xdotool", "x11-utils")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE_FILE.read_text())
    return loaded


def option(command: list[str], name: str) -> str | None:
    return command[command.index(name) + 1] if name in command else None


def test_file_follows_the_compose_specification() -> None:
    checker = Path(sys.executable).parent / "check-jsonschema"
    result = subprocess.run(
        [str(checker), "--builtin-schema", "vendor.compose-spec", str(COMPOSE_FILE)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_services_are_the_three_parts(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) == {"analyzer", "effector", "coordinator"}


def test_every_command_is_a_valid_sweeper_command(compose: dict[str, Any]) -> None:
    parser = build_parser()
    for name, service in compose["services"].items():
        command = service["command"]
        assert command[0] == "sweeper", name
        parser.parse_args(command[1:])  # exits (fails the test) on an unknown option


def test_services_open_to_the_network_require_a_token(compose: dict[str, Any]) -> None:
    tokens = {"analyzer": "SWEEPER_ANALYZER_TOKEN", "effector": "SWEEPER_EFFECTOR_TOKEN"}
    for name, variable in tokens.items():
        service = compose["services"][name]
        command = service["command"]
        address = option(command, "--host") or option(command, "--serve-effector") or ""
        assert address.startswith("0.0.0.0"), f"{name} must be reachable by the coordinator"
        assert service["environment"][variable] == f"${{{variable}:?set {variable}}}"


def test_published_ports_stay_on_the_hosts_loopback(compose: dict[str, Any]) -> None:
    for service in compose["services"].values():
        for port in service.get("ports", []):
            assert str(port).startswith("127.0.0.1:"), port


def test_coordinator_reaches_the_services_by_name_and_port(compose: dict[str, Any]) -> None:
    services = compose["services"]
    command = services["coordinator"]["command"]
    listening = {
        "analyzer": option(services["analyzer"]["command"], "--port"),
        "effector": (option(services["effector"]["command"], "--serve-effector") or "").rsplit(
            ":", 1
        )[-1],
    }
    for name in ("analyzer", "effector"):
        url = urlparse(option(command, f"--{name}") or "")
        assert (url.hostname, str(url.port)) == (name, listening[name])
        assert services["coordinator"]["depends_on"][name]["condition"] == "service_healthy"
        assert "healthcheck" in services[name]


def _stages() -> dict[str, str]:
    """The Dockerfile's build stages by name: the text from each ``FROM ... AS name``."""
    parts = re.split(r"^FROM .* AS (\S+)\s*$", (ROOT / "Dockerfile").read_text(), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_the_slim_image_holds_every_package_and_no_desktop() -> None:
    slim = _stages()["slim"]
    for package in PACKAGES:
        assert f"COPY {package} ./{package}" in slim
    for desktop_package in DESKTOP_PACKAGES:  # no Xvfb, Chromium or Wine for the analyzer
        assert not re.search(rf"install .*\b{desktop_package}\b", slim), desktop_package
    # ... but the coordinator reads a game's mine count written as text
    assert re.search(r"install .*\btesseract-ocr\b", slim)
    assert re.search(r"^USER sweeper$", slim, re.M)


def test_the_images_hold_the_same_system_packages_as_run() -> None:
    stages = _stages()
    assert list(stages) == ["slim", "desktop"]
    assert re.match(r"\s*USER root", stages["desktop"])
    assert stages["desktop"].rstrip().splitlines()[-2:][0] == "USER sweeper"
    run_script = (ROOT / "run").read_text()
    run_packages = re.search(r"APT_PACKAGES=\(([^)]*)\)", run_script)
    assert run_packages is not None
    desktop = stages["slim"] + stages["desktop"]  # the desktop image is built on the slim one
    for package in run_packages.group(1).split():
        assert re.search(rf"install .*\b{package}\b", desktop), package


def test_only_the_effector_runs_on_the_desktop_image(compose: dict[str, Any]) -> None:
    targets = {name: service["build"]["target"] for name, service in compose["services"].items()}
    assert targets == {"analyzer": "slim", "coordinator": "slim", "effector": "desktop"}
    assert (ROOT / "Dockerfile").read_text().count("FROM python:") == 1  # desktop builds on slim


def test_recordings_go_to_a_volume_the_containers_user_can_write(
        compose: dict[str, Any]) -> None:
    coordinator = compose["services"]["coordinator"]
    record = option(coordinator["command"], "--record")
    volumes = [volume.split(":") for volume in coordinator["volumes"]]
    assert [source for source, target in volumes if target == record] == ["recordings"]
    assert "recordings" in compose["volumes"]  # named: it starts as the image's folder
    assert f"chown sweeper:sweeper {record}" in _stages()["slim"]
