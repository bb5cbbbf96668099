"""The shareable package and the `gpudesk catalog` command."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from gpudesk.catalog.bundle import export_bundle, import_bundle
from gpudesk.catalog.errors import CatalogImportError
from gpudesk.catalog.records import Citation
from gpudesk.catalog.store import Catalog
from gpudesk.cli.catalog_cmd import run
from gpudesk.paths import shipped_catalog_path


def test_bundle_round_trip(catalog: Catalog, tmp_path: Path) -> None:
    catalog.add_citation(Citation("quote-1", "Reseller quote", kind="V", accessed="2026-11-01"))
    catalog.duplicate_row("servers", "pcie-8x-l40s", "my-l40s-box", {"price_usd": 95000, "source": "quote-1"})
    counts = export_bundle(catalog, tmp_path / "share.zip")
    assert counts == {"servers": 1}
    other = Catalog.open(shipped_catalog_path(), tmp_path / "other.db")
    assert import_bundle(other, tmp_path / "share.zip") == {"servers": 1}
    assert other.server("my-l40s-box").price_usd == 95000
    assert other.citation("quote-1").title == "Reseller quote"


def test_bad_bundle_is_rejected_whole(catalog: Catalog, tmp_path: Path) -> None:
    path = tmp_path / "bad.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("manifest.json", json.dumps({"format": "gpudesk-catalog-bundle", "schema_version": 1}))
        zf.writestr("rows/nics.json", json.dumps([
            {"id": "ok-nic", "name": "OK", "kind": "ethernet", "gbps": 100, "source": "intel-e810", "date": "2026-01-01"},
            {"id": "bad-nic", "name": "Bad", "kind": "ethernet", "gbps": -5, "source": "intel-e810", "date": "2026-01-01"},
        ]))
    with pytest.raises(CatalogImportError, match="bad-nic"):
        import_bundle(catalog, path)
    assert "ok-nic" not in {n.id for n in catalog.nics()}
    (tmp_path / "junk.zip").write_bytes(b"PK junk")
    with pytest.raises(CatalogImportError, match="not a readable"):
        import_bundle(catalog, tmp_path / "junk.zip")


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["catalog", *argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_list_show_validate() -> None:
    code, out, _ = cli("list", "accelerators", "--filter", "vendor=amd", "--json")
    assert code == 0 and {r["id"] for r in json.loads(out)} == {"mi250x", "mi300x", "mi325x", "mi355x"}
    code, out, _ = cli("show", "servers", "gb200-nvl72", "--json")
    shown = {f["field"]: f for f in json.loads(out)["fields"]}
    assert shown["liquid_heat_share"]["source"] == "seed-ai-lifecycle" and shown["power_max_kw"]["unit"] == "kW"
    code, out, _ = cli("validate")
    assert code == 0 and "no problems" in out


def test_cli_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    code, _, err = cli("show", "accelerators", "h100-sx")
    assert code == 2 and err.count("\n") == 1 and "did you mean" in err and "Traceback" not in err
    code, _, err = cli("list", "accelerators", "--filter", "colour=red")
    assert code == 2 and "no field" in err
    bad = tmp_path / "bad.csv"
    bad.write_text("id,name,kind,gbps,source,date\nn1,N,ethernet,abc,intel-e810,2026-01-01\n", encoding="utf-8")
    code, _, err = cli("import", str(bad), "--table", "nics")
    assert code == 2 and "nothing applied" in err and "gbps" in err
    code, _, err = cli("import", str(tmp_path / "missing.csv"), "--table", "nics")
    assert code == 2 and "cannot read" in err


def test_cli_export_then_import(tmp_path: Path) -> None:
    out_file = tmp_path / "nics.csv"
    assert cli("export", "nics", "-o", str(out_file))[0] == 0
    text = out_file.read_text(encoding="utf-8").replace("intel-e810-cqda2,", "my-e810,", 1)
    out_file.write_text(text, encoding="utf-8")
    code, out, _ = cli("import", str(out_file), "--table", "nics")
    assert code == 0 and "imported 6" in out
    code, out, _ = cli("list", "nics", "--filter", "id=my-e810")
    assert "[user]" in out
