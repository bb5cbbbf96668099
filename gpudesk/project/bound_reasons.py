"""Why each plan field's range is what it is (``why`` in the field metadata of ``model.py``).

A bound rejects an input mistake or a request gpudesk cannot answer in
bounded time, never an unusual but real plan: each reason says what the
limit covers. The texts appear in validation messages, the wizard's tool
tips (in Chinese through ``resources/i18n/figures_zh.toml`` [bound_reason]),
the JSON Schema (``x-bound-reason``) and ``docs/project-format.md``.
"""

from __future__ import annotations

DEGREE = "a parallel degree above 1,024 exceeds the largest scale-up domain sold (576 GPUs)"
STAGES = "a pipeline stage holds at least one layer; 1,024 exceeds the depth of any published model"
PREFILL_TP = "0 = the decode instances' tensor parallel; " + DEGREE
POOL = "0 = sized from the rate; a million GPUs exceeds any cluster built"
REPLICAS = "0 = derived from the GPU count; a million replicas exceeds any cluster built"
ZERO = "ZeRO defines stages 0 to 3"
CHUNKS = "interleaved schedules use 2-8 chunks per stage; 64 bounds the schedule search"
CONTEXT = ("the longest context of a published model is 10 M tokens; the model's own context is checked "
           "when the model is known")
OUTPUT = ("1 M output tokens exceeds any published model's output window; prompt + output is checked "
          "against the model's context when the model is known")
MICRO_BATCH = "65,536 sequences per GPU exceeds what any GPU memory holds"
GLOBAL_BATCH = "100 M sequences exceeds any published pre-training batch"
TOKENS = "1,000 T tokens is about 30 times the largest published pre-training run (36 T tokens)"
EPOCHS = "100,000 passes over a data set exceeds any training recipe"
MEMORY_SHARE = ("a serving engine needs some GPU memory (5% at least) and leaves some to the driver and runtime "
                "(99% at most)")
DEADLINE = "0 = no deadline; ten years outlives the hardware"
LORA_RANK = "published LoRA recipes use ranks 8-256; 4,096 covers the hidden size of small models"
KV_BUCKET = ("0 = the cache read as filled; ten million tokens exceeds any model's context (a bucket at or above "
             "input + output reads the whole static cache)")
TOKEN_BUDGET = ("0 = no budget; ten million tokens per iteration exceeds any engine's setting (published configs "
                "set 512-32,768)")
ADP_ITERS = ("TensorRT-LLM's defaults are 50 and 10 iterations and published configs set 2-500; 1,000 iterations "
             "holds a prompt about a minute")
