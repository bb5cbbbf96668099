<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en_US">
  <context>
    <name>App</name>
    <message>
      <location filename="../../gpudesk/ui/app.py" line="104" />
      <source>Autosave is off: {0}</source>
      <translation>自动保存已关闭：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/app.py" line="200" />
      <source>The catalog cannot be opened: {0}</source>
      <translation>无法打开产品目录：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/app.py" line="129" />
      <source>Your own catalog needed attention; gpudesk started with what could be read. Details:</source>
      <translation>您的自定义目录需要处理；gpudesk 已用可读取的内容启动。详情：</translation>
    </message>
  </context>
  <context>
    <name>BackgroundTask</name>
    <message>
      <location filename="../../gpudesk/ui/background.py" line="144" />
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
  </context>
  <context>
    <name>CalibrationDialog</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="258" />
      <source>A measurement is impossible on this accelerator; see Consistency checks. Fix the pilot setup or the log before applying.</source>
      <translation>有测量值在该加速卡上不可能达到，请查看“一致性检查”。应用前请修正试点配置或日志。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="277" />
      <source>Applied to the plan: the estimate now rests on the pilot (Edit → Undo removes it).</source>
      <translation>已应用到方案：估算现在基于试点实测（“编辑 → 撤销”可移除）。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="79" />
      <source>Apply to plan</source>
      <translation>应用到方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="57" />
      <source>Calibrate from a pilot</source>
      <translation>用试点实测校准</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="273" />
      <source>Calibrate from pilot</source>
      <translation>用试点实测校准</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="256" />
      <source>Cannot fit: {0}</source>
      <translation>无法拟合：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="186" />
      <source>Cannot read {0}: {1}</source>
      <translation>无法读取 {0}：{1}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="77" />
      <source>Clear measurements</source>
      <translation>清除测量值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="82" />
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="125" />
      <source>Compare with phase</source>
      <translation>对照阶段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="156" />
      <source>Consistency checks</source>
      <translation>一致性检查</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="145" />
      <source>Constants that moved</source>
      <translation>发生变化的常数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="71" />
      <source>Drop a pilot log here, open one, paste its text or type a measurement.</source>
      <translation>把试点日志拖到这里、打开日志文件、粘贴日志文本，或手工录入测量值。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="155" />
      <source>Fit</source>
      <translation>拟合</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="75" />
      <source>Fit again</source>
      <translation>重新拟合</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="157" />
      <source>Full-scale plan</source>
      <translation>全规模方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="119" />
      <source>How the pilot ran (where the log does not say)</source>
      <translation>试点运行配置（日志未记录的部分）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="144" />
      <source>Measured vs predicted, before and after the fit</source>
      <translation>实测与预测对比（拟合前后）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="254" />
      <source>No measurements yet.</source>
      <translation>尚无测量值。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="275" />
      <source>Not applied: {0}</source>
      <translation>未应用：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="208" />
      <source>Nothing recognisable in {0}; see the problems list.</source>
      <translation>{0} 中没有可识别的内容，请查看问题列表。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="97" />
      <source>Open log…</source>
      <translation>打开日志…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="169" />
      <source>Open pilot logs</source>
      <translation>打开试点日志</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="153" />
      <source>Parsed measurements and problems</source>
      <translation>解析出的测量值和问题</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="105" />
      <source>Paste a training log, a serving benchmark summary, nvidia-smi CSV or fio output here</source>
      <translation>在此粘贴训练日志、推理压测汇总、nvidia-smi CSV 或 fio 输出</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="94" />
      <source>Pilot measurements</source>
      <translation>试点测量值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="108" />
      <source>Read pasted text</source>
      <translation>读取粘贴的文本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="154" />
      <source>Steady state</source>
      <translation>稳态</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="278" />
      <source>The plan already holds this calibration.</source>
      <translation>方案已包含此次校准。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="100" />
      <source>or drop log files on this window</source>
      <translation>或把日志文件拖到本窗口</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="194" />
      <source>pasted text</source>
      <translation>粘贴的文本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="61" />
      <source>typed in</source>
      <translation>手工录入</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="182" />
      <source>{0} is larger than 64 MB; cut the steady-state part out of it</source>
      <translation>{0} 超过 64 MB，请截取其中的稳态部分</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/dialog.py" line="262" />
      <source>{0} measurements, {1} problem lines, {2} checks; fitted {3}. Apply to plan to use these scales.</source>
      <translation>{0} 个测量值，{1} 行有问题，{2} 项检查；已拟合 {3}。点击“应用到方案”以使用这些系数。</translation>
    </message>
  </context>
  <context>
    <name>CandidateTableModel</name>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="68" />
      <source>#</source>
      <translation>序号</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="68" />
      <source>Accelerator</source>
      <translation>加速卡</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="69" />
      <source>Fits</source>
      <translation>能否放下</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="68" />
      <source>GPUs</source>
      <translation>GPU数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="76" />
      <source>Instances</source>
      <translation>实例数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="68" />
      <source>Layout</source>
      <translation>并行布局</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="68" />
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="76" />
      <source>Nodes</source>
      <translation>节点数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="75" />
      <source>Rent over the phase</source>
      <translation>本阶段租用费用</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="177" />
      <source>Searching…</source>
      <translation>搜索中…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="179" />
      <source>The configuration search runs in idle time; this row shows its result when it is done.</source>
      <translation>配置搜索在空闲时运行；搜索完成后，此行显示其结果。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="69" />
      <source>Time / throughput</source>
      <translation>时间 / 吞吐</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="69" />
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="75" />
      <source>Total cost of ownership</source>
      <translation>总体拥有成本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="218" />
      <source>cannot estimate</source>
      <translation>无法估算</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="200" />
      <source>does not fit</source>
      <translation>显存放不下</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="200" />
      <source>fits</source>
      <translation>放得下</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/candidate_model.py" line="208" />
      <source>{0}  ◆ pinned</source>
      <translation>{0}  ◆ 已选定</translation>
    </message>
  </context>
  <context>
    <name>CatalogBrowser</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="80" />
      <source>Accelerators</source>
      <translation>加速卡</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="89" />
      <source>Add row…</source>
      <translation>添加行…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="84" />
      <source>Availability</source>
      <translation>供货</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="234" />
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="241" />
      <source>CSV files (*.csv)</source>
      <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="82" />
      <source>Cloud offers</source>
      <translation>云实例报价</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="94" />
      <source>Compare</source>
      <translation>对比</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="92" />
      <source>Delete</source>
      <translation>删除</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="186" />
      <source>Delete rows</source>
      <translation>删除行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="187" />
      <source>Delete these rows from your catalog?
{0}
A row that overrides a shipped row reverts to the shipped values.</source>
      <translation>从您的目录中删除这些行？
{0}
覆盖内置行的行将恢复为内置值。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="101" />
      <source>Delete your own rows; shipped rows cannot be deleted</source>
      <translation>删除您自己添加的行；内置行不能删除</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="91" />
      <source>Duplicate…</source>
      <translation>复制为新行…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="100" />
      <source>Edit your own row (shipped rows: duplicate them first)</source>
      <translation>编辑您自己的行（内置行请先复制）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="90" />
      <source>Edit…</source>
      <translation>编辑…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="97" />
      <source>Export CSV…</source>
      <translation>导出 CSV…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="274" />
      <source>Export failed</source>
      <translation>导出失败</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="99" />
      <source>Export price list…</source>
      <translation>导出价格表…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="251" />
      <source>Export your rows as a catalog package</source>
      <translation>把您的行导出为目录包</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="240" />
      <source>Export {0} as CSV</source>
      <translation>将{0}导出为 CSV</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="83" />
      <source>Facility</source>
      <translation>机房参数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="96" />
      <source>Import CSV…</source>
      <translation>导入 CSV…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="246" />
      <source>Import a catalog package</source>
      <translation>导入目录包</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="103" />
      <source>Import a catalog package shared by your team</source>
      <translation>导入团队共享的目录包</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="98" />
      <source>Import price list…</source>
      <translation>导入价格表…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="233" />
      <source>Import {0} from CSV</source>
      <translation>从 CSV 导入{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="81" />
      <source>Interconnects</source>
      <translation>高速互联</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="83" />
      <source>Models</source>
      <translation>模型</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="81" />
      <source>NICs</source>
      <translation>网卡</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="176" />
      <source>Not deleted</source>
      <translation>未删除</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="261" />
      <source>Price list exported</source>
      <translation>价格表已导出</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="102" />
      <source>Select 2 to {0} rows of this table to compare</source>
      <translation>在此表中选择 2 到 {0} 行进行对比</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="80" />
      <source>Servers</source>
      <translation>服务器</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="104" />
      <source>Share all your rows and their sources as one file</source>
      <translation>把您的所有行及其来源打包成一个文件共享</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="82" />
      <source>Storage</source>
      <translation>存储</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="81" />
      <source>Switches</source>
      <translation>交换机</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="258" />
      <source>Wrote 1 row and its sources to {1}.</source>
      <translation>已将 1 行及其来源写入 {1}。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="259" />
      <source>Wrote {0} rows and their sources to {1}.</source>
      <translation>已将 {0} 行及其来源写入 {1}。</translation>
    </message>
  </context>
  <context>
    <name>CatalogChoice</name>
    <message>
      <source>air</source>
      <translation>风冷</translation>
    </message>
    <message>
      <source>hybrid</source>
      <translation>风液混合</translation>
    </message>
    <message>
      <source>liquid</source>
      <translation>液冷</translation>
    </message>
    <message>
      <source>none</source>
      <translation>不支持</translation>
    </message>
    <message>
      <source>partial</source>
      <translation>部分支持</translation>
    </message>
    <message>
      <source>superchip</source>
      <translation>超级芯片</translation>
    </message>
    <message>
      <source>upstream</source>
      <translation>主流框架原生支持</translation>
    </message>
    <message>
      <source>vendor</source>
      <translation>厂商资料</translation>
    </message>
  </context>
  <context>
    <name>CatalogChoices</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_choices.py" line="64" />
      <source>Custom model (defined in the plan)</source>
      <translation>自定义模型（方案中定义）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_choices.py" line="62" />
      <source>Custom model: {name} (defined in the plan)</source>
      <translation>自定义模型：{name}（方案中定义）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_choices.py" line="89" />
      <source>— cheapest matching offer —</source>
      <translation>— 自动选择最便宜的匹配报价 —</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_choices.py" line="98" />
      <source>— chosen for the fabric —</source>
      <translation>— 按网络类型自动选择 —</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_choices.py" line="77" />
      <source>— derived from accelerator —</source>
      <translation>— 按加速卡自动推导 —</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_choices.py" line="95" />
      <source>— from server —</source>
      <translation>— 沿用服务器自带网卡 —</translation>
    </message>
  </context>
  <context>
    <name>CatalogFieldHelp</name>
    <message>
      <source>empty = unknown</source>
      <translation>留空 = 未知</translation>
    </message>
  </context>
  <context>
    <name>CatalogTableModel</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_model.py" line="96" />
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_model.py" line="159" />
      <source>shipped row, verified against its source</source>
      <translation>内置行，已对照来源核实</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_model.py" line="125" />
      <source>unknown: not in the cited sources</source>
      <translation>未知：引用来源中未给出</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_model.py" line="158" />
      <source>◇ unverified: values not yet checked against a primary source</source>
      <translation>◇ 未核实：数值尚未对照一手来源核实</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_model.py" line="98" />
      <source>★ your own row (user catalog) · ◇ unverified values</source>
      <translation>★ 您自己的行（用户目录） · ◇ 未核实的数值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_model.py" line="156" />
      <source>★ your own row, stored in your user catalog</source>
      <translation>★ 您自己的行，保存在用户目录中</translation>
    </message>
  </context>
  <context>
    <name>ChartView</name>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="74" />
      <source>Export PNG…</source>
      <translation>导出 PNG…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="275" />
      <source>Export chart</source>
      <translation>导出图表</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="77" />
      <source>Legend</source>
      <translation>图例</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="276" />
      <source>PNG images (*.png)</source>
      <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="71" />
      <source>Reset view</source>
      <translation>重置视图</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="75" />
      <source>Save the chart as a PNG image at twice its size</source>
      <translation>将图表按两倍尺寸保存为 PNG 图片</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="79" />
      <source>Show or hide the legend (hovering a line or bar names it too)</source>
      <translation>显示或隐藏图例（鼠标悬停在线条或柱上也会显示名称）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/plotting/view.py" line="72" />
      <source>Show the whole chart again after zooming or panning</source>
      <translation>缩放或平移后重新显示完整图表</translation>
    </message>
  </context>
  <context>
    <name>ChecksList</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="187" />
      <source>The measurements agree with the accelerator and with each other.</source>
      <translation>测量值与加速卡规格一致，彼此之间也一致。</translation>
    </message>
  </context>
  <context>
    <name>ChecksView</name>
    <message>
      <location filename="../../gpudesk/ui/widgets/checks_view.py" line="27" />
      <source>Checks</source>
      <translation>检查项</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/checks_view.py" line="37" />
      <source>Fix</source>
      <translation>处理建议</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/checks_view.py" line="46" />
      <source>No warnings for this step</source>
      <translation>本步骤没有警告</translation>
    </message>
  </context>
  <context>
    <name>CitationDialog</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="47" />
      <source>Accessed (YYYY-MM-DD)</source>
      <translation>访问日期（YYYY-MM-DD）</translation>
    </message>
    <message>
      <source>D — derived</source>
      <translation>D — 推算</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="43" />
      <source>Id *</source>
      <translation>编号 *</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="48" />
      <source>Kind</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>M — measured</source>
      <translation>M — 实测</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="24" />
      <source>New source</source>
      <translation>新建来源</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="45" />
      <source>Publisher</source>
      <translation>发布方</translation>
    </message>
    <message>
      <source>S — secondary</source>
      <translation>S — 二手资料</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="44" />
      <source>Title *</source>
      <translation>标题 *</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="46" />
      <source>URL</source>
      <translation>网址</translation>
    </message>
    <message>
      <source>V — vendor</source>
      <translation>V — 厂商资料</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="69" />
      <source>accessed: give the date as YYYY-MM-DD</source>
      <translation>访问日期：请按 YYYY-MM-DD 填写</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="67" />
      <source>id: a source '{0}' already exists; pick it instead</source>
      <translation>编号：来源“{0}”已存在，请直接选用</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/citation_dialog.py" line="65" />
      <source>id: use lower-case letters, digits and . _ + -</source>
      <translation>编号：只能使用小写字母、数字和 . _ + -</translation>
    </message>
  </context>
  <context>
    <name>CompareView</name>
    <message>
      <location filename="../../gpudesk/ui/report/compare_view.py" line="298" />
      <source>Export failed</source>
      <translation>导出失败</translation>
    </message>
  </context>
  <context>
    <name>ComparisonDialog</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="121" />
      <source>Compare {0}</source>
      <translation>对比{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="133" />
      <source>Green marks the best value per row where better is clear: more memory, bandwidth and TFLOPS; lower power, latency and price. — = unknown in the cited sources.</source>
      <translation>绿色标出每行中优劣明确时的最优值：显存、带宽和 TFLOPS 越高越好；功耗、时延和价格越低越好。— 表示引用来源中未给出。</translation>
    </message>
  </context>
  <context>
    <name>ComparisonModel</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="55" />
      <source>Row date</source>
      <translation>行日期</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="54" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="56" />
      <source>Verified</source>
      <translation>已核实</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="112" />
      <source>best of the compared rows ({0} is better)</source>
      <translation>对比行中的最优值（{0}更好）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="113" />
      <source>higher</source>
      <translation>越高</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="113" />
      <source>lower</source>
      <translation>越低</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="110" />
      <source>unknown: not in the cited sources</source>
      <translation>未知：引用来源中未给出</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="56" />
      <source>yes</source>
      <translation>是</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/comparison.py" line="56" />
      <source>◇ no</source>
      <translation>◇ 否</translation>
    </message>
  </context>
  <context>
    <name>ComparisonTable</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="122" />
      <source>Conditions</source>
      <translation>条件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="122" />
      <source>Measured</source>
      <translation>实测</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="124" />
      <source>Measured / after</source>
      <translation>实测 / 拟合后</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="123" />
      <source>Measured / before</source>
      <translation>实测 / 拟合前</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="122" />
      <source>Measured figure</source>
      <translation>实测指标</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="123" />
      <source>Predicted after</source>
      <translation>拟合后预测</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="123" />
      <source>Predicted before</source>
      <translation>拟合前预测</translation>
    </message>
  </context>
  <context>
    <name>ComparisonTableModel</name>
    <message>
      <location filename="../../gpudesk/ui/report/compare_view.py" line="127" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
  </context>
  <context>
    <name>CrashDialog</name>
    <message>
      <location filename="../../gpudesk/ui/excepthook.py" line="50" />
      <source>&amp;Close</source>
      <translation>关闭(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/excepthook.py" line="48" />
      <source>&amp;Copy report</source>
      <translation>复制报告(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/excepthook.py" line="47" />
      <source>Error report</source>
      <translation>错误报告</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/excepthook.py" line="40" />
      <source>Something went wrong. Your plan is autosaved; you can keep working or save it under a new name. Please send the report below to your gpudesk contact. It was also written to:</source>
      <translation>程序出错了。您的方案已自动保存，可以继续工作，或另存为新文件。请把下面的报告发给您的 gpudesk 联系人。报告也已写入：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/excepthook.py" line="39" />
      <source>gpudesk hit an error</source>
      <translation>gpudesk 遇到错误</translation>
    </message>
  </context>
  <context>
    <name>DetailPane</name>
    <message>
      <source>Accelerators</source>
      <translation>加速卡</translation>
    </message>
    <message>
      <source>Availability per market</source>
      <translation>各市场供货情况</translation>
    </message>
    <message>
      <source>Cloud and rental offers</source>
      <translation>云与租赁报价</translation>
    </message>
    <message>
      <source>Facility defaults</source>
      <translation>机房默认值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="124" />
      <source>Field</source>
      <translation>字段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="129" />
      <source>Field sources that differ from the row source</source>
      <translation>与行来源不同的字段来源</translation>
    </message>
    <message>
      <source>Interconnects</source>
      <translation>高速互联</translation>
    </message>
    <message>
      <source>Model architectures</source>
      <translation>模型架构</translation>
    </message>
    <message>
      <source>NICs and optics</source>
      <translation>网卡与光模块</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="123" />
      <source>Notes</source>
      <translation>备注</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="123" />
      <source>Row date</source>
      <translation>行日期</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="69" />
      <source>Select a row to see every field and its source.</source>
      <translation>选择一行，查看全部字段及其来源。</translation>
    </message>
    <message>
      <source>Servers and racks</source>
      <translation>服务器与机柜</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="122" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <source>Storage options</source>
      <translation>存储方案</translation>
    </message>
    <message>
      <source>Switches</source>
      <translation>交换机</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="124" />
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="124" />
      <source>Value</source>
      <translation>数值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="107" />
      <source>accessed {0}</source>
      <translation>访问于 {0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="96" />
      <source>citation '{0}' is not in the catalog</source>
      <translation>目录中没有引用来源“{0}”</translation>
    </message>
    <message>
      <source>derived</source>
      <translation>推算</translation>
    </message>
    <message>
      <source>measured</source>
      <translation>实测</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="123" />
      <source>not given</source>
      <translation>未提供</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="126" />
      <source>row source</source>
      <translation>行来源</translation>
    </message>
    <message>
      <source>secondary</source>
      <translation>二手资料</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="102" />
      <source>title in English</source>
      <translation>英文原题</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="125" />
      <source>unknown</source>
      <translation>未知</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="125" />
      <source>unknown: not in the cited sources</source>
      <translation>未知：引用来源中未给出</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="122" />
      <source>unverified</source>
      <translation>未核实</translation>
    </message>
    <message>
      <source>vendor</source>
      <translation>厂商资料</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="122" />
      <source>your row</source>
      <translation>您的行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/detail_pane.py" line="127" />
      <source>— unknown: not in the cited sources · row source: the source named above · [n]: a field source listed below</source>
      <translation>— 未知：引用的来源中没有 · 行来源：上面列出的来源 · [n]：下面列出的字段来源</translation>
    </message>
  </context>
  <context>
    <name>ExplainPanel</name>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="42" />
      <source>All sources behind this figure</source>
      <translation>此数字背后的全部出处</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="252" />
      <source>Explanation</source>
      <translation>计算说明</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="43" />
      <source>Fix</source>
      <translation>处理建议</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="35" />
      <source>Formula</source>
      <translation>公式</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="37" />
      <source>Input</source>
      <translation>输入项</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="41" />
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="264" />
      <source>Select any figure or warning to see its formula, inputs, constants and sources.</source>
      <translation>选中任意数字或警告，即可查看其公式、输入、常数和来源。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="36" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="39" />
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="38" />
      <source>Value</source>
      <translation>数值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/explain_panel.py" line="40" />
      <source>Where it comes from</source>
      <translation>来源</translation>
    </message>
  </context>
  <context>
    <name>FieldForm</name>
    <message>
      <location filename="../../gpudesk/ui/widgets/field_form.py" line="142" />
      <source> (default)</source>
      <translation>（默认值）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/field_form.py" line="151" />
      <source>Keep the default</source>
      <translation>保留默认值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/field_form.py" line="141" />
      <source>Not set in the plan: gpudesk's default is used. Change it, or right-click and keep the default.</source>
      <translation>方案未设定此项，正在使用 gpudesk 默认值。请修改，或右键选择保留默认值。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/field_form.py" line="93" />
      <source>Range</source>
      <translation>范围</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/field_form.py" line="246" />
      <source>The plan holds “{code}”, which is not one of the choices gpudesk knows. It is kept as written until you pick another.</source>
      <translation>方案中保存的是“{code}”，不在 gpudesk 已知的选项中；在您另选之前按原值保留。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/field_form.py" line="243" />
      <source>{code} (not in the list: kept as the plan holds it)</source>
      <translation>{code}（不在列表中，按方案原值保留）</translation>
    </message>
  </context>
  <context>
    <name>FigureTable</name>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="340" />
      <source>Results</source>
      <translation>结果</translation>
    </message>
  </context>
  <context>
    <name>FigureTableModel</name>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="176" />
      <source> (the check "Some costs await a quote" names them). Enter their quotes on step 7 (costs) to complete it.</source>
      <translation>（检查项“部分成本待询价”列出了它们）。在第 7 步（成本）填入报价后即为完整金额。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="168" />
      <source>Click to see the formula, inputs and sources of {0}</source>
      <translation>点击查看“{0}”的公式、输入和来源</translation>
    </message>
    <message>
      <source>Figure</source>
      <translation>指标</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="174" />
      <source>Leaves out 1 cost line awaiting a quote</source>
      <translation>不含 1 项待询价的成本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="175" />
      <source>Leaves out {0} cost lines awaiting a quote</source>
      <translation>不含 {0} 项待询价的成本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="179" />
      <source>Not applicable: {0}.</source>
      <translation>不适用：{0}。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="182" />
      <source>Owning costs more than this option in every month of the plan's horizon: buying never pays back against it.</source>
      <translation>在方案测算期内的每个月，自购都比此选项贵：买硬件相对它不会回本。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/figure_table.py" line="170" />
      <source>The estimate could not compute this figure: a catalog field or an input it needs is missing. The Explain panel shows which.</source>
      <translation>估算无法得出此项数值：缺少所需的目录字段或输入。在“计算说明”面板中可查看缺少哪一项。</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Value</source>
      <translation>数值</translation>
    </message>
  </context>
  <context>
    <name>FileActions</name>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="247" />
      <source>Autosave failed: {0}</source>
      <translation>自动保存失败：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="112" />
      <source>Cannot open plan</source>
      <translation>无法打开方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="212" />
      <location filename="../../gpudesk/ui/file_actions.py" line="215" />
      <source>Cannot save plan</source>
      <translation>无法保存方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="238" />
      <source>Not saved: {0} changed on disk</source>
      <translation>未保存：{0} 已在磁盘上被修改</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="150" />
      <source>Open plan</source>
      <translation>打开方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="129" />
      <source>Opened a plan saved in format version {0}; it will be saved in the current format.</source>
      <translation>打开的方案保存于格式版本 {0}，保存时将转换为当前格式。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="118" />
      <source>Opened the sample {0} as an untitled copy; saving asks where to keep it.</source>
      <translation>已将示例 {0} 作为未命名副本打开；保存时会询问保存位置。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="233" />
      <source>Overwrite</source>
      <translation>覆盖</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="166" />
      <source>Restore autosave</source>
      <translation>恢复自动保存</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="170" />
      <source>Restored the autosave of {0}; save to keep it.</source>
      <translation>已恢复 {0} 的自动保存内容；请保存以保留。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="186" />
      <source>Save plan as</source>
      <translation>方案另存为</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="223" />
      <source>Saved {0}</source>
      <translation>已保存 {0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="228" />
      <source>The plan changed on disk</source>
      <translation>方案文件已在磁盘上被修改</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/file_actions.py" line="229" />
      <source>{0} was changed by another program or window since you opened it. Overwrite it with your version, or cancel and use Save As to keep both?</source>
      <translation>自您打开以来，{0} 已被其他程序或窗口修改。要用您的版本覆盖它，还是取消并用“另存为”保留两个版本？</translation>
    </message>
  </context>
  <context>
    <name>FilterBar</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="98" />
      <source>Clear</source>
      <translation>清除</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="75" />
      <source>Cooling</source>
      <translation>散热方式</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="72" />
      <source>Market</source>
      <translation>市场</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="57" />
      <source>Memory ≥</source>
      <translation>显存 ≥</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="90" />
      <source>Price</source>
      <translation>价格</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="49" />
      <source>Provider</source>
      <translation>云厂商</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="57" />
      <source>RAM ≥</source>
      <translation>内存 ≥</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="44" />
      <source>Search name, id, any value…</source>
      <translation>搜索名称、编号或任意数值…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="50" />
      <source>Vendor</source>
      <translation>厂商</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="54" />
      <source>any</source>
      <translation>不限</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="64" />
      <source>any precision</source>
      <translation>不限精度</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="116" />
      <source>any {0}</source>
      <translation>不限{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="66" />
      <source>has {0}</source>
      <translation>支持 {0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="80" />
      <source>max</source>
      <translation>最高</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="80" />
      <source>min</source>
      <translation>最低</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/filter_bar.py" line="87" />
      <source>rows whose price is unknown are hidden while a price limit is set</source>
      <translation>设置价格范围时，价格未知的行会被隐藏</translation>
    </message>
  </context>
  <context>
    <name>ImportReportDialog</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="147" />
      <source>Field</source>
      <translation>字段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="123" />
      <source>Import report</source>
      <translation>导入报告</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="128" />
      <source>Imported 1 row from {1} into your catalog.</source>
      <translation>已从 {1} 导入 1 行到您的目录。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="129" />
      <source>Imported {0} rows from {1} into your catalog.</source>
      <translation>已从 {1} 导入 {0} 行到您的目录。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="147" />
      <source>Reason</source>
      <translation>原因</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="147" />
      <source>Row</source>
      <translation>行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="142" />
      <source>Rows</source>
      <translation>行数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="142" />
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="147" />
      <source>Table</source>
      <translation>表</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="132" />
      <source>The file was read as {0}.</source>
      <translation>该文件按{0}读取。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/exchange.py" line="134" />
      <source>{0} was rejected: nothing was imported. Fix the rows below and import again.</source>
      <translation>{0} 被拒绝，未导入任何内容。请修正下列行后重新导入。</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>&amp;About gpudesk</source>
      <translation>关于 gpudesk(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Add phase</source>
      <translation>添加阶段(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Browse catalog…</source>
      <translation>浏览目录(&amp;B)…</translation>
    </message>
    <message>
      <source>&amp;Calibrate from a pilot…</source>
      <translation>用试点实测校准(&amp;C)…</translation>
    </message>
    <message>
      <source>&amp;Catalog</source>
      <translation>目录(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="211" />
      <source>&amp;Clear the list</source>
      <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Compare plans…</source>
      <translation>对比方案(&amp;C)…</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;Edit phase…</source>
      <translation>编辑阶段(&amp;E)…</translation>
    </message>
    <message>
      <source>&amp;Explain panel</source>
      <translation>计算说明面板(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;Export proposal…</source>
      <translation>导出建议书(&amp;E)…</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="181" />
      <source>&amp;Go to step</source>
      <translation>转到步骤(&amp;G)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;New plan…</source>
      <translation>新建方案(&amp;N)…</translation>
    </message>
    <message>
      <source>&amp;Next step</source>
      <translation>下一步(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Open…</source>
      <translation>打开(&amp;O)…</translation>
    </message>
    <message>
      <source>&amp;Plan</source>
      <translation>方案(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Preferences…</source>
      <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
      <source>&amp;Previous step</source>
      <translation>上一步(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="222" />
      <source>&amp;Redo</source>
      <translation>重做(&amp;R)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="222" />
      <source>&amp;Redo {0}</source>
      <translation>重做“{0}”(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Remove phase</source>
      <translation>删除阶段(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Roadmap</source>
      <translation>路线图(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Save</source>
      <translation>保存(&amp;S)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="221" />
      <source>&amp;Undo</source>
      <translation>撤销(&amp;U)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="221" />
      <source>&amp;Undo {0}</source>
      <translation>撤销“{0}”(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;User guide</source>
      <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="201" />
      <source>(date unknown)</source>
      <translation>（日期未知）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="209" />
      <source>(no recent plans)</source>
      <translation>（没有最近的方案）</translation>
    </message>
    <message>
      <source>+ Phase</source>
      <translation>+ 阶段</translation>
    </message>
    <message>
      <source>+ Workload</source>
      <translation>+ 负载</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="199" />
      <source>&lt;h3&gt;gpudesk {0}&lt;/h3&gt;&lt;p&gt;Sizes GPU infrastructure for AI work and explains every number.&lt;/p&gt;&lt;p&gt;Catalog version {1}, built {2}.&lt;/p&gt;</source>
      <translation>&lt;h3&gt;gpudesk {0}&lt;/h3&gt;&lt;p&gt;为AI任务测算GPU基础设施，并解释每一个数字的来历。&lt;/p&gt;&lt;p&gt;目录版本 {1}，构建于 {2}。&lt;/p&gt;</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="42" />
      <source>A phase holds at most {limit} workloads.</source>
      <translation>一个阶段最多包含 {limit} 个工作负载。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="44" />
      <source>A phase needs at least one workload.</source>
      <translation>一个阶段至少需要一个工作负载。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="39" />
      <source>A plan holds at most {limit} phases.</source>
      <translation>一个方案最多包含 {limit} 个阶段。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="40" />
      <source>A plan needs at least one phase.</source>
      <translation>一个方案至少需要一个阶段。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="202" />
      <source>About gpudesk</source>
      <translation>关于 gpudesk</translation>
    </message>
    <message>
      <source>Add &amp;workload</source>
      <translation>添加负载(&amp;W)</translation>
    </message>
    <message>
      <source>Add a phase after the current one</source>
      <translation>在当前阶段之后添加一个阶段</translation>
    </message>
    <message>
      <source>Add a workload to the current phase</source>
      <translation>为当前阶段添加一个工作负载</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="68" />
      <source>Add phase</source>
      <translation>添加阶段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="114" />
      <source>Add workload</source>
      <translation>添加工作负载</translation>
    </message>
    <message>
      <source>Browse, compare and edit GPUs, models, servers and prices</source>
      <translation>浏览、对比和编辑GPU、模型、服务器和价格</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="188" />
      <source>Calibration</source>
      <translation>校准</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="188" />
      <source>Calibration is not available in this build: {0}</source>
      <translation>此版本不提供校准功能：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="143" />
      <location filename="../../gpudesk/ui/window_dialogs.py" line="146" />
      <source>Cannot compare</source>
      <translation>无法对比</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="299" />
      <source>Cannot estimate: {0}</source>
      <translation>无法估算：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="214" />
      <source>Cannot read the user guide {0}: {1}</source>
      <translation>无法读取用户指南 {0}：{1}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="128" />
      <source>Choose 2–4 plans to compare</source>
      <translation>选择 2–4 个方案进行对比</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="134" />
      <source>Choose between 2 and 4 plans; you chose {0}.</source>
      <translation>请选择 2 到 4 个方案；您选择了 {0} 个。</translation>
    </message>
    <message>
      <source>Close gpudesk</source>
      <translation>关闭 gpudesk</translation>
    </message>
    <message>
      <source>Compare 2–4 saved plans side by side</source>
      <translation>并排对比 2–4 个已保存的方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="134" />
      <source>Compare plans</source>
      <translation>对比方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="150" />
      <source>Compare plans: {0}</source>
      <translation>对比方案：{0}</translation>
    </message>
    <message>
      <source>Edit…</source>
      <translation>编辑…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="177" />
      <source>Estimating…</source>
      <translation>正在估算…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="99" />
      <source>Explain</source>
      <translation>计算说明</translation>
    </message>
    <message>
      <source>Fit the plan's efficiency to measurements from a pilot run</source>
      <translation>用试点运行的实测数据拟合方案的效率系数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="187" />
      <source>Go to step {0}</source>
      <translation>转到第 {0} 步</translation>
    </message>
    <message>
      <source>Go to the next step</source>
      <translation>转到下一步</translation>
    </message>
    <message>
      <source>Go to the previous step</source>
      <translation>转到上一步</translation>
    </message>
    <message>
      <source>How to go from an empty project to a plan</source>
      <translation>如何从空白项目做出一份方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_drift_prompt.py" line="55" />
      <source>Keep saved values</source>
      <translation>保留保存时的数值</translation>
    </message>
    <message>
      <source>Language, theme, company branding, autosave</source>
      <translation>语言、主题、公司标识、自动保存</translation>
    </message>
    <message>
      <source>Move phase ear&amp;lier</source>
      <translation>阶段前移(&amp;L)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="86" />
      <source>Move phase earlier</source>
      <translation>阶段前移</translation>
    </message>
    <message>
      <source>Move phase la&amp;ter</source>
      <translation>阶段后移(&amp;T)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="86" />
      <source>Move phase later</source>
      <translation>阶段后移</translation>
    </message>
    <message>
      <source>Move the current phase earlier</source>
      <translation>把当前阶段往前移</translation>
    </message>
    <message>
      <source>Move the current phase later</source>
      <translation>把当前阶段往后移</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="97" />
      <source>Name of phase {0}:</source>
      <translation>第 {0} 阶段的名称：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="91" />
      <source>No proposal</source>
      <translation>无法生成建议书</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="172" />
      <source>Open &amp;recent</source>
      <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
      <source>Open a saved plan</source>
      <translation>打开已保存的方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="38" />
      <source>Phase {phase} does not exist (the plan has {count}).</source>
      <translation>阶段 {phase} 不存在（方案共有 {count} 个阶段）。</translation>
    </message>
    <message>
      <source>Preview and print the proposal</source>
      <translation>预览并打印建议书</translation>
    </message>
    <message>
      <source>Print pre&amp;view…</source>
      <translation>打印预览(&amp;V)…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="101" />
      <source>Proposal written to {0}</source>
      <translation>建议书已写入 {0}</translation>
    </message>
    <message>
      <source>Re&amp;name phase…</source>
      <translation>重命名阶段(&amp;N)…</translation>
    </message>
    <message>
      <source>Redo the change just undone</source>
      <translation>重做刚撤销的修改</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="75" />
      <source>Remove phase</source>
      <translation>删除阶段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="76" />
      <source>Remove phase {0} “{1}” and its workloads? (Undo brings it back.)</source>
      <translation>删除第 {0} 阶段“{1}”及其工作负载？（可撤销）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="82" />
      <source>Remove phase “{0}”</source>
      <translation>删除阶段“{0}”</translation>
    </message>
    <message>
      <source>Remove the current phase</source>
      <translation>删除当前阶段</translation>
    </message>
    <message>
      <source>Remove the current workload from the phase</source>
      <translation>从阶段中删除当前工作负载</translation>
    </message>
    <message>
      <source>Remove wor&amp;kload</source>
      <translation>删除负载(&amp;K)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="118" />
      <source>Remove workload</source>
      <translation>删除工作负载</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="96" />
      <location filename="../../gpudesk/ui/plan_commands.py" line="102" />
      <source>Rename phase</source>
      <translation>重命名阶段</translation>
    </message>
    <message>
      <source>Rename the current phase</source>
      <translation>重命名当前阶段</translation>
    </message>
    <message>
      <source>Rename…</source>
      <translation>重命名…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="110" />
      <source>Roadmap</source>
      <translation>路线图</translation>
    </message>
    <message>
      <source>S&amp;tep guide</source>
      <translation>步骤指南(&amp;T)</translation>
    </message>
    <message>
      <source>Save &amp;as…</source>
      <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="339" />
      <source>Save the changes to {0} before closing?</source>
      <translation>关闭前保存对 {0} 的修改吗？</translation>
    </message>
    <message>
      <source>Save the plan</source>
      <translation>保存方案</translation>
    </message>
    <message>
      <source>Save the plan under a new name</source>
      <translation>把方案另存为新文件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_drift_prompt.py" line="42" />
      <source>Saved catalog values unreadable</source>
      <translation>无法读取保存的目录数值</translation>
    </message>
    <message>
      <source>Show or hide how each number is computed</source>
      <translation>显示或隐藏每个数字的计算过程</translation>
    </message>
    <message>
      <source>Show or hide the guide to the current step: questions, rules of thumb and the three cases</source>
      <translation>显示或隐藏当前步骤的指南：要回答的问题、经验法则和三个案例</translation>
    </message>
    <message>
      <source>Show or hide the phase timeline and checks</source>
      <translation>显示或隐藏阶段时间线和检查项</translation>
    </message>
    <message>
      <source>Stage, timing, carry-forward and growth triggers of the current phase</source>
      <translation>当前阶段的生命周期、时间安排、硬件沿用和扩容触发条件</translation>
    </message>
    <message>
      <source>Start a new plan from what the customer will run and wants to achieve</source>
      <translation>从客户要运行的任务和目标开始新方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/actions.py" line="184" />
      <source>Step &amp;{0}</source>
      <translation>第 {0} 步(&amp;{0})</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="103" />
      <source>Step guide</source>
      <translation>步骤指南</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_drift_prompt.py" line="46" />
      <source>The catalog changed since this plan was saved</source>
      <translation>方案保存后目录已有变化</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="41" />
      <source>The phase is already at that end of the plan.</source>
      <translation>该阶段已在方案的最前或最后。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="91" />
      <source>The plan cannot be estimated: {0}</source>
      <translation>方案无法估算：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_drift_prompt.py" line="49" />
      <source>This plan was sized with catalog {0}; 1 value differs today. Keep the saved values to reproduce the saved numbers, or use the current catalog.</source>
      <translation>此方案按目录 {0} 测算；当前目录中有 1 个数值不同。保留保存时的数值可复现原有结果，也可以改用当前目录。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_drift_prompt.py" line="51" />
      <source>This plan was sized with catalog {0}; {1} values differ today. Keep the saved values to reproduce the saved numbers, or use the current catalog.</source>
      <translation>此方案按目录 {0} 测算；当前目录中有 {1} 个数值不同。保留保存时的数值可复现原有结果，也可以改用当前目录。</translation>
    </message>
    <message>
      <source>Undo the last change</source>
      <translation>撤销上一次修改</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/main_window.py" line="338" />
      <source>Unsaved changes</source>
      <translation>未保存的修改</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_drift_prompt.py" line="56" />
      <source>Use current catalog</source>
      <translation>使用当前目录</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="214" />
      <source>User guide</source>
      <translation>用户指南</translation>
    </message>
    <message>
      <source>Version and catalog version</source>
      <translation>版本和目录版本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_commands.py" line="43" />
      <source>Workload {workload} does not exist in phase {phase}.</source>
      <translation>阶段 {phase} 中没有工作负载 {workload}。</translation>
    </message>
    <message>
      <source>Write the proposal as PDF with your company branding</source>
      <translation>生成带有公司标识的PDF建议书</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/window_dialogs.py" line="218" />
      <source>gpudesk user guide</source>
      <translation>gpudesk 用户指南</translation>
    </message>
    <message>
      <source>− Phase</source>
      <translation>− 阶段</translation>
    </message>
    <message>
      <source>− Workload</source>
      <translation>− 负载</translation>
    </message>
    <message>
      <source>▶</source>
      <translation>▶</translation>
    </message>
    <message>
      <source>◀</source>
      <translation>◀</translation>
    </message>
  </context>
  <context>
    <name>MeasurementsTable</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="79" />
      <source>Conditions</source>
      <translation>条件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="78" />
      <source>Kind</source>
      <translation>类型</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="78" />
      <source>Line</source>
      <translation>行号</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="78" />
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="78" />
      <source>Values</source>
      <translation>数值</translation>
    </message>
  </context>
  <context>
    <name>NewPlanDialog</name>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="96" />
      <source>1. What will the customer run?</source>
      <translation>1. 客户要运行什么？</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="98" />
      <source>2. What does the customer want to achieve?</source>
      <translation>2. 客户想达成什么目标？</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="102" />
      <source>3. For whom, and where</source>
      <translation>3. 客户与市场</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="116" />
      <source>Create plan</source>
      <translation>创建方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="104" />
      <source>Customer:</source>
      <translation>客户：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="89" />
      <source>Domestic accelerators (信创)</source>
      <translation>国产加速卡（信创）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="106" />
      <source>Domestic accelerators (信创):</source>
      <translation>国产加速卡（信创）：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="49" />
      <source>First the task, then the hardware: say what the customer will run and what they want to achieve; gpudesk fills a plan with sensible defaults for that work, which the seven steps then refine.</source>
      <translation>先算任务，再看型号：先说明客户要运行什么、想达成什么目标；gpudesk 会按这类任务填好一套合理的默认方案，再由七个步骤逐步细化。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="105" />
      <source>Market:</source>
      <translation>市场：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="45" />
      <source>New plan</source>
      <translation>新方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="174" />
      <source>The catalog holds no domestic accelerator for this work, so the plan starts on the part above and its checks say so.</source>
      <translation>目录中没有适合这项工作的国产加速卡，方案先用上面的型号，并在检查项中注明。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="73" />
      <source>The customer's goal for this phase</source>
      <translation>客户在本阶段的目标</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="169" />
      <source>The plan starts as: {0}. Every default can be changed in the steps.</source>
      <translation>方案初始为：{0}。所有默认值都可在各步骤中修改。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="56" />
      <source>What the customer will run</source>
      <translation>客户要运行的任务</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/new_plan_dialog.py" line="81" />
      <source>e.g. the customer's company</source>
      <translation>例如客户公司名称</translation>
    </message>
  </context>
  <context>
    <name>PhaseDialog</name>
    <message>
      <source>Add nodes</source>
      <translation>增加节点数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="103" />
      <source>Add trigger</source>
      <translation>添加触发条件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="136" />
      <source>Current delivery mode: {0}</source>
      <translation>当前交付方式：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="80" />
      <source>Duration (months)</source>
      <translation>时长（月）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="218" />
      <source>Edit phase {0}</source>
      <translation>编辑阶段 {0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="100" />
      <source>Growth triggers</source>
      <translation>扩容触发条件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="106" />
      <source>Growth triggers: when a metric passes its threshold, add nodes</source>
      <translation>扩容触发条件：指标超过阈值时增加节点</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="81" />
      <source>Hardware</source>
      <translation>硬件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="76" />
      <source>Keep the hardware of the previous phase and add to it</source>
      <translation>沿用上一阶段的硬件并在此基础上扩容</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="79" />
      <source>Lifecycle stage</source>
      <translation>生命周期阶段</translation>
    </message>
    <message>
      <source>Metric</source>
      <translation>指标</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="79" />
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="220" />
      <source>Phase not changed</source>
      <translation>阶段未修改</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="64" />
      <source>Phase {0}: {1}</source>
      <translation>第 {0} 阶段：{1}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="103" />
      <source>Remove trigger</source>
      <translation>删除触发条件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="80" />
      <source>Starts in month</source>
      <translation>起始月份</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="91" />
      <source>Suggested resource form for this stage</source>
      <translation>本阶段建议的资源形态</translation>
    </message>
    <message>
      <source>Threshold</source>
      <translation>阈值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/phase_editor.py" line="88" />
      <location filename="../../gpudesk/ui/phase_editor.py" line="89" />
      <source>Use the suggested delivery mode</source>
      <translation>采用建议的交付方式</translation>
    </message>
  </context>
  <context>
    <name>PilotSetupForm</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="53" />
      <source>GPUs in the pilot</source>
      <translation>试点GPU数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="53" />
      <source>Global batch (sequences)</source>
      <translation>全局批量（序列数）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="54" />
      <source>Micro-batch</source>
      <translation>微批量</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="57" />
      <source>Output tokens</source>
      <translation>输出token数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="55" />
      <source>Pipeline parallel</source>
      <translation>流水线并行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="56" />
      <source>Prompt tokens</source>
      <translation>输入token数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="54" />
      <source>Sequence length (tokens)</source>
      <translation>序列长度（token）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="56" />
      <source>Serving concurrency</source>
      <translation>推理并发数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="55" />
      <source>Tensor parallel</source>
      <translation>张量并行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="62" />
      <source>from log / plan</source>
      <translation>取自日志 / 方案</translation>
    </message>
  </context>
  <context>
    <name>PlanController</name>
    <message>
      <location filename="../../gpudesk/ui/controller.py" line="179" />
      <source>The estimate failed: {0}</source>
      <translation>测算失败：{0}</translation>
    </message>
  </context>
  <context>
    <name>PlanToolbar</name>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="35" />
      <source> Phase: </source>
      <translation> 阶段：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="39" />
      <source> Workload: </source>
      <translation> 负载：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="25" />
      <source>Phase</source>
      <translation>阶段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="20" />
      <source>Plan</source>
      <translation>方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="26" />
      <source>The phase the steps show and edit</source>
      <translation>各步骤显示和编辑的阶段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="30" />
      <source>The workload of the phase the steps show and edit</source>
      <translation>各步骤显示和编辑的阶段工作负载</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/plan_toolbar.py" line="29" />
      <source>Workload</source>
      <translation>工作负载</translation>
    </message>
  </context>
  <context>
    <name>PreferencesDialog</name>
    <message>
      <source>Author (proposals and revisions)</source>
      <translation>作者（建议书和修订记录）</translation>
    </message>
    <message>
      <source>Autosave every (seconds)</source>
      <translation>自动保存间隔（秒）</translation>
    </message>
    <message>
      <source>CNY (人民币)</source>
      <translation>人民币（CNY）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="96" />
      <source>Choose a logo file</source>
      <translation>选择标识文件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="95" />
      <source>Choose…</source>
      <translation>选择…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="104" />
      <source>Company logo</source>
      <translation>公司标识</translation>
    </message>
    <message>
      <source>Company logo (PNG or JPEG)</source>
      <translation>公司标识（PNG 或 JPEG）</translation>
    </message>
    <message>
      <source>Company name (proposal cover)</source>
      <translation>公司名称（建议书封面）</translation>
    </message>
    <message>
      <source>Currency of new plans</source>
      <translation>新方案的币种</translation>
    </message>
    <message>
      <source>Dark</source>
      <translation>深色</translation>
    </message>
    <message>
      <source>English</source>
      <translation>English</translation>
    </message>
    <message>
      <source>Follow the system</source>
      <translation>跟随系统</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="105" />
      <source>Images (*.png *.jpg *.jpeg)</source>
      <translation>图片 (*.png *.jpg *.jpeg)</translation>
    </message>
    <message>
      <source>Interface language</source>
      <translation>界面语言</translation>
    </message>
    <message>
      <source>Light</source>
      <translation>浅色</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="41" />
      <source>Preferences</source>
      <translation>首选项</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="133" />
      <source>The logo file {0} does not exist.</source>
      <translation>标识文件 {0} 不存在。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="131" />
      <source>The logo must be a PNG or JPEG file.</source>
      <translation>标识必须是 PNG 或 JPEG 文件。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="54" />
      <source>The theme and the language apply at once; company, logo and author are used on proposals.</source>
      <translation>主题和语言立即生效；公司名称、标识和作者用于建议书。</translation>
    </message>
    <message>
      <source>Theme</source>
      <translation>主题</translation>
    </message>
    <message>
      <source>USD (US dollar)</source>
      <translation>美元（USD）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="126" />
      <source>{0}: not a valid value</source>
      <translation>{0}：数值无效</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/preferences_dialog.py" line="123" />
      <source>{0}: {1} characters; at most {2} fit the proposal's cover and page header</source>
      <translation>{0}：{1} 个字符；方案书封面和页眉最多容纳 {2} 个字符</translation>
    </message>
    <message>
      <source>中文</source>
      <translation>中文</translation>
    </message>
  </context>
  <context>
    <name>ProposalDialog</name>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="109" />
      <source>Cancelled; {0} was not written</source>
      <translation>已取消；未写入 {0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="102" />
      <source>Choose an output file ending in .pdf</source>
      <translation>请选择以 .pdf 结尾的输出文件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="52" />
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="45" />
      <source>Company</source>
      <translation>公司</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="77" />
      <source>Images (*.png *.jpg *.jpeg)</source>
      <translation>图片 (*.png *.jpg *.jpeg)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="44" />
      <source>Language</source>
      <translation>语言</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="46" />
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="76" />
      <source>Logo</source>
      <translation>公司标识</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="48" />
      <source>Preview</source>
      <translation>预览</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="49" />
      <source>Print</source>
      <translation>打印</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="32" />
      <source>Proposal</source>
      <translation>技术方案书</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="50" />
      <source>Save PDF</source>
      <translation>保存 PDF</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_dialog.py" line="117" />
      <source>Saved {0} ({1} pages)</source>
      <translation>已保存 {0}（共 {1} 页）</translation>
    </message>
  </context>
  <context>
    <name>ProposalExport</name>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_export.py" line="44" />
      <source>Page {0} of {1}</source>
      <translation>第 {0} 页，共 {1} 页</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/report/proposal_export.py" line="51" />
      <source>Saving the proposal</source>
      <translation>正在保存方案书</translation>
    </message>
  </context>
  <context>
    <name>QDialog</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/browser.py" line="282" />
      <source>Catalog</source>
      <translation>目录</translation>
    </message>
  </context>
  <context>
    <name>RecommendationPanel</name>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="139" />
      <source>Hover a point to see its configuration; click it to pin it into the plan.</source>
      <translation>将鼠标停在某个点上可查看其配置；点击即可将其采用到方案中。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="194" />
      <source>No ranked alternatives while the plan cannot be estimated (the reason is above).</source>
      <translation>方案无法估算，暂无可排名的备选方案（原因见上方）。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="197" />
      <source>No ranked alternatives: no catalog accelerator could be evaluated for this workload. Check the model in step 1, or compare accelerators in the catalog browser.</source>
      <translation>没有可排名的备选方案：目录中没有可为此工作负载评估的加速卡。请检查第 1 步的模型，或在目录浏览器中比较加速卡。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="111" />
      <source>Pin this configuration</source>
      <translation>选定此配置</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="336" />
      <source>Pin {0}</source>
      <translation>选定 {0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="324" />
      <source>Pin {0} × {1}</source>
      <translation>采用 {0} × {1}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="342" />
      <source>Pinned {0}; the plan is re-estimated. Undo restores the previous choice.</source>
      <translation>已选定 {0}，方案已重新估算。撤销可恢复之前的选择。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="113" />
      <source>Plan with the selected configuration: its accelerator (with a server that holds it), precision and layout; Undo restores the plan</source>
      <translation>按所选配置制定方案：其加速卡（及可容纳它的服务器）、精度与切分方式；撤销可恢复原方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="271" />
      <source>Rank {0}: {1} — 1 GPU in 1 instance ({4})</source>
      <translation>第 {0} 名：{1} — 1 个实例共 1 张 GPU（{4}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="276" />
      <source>Rank {0}: {1} — 1 GPU on 1 node ({4})</source>
      <translation>第 {0} 名：{1} — 1 个节点共 1 张 GPU（{4}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="273" />
      <source>Rank {0}: {1} — {2} GPUs in 1 instance ({4})</source>
      <translation>第 {0} 名：{1} — 1 个实例共 {2} 张 GPU（{4}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="274" />
      <source>Rank {0}: {1} — {2} GPUs in {3} instances ({4})</source>
      <translation>第 {0} 名：{1} — {3} 个实例共 {2} 张 GPU（{4}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="278" />
      <source>Rank {0}: {1} — {2} GPUs on 1 node ({4})</source>
      <translation>第 {0} 名：{1} — 1 个节点共 {2} 张 GPU（{4}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="280" />
      <source>Rank {0}: {1} — {2} GPUs on {3} nodes ({4})</source>
      <translation>第 {0} 名：{1} — {3} 个节点共 {2} 张 GPU（{4}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="143" />
      <source>Ranked</source>
      <translation>排名</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="85" />
      <source>Ranked configurations</source>
      <translation>配置排名</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="237" />
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="265" />
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="293" />
      <source>Searching accelerators, precisions and layouts…</source>
      <translation>正在搜索加速卡、精度与切分方式……</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="97" />
      <source>The best configuration found on each accelerator, feasible first, cheapest first. Select one to see why it ranks there; pin it to plan with it.</source>
      <translation>每种加速卡上找到的最佳配置：可行的排在前面，再按成本从低到高。选中一项可查看其排名原因；采用后即按它制定方案。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="285" />
      <source>This configuration is pinned in the plan.</source>
      <translation>方案已选定此配置。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="144" />
      <source>Trade-offs</source>
      <translation>性价比前沿</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/recommendation.py" line="104" />
      <source>Why it ranks here</source>
      <translation>排名理由</translation>
    </message>
  </context>
  <context>
    <name>RecoveryDialog</name>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="71" />
      <source>&amp;Compare</source>
      <translation>对比(&amp;C)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="72" />
      <source>&amp;Discard</source>
      <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="73" />
      <source>&amp;Later</source>
      <translation>稍后(&amp;L)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="70" />
      <source>&amp;Restore</source>
      <translation>恢复(&amp;R)</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="98" />
      <source>(unnamed plan)</source>
      <translation>（未命名方案）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="139" />
      <source>1 field differs from {1}.</source>
      <translation>有 1 个字段与 {1} 不同。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="65" />
      <source>Autosave</source>
      <translation>自动保存</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="61" />
      <source>Autosaved plans</source>
      <translation>自动保存的方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="101" />
      <source>Cannot be restored</source>
      <translation>无法恢复</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="124" />
      <source>Cannot read this autosave: {0}</source>
      <translation>无法读取此自动保存：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="64" />
      <source>Changes against the saved file</source>
      <translation>与已保存文件相比的改动</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="157" />
      <source>Discarded.</source>
      <translation>已丢弃。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="65" />
      <source>Field</source>
      <translation>字段</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="54" />
      <source>Recover unsaved work</source>
      <translation>恢复未保存的工作</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="65" />
      <source>Saved file</source>
      <translation>已保存的文件</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="57" />
      <source>gpudesk did not close normally last time. These plans had changes that were not saved; restore one to continue where you left off.</source>
      <translation>gpudesk 上次没有正常关闭。以下方案有未保存的修改；恢复其中一个即可从上次中断处继续。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="97" />
      <source>never saved</source>
      <translation>从未保存</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/recovery_dialog.py" line="139" />
      <source>{0} fields differ from {1}.</source>
      <translation>有 {0} 个字段与 {1} 不同。</translation>
    </message>
  </context>
  <context>
    <name>ReprojectionTable</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="159" />
      <source>Band (±1σ)</source>
      <translation>区间（±1σ）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="158" />
      <source>Calibrated</source>
      <translation>校准后</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="158" />
      <source>Catalog default</source>
      <translation>目录默认值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="159" />
      <source>Change</source>
      <translation>变化</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="158" />
      <source>Full-scale figure</source>
      <translation>全规模指标</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="159" />
      <source>Most sensitive to</source>
      <translation>最敏感的因素</translation>
    </message>
  </context>
  <context>
    <name>RoadmapView</name>
    <message>
      <location filename="../../gpudesk/ui/roadmap_view.py" line="39" />
      <source>No timeline: the plan could not be estimated.</source>
      <translation>无时间线：方案无法估算。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/roadmap_view.py" line="37" />
      <location filename="../../gpudesk/ui/roadmap_view.py" line="45" />
      <source>Roadmap checks</source>
      <translation>路线图检查项</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/roadmap_view.py" line="68" />
      <source>Roadmap timeline</source>
      <translation>路线图时间线</translation>
    </message>
  </context>
  <context>
    <name>RowFormDialog</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="126" />
      <source>* required. Leave a value empty when the source does not give it: it is stored and shown as unknown, never guessed.</source>
      <translation>* 为必填项。来源没有给出的数值请留空：它会以“未知”保存和显示，绝不猜测。</translation>
    </message>
    <message>
      <source>Accelerators</source>
      <translation>加速卡</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="70" />
      <source>Add a row to {0}</source>
      <translation>向{0}添加一行</translation>
    </message>
    <message>
      <source>Availability per market</source>
      <translation>各市场供货情况</translation>
    </message>
    <message>
      <source>Cloud and rental offers</source>
      <translation>云与租赁报价</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="118" />
      <source>Date (YYYY-MM-DD) *</source>
      <translation>日期（YYYY-MM-DD） *</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="71" />
      <source>Duplicate into your own row: {0}</source>
      <translation>复制为您自己的行：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="70" />
      <source>Edit {0}</source>
      <translation>编辑 {0}</translation>
    </message>
    <message>
      <source>Facility defaults</source>
      <translation>机房默认值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="119" />
      <source>Field sources</source>
      <translation>字段来源</translation>
    </message>
    <message>
      <source>Interconnects</source>
      <translation>高速互联</translation>
    </message>
    <message>
      <source>Model architectures</source>
      <translation>模型架构</translation>
    </message>
    <message>
      <source>NICs and optics</source>
      <translation>网卡与光模块</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="106" />
      <source>New source…</source>
      <translation>新建来源…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="251" />
      <source>Not saved — fix these and save again:</source>
      <translation>未保存 — 请修正以下问题后重新保存：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="121" />
      <source>Notes</source>
      <translation>备注</translation>
    </message>
    <message>
      <source>Servers and racks</source>
      <translation>服务器与机柜</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="111" />
      <source>Source citation *</source>
      <translation>引用来源 *</translation>
    </message>
    <message>
      <source>Storage options</source>
      <translation>存储方案</translation>
    </message>
    <message>
      <source>Switches</source>
      <translation>交换机</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="120" />
      <source>Verified</source>
      <translation>已核实</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="101" />
      <source>Where the values come from</source>
      <translation>数值来源</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="116" />
      <source>checked against the source</source>
      <translation>已对照来源核实</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="238" />
      <source>row</source>
      <translation>整行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="166" />
      <source>the id of a row cannot change; duplicate it under a new id instead</source>
      <translation>行的编号不能修改；请复制为新编号的行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/row_form.py" line="220" />
      <source>this id is already used in {0}; choose another</source>
      <translation>该编号已在{0}中使用，请换一个</translation>
    </message>
  </context>
  <context>
    <name>ScalesTable</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="139" />
      <source>Change</source>
      <translation>变化</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="138" />
      <source>Constant</source>
      <translation>常数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="138" />
      <source>Fitted scale</source>
      <translation>拟合系数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="139" />
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="138" />
      <source>What it is</source>
      <translation>含义</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="147" />
      <source>at the {0} bound: check the pilot setup</source>
      <translation>达到{0}边界：请检查试点配置</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="149" />
      <source>fitted</source>
      <translation>已拟合</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="145" />
      <source>not constrained by the pilot; stays at the catalog default</source>
      <translation>试点数据无法约束，保持目录默认值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="138" />
      <source>±1σ</source>
      <translation>±1σ</translation>
    </message>
  </context>
  <context>
    <name>SteadyStateTable</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="106" />
      <source>Dropped as warm-up</source>
      <translation>作为预热剔除</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="105" />
      <source>Group</source>
      <translation>分组</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="106" />
      <source>Lines</source>
      <translation>行数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="105" />
      <source>Median</source>
      <translation>中位数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="105" />
      <source>Quantity</source>
      <translation>指标</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="106" />
      <source>Records used</source>
      <translation>采用记录数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/result_views.py" line="105" />
      <source>Spread (1σ)</source>
      <translation>离散度（1σ）</translation>
    </message>
  </context>
  <context>
    <name>StepGuide</name>
    <message>
      <location filename="../../gpudesk/ui/step_guide.py" line="42" />
      <source>Step guide</source>
      <translation>步骤指南</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_guide.py" line="44" />
      <source>What the current step decides, the questions to answer, rules of thumb, common mistakes and how the three sample cases handled it</source>
      <translation>当前步骤要定什么、要回答的问题、经验法则、常见误区，以及三个示例案例在这一步怎么做</translation>
    </message>
  </context>
  <context>
    <name>StepList</name>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="32" />
      <source>Selection steps</source>
      <translation>选型步骤</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="45" />
      <source>Status: {0}</source>
      <translation>状态：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="51" />
      <source>blocked</source>
      <translation>受阻</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="49" />
      <source>complete</source>
      <translation>已完成</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="49" />
      <source>has warnings</source>
      <translation>有警告</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="50" />
      <source>no result yet: the figures of this step are unknown</source>
      <translation>尚无结果：本步骤的数值未知</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/step_list.py" line="49" />
      <source>still being computed</source>
      <translation>仍在计算中</translation>
    </message>
  </context>
  <context>
    <name>StepPage</name>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="163" />
      <source>Checks</source>
      <translation>检查项</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="201" />
      <source>Cost</source>
      <translation>成本对比</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="388" />
      <source>Drawing this chart…</source>
      <translation>正在绘制此图表……</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="200" />
      <source>Inference</source>
      <translation>推理性能</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="108" />
      <source>Inputs</source>
      <translation>输入</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="200" />
      <source>Memory fit</source>
      <translation>显存占用</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="304" />
      <source>No estimate: {0}</source>
      <translation>无估算结果：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="209" />
      <source>No figures for this step apply to this workload type.</source>
      <translation>本步骤没有适用于此类工作负载的指标。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="201" />
      <source>Power</source>
      <translation>功耗</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="202" />
      <source>Rack layout</source>
      <translation>机柜布局</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="214" />
      <source>Recommended configurations</source>
      <translation>推荐配置</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="201" />
      <source>Scaling</source>
      <translation>扩展效率</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="386" />
      <source>Searching accelerators, precisions and layouts…</source>
      <translation>正在搜索加速卡、精度与切分方式……</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="144" />
      <source>Still being computed: the best parallel layout at the plan's GPU count, its figures and its checks appear here in a moment.</source>
      <translation>仍在计算：按方案 GPU 数搜索的最优并行布局及其指标和检查，稍后显示在这里。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="202" />
      <source>Timeline</source>
      <translation>时间线</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="200" />
      <source>Trade-offs</source>
      <translation>性价比前沿</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/pages/step_page.py" line="215" />
      <source>What-if: how the results move</source>
      <translation>假设分析：结果如何变化</translation>
    </message>
  </context>
  <context>
    <name>Summary</name>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="104" />
      <source>+ 1 line awaiting a quote</source>
      <translation>不含 1 项待询价成本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="105" />
      <source>+ {count} lines awaiting quotes</source>
      <translation>不含 {count} 项待询价成本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="63" />
      <source>1 GPU in {servers} × {server}</source>
      <translation>1 卡，{servers} 台 {server}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="72" />
      <source>1 GPU, rented</source>
      <translation>1 卡（租用）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="86" />
      <source>cannot serve: {reason}</source>
      <translation>无法承载：{reason}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="90" />
      <source>capacity {total} {unit}, peak {target} {unit}</source>
      <translation>承载能力 {total} {unit}，峰值 {target} {unit}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="69" />
      <source>{gpus} GPUs in {servers} × {server}</source>
      <translation>{gpus} 卡，{servers} 台 {server}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="74" />
      <source>{gpus} GPUs, rented</source>
      <translation>{gpus} 卡（租用）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="66" />
      <source>{gpus} of {installed} GPUs in {servers} × {server}</source>
      <translation>使用 {gpus} 卡（共安装 {installed} 卡），{servers} 台 {server}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="37" />
      <source>{years}-year TCO</source>
      <translation>{years} 年总体拥有成本</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/summary.py" line="38" />
      <source>{years}-year TCO ({basis})</source>
      <translation>{years} 年总体拥有成本（{basis}）</translation>
    </message>
  </context>
  <context>
    <name>TablePage</name>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_page.py" line="44" />
      <source>Right-click to show or hide columns</source>
      <translation>右键单击可显示或隐藏列</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_page.py" line="107" />
      <source>{0} of {1} rows</source>
      <translation>{0} / {1} 行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_page.py" line="107" />
      <source>{0} rows</source>
      <translation>{0} 行</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/catalog_browser/table_page.py" line="108" />
      <source>★ your row   ◇ unverified   — unknown in the cited sources</source>
      <translation>★ 您的行   ◇ 未核实   — 引用来源中未给出</translation>
    </message>
  </context>
  <context>
    <name>TypedMeasurement</name>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="100" />
      <source>&lt;b&gt;or type a measurement&lt;/b&gt;</source>
      <translation>&lt;b&gt;或手工录入测量值&lt;/b&gt;</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="95" />
      <source>Add</source>
      <translation>添加</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="86" />
      <source>Job goodput (productive share of wall time)</source>
      <translation>作业有效产出率（有效时间占总时间的比例）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="101" />
      <source>Measured</source>
      <translation>实测</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="84" />
      <source>Serving TPOT (median)</source>
      <translation>推理 TPOT（中位数）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="84" />
      <source>Serving TTFT (median)</source>
      <translation>推理 TTFT（中位数）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="85" />
      <source>Serving output tokens/s</source>
      <translation>推理输出 token/s</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="83" />
      <source>Training MFU</source>
      <translation>训练 MFU</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="83" />
      <source>Training TFLOP/s per GPU</source>
      <translation>训练每卡 TFLOP/s</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="82" />
      <source>Training step time</source>
      <translation>训练单步时间</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="82" />
      <source>Training tokens/s per GPU</source>
      <translation>训练每卡 token/s</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/calibration/inputs.py" line="105" />
      <source>Value</source>
      <translation>数值</translation>
    </message>
  </context>
  <context>
    <name>UnknownCauses</name>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="22" />
      <source>, </source>
      <translation>、</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="36" />
      <source>Awaiting a quote: {0}. Enter the supplier's quote on step 7 (costs). Unknown until then: {1}.</source>
      <translation>待询价：{0}。请在第 7 步（成本）填写供应商报价。在此之前未知：{1}。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="37" />
      <source>No value yet: {0}. The Explain panel shows what each is computed from. Unknown until then: {1}.</source>
      <translation>尚无数值：{0}。各自的“计算说明”面板列出它由哪些数据算出。在此之前未知：{1}。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="32" />
      <source>Not published in the catalog: {0}. Fill them in in the catalog browser (Catalog menu), or choose an option that has them. Unknown until then: {1}.</source>
      <translation>目录未公开：{0}。可在“目录”菜单的“浏览目录”中补填，或改选目录中有这些数据的选项。在此之前未知：{1}。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="34" />
      <source>Not set in the plan: {0}. Enter them on their steps. Unknown until then: {1}.</source>
      <translation>方案未填写：{0}。请在所在步骤填写。在此之前未知：{1}。</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="55" />
      <source>Why some figures are unknown</source>
      <translation>部分数字为何未知</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/widgets/unknown_text.py" line="26" />
      <source>{0} and {1} more</source>
      <translation>{0}及另外 {1} 项</translation>
    </message>
  </context>
  <context>
    <name>WhatIfPanel</name>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="307" />
      <source>Change</source>
      <translation>变化</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="306" />
      <source>Change against the plan</source>
      <translation>相对方案的变化</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="306" />
      <source>Change against the plan ({0})</source>
      <translation>相对方案的变化（{0}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="87" />
      <source>Driver</source>
      <translation>影响因素</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="73" />
      <source>Efficiency</source>
      <translation>效率</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="71" />
      <source>Electricity price</source>
      <translation>电价</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="72" />
      <source>GPU price</source>
      <translation>GPU单价</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="89" />
      <source>High</source>
      <translation>高</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="305" />
      <source>High end of the range</source>
      <translation>区间上限</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="88" />
      <source>Low</source>
      <translation>低</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="305" />
      <source>Low end of the range</source>
      <translation>区间下限</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="85" />
      <source>Ranges (change against the plan)</source>
      <translation>变动区间（相对方案）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="192" />
      <source>Re-estimating the phase across the ranges…</source>
      <translation>正在按各变动区间重新估算本阶段…</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="224" />
      <source>Re-estimating the phase across the ranges… {0} %</source>
      <translation>正在按各变动区间重新估算本阶段… {0} %</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="82" />
      <source>Result to analyse</source>
      <translation>分析的结果</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="112" />
      <source>Result:</source>
      <translation>结果：</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="104" />
      <source>Steps</source>
      <translation>步数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="102" />
      <source>Steps per range</source>
      <translation>每个区间的步数</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="70" />
      <source>Utilisation (hours/day)</source>
      <translation>利用率（小时/天）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="292" />
      <source>VDI seats are sized by framebuffer, not by compute efficiency</source>
      <translation>云桌面席位按显存容量测算，与计算效率无关</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="305" />
      <source>What moves {0} (plan: {1})</source>
      <translation>影响{0}的因素（方案值：{1}）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="131" />
      <source>What-if table</source>
      <translation>假设分析表</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="300" />
      <source>What-if unavailable: {0}</source>
      <translation>无法进行假设分析：{0}</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="96" />
      <source>high</source>
      <translation>高</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="293" />
      <source>hours per day are capped at 24</source>
      <translation>每天小时数最多为 24</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="95" />
      <source>low</source>
      <translation>低</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="308" />
      <source>plan</source>
      <translation>方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="291" />
      <source>the catalog has no price for this server or its GPUs, or the phase rents them</source>
      <translation>目录中没有该服务器或其 GPU 的价格，或本阶段为租用</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="289" />
      <source>the electricity price in use is unknown or zero, or the phase rents its GPUs (the provider pays the power)</source>
      <translation>所用电价未知或为零，或本阶段租用 GPU（电费由服务商承担）</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="308" />
      <source>undefined</source>
      <translation>未定义</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_panel.py" line="313" />
      <source>{0} re-estimates in {1} ms.</source>
      <translation>{0} 次重新估算，用时 {1} 毫秒。</translation>
    </message>
  </context>
  <context>
    <name>WhatIfTableModel</name>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="30" />
      <source>At high end</source>
      <translation>取上限时</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="29" />
      <source>At low end</source>
      <translation>取下限时</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="29" />
      <source>Driver</source>
      <translation>影响因素</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="68" />
      <source>Largest minus smallest of low end, plan and high end</source>
      <translation>下限、方案值、上限三者中最大值减最小值</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="29" />
      <source>Plan</source>
      <translation>方案</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="29" />
      <source>Range applied</source>
      <translation>采用的区间</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="30" />
      <source>Swing</source>
      <translation>波动幅度</translation>
    </message>
    <message>
      <location filename="../../gpudesk/ui/panels/whatif_model.py" line="39" />
      <source>never</source>
      <translation>从不</translation>
    </message>
  </context>
  <context>
    <name>view</name>
    <message>
      <location filename="../../gpudesk/plotting/arrange.py" line="194" />
      <source>Legend</source>
      <translation>图例</translation>
    </message>
  </context>
</TS>
