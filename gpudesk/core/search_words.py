"""How a searched configuration, a dropped-points count and a lever read, in English and Chinese.

Each function returns an ``(en, zh)`` pair built from the search's numbers; nothing here decides anything.
"""

from __future__ import annotations

import math

from gpudesk.core.search_points import SearchPoint
from gpudesk.vocabulary.precision import PRECISION
from gpudesk.vocabulary.sizing import BINDING
from gpudesk.vocabulary.training import RECOMPUTE

Pair = tuple[str, str]


def _n(value: float, digits: int = 0) -> str:
    return f"{value:,.{digits}f}" if math.isfinite(value) else "—"


def short(dtype: str) -> str:
    return PRECISION.name_of(dtype, "en").split(" (")[0]


def precision_text(p: SearchPoint) -> Pair:
    w, kv = short(p.weight_dtype), short(p.kv_dtype)
    if p.kind in ("llm_inference", "agent_hosting"):
        if p.weight_dtype == kv.lower() or w == kv:
            return w, w
        return f"{w} weights, {kv} KV cache", f"{w} 权重、{kv} KV 缓存"
    c = PRECISION.name_of(p.compute_dtype, "en")
    return c, c


def layout_text(p: SearchPoint) -> str:
    lay = p.layout
    if "tp" not in lay:  # vision, item serving, seats: no model parallel layout
        return ""
    parts = [f"TP{int(lay.get('tp', 1))}"]
    if lay.get("pp", 1) > 1:
        parts.append(f"PP{int(lay['pp'])}")
    if lay.get("cp", 1) > 1:
        parts.append(f"CP{int(lay['cp'])}")
    if lay.get("ep", 1) > 1:
        parts.append(f"EP{int(lay['ep'])}")
    if "dp" in lay:
        parts.append(f"DP{int(lay['dp'])}")
    return " × ".join(parts)


def describe(p: SearchPoint) -> Pair:
    """One line: accelerator × GPUs · precision · layout and what else sets the configuration."""
    prec_en, prec_zh = precision_text(p)
    lay = p.layout
    layout = layout_text(p)
    en = [f"{p.accelerator_name} × {p.gpus:,}", *([prec_en] if prec_en else []), *([layout] if layout else [])]
    zh = [f"{p.accelerator_name} × {p.gpus:,} 卡", *([prec_zh] if prec_zh else []), *([layout] if layout else [])]
    if "replicas" in lay and math.isfinite(float(lay["replicas"])) and lay["replicas"] >= 1:
        r = int(lay["replicas"])
        en.append(f"{r:,} replica{'s' if r != 1 else ''}")
        zh.append(f"{r:,} 个副本")
    if "batch" in lay and math.isfinite(float(lay["batch"])) and lay["batch"] >= 1:
        en.append(f"batch {int(lay['batch']):,}")
        zh.append(f"批量 {int(lay['batch']):,}")
    if lay.get("disagg"):
        en.append("prefill/decode disaggregated")
        zh.append("预填充/解码分离")
    if "zero" in lay:
        rc = RECOMPUTE.name_of(str(lay.get("recompute_name", "selective")), "en")
        rc_zh = RECOMPUTE.name_of(str(lay.get("recompute_name", "selective")), "zh")
        en.append(f"ZeRO-{int(lay['zero'])}, {rc} recompute, micro-batch {int(lay.get('mb', 1))}")
        zh.append(f"ZeRO-{int(lay['zero'])}，{rc_zh}，微批量 {int(lay.get('mb', 1))}")
    return " · ".join(en), " · ".join(zh)