CONCURRENCY = "0 = derived; ten million sequences in one engine exceeds any single deployment"
USERS = "0 = not given; a billion people exceeds any organisation's users"
BUSY_HOURS = "the hours of a day the volume arrives in, at least one"
PEAK_RATE = "0 = from the daily volume; ten million requests a second exceeds any public LLM service"
E2E = "0 = none; an hour from request to last token is beyond any interactive service"
POWER_KW = "0 = no limit; a gigawatt exceeds the largest data-centre campus announced"
BUDGET = "0 = no limit; ten trillion in the plan's currency exceeds any infrastructure budget"
REQUESTS = "a trillion requests a day is about 1,000 times the largest public LLM service"
PEAK = "a peak above 1,000 times the daily average means the average is not the right input"
LATENCY = "1 ms is below any network round trip; 10 minutes is beyond any interactive target"
TPOT = "1 ms per token is faster than any model serves; a token a minute is far slower than reading"
ITEMS = "ten trillion items exceeds any published pipeline"
IMAGE = "8 px is the smallest useful input; 16,384 px is the largest image a vision model is run at"
SEATS = "a million concurrent seats exceeds any VDI farm"
SEAT_PROFILE = "vGPU profiles range from 0.5 GB to a whole 192 GB GPU"
AGENTS = "ten million always-on agents exceeds any published deployment"
CALLS = "a million calls per agent-hour is about 280 calls a second from one agent"
VCPUS = "from a tenth of a core to a whole large host"
GPUS_PER_NODE = "the largest single system in the catalog (NVL72) holds 72 GPUs"
NODES = "0 = sized by gpudesk; 100,000 nodes (800,000 GPUs) exceeds the largest cluster announced"
CORES = "0 = the server's; 1,024 cores exceeds any 8-socket server"
HOST_RAM = "0 = the server's; 64 TB exceeds any single host's memory"
DATASET_TB = "an exabyte of training data exceeds any published data set"
GROWTH = "data growing more than tenfold a year is a new plan, not growth"
CHECKPOINT = "from every 3 minutes to once a year"
TEAM = "from one person to a hundred thousand users of the platform"
JOBS = "10,000 jobs at once exceeds any shared cluster's scheduler queue"
SAMPLE_BYTES = "0 = derived from the model; one sample above 1 TB is a unit mistake"
OVERSUBSCRIPTION = "1:1 is non-blocking; fabrics are not built above 16:1"
PUE = "0 = catalog default for the cooling type; 1.0 is the ideal and no operating site exceeds 3"
ELECTRICITY = "0 = catalog default for the region; 10 per kWh is about 30 times any tariff"
GRID_CO2 = "-1 = catalog default for the region; a coal-only grid emits about 1 kg/kWh"
RACK_KW = "0 = catalog default for the cooling type; 500 kW exceeds the densest liquid-cooled racks"
HOURS = "hours in a day"
DAYS = "days in a month"
MONTH = "months of the year"
PEAK_MULTIPLIER = "a season above 100 times the normal load is a separate phase"
SHARE = "a share of the capacity, from none of it to all of it"
RATE = "0.1-100 CNY per USD brackets every rate ever quoted"
HORIZON = "cost horizons beyond 15 years outlive any hardware"
FTE = "from no staff to ten thousand full-time people"
MONEY_YEAR = "per year in the plan's currency; a hundred million covers any team"
MONEY_UNIT = "per unit in the plan's currency; a million is beyond any licence or fit-out price"
GPU_PRICE = "per GPU in the plan's currency; ten million is beyond any accelerator's price"
PERCENT = "a percentage"
VAT = "-1 = the market's standard rate; otherwise a percentage"
INSTALLATION = "-1 = awaiting a quote; ten million per server is beyond any installation price"
SERVICES = "a lump sum in the plan's currency; ten billion is beyond any services contract"
MONTHS = "50 years"
THRESHOLD = "the metric's own unit; 1e15 exceeds every workload bound"
ADD_NODES = "the same limit as a phase's nodes"
MEASUREMENT = "any finite measured value; magnitudes above 1e30 are corrupt data"
SCALE = ("a fitted scale multiplies a catalog efficiency (1 = the catalog's); outside 0.001-1,000 it is a "
         "unit mistake, not a measurement")
SIGMA = "a relative 1-sigma above 100 says nothing about the value"
MLPS = ("0 = not filed; GB/T 22239-2019 defines levels 1-5, and level 5 (national security systems) is not "
        "planned with commercial tools")
SCHEMA = "the format versions this gpudesk reads"
PHASES = ("an estimate's cost grows with phases x workloads: 10 phases (five years in half-year steps) of "
          "8 workloads keep a full estimate under 2 s on a 2-core laptop")
WORKLOADS = "a phase serves at most 8 workloads, so that a full estimate stays under 2 s (see phases)"
POWER_LIMIT = ("0 = the TDP; 3,000 W exceeds the TDP of any accelerator sold (the highest catalogued is about "
               "1.4 kW); a limit at or above the TDP changes nothing")
PLAN_NAME = "the plan's name heads the proposal's cover and every page, the window's title and the file name suggested"
CUSTOMER = "the customer fills one line of the proposal's cover"
AUTHOR = "the author fills one line of the proposal's cover and of its revision list"
PHASE_NAME = "a phase's name labels its tab, the status bar and the charts' legends"
WORKLOAD_NAME = "a workload's name labels its rows in the steps and the proposal"
NOTE = "a trigger's note is shown beside it on the roadmap"
SUMMARY = "a revision's summary fills one row of the proposal's revision list"
NOTES = "notes fill pages of the proposal; 100,000 characters is about 30 pages"
