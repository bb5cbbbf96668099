"""Codes the catalog's rows hold that a reader sees: accelerator vendors and how well a framework supports a part.

The catalog keeps the codes (CSV files, the row form, ``catalog/field_rules.py`` accepts exactly these); the browser
names them in the reader's language: the Chinese catalog browser read "cambricon", "moorethreads" and "upstream".
Domestic vendors read by their Chinese names in Chinese; foreign ones keep their Latin names, as Chinese
datasheets and tenders write them.
"""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

ACCELERATOR_VENDOR: Vocabulary[Term] = Vocabulary("accelerator vendor", (
    Term("nvidia", "NVIDIA", "NVIDIA"),
    Term("amd", "AMD", "AMD"),
    Term("intel", "Intel", "Intel"),
    Term("huawei", "Huawei", "华为"),
    Term("hygon", "Hygon", "海光"),
    Term("cambricon", "Cambricon", "寒武纪"),
    Term("kunlunxin", "Kunlunxin", "昆仑芯"),
    Term("metax", "MetaX", "沐曦"),
    Term("moorethreads", "Moore Threads", "摩尔线程"),
    Term("biren", "Biren", "壁仞"),
    Term("iluvatar", "Iluvatar CoreX", "天数智芯"),
    Term("enflame", "Enflame", "燧原"),
))

FRAMEWORK_SUPPORT: Vocabulary[Term] = Vocabulary("framework support", (
    Term("upstream", "upstream release", "上游正式支持"),
    Term("vendor", "vendor plugin or fork", "厂商插件或分支"),
    Term("partial", "works with gaps", "部分可用"),
    Term("none", "not supported", "不支持"),
))

CLOUD_REGION: Vocabulary[Term] = Vocabulary("cloud region", (  # a cloud offer's region (catalog cloud_offers.region)
    # English keeps the provider's own code, as its console and price list write it; Chinese names the place, as
    # the providers' Chinese pages do (华东 2（上海） reads 上海 here: a region name sits in brackets after the offer)
    Term("us-east-1", "us-east-1", "美国弗吉尼亚北部"),
    Term("us-east-2", "us-east-2", "美国俄亥俄"),
    Term("us-central1", "us-central1", "美国爱荷华"),
    Term("eastus", "eastus", "美国弗吉尼亚"),
    Term("cn-north-1", "cn-north-1", "北京"),
    Term("cn-northwest-1", "cn-northwest-1", "宁夏"),
    Term("cn-beijing", "cn-beijing", "北京"),
    Term("cn-hangzhou", "cn-hangzhou", "杭州"),
    Term("cn-shanghai", "cn-shanghai", "上海"),
    Term("cn-southwest-2", "cn-southwest-2", "贵阳"),
    Term("ap-guangzhou", "ap-guangzhou", "广州"),
))

CATALOG_MARKET: Vocabulary[Term] = Vocabulary("catalog market", (  # where a part is sold (accelerators' markets)
    Term("global", "Sold worldwide", "全球销售"),
    Term("china", "China", "中国"),
    Term("china-market", "China-market edition", "中国特供版"),
    Term("export-controlled", "Export-controlled", "受出口管制"),
    Term("domestic", "China-made (domestic)", "国产"),
))

FACILITY_KIND: Vocabulary[Term] = Vocabulary("facility default", (  # a facility_defaults row's kind
    Term("pue", "PUE", "PUE"),
    Term("electricity", "Electricity price", "电价"),
    Term("grid_co2", "Grid emission factor", "电网排放因子"),
    Term("rack_power", "Rack power", "单机柜功率"),
))
"""What a facility default is, as a source line names the row ('Electricity price, Mainland China'), not by its id
('facility_defaults/electricity-cn')."""

ACCELERATOR_FAMILY: Vocabulary[Term] = Vocabulary("accelerator family", (  # catalog/field_rules.py's family codes
    Term("nvidia-volta", "NVIDIA Volta", "NVIDIA Volta"),
    Term("nvidia-turing", "NVIDIA Turing", "NVIDIA Turing"),
    Term("nvidia-ampere", "NVIDIA Ampere", "NVIDIA Ampere"),
    Term("nvidia-ada", "NVIDIA Ada Lovelace", "NVIDIA Ada Lovelace"),
    Term("nvidia-hopper", "NVIDIA Hopper", "NVIDIA Hopper"),
    Term("nvidia-blackwell", "NVIDIA Blackwell", "NVIDIA Blackwell"),
    Term("amd-cdna2", "AMD CDNA 2", "AMD CDNA 2"),
    Term("amd-cdna3", "AMD CDNA 3", "AMD CDNA 3"),
    Term("amd-cdna4", "AMD CDNA 4", "AMD CDNA 4"),
    Term("intel-gaudi", "Intel Gaudi", "Intel Gaudi"),
    Term("huawei-ascend", "Huawei Ascend", "华为昇腾"),
    Term("hygon-dcu", "Hygon DCU", "海光 DCU"),
    Term("cambricon-mlu", "Cambricon MLU", "寒武纪 MLU"),
    Term("kunlunxin-xpu", "Kunlunxin XPU", "昆仑芯 XPU"),
    Term("metax-c", "MetaX C series", "沐曦 C 系列"),
    Term("moorethreads-musa", "Moore Threads MUSA", "摩尔线程 MUSA"),
    Term("biren-br", "Biren BR series", "壁仞 BR 系列"),
    Term("iluvatar-corex", "Iluvatar CoreX", "天数智芯"),
    Term("enflame-gcu", "Enflame GCU", "燧原 GCU"),
))
"""An accelerator family by name, where a source line names the family a constant belongs to ('Cambricon MLU:
0.615 …'), not by its code ('cambricon-mlu: constant ATTN_EFF_UNMEASURED = 0.615')."""