def performance(p: SearchPoint) -> Pair:
    """What the configuration achieves (the figure the plan's targets are about)."""
    v = p.values
    if p.kind in ("llm_inference", "agent_hosting"):
        return (f"{_n(v.get('tokens_per_s_per_user', math.nan))} tokens/s per user, TTFT "
                f"{_n(v.get('ttft_at_percentile_s', math.nan) * 1000)} ms at the target percentile, TPOT "
                f"{_n(v.get('tpot_s', math.nan) * 1000, 1)} ms",
                f"单用户 {_n(v.get('tokens_per_s_per_user', math.nan))} token/秒，目标分位首 token "
                f"{_n(v.get('ttft_at_percentile_s', math.nan) * 1000)} 毫秒，每 token {_n(v.get('tpot_s', math.nan) * 1000, 1)} 毫秒")
    if "days" in v:
        return f"{_n(v['days'], 1)} days to train", f"训练 {_n(v['days'], 1)} 天"
    if "items_per_s_per_gpu" in v:
        return (f"{_n(v['items_per_s_per_gpu'])} items/s per GPU", f"每卡 {_n(v['items_per_s_per_gpu'])} 项/秒")
    if "seats_per_gpu" in v:
        return f"{_n(v['seats_per_gpu'])} seats per GPU", f"每卡 {_n(v['seats_per_gpu'])} 个席位"
    return "", ""


def money(value: float, currency: str) -> str:
    return f"{value:,.0f} {currency}" if math.isfinite(value) else "unpriced"


def money_zh(value: float, currency: str) -> str:
    return f"{value:,.0f} {currency}" if math.isfinite(value) else "无价格"


EXCLUDED = {  # why an accelerator was not searched (core/search_catalog.eligible, cooling)
    "market": ("not sold in the plan's market", "该市场无法采购"), "no_server": ("no server in the catalog",
                                                                          "目录中无对应服务器"),
    "domestic": ("not domestic (信创 required)", "非国产（要求信创）"), "not_listed": ("not in the plan's list",
                                                                           "不在方案比较列表中"),
    "no_data": ("no memory figures in the catalog", "目录中缺少显存数据"),
    "cooling": ("needs liquid cooling the room lacks", "需要机房不具备的液冷"),
}


def dropped_text(total: int, dropped: dict[str, int], feasible: int, excluded: dict[str, str] | None = None) -> Pair:
    """'412 configurations: 380 out of memory, 20 miss the TTFT target …; 12 meet every target' and the
    accelerators left out before the search, by reason."""
    parts_en = [f"{n:,} {BINDING.term(code).dropped_en}" for code, n in dropped.items()]
    parts_zh = [f"{n:,} 个{BINDING.term(code).dropped_zh}" for code, n in dropped.items()]
    en = f"{total:,} configurations: " + ", ".join(parts_en + [f"{feasible:,} meet every target"])
    zh = f"共 {total:,} 种配置：" + "，".join(parts_zh + [f"{feasible:,} 个满足全部目标"])
    if excluded:
        counts: dict[str, int] = {}
        for reason in excluded.values():
            counts[reason] = counts.get(reason, 0) + 1
        words = [(n, EXCLUDED.get(r, (r, r))) for r, n in sorted(counts.items(), key=lambda kv: -kv[1])]
        en += f"; {len(excluded):,} accelerators not searched (" + ", ".join(f"{n} {w[0]}" for n, w in words) + ")"
        zh += f"；另有 {len(excluded):,} 种加速卡未参与搜索（" + "，".join(f"{n} 种{w[1]}" for n, w in words) + "）"
    return en, zh


def change(new: float, old: float) -> str:
    if not (math.isfinite(new) and math.isfinite(old)) or old == 0:
        return ""
    return f"{(new / old - 1):+.0%}"


def versus(p: SearchPoint, ref: SearchPoint, currency: str) -> Pair:
    """What ``p`` costs against ``ref``: money with the change when both are priced, else GPUs."""
    if math.isfinite(p.cost) and math.isfinite(ref.cost):
        d = change(p.cost, ref.cost)
        return f"{money(p.cost, currency)} ({d})", f"{money_zh(p.cost, currency)}（{d}）"
    d = change(p.gpus, ref.gpus)
    return (f"{p.gpus:,} GPUs ({d}; unpriced, compared by GPU count)",
            f"{p.gpus:,} 张 GPU（{d}；无价格，按 GPU 数比较）")
