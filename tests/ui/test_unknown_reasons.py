"""A step page says why a figure reads unknown, and a break-even that never comes reads "never pays back"
(issue 21: 未知 on screen with no reason: the startup plan's checkpoint write time, the e-commerce plan's
break-even months).

About 5 s: it opens two sample windows, the only shipped plans with a catalog field unknown behind a shown figure
(startup: object storage's write bandwidth) and with a break-even that never comes (e-commerce)."""

from __future__ import annotations

from test_shell_support import SAMPLES, catalog, flush, make_window, settings  # noqa: F401

from gpudesk.wizard.steps import STEPS


def _page_at(window, key: str):
    window.go_to_step(next(s.number for s in STEPS if s.key == key))
    flush()
    return window.current_page()


def test_the_storage_step_names_the_missing_catalog_field_and_the_cost_step_says_never(make_window) -> None:  # noqa: F811
    startup = make_window(next(p for p in SAMPLES if p.stem == "startup-inspection"))
    startup.controller.run_now()
    page = _page_at(startup, "storage")
    model = page.figures.figure_model
    assert model.value_text("storage.checkpoint_write_time") == "unknown"
    assert page.unknowns.isVisible()
    why = page.unknowns.text()
    assert "write bandwidth per node" in why and "catalog" in why and "checkpoint write time" in why, why

    shop = make_window(next(p for p in SAMPLES if p.stem == "ecommerce-recsys"))
    shop.controller.run_now()
    page = _page_at(shop, "delivery")
    model = page.figures.figure_model
    never = [k for k in model.keys() if k.startswith("delivery.break_even.")]
    assert never and all(model.value_text(k) == "never pays back" for k in never)
    assert not page.unknowns.isVisible()
