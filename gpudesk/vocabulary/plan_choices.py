"""The remaining choices a plan holds: lifecycle stage, data sensitivity, fabric, cooling, compliance, currency,
language, growth-trigger metric and pilot measurement kind."""

from __future__ import annotations

from gpudesk.vocabulary.terms import Term, Vocabulary

STAGE: Vocabulary[Term] = Vocabulary("lifecycle stage", (
    Term("development", "Development", "开发"),
    Term("training", "Training", "训练"),
    Term("large_training", "Large-scale training", "大规模训练"),
    Term("deployment", "Deployment", "部署"),
    Term("integration", "Integration", "集成"),
    Term("production", "Production", "生产"),
    Term("automation", "Automation", "自动化"),
))

DATA_SENSITIVITY: Vocabulary[Term] = Vocabulary("data sensitivity", (
    Term("normal", "Normal", "一般"),
    Term("sensitive", "Sensitive", "敏感"),
    Term("regulated", "Regulated", "受监管"),
))

FABRIC: Vocabulary[Term] = Vocabulary("fabric", (
    Term("none", "None (single node)", "无（单机）"),
    Term("infiniband", "InfiniBand", "InfiniBand"),
    Term("roce", "RoCE (RDMA over Ethernet)", "RoCE（以太网 RDMA）"),
    Term("ethernet", "Ethernet (TCP)", "以太网（TCP）"),
))

COOLING: Vocabulary[Term] = Vocabulary("cooling", (
    Term("air", "Air", "风冷"),
    Term("liquid", "Direct liquid", "液冷"),
    Term("hybrid", "Hybrid air/liquid", "风液混合"),
))

REGION: Vocabulary[Term] = Vocabulary("facility region", (
    Term("cn", "Mainland China", "中国大陆"),
    Term("us", "United States", "美国"),
))
"""The facility regions the catalog holds electricity and grid-carbon defaults for (``facility_defaults``). A plan
may hold another region code (an older plan, a provider's region such as ``cn-shanghai``): it is kept as written."""

CURRENCY: Vocabulary[Term] = Vocabulary("currency", (
    Term("USD", "US dollar (USD)", "美元（USD）"),
    Term("CNY", "Chinese yuan (CNY)", "人民币（CNY）"),
))

LANGUAGE: Vocabulary[Term] = Vocabulary("language", (
    Term("zh", "Chinese", "中文"),
    Term("en", "English", "英文"),
))

DATA_RESIDENCY: Vocabulary[Term] = Vocabulary("data residency", (
    Term("none", "No requirement", "无要求"),
    Term("in_country", "Data stays in the country (this market's cloud only)", "数据不出境（仅本市场云资源）"),
))

DOMESTIC_PARTS: Vocabulary[Term] = Vocabulary("domestic parts", (
    Term("none", "No requirement", "无要求"),
    Term("preferred", "Domestic parts preferred (信创)", "优先国产（信创）"),
    Term("required", "Domestic parts required (信创)", "必须国产（信创）"),
))

MLPS_LEVEL: Vocabulary[Term] = Vocabulary("MLPS 2.0 protection level", (
    # a phase's compliance.mlps_level as text; 0 is no filing (the assumptions read "等保 2.0 级别：0")
    Term("0", "none (not filed)", "无（未定级）"),
    Term("1", "1", "一级"),
    Term("2", "2", "二级"),
    Term("3", "3", "三级"),
    Term("4", "4", "四级"),
))

INDUSTRY: Vocabulary[Term] = Vocabulary("industry", (
    Term("general", "General", "一般行业"),
    Term("finance", "Finance", "金融"),
    Term("government", "Government", "政务"),
    Term("healthcare", "Healthcare", "医疗"),
    Term("energy", "Energy", "能源"),
    Term("telecom", "Telecom", "电信"),
    Term("education", "Education", "教育"),
))

TRIGGER_METRIC: Vocabulary[Term] = Vocabulary("growth trigger metric", (
    Term("requests_per_day", "Requests per day", "日请求量"),
    Term("concurrency", "Concurrent requests", "并发数"),
    Term("train_tokens", "Training tokens", "训练 token 数"),
    Term("seats", "Seats", "席位数"),
    Term("items_per_day", "Items per day", "日处理量"),
))

MEASUREMENT_KIND: Vocabulary[Term] = Vocabulary("pilot measurement", (
    Term("train_step", "Training step", "训练步"),
    Term("inference", "Inference", "推理"),
    Term("gpu_telemetry", "GPU telemetry", "GPU 遥测"),
    Term("io_throughput", "I/O throughput", "IO 吞吐"),
    Term("manual", "Entered by hand", "手工录入"),
))

AVAILABILITY_STATUS: Vocabulary[Term] = Vocabulary("availability status", (  # a part in a market (catalog rows)
    Term("available", "available", "可采购"),
    Term("restricted", "restricted (licence needed)", "受限（需许可）"),
    Term("unavailable", "unavailable", "不可采购"),
    Term("unknown", "no data", "无数据"),
))

MARKET: Vocabulary[Term] = Vocabulary("market", (  # a plan's market, from its facility region (core/market.py)
    Term("cn", "China (mainland)", "中国大陆"),
    Term("us", "United States", "美国"),
    Term("eu", "European Union", "欧盟"),
    Term("global", "global", "全球"),
))
