"""The freedesktop desktop entry, the *.gpudesk MIME type and the per-user installer."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def read_desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive in desktop entries
    parser.read(path, encoding="utf-8")
    assert parser.sections() == ["Desktop Entry"], f"{path}: expected exactly one [Desktop Entry] group"
    return dict(parser["Desktop Entry"])


def test_desktop_entry_keys(repo_root: Path) -> None:
    entry = read_desktop_entry(repo_root / "resources" / "desktop" / "gpudesk.desktop")
    assert entry["Type"] == "Application"
    assert entry["Name"] == "gpudesk"
    assert entry["Name[zh_CN]"].startswith("gpudesk") and any("\u4e00" <= ch <= "\u9fff" for ch in entry["Name[zh_CN]"])
    assert entry["Comment"] and any("\u4e00" <= ch <= "\u9fff" for ch in entry["Comment[zh_CN]"])
    assert entry["Exec"] == "gpudesk %f"
    assert entry["Icon"] == "gpudesk"
    assert entry["MimeType"] == "application/x-gpudesk;"
    categories = entry["Categories"].rstrip(";").split(";")
    assert "Office" in categories  # one registered main category
    for key in ("Categories", "MimeType", "Keywords", "Keywords[zh_CN]"):
        assert entry[key].endswith(";"), f"{key} is a list and must end with ';'"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_entry_passes_desktop_file_validate(repo_root: Path) -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(repo_root / "resources" / "desktop" / "gpudesk.desktop")],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in (done.stdout + done.stderr).lower()


def test_mime_definition(repo_root: Path) -> None:
    root = ET.parse(repo_root / "resources" / "desktop" / "gpudesk-mime.xml").getroot()
    assert root.tag == f"{MIME_NS}mime-info"
    (mime,) = root.findall(f"{MIME_NS}mime-type")
    assert mime.get("type") == "application/x-gpudesk"
    assert [g.get("pattern") for g in mime.findall(f"{MIME_NS}glob")] == ["*.gpudesk"]
    comments = {c.get(XML_LANG): c.text for c in mime.findall(f"{MIME_NS}comment")}
    assert comments[None] and comments["zh_CN"]
    icon = mime.find(f"{MIME_NS}icon")
    assert icon is not None and icon.get("name") == "application-x-gpudesk"
    entry = read_desktop_entry(repo_root / "resources" / "desktop" / "gpudesk.desktop")
    assert mime.get("type") + ";" == entry["MimeType"]


def test_icons_named_by_the_entry_exist(repo_root: Path) -> None:
    hicolor = repo_root / "resources" / "icons" / "hicolor"
    for size in ICON_SIZES:
        assert (hicolor / f"{size}x{size}" / "apps" / "gpudesk.png").is_file()
        assert (hicolor / f"{size}x{size}" / "mimetypes" / "application-x-gpudesk.png").is_file()


def run_installer(repo_root: Path, tmp_path: Path, *args: str, plain_copy: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "share"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    if plain_copy:
        env["GPUDESK_NO_XDG_UTILS"] = "1"
    return subprocess.run(
        ["bash", str(repo_root / "packaging" / "install-desktop-entry.sh"), *args],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )


@pytest.mark.parametrize("plain_copy", [True, False], ids=["plain-copy", "xdg-utils-when-present"])
def test_installer_installs_and_uninstalls_for_the_user(repo_root: Path, tmp_path: Path, plain_copy: bool) -> None:
    exe = "/opt/gpudesk suite/gpudesk"
    done = run_installer(repo_root, tmp_path, "--exec", exe, plain_copy=plain_copy)
    assert done.returncode == 0, done.stderr
    share = tmp_path / "share"
    entry = read_desktop_entry(share / "applications" / "gpudesk.desktop")
    assert entry["Exec"] == f'"{exe}" %f'
    assert entry["TryExec"] == exe
    assert (share / "mime" / "packages" / "gpudesk-mime.xml").is_file()
    assert (share / "icons" / "hicolor" / "48x48" / "apps" / "gpudesk.png").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "mimetypes" / "application-x-gpudesk.svg").is_file()
    if shutil.which("update-mime-database"):
        assert "*.gpudesk" in (share / "mime" / "globs2").read_text(encoding="utf-8")

    removed = run_installer(repo_root, tmp_path, "--uninstall", plain_copy=plain_copy)
    assert removed.returncode == 0, removed.stderr
    assert not (share / "applications" / "gpudesk.desktop").exists()
    assert not (share / "mime" / "packages" / "gpudesk-mime.xml").exists()
    assert not (share / "icons" / "hicolor" / "48x48" / "apps" / "gpudesk.png").exists()


def test_installer_rejects_unknown_arguments(repo_root: Path, tmp_path: Path) -> None:
    done = run_installer(repo_root, tmp_path, "--bogus", plain_copy=True)
    assert done.returncode == 2
    assert "unknown argument" in done.stderr


def test_sample_plans_ship_in_resources(repo_root: Path) -> None:
    samples = sorted((repo_root / "resources" / "samples").glob("*.gpudesk"))
    assert samples, "resources/samples/*.gpudesk is empty: the bundle and the frozen-app test need sample plans"
