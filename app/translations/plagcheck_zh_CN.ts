<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Archive</name>
    <message>
        <location filename="../doc_names.py" line="22"/>
        <source>(archived: {label})</source>
        <translation>（已归档：{label}）</translation>
    </message>
</context>
<context>
    <name>ArchiveDialog</name>
    <message>
        <location filename="../views/archive_dialog.py" line="195"/>
        <source>Adding {count} files to the archive…</source>
        <translation>正在将 {count} 个文件加入档案库…</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="204"/>
        <source>Removing “{label}”…</source>
        <translation>正在移除“{label}”…</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="210"/>
        <source>Add the current folder to the archive</source>
        <translation>将当前文件夹加入档案库</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="213"/>
        <source>Label for these {count} files (course and term, e.g. “Essay 2 · 2025 autumn”):</source>
        <translation>这 {count} 个文件的标签（课程和学期，例如“作文 2 · 2025 秋季”）：</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="238"/>
        <source>Remove a label</source>
        <translation>移除标签</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="240"/>
        <source>Remove “{label}” ({count} files) from the archive? Files that carry no other label are deleted from it. This cannot be undone.</source>
        <translation>要从档案库中移除“{label}”（{count} 个文件）吗？没有其他标签的文件将从档案库中删除。此操作无法撤销。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="260"/>
        <source>Added under “{label}”: {added} new, {labelled} already archived under another label, {present} already under this label.</source>
        <translation>已加入“{label}”：新增 {added} 个，{labelled} 个已以其他标签归档，{present} 个已在此标签下。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="272"/>
        <source>Removed “{label}” from {count} files.</source>
        <translation>已从 {count} 个文件移除“{label}”。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="295"/>
        <location filename="../views/archive_dialog.py" line="385"/>
        <source>The archive cannot be used: {error}</source>
        <translation>无法使用档案库：{error}</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="324"/>
        <source>Scan a folder first.</source>
        <translation>请先扫描一个文件夹。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="326"/>
        <source>The current scan has no new files to add.</source>
        <translation>当前扫描中没有可加入的新文件。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="329"/>
        <source>Add the {count} files of the current scan under a label.</source>
        <translation>将当前扫描的 {count} 个文件以一个标签加入。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="350"/>
        <source>Archive of past submissions</source>
        <translation>往届作业档案库</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="351"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="351"/>
        <source>Files</source>
        <translation>文件数</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="351"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="352"/>
        <source>&amp;Add current folder…</source>
        <translation>加入当前文件夹(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="353"/>
        <source>&amp;Remove label</source>
        <translation>移除标签(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="354"/>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="362"/>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="365"/>
        <source>Archive: {location}</source>
        <translation>档案库：{location}</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="367"/>
        <source>Reading the archive…</source>
        <translation>正在读取档案库…</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="370"/>
        <source>The archive is empty; it is created when you add a first class.</source>
        <translation>档案库为空；加入第一个班级时会创建它。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="373"/>
        <source>The archive is empty.</source>
        <translation>档案库为空。</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="377"/>
        <source>Labels: {labels} · files: {count} · {size} in memory</source>
        <translation>标签：{labels} 个 · 文件：{count} 个 · 占用内存 {size}</translation>
    </message>
    <message>
        <location filename="../views/archive_dialog.py" line="379"/>
        <source>Labels: {labels} · files: {count} · {size} on disk</source>
        <translation>标签：{labels} 个 · 文件：{count} 个 · 占用磁盘 {size}</translation>
    </message>
</context>
<context>
    <name>BitDiffView</name>
    <message>
        <location filename="../views/bit_diff_view.py" line="310"/>
        <source>differs</source>
        <translation>不同</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="310"/>
        <source>is equal</source>
        <translation>相同</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="312"/>
        <source>Bit {bit} (block {block}) {state}</source>
        <translation>第 {bit} 位（第 {block} 块）{state}</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/bit_diff_view.py" line="381"/>
        <source>Net push A {a} − B {b} = {difference}: exactly the sum of the %n word(s) below.</source>
        <translation>
            <numerusform>净推动 A {a} − B {b} = {difference}：恰好等于下面 %n 个词之和。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/bit_diff_view.py" line="394"/>
        <source>From the strongest keywords only (the files&apos; full word counts are not available): the %n word(s) below push A − B by {difference}.</source>
        <translation>
            <numerusform>仅根据最强的关键词（无法取得文件的完整词频）：下面 %n 个词使 A − B 为 {difference}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/bit_diff_view.py" line="405"/>
        <source>Words only in A: {a}; only in B: {b}; in both with different weights: {both}; %n word(s) push it the same in both and cancel out.</source>
        <translation>
            <numerusform>仅在 A 中的词：{a}；仅在 B 中的词：{b}；两者都有但权重不同的词：{both}；另有 %n 个词在两者中推动相同，相互抵消。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="424"/>
        <source>Pale cells: the bit is the same in both fingerprints (its value is shown). Orange cells: the bit differs (A/B). Outlined: the pigeonhole blocks; a pair within the SimHash threshold k always has at least one identical block. Click a bit to see which keywords set it.</source>
        <translation>浅色格：两个指纹在该位相同（显示其值）。橙色格：该位不同（A/B）。框线：鸽巢分块；SimHash 距离不超过阈值 k 的一对文件至少有一块完全相同。点击某一位可查看是哪些关键词决定了它。</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="336"/>
        <source>{side} · {name}: bit = {value}</source>
        <translation>{side} · {name}：该位 = {value}</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="341"/>
        <source>{side} · {name}: bit = {value} · net push of all {count} weighted words: {net}</source>
        <translation>{side} · {name}：该位 = {value} · 全部 {count} 个加权词的净推动：{net}</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="364"/>
        <source>Why bit {bit} differs: the words that push it differently</source>
        <translation>第 {bit} 位为何不同：推动方向或力度不同的词</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="366"/>
        <source>Bit {bit} is equal: the words that push it differently</source>
        <translation>第 {bit} 位相同：推动方向或力度不同的词</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="370"/>
        <source>Counting the words of both files…</source>
        <translation>正在统计两个文件的词…</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="432"/>
        <source>Each word&apos;s hash has a 0 or 1 at this bit; the word adds its weight towards that value. The net push is the sum over all the document&apos;s weighted words: the fingerprint bit is 1 when it is positive. The tables list the strongest words on each side.</source>
        <translation>每个词的哈希值在这一位上是 0 或 1，该词就把自己的权重加向那个值。净推动是文档全部加权词之和：为正时指纹的这一位为 1。表格列出每个方向上最强的词。</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="439"/>
        <source>Fingerprint bits</source>
        <translation>指纹位</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="441"/>
        <source>Open a pair from the matrix, the groups or the pairs table.</source>
        <translation>请从矩阵、分组或文件对表格中打开一对文件。</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="447"/>
        <source>Fingerprint bits: {a} ↔ {b}</source>
        <translation>指纹位：{a} ↔ {b}</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="457"/>
        <source>Hamming distance: {distance} of 64 bits differ · identical blocks: {equal} of {blocks} (k = {k})</source>
        <translation>汉明距离：64 位中有 {distance} 位不同 · 完全相同的块：{equal} / {blocks}（k = {k}）</translation>
    </message>
</context>
<context>
    <name>BitGrid</name>
    <message>
        <location filename="../views/bit_grid.py" line="85"/>
        <source>No pair selected</source>
        <translation>未选择文件对</translation>
    </message>
    <message>
        <location filename="../views/bit_grid.py" line="133"/>
        <source>Block {n}: identical</source>
        <translation>第 {n} 块：完全相同</translation>
    </message>
    <message>
        <location filename="../views/bit_grid.py" line="135"/>
        <source>Block {n}: {count} of {width} bits differ</source>
        <translation>第 {n} 块：{width} 位中有 {count} 位不同</translation>
    </message>
    <message>
        <location filename="../views/bit_grid.py" line="158"/>
        <source>Bit {bit} (block {block}): A = {a}, B = {b}</source>
        <translation>第 {bit} 位（第 {block} 块）：A = {a}，B = {b}</translation>
    </message>
</context>
<context>
    <name>ColorLegend</name>
    <message>
        <location filename="../views/matrix_panel.py" line="89"/>
        <source>flagged pair</source>
        <translation>已标记的文件对</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="96"/>
        <source>selected group</source>
        <translation>选中的分组</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="106"/>
        <source>pair with an archived file</source>
        <translation>与已归档文件的配对</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="113"/>
        <source>Share of the more-copied file that is matched text</source>
        <translation>被抄袭较多的一方中匹配文本所占比例</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="114"/>
        <source>SimHash distance in bits (0 = same fingerprint)</source>
        <translation>SimHash 距离（位数，0 = 指纹相同）</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="115"/>
        <source>Jaccard: shared word sequences over all of both</source>
        <translation>Jaccard：共有词序列占双方全部词序列的比例</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="117"/>
        <source>Containment: share of the row file found in the column file</source>
        <translation>包含度：行文件的内容出现在列文件中的比例</translation>
    </message>
</context>
<context>
    <name>DecisionBar</name>
    <message>
        <location filename="../views/decision_bar.py" line="57"/>
        <source>decided before as: {verdict}</source>
        <translation>之前的判定：{verdict}</translation>
    </message>
    <message>
        <location filename="../views/decision_bar.py" line="64"/>
        <source>by {who}, {when}</source>
        <translation>{who}，{when}</translation>
    </message>
</context>
<context>
    <name>DecisionDialog</name>
    <message>
        <location filename="../views/decision_dialog.py" line="44"/>
        <source>(no reason given)</source>
        <translation>（未说明理由）</translation>
    </message>
    <message>
        <location filename="../views/decision_dialog.py" line="51"/>
        <source>What you saw, what the student said…</source>
        <translation>你看到了什么，学生怎么说……</translation>
    </message>
    <message>
        <location filename="../views/decision_dialog.py" line="60"/>
        <source>Decision:</source>
        <translation>判定：</translation>
    </message>
    <message>
        <location filename="../views/decision_dialog.py" line="61"/>
        <source>Because:</source>
        <translation>理由：</translation>
    </message>
    <message>
        <location filename="../views/decision_dialog.py" line="62"/>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <location filename="../views/decision_dialog.py" line="63"/>
        <source>Decided by:</source>
        <translation>判定人：</translation>
    </message>
</context>
<context>
    <name>Distribution</name>
    <message>
        <location filename="../views/students_panel.py" line="49"/>
        <source>Students by their highest similarity, in steps of 5 %; red: at or above the flag</source>
        <translation>按最高相似度分布的学生人数（每 5% 一档）；红色：达到或超过标记阈值</translation>
    </message>
</context>
<context>
    <name>ErrorsModel</name>
    <message>
        <location filename="../models/errors_model.py" line="75"/>
        <source>Unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="76"/>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="77"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="93"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="94"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="95"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="96"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>ErrorsPanel</name>
    <message>
        <location filename="../views/errors_panel.py" line="60"/>
        <source>No problem files.</source>
        <translation>没有问题文件。</translation>
    </message>
    <message>
        <location filename="../views/errors_panel.py" line="62"/>
        <source>{errors} unreadable (left out of the comparison), {skipped} skipped, {warnings} warnings</source>
        <translation>{errors} 个无法读取（未参与比较），{skipped} 个已跳过，{warnings} 条警告</translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <location filename="../models/groups_model.py" line="335"/>
        <source>Group / file</source>
        <translation>分组 / 文件</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="336"/>
        <source>Max similarity</source>
        <translation>最高相似度</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="219"/>
        <source>Group {id} · {count} files</source>
        <translation>第 {id} 组 · {count} 个文件</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="270"/>
        <source>{path}
Archived: {label}</source>
        <translation>{path}
已归档：{label}</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="337"/>
        <source>Who copied</source>
        <translation>抄袭方向</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="227"/>
        <location filename="../models/groups_model.py" line="286"/>
        <source>⌂ archived: {label}</source>
        <translation>⌂ 已归档：{label}</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="238"/>
        <source>Source: {path}
Why: {reason}</source>
        <translation>来源：{path}
依据：{reason}</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="248"/>
        <source>Nothing in the files shows who copied from whom: no archived work of an earlier term, and no member built from passages of the others.</source>
        <translation>文件中没有任何证据表明谁抄了谁：没有往届归档的作业，也没有哪个成员是由其他成员的段落拼合而成的。</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="280"/>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="283"/>
        <source>built from the others</source>
        <translation>由其他文件拼合</translation>
    </message>
    <message>
        <location filename="../models/groups_model.py" line="296"/>
        <source>read by OCR, {confidence} sure</source>
        <translation>经 OCR 识别，置信度 {confidence}</translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="226"/>
        <source>Groups of near-duplicates appear here after a scan.</source>
        <translation>扫描后，这里会列出相似文件的分组。</translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="230"/>
        <source>No group: the comparison was cancelled. Scan again to compare.</source>
        <translation>没有分组：比较已取消。请重新扫描以进行比较。</translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="234"/>
        <source>No group: no pair of files was flagged.</source>
        <translation>没有分组：没有文件对被标记。</translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="238"/>
        <source>No group has a file or student named “{text}”.</source>
        <translation>没有哪个组里有名为“{text}”的文件或学生。</translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="292"/>
        <source>Find a student or file…</source>
        <translation>查找学生或文件…</translation>
    </message>
</context>
<context>
    <name>KeywordPushTable</name>
    <message>
        <location filename="../views/bit_diff_view.py" line="76"/>
        <source>Towards 1</source>
        <translation>推向 1</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="76"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="76"/>
        <source>Towards 0</source>
        <translation>推向 0</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="455"/>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="459"/>
        <source>Clear recent folders</source>
        <translation>清除最近的文件夹</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="516"/>
        <source>Open a folder of submissions</source>
        <translation>打开作业文件夹</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="524"/>
        <source>Add submissions</source>
        <translation>添加作业</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="526"/>
        <source>Submissions and ZIPs ({patterns});;All files (*)</source>
        <translation>作业与 ZIP 压缩包 ({patterns});;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="537"/>
        <source>Add a template (assignment text)</source>
        <translation>添加模板（作业要求文本）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="539"/>
        <source>Documents ({patterns});;All files (*)</source>
        <translation>文档 ({patterns});;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="598"/>
        <source>The archive was not searched: {error}</source>
        <translation>未检索档案库：{error}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="626"/>
        <source>The scan failed: {error}</source>
        <translation>扫描失败：{error}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="677"/>
        <source>Left out: {what}</source>
        <translation>已排除：{what}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="687"/>
        <source>The shared text joins the assignment text; every pair is judged again…</source>
        <translation>这段共用文字已加入作业题目；正在重新判断每一对…</translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="700"/>
        <source>Judged again: %n flagged pair(s)</source>
        <translation>
            <numerusform>重新判断后：%n 对文件被标记</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../main_window.py" line="706"/>
        <source>Students ({count}, {left} to review)</source>
        <translation>学生（{count}，{left} 人待审阅）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="708"/>
        <source>Students ({count})</source>
        <translation>学生（{count}）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="748"/>
        <source>Nothing to export yet: scan a folder first.</source>
        <translation>暂无可导出的内容：请先扫描一个文件夹。</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="753"/>
        <source>Export pairs as CSV</source>
        <translation>将文件对导出为 CSV</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="755"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="792"/>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="792"/>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="795"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="817"/>
        <source>Choose a student in the Students list first.</source>
        <translation>请先在学生列表中选择一名学生。</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="820"/>
        <source>Scores only</source>
        <translation>仅分数</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="820"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="820"/>
        <source>Full passages</source>
        <translation>完整段落</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="823"/>
        <source>A student&apos;s report</source>
        <translation>学生本人的报告</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="824"/>
        <source>How much the report shows (other students are never named):</source>
        <translation>报告显示的内容（不会出现其他学生的姓名）：</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="861"/>
        <source>A report is being written; try again soon.</source>
        <translation>正在写入一份报告，请稍后再试。</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="863"/>
        <source>Writing {path}…</source>
        <translation>正在写入 {path}…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="867"/>
        <source>Exported {path}</source>
        <translation>已导出 {path}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="871"/>
        <source>Could not write the report: {error}</source>
        <translation>无法写入报告：{error}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="890"/>
        <source>Could not write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="897"/>
        <source>Exported {path} and {errors}</source>
        <translation>已导出 {path} 和 {errors}</translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="944"/>
        <source>compared with the archive (%n file(s))</source>
        <translation>
            <numerusform>已与档案库比较（%n 个文件）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="946"/>
        <source>%n archived file(s) shown</source>
        <translation>
            <numerusform>显示 %n 个归档文件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../main_window.py" line="947"/>
        <source>no similar archived file</source>
        <translation>没有相似的归档文件</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="949"/>
        <source>the archive is empty: add past classes with Tools → Archive…</source>
        <translation>档案库为空：请通过“工具 → 档案库…”加入往届作业</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="951"/>
        <source>the archive was not searched (scan cancelled)</source>
        <translation>未检索档案库（扫描已取消）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="952"/>
        <source>the archive was not searched: {error}</source>
        <translation>未检索档案库：{error}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1001"/>
        <source>About plagcheck</source>
        <translation>关于 plagcheck</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1007"/>
        <source>plagcheck {version}</source>
        <translation>plagcheck {version}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1009"/>
        <source>plagcheck finds copied work in a class&apos;s DOCX, PDF, TXT, ODT and RTF submissions (Chinese and English): SimHash fingerprints, MinHash and matched passages.</source>
        <translation>plagcheck 在一个班级的 DOCX、PDF、TXT、ODT 和 RTF 作业（中文和英文）中查找抄袭：SimHash 指纹、MinHash 和匹配段落。</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1028"/>
        <source>Error log</source>
        <translation>错误日志</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1029"/>
        <source>No error has been logged. The log will be {path}</source>
        <translation>尚未记录任何错误。日志文件将保存在 {path}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1056"/>
        <source>plagcheck could not be added to the menu: {error}</source>
        <translation>未能将 plagcheck 添加到菜单：{error}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1060"/>
        <source>plagcheck is in the applications menu ({path})</source>
        <translation>plagcheck 已添加到应用程序菜单（{path}）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1068"/>
        <source>You can add it later: Help → Add plagcheck to the applications menu</source>
        <translation>以后仍可添加：帮助 → 将 plagcheck 添加到应用程序菜单</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1080"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1081"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1082"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1083"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1084"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1085"/>
        <source>Recent &amp;folders</source>
        <translation>最近的文件夹(&amp;F)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1086"/>
        <source>&amp;Open folder…</source>
        <translation>打开文件夹(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1087"/>
        <source>Add &amp;files…</source>
        <translation>添加文件(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1088"/>
        <source>Add &amp;template…</source>
        <translation>添加模板(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1089"/>
        <source>Clear templates</source>
        <translation>清除模板</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1090"/>
        <source>&amp;Rescan</source>
        <translation>重新扫描(&amp;R)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1091"/>
        <source>&amp;Cancel scan</source>
        <translation>取消扫描(&amp;C)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1092"/>
        <source>&amp;Export CSV…</source>
        <translation>导出 CSV(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1093"/>
        <source>Export class &amp;report (HTML or PDF)…</source>
        <translation>导出班级报告（HTML 或 PDF）(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1094"/>
        <source>Export report of the shown &amp;pair…</source>
        <translation>导出当前文档对的报告(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1095"/>
        <source>Export the c&amp;onfirmed cases…</source>
        <translation>导出确认抄袭的案例(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1096"/>
        <source>Export a &amp;student&apos;s own report…</source>
        <translation>导出学生本人的报告(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1097"/>
        <source>A&amp;nonymize reports</source>
        <translation>报告匿名化(&amp;N)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1099"/>
        <source>Name students Student 1…N in exported reports, without paths or file names</source>
        <translation>导出的报告中以“学生 1…N”称呼学生，不含路径和文件名</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1101"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1102"/>
        <source>&amp;Compare with archive</source>
        <translation>与档案库比较(&amp;C)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1104"/>
        <source>Also compare each scan with the archive of past submissions</source>
        <translation>每次扫描时也与往届作业档案库比较</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1106"/>
        <source>&amp;Archive…</source>
        <translation>档案库(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1107"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1108"/>
        <source>&amp;About plagcheck</source>
        <translation>关于 plagcheck(&amp;A)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1109"/>
        <source>Open the &amp;error log</source>
        <translation>打开错误日志(&amp;E)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1110"/>
        <source>Add plagcheck to the applications &amp;menu</source>
        <translation>将 plagcheck 添加到应用程序菜单(&amp;M)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1112"/>
        <source>Open the &amp;sample class</source>
        <translation>打开示例班级(&amp;S)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1114"/>
        <source>Scan the 32 short essays that come with plagcheck, six of them copies</source>
        <translation>扫描 plagcheck 自带的 32 篇短文，其中 6 篇是抄袭的</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1116"/>
        <source>&amp;What the measures mean</source>
        <translation>各项指标的含义(&amp;W)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1117"/>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1118"/>
        <source>Matrix</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1118"/>
        <source>Side by side</source>
        <translation>并排对照</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1118"/>
        <source>Fingerprint bits</source>
        <translation>指纹位</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1123"/>
        <source>Groups ({count})</source>
        <translation>分组（{count}）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1129"/>
        <source>Pairs ({count})</source>
        <translation>文件对（{count}）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1136"/>
        <source>Not read ({count}), warnings ({warnings})</source>
        <translation>未读取（{count}），警告（{warnings}）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1140"/>
        <source>Not read ({count})</source>
        <translation>未读取（{count}）</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1151"/>
        <source>Template: {names}</source>
        <translation>模板：{names}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1154"/>
        <source>No template</source>
        <translation>无模板</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1156"/>
        <source>Archive on</source>
        <translation>档案库比较已开启</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1161"/>
        <source>Each scan is also compared with the archive: {location}</source>
        <translation>每次扫描也会与档案库比较：{location}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="1162"/>
        <source>the default file</source>
        <translation>默认文件</translation>
    </message>
</context>
<context>
    <name>MatrixModel</name>
    <message>
        <location filename="../models/matrix_model.py" line="281"/>
        <source>Archived: {label}</source>
        <translation>已归档：{label}</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="319"/>
        <source>Not scored: no passage, meaning match or SimHash closeness between these files was found (no reported pair)</source>
        <translation>未评分：这两个文件之间没有发现相同段落、意思相同的句子或相近的 SimHash（没有报告这一对）</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="333"/>
        <source>Similarity: {value}</source>
        <translation>相似度：{value}</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="334"/>
        <source>SimHash distance: {value} of 64 bits</source>
        <translation>SimHash 距离：64 位中的 {value} 位</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="337"/>
        <source>Jaccard: {value}</source>
        <translation>Jaccard：{value}</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="338"/>
        <source>Containment: {ab} of {a} is in {b}; {ba} of {b} is in {a}</source>
        <translation>包含度：{a} 的 {ab} 出现在 {b} 中；{b} 的 {ba} 出现在 {a} 中</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="350"/>
        <source>Matched passages: {count}; matched text: {ra} of {a}, {rb} of {b}</source>
        <translation>匹配段落：{count} 处；匹配文本：{a} 的 {ra}，{b} 的 {rb}</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="359"/>
        <source>Flagged: {reasons}</source>
        <translation>已标记：{reasons}</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="324"/>
        <location filename="../models/matrix_model.py" line="363"/>
        <source>{name} is archived: {label}</source>
        <translation>{name} 已归档：{label}</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="368"/>
        <source>No matching passage</source>
        <translation>没有匹配段落</translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="330"/>
        <location filename="../models/matrix_model.py" line="369"/>
        <source>Click to open the pair</source>
        <translation>点击打开这对文件</translation>
    </message>
</context>
<context>
    <name>MatrixPanel</name>
    <message>
        <location filename="../views/matrix_panel.py" line="266"/>
        <source>The Not read panel says why the other files were not read.</source>
        <translation>“未读取”面板中说明了其他文件未能读取的原因。</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="274"/>
        <source>Similarity matrix</source>
        <translation>相似度矩阵</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="278"/>
        <source>%n file(s) read</source>
        <translation>
            <numerusform>已读取 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="279"/>
        <source>the comparison was cancelled: no pair was compared</source>
        <translation>比较已取消：没有比较任何文件对</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="283"/>
        <source>%n file(s) compared</source>
        <translation>
            <numerusform>已比较 %n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="284"/>
        <source>%n flagged pair(s)</source>
        <translation>
            <numerusform>%n 对被标记</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="285"/>
        <source>%n group(s)</source>
        <translation>
            <numerusform>%n 个分组</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="292"/>
        <source>{count} skipped</source>
        <translation>{count} 个已跳过</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="297"/>
        <source>too many files for a full matrix, and no group to show</source>
        <translation>文件太多，无法显示完整矩阵，也没有可显示的组</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="301"/>
        <source>too many files for a full matrix: it shows the {docs} files of the {total} groups</source>
        <translation>文件太多，无法显示完整矩阵：这里显示全部 {total} 组的 {docs} 个文件</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="308"/>
        <source>too many files for a full matrix: it shows the {docs} files of the {shown} strongest of {total} groups</source>
        <translation>文件太多，无法显示完整矩阵：这里只显示 {total} 组中最相似的 {shown} 组的 {docs} 个文件</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="317"/>
        <source>scan cancelled: partial results</source>
        <translation>扫描已取消：部分结果</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="333"/>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="334"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="336"/>
        <source>Fit the whole class in the window (Ctrl+0); Ctrl+wheel zooms</source>
        <translation>让全班显示在窗口内（Ctrl+0）；Ctrl+滚轮缩放</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="338"/>
        <source>Zoom in (Ctrl++ or Ctrl+wheel)</source>
        <translation>放大（Ctrl++ 或 Ctrl+滚轮）</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="339"/>
        <source>Zoom out (Ctrl+− or Ctrl+wheel)</source>
        <translation>缩小（Ctrl+− 或 Ctrl+滚轮）</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="341"/>
        <source>Similarity (matched text)</source>
        <translation>相似度（匹配文本）</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="342"/>
        <source>SimHash distance</source>
        <translation>SimHash 距离</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="343"/>
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="344"/>
        <source>Containment</source>
        <translation>包含度</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="256"/>
        <source>No submissions here: the folder holds no {kinds} file.</source>
        <translation>这里没有作业：文件夹中没有 {kinds} 文件。</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="260"/>
        <source>No readable documents. See the Not read panel.</source>
        <translation>没有可读取的文档。请查看“未读取”面板。</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="262"/>
        <source>Only {name} could be read: there is nothing to compare it with. Add the other submissions, or compare with the archive of past ones.</source>
        <translation>只能读取 {name}：没有可与之比较的文件。请加入其他作业，或与往届作业档案库比较。</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="289"/>
        <source>%n unreadable file(s) not in the matrix (see Not read)</source>
        <translation>
            <numerusform>%n 个无法读取的文件未列入矩阵（见“未读取”）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="351"/>
        <source>Checking the files…
The matrix appears here when they are compared.</source>
        <translation>正在检查文件…
比对完成后，矩阵会显示在这里。</translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="357"/>
        <source>Drop folders or files here
or use File → Open folder…</source>
        <translation>把文件夹或文件拖到这里
或使用 文件 → 打开文件夹…</translation>
    </message>
</context>
<context>
    <name>MeasuresHelp</name>
    <message>
        <location filename="../views/measures_help.py" line="32"/>
        <source>Similarity (matched text)</source>
        <translation>相似度（匹配文本）</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="34"/>
        <source>The share of the more-copied file that lies inside passages found in the other file, word for word or by meaning. 30% means that almost a third of one file is text of the other. It is the number the matrix colours and the pairs are sorted by.</source>
        <translation>被抄较多的那份文件中，落在与另一份文件匹配的段落（逐字相同或意思相同）里的比例。30% 表示一份文件将近三分之一是另一份的文字。矩阵按它着色，文件对按它排序。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="41"/>
        <source>Matched passages</source>
        <translation>匹配段落</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="43"/>
        <source>Stretches of text that are the same in both files, shown in the same colour on both sides. Text that much of the class shares (a famous quotation, the question) and the template are grey and not counted. A pair is flagged when enough of a file is matched text, or when one passage is long enough on its own.</source>
        <translation>两份文件中相同的连续文字，两侧用同一种颜色显示。全班多数人共有的文字（名言、题目）和模板显示为灰色，不计入。当一份文件中匹配文本足够多，或有一段匹配段落本身足够长时，该文件对被标记。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="51"/>
        <source>Reworded and translated passages</source>
        <translation>改写和翻译的段落</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="53"/>
        <source>Sentences that say the same in other words (dashed underline), or the same text in Chinese and English (wavy underline), several in a row. They are found by meaning, so a student who rewrites every sentence is still found. A passage whose sentences were each rewritten but keep many of their words, with the same names and numbers, is flagged as &quot;rewritten one by one&quot; when its sentences are also much closer to each other than to the rest of the class.</source>
        <translation>连续几句用别的话说了同样的意思（虚线下划线），或同一段文字的中文和英文（波浪下划线）。它们是按意思找到的，所以把每一句都改写了的学生也能被发现。若一段文字的每一句都被改写，却保留了大量原词以及相同的人名和数字，而且这些句子彼此之间的相似远高于与全班其他文字的相似，就会标记为“逐句改写”。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="63"/>
        <source>SimHash distance</source>
        <translation>SimHash 距离</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="65"/>
        <source>Each file gets a 64-bit fingerprint from its weighted words. The distance counts the bits in which two fingerprints differ: 0 to 3 means the files are near-copies as a whole, and unrelated files differ in about 32. It says nothing about a passage copied into a long essay.</source>
        <translation>每份文件由其加权后的词得到一个 64 位指纹。距离是两个指纹不同的位数：0 到 3 表示两份文件整体上几乎相同，无关的文件大约相差 32 位。它看不出抄进一篇长文里的一段。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="72"/>
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="74"/>
        <source>Of all the short word sequences in the two files together, the share they have in common. Two copies score near 100%; a copied paragraph in a long essay scores low, because the rest of both files differs.</source>
        <translation>两份文件合起来的所有短词序列中，双方共有的比例。两份复制品接近 100%；长文中抄来的一段得分很低，因为两份文件的其余部分不同。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="80"/>
        <source>Containment (A in B, B in A)</source>
        <translation>包含度（A 在 B 中，B 在 A 中）</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="82"/>
        <source>The share of one file&apos;s word sequences that are also in the other. When a short answer is copied into a long essay, the short one is mostly contained in the long one, though their Jaccard is small.</source>
        <translation>一份文件的词序列中也出现在另一份文件里的比例。把一篇短答案抄进一篇长文时，短的大部分被长的包含，尽管两者的 Jaccard 很小。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="88"/>
        <source>Who copied from whom</source>
        <translation>谁抄了谁</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="90"/>
        <source>Shared text does not say which side it came from, so plagcheck names a source only on evidence: a file archived in an earlier term; a file whose author, in its own properties, is the other student; a file built from passages of several others that share nothing with one another. Otherwise it says &quot;direction unknown&quot;.</source>
        <translation>共有的文字并不说明它来自哪一方，所以 plagcheck 只在有证据时才指出来源：往届归档的文件；文件属性中的作者是另一名学生的文件；由几份彼此毫无共同内容的文件的段落拼合而成的文件。否则它显示“方向不明”。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="98"/>
        <source>The files&apos; own properties</source>
        <translation>文件自身的属性</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="100"/>
        <source>Authors and creation times written in the files. For a flagged pair, what the two share and no other file of the class does is added to the reasons. They never flag a pair on their own.</source>
        <translation>文件中写着的作者和创建时间。对被标记的文件对，两者共有而班上其他文件都没有的属性会加到标记原因中。仅凭它们绝不会标记一个文件对。</translation>
    </message>
    <message>
        <location filename="../views/measures_help.py" line="108"/>
        <source>What the measures mean</source>
        <translation>各项指标的含义</translation>
    </message>
</context>
<context>
    <name>MenuEntryBar</name>
    <message>
        <location filename="../views/menu_entry_bar.py" line="49"/>
        <source>Add plagcheck to the applications menu, so that you can start it from there next time?</source>
        <translation>要将 plagcheck 添加到应用程序菜单，以便下次从菜单启动吗？</translation>
    </message>
    <message>
        <location filename="../views/menu_entry_bar.py" line="53"/>
        <source>Add to the menu</source>
        <translation>添加到菜单</translation>
    </message>
    <message>
        <location filename="../views/menu_entry_bar.py" line="54"/>
        <source>No, thanks</source>
        <translation>不用了</translation>
    </message>
    <message>
        <location filename="../views/menu_entry_bar.py" line="56"/>
        <source>Not asked again: Help → Add plagcheck to the applications menu</source>
        <translation>不再询问；以后可通过：帮助 → 将 plagcheck 添加到应用程序菜单</translation>
    </message>
</context>
<context>
    <name>Message</name>
    <message>
        <location filename="core_catalogue.py" line="14"/>
        <source>SimHash distance {distance} ≤ {k}</source>
        <translation>SimHash 距离 {distance} ≤ {k}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="15"/>
        <source>{share:.0%} of {name} is matched text</source>
        <translation>{name} 有 {share:.0%} 是匹配文本</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="16"/>
        <source>a matching passage of about {words:.0f} words ({passages} passages, {chars} characters in all)</source>
        <translation>一段约 {words:.0f} 词的匹配段落（共 {passages} 段，{chars} 个字符）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="17"/>
        <source>identical file archived under {label}</source>
        <translation>与“{label}”中归档的文件完全相同</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="18"/>
        <source>{sentences} sentences with the same meaning in other words</source>
        <oldsource>{sentences} sentences reworded from {name}</oldsource>
        <translation>{sentences} 句意思相同、措辞不同</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="19"/>
        <source>a passage of about {words:.0f} words copied with edits: {share:.0%} of it word for word, up to {longest:.0f} words in a row</source>
        <translation>一段约 {words:.0f} 词的文字经改动后抄袭：其中 {share:.0%} 逐字相同，最长连续 {longest:.0f} 词</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="20"/>
        <source>{sentences} sentences translated between Chinese and English</source>
        <oldsource>{sentences} sentences translated from {name}</oldsource>
        <translation>{sentences} 句在中英文之间互译</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="21"/>
        <source>{sentences} sentences rewritten one by one, keeping many of their words</source>
        <translation>{sentences} 句逐句改写，保留了大量原词</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="22"/>
        <source>{name} sums up {summed} sentences of {other} in {sentences}</source>
        <translation>{name} 用 {sentences} 句概括了 {other} 的 {summed} 句</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="23"/>
        <source>{name}: {flag}</source>
        <translation>{name} 中：{flag}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="24"/>
        <source>{files} students begin with the same {words} words: the assignment text?</source>
        <translation>{files} 名学生的开头是同样的 {words} 个词：是作业题目吗？</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="25"/>
        <source>{files} students end with the same {words} words: a shared text?</source>
        <translation>{files} 名学生的结尾是同样的 {words} 个词：是共用的文字吗？</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="26"/>
        <source>both files were created by {name}, and no other file of the class</source>
        <translation>两个文件的创建者都是 {name}，班上其他文件都不是</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="27"/>
        <source>both files were last saved by {name}, and no other file of the class</source>
        <translation>两个文件的最后保存者都是 {name}，班上其他文件都不是</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="28"/>
        <source>both files were made from the template {name}, and no other file of the class</source>
        <translation>两个文件都由模板 {name} 做成，班上其他文件都不是</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="29"/>
        <source>both files were created at the same moment ({time}): one was made from the other</source>
        <translation>两个文件创建于同一时刻（{time}）：一个是由另一个做出来的</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="30"/>
        <source>{copy}&apos;s file was created by {name}: {source} handed in the other file</source>
        <translation>{copy} 的文件由 {name} 创建：另一个文件正是 {source} 交的</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="31"/>
        <source>{copy}&apos;s file was last saved by {name}: {source} handed in the other file</source>
        <translation>{copy} 的文件最后由 {name} 保存：另一个文件正是 {source} 交的</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="32"/>
        <source>{copy} holds text of {source}, archived earlier ({label})</source>
        <translation>{copy} 含有 {source} 的文字，后者已于更早归档（{label}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="33"/>
        <source>{copy} is likely built from {count} documents that share nothing with one another: it holds passages of each, at different places</source>
        <translation>{copy} 很可能由 {count} 份彼此毫无共同内容的文档拼合而成：它在不同位置分别含有每一份的段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="34"/>
        <source>{copy}&apos;s file was written by {source}: it started as {source}&apos;s file</source>
        <translation>{copy} 的文件是 {source} 写的：它原本是 {source} 的文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="35"/>
        <source>unknown: nothing in the files shows who copied from whom</source>
        <translation>不明：文件中没有证据表明谁抄了谁</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="36"/>
        <source>archived ({label})</source>
        <translation>已归档（{label}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="37"/>
        <source>{copy} is likely built from passages of the others</source>
        <translation>{copy} 很可能由其他成员的段落拼合而成</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="38"/>
        <source>direction unknown</source>
        <translation>方向不明</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="39"/>
        <source>{reason}</source>
        <translation>{reason}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="40"/>
        <source>a PDF document</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="41"/>
        <source>a PNG image</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="42"/>
        <source>a JPEG image</source>
        <translation>JPEG 图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="43"/>
        <source>a GIF image</source>
        <translation>GIF 图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="44"/>
        <source>a TIFF image</source>
        <translation>TIFF 图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="45"/>
        <source>an old Microsoft Office document (.doc/.xls/.ppt)</source>
        <translation>旧版 Microsoft Office 文档（.doc/.xls/.ppt）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="46"/>
        <source>a ZIP archive</source>
        <translation>ZIP 压缩包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="47"/>
        <source>a RAR archive</source>
        <translation>RAR 压缩包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="48"/>
        <source>a 7-Zip archive</source>
        <translation>7-Zip 压缩包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="49"/>
        <source>a gzip archive</source>
        <translation>gzip 压缩包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="50"/>
        <source>a program (ELF executable)</source>
        <translation>程序（ELF 可执行文件）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="51"/>
        <source>a program (Mach-O or Java class)</source>
        <translation>程序（Mach-O 或 Java 类文件）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="52"/>
        <source>a program (Mach-O executable)</source>
        <translation>程序（Mach-O 可执行文件）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="53"/>
        <source>an SQLite database</source>
        <translation>SQLite 数据库</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="54"/>
        <source>a JPEG 2000 image</source>
        <translation>JPEG 2000 图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="55"/>
        <source>a web font</source>
        <translation>网页字体</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="56"/>
        <source>an Ogg audio/video file</source>
        <translation>Ogg 音视频文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="57"/>
        <source>a FLAC audio file</source>
        <translation>FLAC 音频文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="58"/>
        <source>an MP3 audio file</source>
        <translation>MP3 音频文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="59"/>
        <source>a WebP image</source>
        <translation>WebP 图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="60"/>
        <source>a WAV audio file</source>
        <translation>WAV 音频文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="61"/>
        <source>an AVI video</source>
        <translation>AVI 视频</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="62"/>
        <source>an MP4/HEIC media file</source>
        <translation>MP4/HEIC 媒体文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="63"/>
        <source>a Windows program (.exe)</source>
        <translation>Windows 程序（.exe）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="64"/>
        <source>an RTF document</source>
        <translation>RTF 文档</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="65"/>
        <source>a web page (HTML)</source>
        <translation>网页（HTML）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="66"/>
        <source>an XML file</source>
        <translation>XML 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="67"/>
        <source>an Excel workbook (XLSX); save the essay as DOCX</source>
        <translation>Excel 工作簿（XLSX）；请将论文另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="68"/>
        <source>a PowerPoint presentation (PPTX); save the essay as DOCX</source>
        <translation>PowerPoint 演示文稿（PPTX）；请将论文另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="69"/>
        <source>an OpenDocument text (.odt)</source>
        <oldsource>an OpenDocument text (.odt); save it as DOCX</oldsource>
        <translation>OpenDocument 文本（.odt）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="70"/>
        <source>a ZIP archive without a Word document</source>
        <translation>不含 Word 文档的 ZIP 压缩包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="71"/>
        <source>binary data</source>
        <translation>二进制数据</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="72"/>
        <source>text file</source>
        <translation>文本文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="73"/>
        <source>DOCX</source>
        <translation>DOCX 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="74"/>
        <source>PDF</source>
        <translation>PDF 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="75"/>
        <source>ODT</source>
        <translation>ODT 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="76"/>
        <source>RTF</source>
        <translation>RTF 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="77"/>
        <source>PPTX</source>
        <translation>PPTX 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="78"/>
        <source>HTML</source>
        <translation>HTML 网页</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="79"/>
        <source>Markdown</source>
        <translation>Markdown 文本</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="80"/>
        <source>Word 97-2003 document (.doc)</source>
        <translation>Word 97-2003 文档（.doc）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="81"/>
        <source>WPS Writer document (.wps)</source>
        <translation>WPS 文字文档（.wps）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="82"/>
        <source>picture</source>
        <translation>图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="83"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="84"/>
        <source>empty file (0 bytes)</source>
        <translation>空文件（0 字节）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="85"/>
        <source>no text: the file contains only whitespace</source>
        <translation>没有文字：文件只含空白</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="86"/>
        <source>not a file: it is a folder</source>
        <translation>不是文件：这是一个文件夹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="87"/>
        <source>not a regular file (device, pipe or socket)</source>
        <translation>不是普通文件（设备、管道或套接字）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="88"/>
        <source>permission denied: cannot read the file</source>
        <translation>权限不足：无法读取该文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="89"/>
        <source>broken symbolic link: the file it points to is missing</source>
        <translation>符号链接已失效：它指向的文件不存在</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="90"/>
        <source>file not found: it was moved or deleted</source>
        <translation>找不到文件：已被移动或删除</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="91"/>
        <source>the file changed while it was being read (is it still being copied or synced?): scan again once it is complete</source>
        <translation>文件在读取期间被更改（是否仍在复制或同步？）：请在其完成后重新扫描</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="92"/>
        <source>symbolic link loop: cannot read the file</source>
        <translation>符号链接循环：无法读取该文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="93"/>
        <source>cannot read the file: {detail}</source>
        <translation>无法读取该文件：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="94"/>
        <source>too large: the file is {size}, and no submission is larger than {limit}</source>
        <translation>文件过大：该文件为 {size}，而作业不会超过 {limit}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="95"/>
        <source>refused: the file is larger than {limit}</source>
        <translation>已拒绝：文件大于 {limit}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="96"/>
        <source>refused: not enough memory to read this file</source>
        <translation>已拒绝：内存不足，无法读取该文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="97"/>
        <source>unsupported file type {suffix}</source>
        <translation>不支持的文件类型 {suffix}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="98"/>
        <source>unsupported file type (no extension)</source>
        <translation>不支持的文件类型（无扩展名）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="99"/>
        <source>old PowerPoint slides ({suffix}): open them in PowerPoint and save as PPTX</source>
        <translation>旧版 PowerPoint 幻灯片（{suffix}）：请在 PowerPoint 中打开并另存为 PPTX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="100"/>
        <source>a spreadsheet ({suffix}), not an essay: ask for the essay as DOCX or PDF</source>
        <translation>电子表格（{suffix}），不是论文：请让学生以 DOCX 或 PDF 提交论文</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="101"/>
        <source>an Apple iWork file ({suffix}): export it as PDF or DOCX</source>
        <translation>Apple iWork 文件（{suffix}）：请导出为 PDF 或 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="102"/>
        <source>a {suffix} archive is not opened: unpack it, or hand in a ZIP</source>
        <translation>不会打开 {suffix} 压缩包：请先解压，或改交 ZIP 文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="103"/>
        <source>a {suffix} picture is not read: save it as PNG or JPEG</source>
        <translation>不读取 {suffix} 图片：请另存为 PNG 或 JPEG</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="104"/>
        <source>damaged {format}: its structure is nested too deeply</source>
        <translation>{format}已损坏：结构嵌套过深</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="105"/>
        <source>damaged {format}: it could not be read ({detail}); ask for the file again</source>
        <translation>{format}已损坏：无法读取（{detail}）；请让学生重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="106"/>
        <source>template: {reason}</source>
        <translation>模板：{reason}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="107"/>
        <source>unknown text encoding: save the file as UTF-8</source>
        <translation>无法识别文本编码：请将文件另存为 UTF-8</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="108"/>
        <source>not a text file (looks like {what})</source>
        <translation>不是文本文件（看起来是{what}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="109"/>
        <source>not a text file (looks like binary data: it has NUL bytes)</source>
        <translation>不是文本文件（看起来是二进制数据：含有 NUL 字节）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="110"/>
        <source>damaged DOCX (bad zip): ask for the file again</source>
        <translation>DOCX 已损坏（ZIP 结构错误）：请让学生重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="111"/>
        <source>not a Word 97-2003 document: open it in Word or WPS and save as DOCX</source>
        <translation>不是 Word 97-2003 文档：请在 Word 或 WPS 中打开并另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="112"/>
        <source>damaged Word document ({detail}): ask for the file again, or save it as DOCX</source>
        <translation>Word 文档已损坏（{detail}）：请重新索取文件，或另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="113"/>
        <source>password-protected Word document: remove the password (or save as DOCX) and submit again</source>
        <translation>Word 文档受密码保护：请去除密码（或另存为 DOCX）后重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="114"/>
        <source>Word 95 or older: open it in Word or LibreOffice and save as DOCX</source>
        <translation>Word 95 或更早版本的文档：请在 Word 或 LibreOffice 中打开并另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="115"/>
        <source>a Microsoft Works document: open it in Word or LibreOffice and save as DOCX</source>
        <translation>Microsoft Works 文档：请在 Word 或 LibreOffice 中打开并另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="116"/>
        <source>an Excel workbook, not an essay: ask for the essay as DOCX</source>
        <translation>Excel 工作簿，不是论文：请让学生以 DOCX 提交论文</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="117"/>
        <source>not a Word document this reader knows: open it in Word and save as DOCX</source>
        <translation>无法识别的 Word 文档：请在 Word 中打开并另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="118"/>
        <source>a WPS file in a format other than WPS Writer&apos;s: open it in WPS Office and save as DOCX</source>
        <translation>不是 WPS 文字格式的 WPS 文件：请在 WPS Office 中打开并另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="119"/>
        <source>a picture without text: OCR found nothing to read</source>
        <translation>图片中没有文字：OCR 未识别出任何内容</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="120"/>
        <source>a picture: reading pictures (OCR) is turned off</source>
        <translation>图片：图片识别（OCR）已关闭</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="121"/>
        <source>a HEIC photo cannot be decoded here (pillow-heif is missing): save it as JPEG</source>
        <translation>此处无法解码 HEIC 照片（缺少 pillow-heif）：请另存为 JPEG</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="122"/>
        <source>old Word format (.doc): open it in Word and save as DOCX</source>
        <translation>旧版 Word 格式（.doc）：请在 Word 中打开并另存为 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="123"/>
        <source>password-protected DOCX: remove the password and submit again</source>
        <translation>DOCX 有密码保护：请去掉密码后重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="124"/>
        <source>refused: the DOCX contains XML entity declarations (possible &apos;billion laughs&apos; attack)</source>
        <translation>已拒绝：该 DOCX 含有 XML 实体声明（可能是“十亿笑声”攻击）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="125"/>
        <source>not a Word document: it looks like {what}</source>
        <translation>不是 Word 文档：看起来是{what}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="126"/>
        <source>not a Word document: its content is not a DOCX package</source>
        <translation>不是 Word 文档：内容不是 DOCX 文件包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="127"/>
        <source>damaged DOCX: the part {part} is not valid XML; ask for the file again</source>
        <translation>DOCX 已损坏：部件 {part} 不是有效的 XML；请让学生重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="128"/>
        <source>refused: the DOCX expands to {size} of XML (limit {limit}); it may be a zip bomb</source>
        <translation>已拒绝：该 DOCX 解压后有 {size} 的 XML（上限 {limit}）；可能是压缩炸弹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="129"/>
        <source>damaged ODT (bad zip): ask for the file again</source>
        <translation>ODT 已损坏（zip 损坏）：请重新索取文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="130"/>
        <source>refused: the ODT contains XML entity declarations (possible &apos;billion laughs&apos; attack)</source>
        <translation>已拒绝：ODT 含有 XML 实体声明（可能是“十亿笑声”攻击）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="131"/>
        <source>not an OpenDocument text: it looks like {what}</source>
        <translation>不是 OpenDocument 文本：它看起来是{what}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="132"/>
        <source>not an OpenDocument text: its content is not an ODT package</source>
        <translation>不是 OpenDocument 文本：其内容不是 ODT 包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="133"/>
        <source>an OpenDocument file that is not a text document (a spreadsheet or slides?); save the essay as ODT or DOCX</source>
        <translation>这是 OpenDocument 文件，但不是文本文档（电子表格或幻灯片？）；请将作文另存为 ODT 或 DOCX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="134"/>
        <source>damaged ODT: it has no content.xml; ask for the file again</source>
        <translation>ODT 已损坏：缺少 content.xml；请重新索取文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="135"/>
        <source>password-protected ODT: remove the password and submit again</source>
        <translation>ODT 受密码保护：请去掉密码后重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="136"/>
        <source>damaged ODT: the part {part} is not valid XML; ask for the file again</source>
        <translation>ODT 已损坏：部件 {part} 不是有效的 XML；请重新索取文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="137"/>
        <source>refused: the ODT expands to {size} of XML (limit {limit}); it may be a zip bomb</source>
        <translation>已拒绝：ODT 解压后有 {size} 的 XML（上限 {limit}）；可能是 zip 炸弹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="138"/>
        <source>damaged PPTX (bad zip): ask for the file again</source>
        <translation>PPTX 已损坏（ZIP 结构错误）：请重新索取文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="139"/>
        <source>old PowerPoint format (.ppt): open it in PowerPoint and save as PPTX</source>
        <translation>旧版 PowerPoint 格式（.ppt）：请用 PowerPoint 打开并另存为 PPTX</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="140"/>
        <source>password-protected PPTX: remove the password and submit again</source>
        <translation>PPTX 有密码保护：请去掉密码后重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="141"/>
        <source>refused: the PPTX contains XML entity declarations (possible &apos;billion laughs&apos; attack)</source>
        <translation>已拒绝：PPTX 含有 XML 实体声明（可能是“十亿笑声”攻击）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="142"/>
        <source>not a PowerPoint presentation: it looks like {what}</source>
        <translation>不是 PowerPoint 演示文稿：它看起来是{what}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="143"/>
        <source>not a PowerPoint presentation: its content is not a PPTX package</source>
        <translation>不是 PowerPoint 演示文稿：其内容不是 PPTX 包</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="144"/>
        <source>damaged PPTX: the part {part} is not valid XML; ask for the file again</source>
        <translation>PPTX 已损坏：部件 {part} 不是有效的 XML；请重新索取文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="145"/>
        <source>refused: the PPTX expands to {size} of XML (limit {limit}); it may be a zip bomb</source>
        <translation>已拒绝：PPTX 解压后的 XML 达 {size}（上限 {limit}），可能是 ZIP 炸弹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="146"/>
        <source>damaged ZIP: it cannot be opened; download it again</source>
        <translation>ZIP 已损坏，无法打开：请重新下载</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="147"/>
        <source>damaged file inside the ZIP (its check sum is wrong); download the ZIP again</source>
        <translation>ZIP 中的文件已损坏（校验和不符）：请重新下载 ZIP</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="148"/>
        <source>packed in a way this program cannot unpack (such as Deflate64): unzip the ZIP and scan the folder</source>
        <translation>压缩方式特殊（如 Deflate64），本程序无法解压：请先解压 ZIP，再扫描文件夹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="149"/>
        <source>password-protected inside the ZIP: unzip it with the password and scan the folder</source>
        <translation>ZIP 中的文件有密码保护：请用密码解压后扫描文件夹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="150"/>
        <source>refused: it unpacks to {size}, far more than its packed size (a zip bomb?)</source>
        <translation>已拒绝：解压后达 {size}，远超压缩大小（ZIP 炸弹？）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="151"/>
        <source>refused: the ZIP holds more than {limit} files; unzip it and scan the folder</source>
        <translation>已拒绝：ZIP 中的文件超过 {limit} 个；请解压后扫描文件夹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="152"/>
        <source>a ZIP inside ZIPs more than {depth} deep: not opened</source>
        <translation>ZIP 嵌套超过 {depth} 层：未打开</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="153"/>
        <source>refused: its name inside the ZIP points outside it (a &apos;zip slip&apos;)</source>
        <translation>已拒绝：它在 ZIP 中的名称指向 ZIP 之外（路径穿越攻击）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="154"/>
        <source>not an RTF document: it does not start with {{\rtf</source>
        <translation>不是 RTF 文档：它不以 {{
tf 开头</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="155"/>
        <source>refused: the RTF nests groups more than {depth} deep</source>
        <translation>已拒绝：RTF 的组嵌套超过 {depth} 层</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="156"/>
        <source>refused: the DOCX imports documents nested more than {depth} deep</source>
        <translation>已拒绝：该 DOCX 导入的文档嵌套超过 {depth} 层</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="157"/>
        <source>not a PDF document: it looks like {what}</source>
        <translation>不是 PDF 文档：看起来是{what}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="158"/>
        <source>not a PDF document</source>
        <translation>不是 PDF 文档</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="159"/>
        <source>damaged PDF: it has no pages</source>
        <translation>PDF 已损坏：没有页面</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="160"/>
        <source>damaged PDF: {detail}; ask for the file again</source>
        <translation>PDF 已损坏：{detail}；请让学生重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="161"/>
        <source>the file structure cannot be parsed</source>
        <translation>无法解析文件结构</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="162"/>
        <source>encrypted PDF: remove the password and submit again</source>
        <translation>PDF 已加密：请去掉密码后重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="163"/>
        <source>encrypted PDF (unsupported protection): encrypted PDF: remove the password and submit again</source>
        <translation>PDF 已加密（不支持的保护方式）：请去掉密码后重新提交</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="164"/>
        <source>scanned image: no text to compare; run OCR first</source>
        <translation>扫描图片：没有可比对的文字；请先进行 OCR 识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="165"/>
        <source>scanned image: no text layer, and reading scans (OCR) is turned off</source>
        <translation>扫描图像：没有文字层，且扫描识别（OCR）已关闭</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="166"/>
        <source>scanned image: OCR found no text on its pages</source>
        <translation>扫描图像：OCR 在其页面上未识别出文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="167"/>
        <source>scans and pictures cannot be read here: the OCR engine failed to load ({detail})</source>
        <translation>此处无法识别扫描页和图片：OCR 引擎加载失败（{detail}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="168"/>
        <source>a picture of {width:,} × {height:,} pixels: too large to read by OCR</source>
        <translation>一张 {width:,} × {height:,} 像素的图片：太大，无法用 OCR 识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="169"/>
        <source>page {page} holds a picture of {width:,} × {height:,} pixels: too large to read by OCR</source>
        <translation>第 {page} 页含有一张 {width:,} × {height:,} 像素的图片：太大，无法用 OCR 识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="170"/>
        <source>a picture needs more memory than a file may use: not read by OCR</source>
        <translation>一张图片所需内存超过单个文件的上限：未用 OCR 识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="171"/>
        <source>a damaged picture could not be read by OCR ({detail})</source>
        <translation>一张损坏的图片无法用 OCR 识别（{detail}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="172"/>
        <source>a picture in a format OCR does not read (such as a WMF or EMF drawing, or EPS)</source>
        <translation>图片格式 OCR 无法读取（例如 WMF、EMF 绘图或 EPS）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="173"/>
        <source>OCR could not read {where}: {detail}</source>
        <translation>OCR 无法识别{where}：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="174"/>
        <source>a picture</source>
        <translation>一张图片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="175"/>
        <source>the file changed since it was scanned: scan again to see its pages</source>
        <translation>文件在扫描后已更改：请重新扫描以查看其页面</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="176"/>
        <source>page {page}</source>
        <translation>第 {page} 页</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="177"/>
        <source>picture {name}</source>
        <translation>图片 {name}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="178"/>
        <source>the photo</source>
        <translation>照片</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="179"/>
        <source>{where} of {name}</source>
        <translation>{name} 的{where}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="180"/>
        <source>read by OCR: {where} (mean confidence {confidence:.0%}); check its text against the scan</source>
        <translation>经 OCR 识别：{where}（平均置信度 {confidence:.0%}）；请对照扫描件核对其文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="181"/>
        <source>garbled PDF: its text cannot be decoded (fonts without a character map); export the PDF again from the original document, or run OCR</source>
        <translation>PDF 乱码：其文字无法解码（字体缺少字符映射表）；请从原文档重新导出 PDF，或进行 OCR 识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="182"/>
        <source>broken symbolic link</source>
        <translation>符号链接已失效</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="183"/>
        <source>not found: it was moved or deleted</source>
        <translation>找不到：已被移动或删除</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="184"/>
        <source>permission denied: cannot read it</source>
        <translation>权限不足：无法读取</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="185"/>
        <source>symbolic link loop</source>
        <translation>符号链接循环</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="186"/>
        <source>cannot read it: {detail}</source>
        <translation>无法读取：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="187"/>
        <source>symbolic link to a folder that is already scanned (a loop or a duplicate)</source>
        <translation>指向已扫描文件夹的符号链接（循环或重复）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="188"/>
        <source>permission denied: cannot open the folder</source>
        <translation>权限不足：无法打开该文件夹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="189"/>
        <source>cannot open the folder: {detail}</source>
        <translation>无法打开该文件夹：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="190"/>
        <source>link points outside the folder: not read</source>
        <translation>链接指向所选文件夹之外：未读取</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="191"/>
        <source>hidden folder: not opened</source>
        <translation>隐藏文件夹：未打开</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="192"/>
        <source>hidden file: not compared</source>
        <translation>隐藏文件：未比对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="193"/>
        <source>folders nested more than {depth} deep: nothing below here was read</source>
        <translation>文件夹嵌套超过 {depth} 层：此处以下均未读取</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="194"/>
        <source>Office lock file (left while the document was open)</source>
        <translation>Office 锁定文件（文档打开时留下的）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="195"/>
        <source>same file as {path} (a link to it)</source>
        <translation>与 {path} 是同一个文件（指向它的链接）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="196"/>
        <source>the platform&apos;s receipt of a submission (Blackboard), not the student&apos;s work</source>
        <translation>平台的提交回执（Blackboard 平台），不是学生的作业</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="197"/>
        <source>a plagcheck report: not compared</source>
        <translation>plagcheck 报告：不参与比对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="198"/>
        <source>ran out of memory while reading this file</source>
        <translation>读取该文件时内存不足</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="199"/>
        <location filename="core_catalogue.py" line="277"/>
        <source>{detail}</source>
        <translation>{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="200"/>
        <source>could not return the result: {detail}</source>
        <translation>无法返回结果：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="201"/>
        <source>the reader crashed on this file (exit code {exit})</source>
        <translation>读取程序在该文件上崩溃（退出码 {exit}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="202"/>
        <source>gave up after {seconds:g} s: the file takes too long to read</source>
        <translation>{seconds:g} 秒后放弃：该文件读取时间过长</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="203"/>
        <source>removed {count} stray control bytes (such as NUL) from the text</source>
        <translation>已从文本中删除 {count} 个多余的控制字节（如 NUL）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="204"/>
        <source>truncated: only the first {size} were read</source>
        <translation>已截断：只读取了前 {size}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="205"/>
        <source>in {name}: {warning}</source>
        <oldsource>{name}: {warning}</oldsource>
        <translation>{name} 中：{warning}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="206"/>
        <source>already in the archive under {label}: not compared with its own archived copy</source>
        <translation>已以“{label}”存入档案库：不与其自身的归档副本比较</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="207"/>
        <source>text encoding guessed as {encoding}</source>
        <translation>文本编码推测为 {encoding}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="208"/>
        <source>the file does not say how its text is encoded; it was read as {charset}. If its text looks wrong in the side-by-side view, save it as UTF-8 and scan again</source>
        <translation>文件没有说明其文字编码，已按{charset}读取。如果在并排视图中文字显示不对，请将其另存为 UTF-8 后重新扫描</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="209"/>
        <source>Simplified Chinese (GB18030)</source>
        <translation>简体中文（GB18030）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="210"/>
        <source>Traditional Chinese (Big5)</source>
        <translation>繁体中文（Big5）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="211"/>
        <source>Western European (Windows-1252)</source>
        <translation>西欧语言（Windows-1252）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="212"/>
        <source>Western European (ISO 8859-1)</source>
        <translation>西欧语言（ISO 8859-1）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="213"/>
        <source>{name}</source>
        <translation>{name}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="214"/>
        <source>an imported RTF part ({part}) could not be read</source>
        <translation>无法读取导入的 RTF 部件（{part}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="215"/>
        <source>truncated: only the first {read} of {pages} pages were read</source>
        <translation>已截断：{pages} 页中只读取了前 {read} 页</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="216"/>
        <source>{blank} of {pages} pages have no text layer (scanned?) and are not compared</source>
        <translation>{pages} 页中有 {blank} 页没有文字层（扫描件？），未参与比对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="217"/>
        <source>{count} scanned pages or pictures were not read: reading scans (OCR) is turned off</source>
        <translation>{count} 个扫描页或图片未识别：扫描识别（OCR）已关闭</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="218"/>
        <source>{where} was read by OCR with low confidence ({confidence:.0%}): check its text against the scan</source>
        <translation>{where}的 OCR 识别置信度较低（{confidence:.0%}）：请对照扫描件核对其文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="219"/>
        <source>OCR read the first {read} of {pages} scanned pages; the rest are not compared</source>
        <translation>OCR 只识别了 {pages} 个扫描页中的前 {read} 页；其余页面不参与比较</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="220"/>
        <source>picture {name} was not read: {reason}</source>
        <translation>图片 {name} 未识别：{reason}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="221"/>
        <source>the picture lay sideways or upside down: it was turned {degrees}° clockwise and read</source>
        <translation>图片是横放或倒置的：已顺时针旋转 {degrees}° 后识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="222"/>
        <source>read as {format}: that is what the file holds, though it is named {suffix}</source>
        <translation>按 {format} 读取：文件内容是 {format}，虽然后缀名是 {suffix}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="223"/>
        <source>{share:.0%} of the characters could not be decoded and were dropped</source>
        <translation>{share:.0%} 的字符无法解码，已丢弃</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="224"/>
        <source>{chars:,} characters of hidden text, marked as hidden</source>
        <translation>{chars:,} 个字符的隐藏文字（设为隐藏）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="225"/>
        <source>{chars:,} characters of hidden text, in letters of the page&apos;s colour</source>
        <translation>{chars:,} 个字符的隐藏文字（字体颜色与页面相同）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="226"/>
        <source>{chars:,} characters of hidden text, in letters of 2 points or less</source>
        <translation>{chars:,} 个字符的隐藏文字（字号不超过 2 磅）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="227"/>
        <source>{chars:,} characters of hidden text, a decoy Word never shows in place of the text it shows</source>
        <translation>{chars:,} 个字符的隐藏文字（Word 从不显示的替身内容，显示的是另一段文字）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="228"/>
        <source>{chars:,} characters of invisible text laid over pages without a picture</source>
        <translation>{chars:,} 个字符的不可见文字覆盖在没有图片的页面上</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="229"/>
        <source>{chars:,} letters disguised as look-alike letters of other alphabets</source>
        <translation>{chars:,} 个字母被替换为其他字母表中形似的字母</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="230"/>
        <source>{chars:,} strike-through marks laid over letters</source>
        <translation>{chars:,} 个叠加在字母上的删除线符号</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="231"/>
        <source>{chars:,} invisible joiners inside words</source>
        <translation>单词内有 {chars:,} 个不可见的连接符</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="232"/>
        <source>{chars:,} spaces replaced by invisible Hangul fillers</source>
        <translation>{chars:,} 个空格被替换为不可见的韩文填充字符</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="233"/>
        <source>{chars:,} characters drawn out of reading order (p. {pages}): read in the order the page shows them</source>
        <translation>{chars:,} 个字符未按阅读顺序绘制（第 {pages} 页）：已按页面显示的顺序读取</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="234"/>
        <source>{chars:,} characters of a text layer that does not match what its page shows (p. {pages}): the page was read by OCR</source>
        <translation>{chars:,} 个字符的文字层与页面显示的内容不符（第 {pages} 页）：该页已用 OCR 识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="235"/>
        <source>the fingerprint cache was damaged ({detail}); it was moved aside as {name} and a new one was started</source>
        <translation>指纹缓存已损坏（{detail}）；已将其移到一旁，改名为 {name}，并新建了缓存</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="236"/>
        <source>{zip}: {platform} recognised; {students} students named from it</source>
        <translation>{zip}：识别出{platform}；据此确定了 {students} 名学生</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="237"/>
        <source>{zip}: no learning platform&apos;s layout recognised; each file is compared on its own</source>
        <translation>{zip}：未识别出任何教学平台的格式；每个文件单独比对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="238"/>
        <source>Moodle&apos;s &apos;Download all submissions&apos; layout</source>
        <translation>Moodle“下载所有提交”的格式</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="239"/>
        <source>Canvas&apos;s submissions download</source>
        <translation>Canvas 平台的提交下载格式</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="240"/>
        <source>Blackboard&apos;s assignment download</source>
        <translation>Blackboard 的作业下载格式</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="241"/>
        <source>Google Classroom&apos;s (Drive) file names</source>
        <translation>Google Classroom（云端硬盘）的文件名</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="242"/>
        <source>student numbers and names (学习通, 雨课堂 and similar)</source>
        <translation>学号和姓名（学习通、雨课堂等）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="243"/>
        <source>one folder per student</source>
        <translation>每名学生一个文件夹</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="244"/>
        <source>the fingerprint cache is not used (every file is read): {detail}</source>
        <translation>未使用指纹缓存（每个文件都重新读取）：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="245"/>
        <source>your earlier decisions could not be read, so none is shown: {detail}</source>
        <translation>无法读取你之前的判定，因此不显示任何判定：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="246"/>
        <source>compared with the archive {location}: {searched} archived documents searched, {matched} close enough to compare</source>
        <translation>已与档案 {location} 比较：检索了 {searched} 份存档文档，其中 {matched} 份相近而参与比较</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="247"/>
        <source>the archive {location} holds no documents yet: nothing was compared with it</source>
        <translation>档案 {location} 中还没有文档：没有与之比较</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="248"/>
        <source>the archive {location} was asked for but NOT checked: {reason}</source>
        <translation>已要求与档案 {location} 比较，但档案未被检查：{reason}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="249"/>
        <source>the scan was cancelled before the archive was searched</source>
        <translation>扫描在检索档案之前被取消</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="250"/>
        <source>the Redis archive needs the &apos;redis&apos; package: pip install &apos;plagcheck[redis]&apos;</source>
        <translation>Redis 归档需要 &apos;redis&apos; 软件包：请运行 &apos;pip install plagcheck[redis]&apos;</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="251"/>
        <source>not a usable Redis address: {location} ({detail}); expected redis://HOST:PORT/DB</source>
        <translation>不是可用的 Redis 地址：{location}（{detail}）；应为 redis://HOST:PORT/DB</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="252"/>
        <source>the Redis archive at {location} has no password: take the password out of the address</source>
        <translation>{location} 的 Redis 归档没有设置密码：请从地址中去掉密码</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="253"/>
        <source>the Redis archive at {location} needs a password: give it as redis://:PASSWORD@HOST:PORT/DB</source>
        <translation>{location} 的 Redis 归档需要密码：请写成 redis://:PASSWORD@HOST:PORT/DB</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="254"/>
        <source>the Redis archive at {location} refused the password (or user name): check them</source>
        <translation>{location} 的 Redis 归档拒绝了密码（或用户名）：请检查</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="255"/>
        <source>unknown kind of archive address {location}: give a file path, a Redis server as redis://HOST:PORT/DB, rediss://HOST:PORT/DB (TLS) or unix:///PATH/TO/SOCKET, or a Redis Cluster as redis+cluster://HOST:PORT or rediss+cluster://HOST:PORT</source>
        <oldsource>unknown kind of archive address {location}: give a file path, or a Redis server as redis://HOST:PORT/DB, rediss://HOST:PORT/DB (TLS) or unix:///PATH/TO/SOCKET</oldsource>
        <translation>无法识别的档案库地址 {location}：请给出文件路径、Redis 服务器地址 redis://主机:端口/数据库、rediss://主机:端口/数据库（TLS）或 unix:///套接字路径，或 Redis 集群地址 redis+cluster://主机:端口 或 rediss+cluster://主机:端口</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="256"/>
        <source>the Redis archive at {location} was made on a Redis Cluster: open it as redis+cluster://HOST:PORT</source>
        <translation>{location} 上的 Redis 档案库是在 Redis 集群上建立的：请用 redis+cluster://主机:端口 打开</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="257"/>
        <source>cannot reach the Redis archive at {location}: {detail}</source>
        <translation>无法连接 {location} 的 Redis 归档：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="258"/>
        <source>Redis archive error at {location}: {detail}</source>
        <translation>{location} 的 Redis 归档出错：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="259"/>
        <source>the archive {location} was written by a newer plagcheck (schema {version}); update plagcheck to use it</source>
        <translation>归档 {location} 由更新版本的 plagcheck 写入（结构版本 {version}）；请升级 plagcheck 后再使用</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="260"/>
        <source>the Redis archive at {location} was written by a newer plagcheck (schema {version}); update plagcheck to use it</source>
        <translation>{location} 的 Redis 归档由更新版本的 plagcheck 写入（结构版本 {version}）；请升级 plagcheck 后再使用</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="261"/>
        <source>this archive was built by a plagcheck version that analyses text differently; its fingerprints cannot be compared with new ones. Start a new archive (--archive PATH) and add the past classes again</source>
        <translation>此归档由文本分析方式不同的 plagcheck 版本建立，其指纹无法与新指纹比较。请新建归档（&apos;--archive PATH&apos;），并重新添加以往的班级</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="262"/>
        <source>the archive&apos;s settings record is unreadable: {detail}</source>
        <translation>归档的设置记录无法读取：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="263"/>
        <source>the archive was written by a newer plagcheck (format {format}); update plagcheck to use it</source>
        <translation>归档由更新版本的 plagcheck 写入（格式 {format}）；请升级 plagcheck 后再使用</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="264"/>
        <source>the archive file is damaged: unreadable document data ({detail})</source>
        <translation>归档文件已损坏：文档数据无法读取（{detail}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="265"/>
        <source>the archive file is damaged: unit offsets do not match</source>
        <translation>归档文件已损坏：单元位置不一致</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="266"/>
        <source>no archive at {location}</source>
        <translation>{location} 没有归档</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="267"/>
        <source>the archive {location} was being changed while it was checked (someone is adding or removing documents), so it could not be checked: check again when they are done</source>
        <translation>检查期间档案库 {location} 正在被更改（有人在添加或删除文档），因此无法检查：请在他们完成后再检查</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="268"/>
        <source>no label &apos;{label}&apos; in the archive</source>
        <translation>归档中没有标签“{label}”</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="269"/>
        <source>the archive {location} is busy (another plagcheck is writing): {detail}</source>
        <translation>归档 {location} 正忙（另一个 plagcheck 正在写入）：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="270"/>
        <source>cannot open the archive file {location}: {detail}</source>
        <translation>无法打开归档文件 {location}：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="271"/>
        <source>the archive file is damaged: {location}: {detail}. Move it aside or restore a backup; plagcheck starts a new archive when the file is missing</source>
        <translation>归档文件已损坏：{location}：{detail}。请将其移走或恢复备份；文件不存在时 plagcheck 会新建归档</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="272"/>
        <source>archive error in {location}: {detail}</source>
        <translation>归档 {location} 出错：{detail}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="273"/>
        <source>no archive at {location}: add past submissions first with &apos;plagcheck archive add DIR --label LABEL&apos;</source>
        <translation>{location} 没有归档：请先用 &apos;plagcheck archive add DIR --label LABEL&apos; 添加以往的作业</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="274"/>
        <source>the archive path {location} is a folder, not a file</source>
        <translation>归档路径 {location} 是文件夹，不是文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="275"/>
        <source>{location} is an SQLite file but not a plagcheck archive (tables: {tables})</source>
        <translation>{location} 是 SQLite 文件，但不是 plagcheck 归档（表：{tables}）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="276"/>
        <source>the archive file is damaged: {location}: no settings record</source>
        <translation>归档文件已损坏：{location}：没有设置记录</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="278"/>
        <source>label must be a non-empty string such as &apos;2025 autumn&apos;</source>
        <translation>标签不能为空，例如“2025 秋季”</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="279"/>
        <source>label must be on one line</source>
        <translation>标签只能有一行</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="280"/>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
</context>
<context>
    <name>PairField</name>
    <message>
        <location filename="core_catalogue.py" line="322"/>
        <source>File A</source>
        <translation>文件 A</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="323"/>
        <source>File B</source>
        <translation>文件 B</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="324"/>
        <source>Student A</source>
        <translation>学生 A</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="325"/>
        <source>Student B</source>
        <translation>学生 B</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="326"/>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="327"/>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="328"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="329"/>
        <source>Who copied</source>
        <translation>抄袭方向</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="330"/>
        <source>Decision</source>
        <translation>判定</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="331"/>
        <source>Decided because</source>
        <translation>判定理由</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="332"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="333"/>
        <source>Decided by</source>
        <translation>判定人</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="334"/>
        <source>Decided at</source>
        <translation>判定时间</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="335"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="336"/>
        <source>Archive</source>
        <translation>档案库</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="337"/>
        <source>OCR A</source>
        <translation>OCR A</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="338"/>
        <source>OCR B</source>
        <translation>OCR B</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="339"/>
        <source>SimHash distance</source>
        <translation>SimHash 距离</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="340"/>
        <source>Jaccard</source>
        <translation>Jaccard</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="341"/>
        <source>A in B</source>
        <translation>A 在 B 中</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="342"/>
        <source>B in A</source>
        <translation>B 在 A 中</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="343"/>
        <source>Matched characters</source>
        <translation>匹配字符数</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="344"/>
        <source>Passages</source>
        <translation>段落数</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="345"/>
        <source>Share of A</source>
        <translation>A 的占比</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="346"/>
        <source>Share of B</source>
        <translation>B 的占比</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="347"/>
        <source>Reworded</source>
        <translation>改写</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="348"/>
        <source>Translated</source>
        <translation>翻译</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="349"/>
        <source>Same meaning</source>
        <translation>同义占比</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="350"/>
        <source>The first file of the pair</source>
        <translation>文件对中的第一个文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="351"/>
        <source>The second file of the pair</source>
        <translation>文件对中的第二个文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="352"/>
        <source>The student who handed in file A, as the folder and file names say</source>
        <translation>交来文件 A 的学生（由文件夹和文件名得出）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="353"/>
        <source>The student who handed in file B, as the folder and file names say</source>
        <translation>交来文件 B 的学生（由文件夹和文件名得出）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="354"/>
        <source>Share of the more-copied file that is matched text, word for word or by meaning</source>
        <translation>被抄得较多的文件中匹配文本的占比（逐字匹配或同义匹配）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="355"/>
        <source>The pair is flagged as likely copying</source>
        <translation>该文件对被标记为可能抄袭</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="356"/>
        <source>Why the pair was flagged</source>
        <translation>该文件对被标记的原因</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="357"/>
        <source>Which file the shared text comes from, and the evidence that shows it; &apos;unknown&apos; when nothing in the files shows it</source>
        <translation>共有文字来自哪个文件，以及表明这一点的证据；文件中没有证据时为“不明”</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="358"/>
        <source>What the teacher decided: confirmed copying, dismissed, or not reviewed yet (&apos;outdated&apos; when a file changed since the decision)</source>
        <translation>教师的判定：确认抄袭、排除，或尚未审阅（判定后文件有改动时为“已过期”）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="359"/>
        <source>Why the teacher dismissed or confirmed the pair</source>
        <translation>教师排除或确认这对文件的理由</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="360"/>
        <source>The teacher&apos;s note on the pair</source>
        <translation>教师对这对文件的备注</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="361"/>
        <source>Who made the decision</source>
        <translation>作出判定的人</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="362"/>
        <source>When the decision was made (UTC)</source>
        <translation>作出判定的时间（UTC）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="363"/>
        <source>The group of near-duplicates the flagged pair belongs to</source>
        <translation>该可疑文件对所属的近似重复组</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="364"/>
        <source>Where the archived file of the pair comes from</source>
        <translation>文件对中归档文件的来源（课程与学期）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="365"/>
        <source>Part of file A was read by OCR (a scan, or a picture of text), with this mean recognition confidence; check its text against the scan</source>
        <translation>文件 A 的部分内容经 OCR 识别（扫描件或文字图片），此为平均识别置信度；请对照扫描件核对其文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="366"/>
        <source>Part of file B was read by OCR (a scan, or a picture of text), with this mean recognition confidence; check its text against the scan</source>
        <translation>文件 B 的部分内容经 OCR 识别（扫描件或文字图片），此为平均识别置信度；请对照扫描件核对其文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="367"/>
        <source>SimHash distance: bits that differ between the two 64-bit fingerprints (0 = same fingerprint)</source>
        <translation>SimHash 距离：两个 64 位指纹中不同的位数（0 = 指纹相同）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="368"/>
        <source>Jaccard: shared word sequences over all of both</source>
        <translation>Jaccard：共有词序列占双方全部词序列的比例</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="369"/>
        <source>Containment: share of A&apos;s word sequences found in B</source>
        <translation>包含度：A 的词序列在 B 中出现的比例</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="370"/>
        <source>Containment: share of B&apos;s word sequences found in A</source>
        <translation>包含度：B 的词序列在 A 中出现的比例</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="371"/>
        <source>Characters inside matched passages, word for word, reworded or translated (the larger side)</source>
        <translation>匹配段落中的字符数，含逐字、改写和翻译的段落（取较多的一方）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="372"/>
        <source>Number of matched passages: word for word, reworded or translated</source>
        <translation>匹配段落的数量：逐字、改写或翻译</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="373"/>
        <source>Share of A&apos;s text inside matched passages, word for word or by meaning</source>
        <translation>A 的文本中位于匹配段落内的比例（逐字匹配或同义匹配）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="374"/>
        <source>Share of B&apos;s text inside matched passages, word for word or by meaning</source>
        <translation>B 的文本中位于匹配段落内的比例（逐字匹配或同义匹配）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="375"/>
        <source>Sentences said again in other words, in order (reworded passages)</source>
        <translation>按原顺序换了说法的句子数（改写段落）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="376"/>
        <source>Sentences translated between Chinese and English, in order</source>
        <translation>按原顺序在中英文之间翻译的句子数</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="377"/>
        <source>Share of the more-covered file inside reworded or translated passages</source>
        <translation>覆盖较多的文件中位于改写或翻译段落内的文本占比</translation>
    </message>
</context>
<context>
    <name>PairsModel</name>
    <message>
        <location filename="../models/pairs_model.py" line="291"/>
        <source>{path}
Archived: {label}</source>
        <translation>{path}
已归档：{label}</translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="324"/>
        <source>Decided before as: {verdict}</source>
        <translation>之前的判定：{verdict}</translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="329"/>
        <source>by {who}, {when}</source>
        <translation>{who}，{when}</translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="366"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="383"/>
        <source>OCR {confidence}</source>
        <translation>OCR {confidence}</translation>
    </message>
</context>
<context>
    <name>PairsPanel</name>
    <message>
        <location filename="../views/pairs_panel.py" line="201"/>
        <source>Filter by file name…</source>
        <translation>按文件名筛选…</translation>
    </message>
    <message>
        <location filename="../views/pairs_panel.py" line="202"/>
        <source>Flagged only</source>
        <translation>仅显示已标记</translation>
    </message>
</context>
<context>
    <name>PassagePane</name>
    <message>
        <location filename="../views/side_by_side.py" line="143"/>
        <source>Read by OCR from {where}, {sure} sure</source>
        <translation>由 OCR 从{where}识别，置信度 {sure}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="162"/>
        <source>Passage {n}: reworded</source>
        <translation>段落 {n}：改写</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="163"/>
        <source>Passage {n}: translated</source>
        <translation>段落 {n}：翻译</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="165"/>
        <source>Passage {n}</source>
        <translation>第 {n} 段</translation>
    </message>
</context>
<context>
    <name>Problem</name>
    <message>
        <location filename="core_catalogue.py" line="286"/>
        <source>empty</source>
        <translation>空文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="287"/>
        <source>binary data</source>
        <translation>二进制数据</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="288"/>
        <source>unknown encoding</source>
        <translation>编码无法识别</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="289"/>
        <source>old Word format</source>
        <translation>旧版 Word 格式</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="290"/>
        <source>damaged file</source>
        <translation>文件已损坏</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="291"/>
        <source>too large</source>
        <translation>文件过大</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="292"/>
        <source>refused (unsafe XML)</source>
        <translation>已拒绝（不安全的 XML）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="293"/>
        <source>password-protected</source>
        <translation>有密码保护</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="294"/>
        <source>scanned image, no text</source>
        <translation>扫描图像，无文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="295"/>
        <source>undecodable text</source>
        <translation>文字无法解码</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="296"/>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="297"/>
        <source>missing</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="298"/>
        <source>changed while read</source>
        <translation>读取时被更改</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="299"/>
        <source>broken link</source>
        <translation>链接失效</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="300"/>
        <source>link loop</source>
        <translation>链接循环</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="301"/>
        <source>link outside the folder</source>
        <translation>链接指向文件夹之外</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="302"/>
        <source>folders too deep</source>
        <translation>文件夹层级过深</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="303"/>
        <source>hidden file</source>
        <translation>隐藏文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="304"/>
        <source>Office lock file</source>
        <translation>Office 锁定文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="305"/>
        <source>duplicate</source>
        <translation>重复文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="306"/>
        <source>unsafe name in ZIP</source>
        <translation>ZIP 中的不安全名称</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="307"/>
        <source>platform receipt</source>
        <translation>平台回执</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="308"/>
        <source>plagcheck report</source>
        <translation>plagcheck 报告</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="309"/>
        <source>unsupported type</source>
        <translation>不支持的类型</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="310"/>
        <source>timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="311"/>
        <source>reader crashed</source>
        <translation>读取程序崩溃</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="312"/>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="313"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="314"/>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="315"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="316"/>
        <source>archive not checked</source>
        <translation>档案未检查</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <location filename="../views/progress_panel.py" line="101"/>
        <source>Comparing documents…</source>
        <translation>正在比较文档…</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="88"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="90"/>
        <source>%v / %m files</source>
        <translation>%v / %m 个文件</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="91"/>
        <source>%p% compared</source>
        <translation>已比较 %p%</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="95"/>
        <source>Stopping; keeping the files read so far…</source>
        <translation>正在停止，保留已读取的文件…</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="97"/>
        <source>Finding the files…</source>
        <translation>正在查找文件…</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="99"/>
        <source>Searching the archive of past submissions…</source>
        <translation>正在检索往届作业档案库…</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="103"/>
        <source>Writing the reports…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="105"/>
        <source>Estimating time left…</source>
        <translation>正在估算剩余时间…</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="108"/>
        <source>About {time} left</source>
        <translation>约剩 {time}</translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="113"/>
        <source>{file}: reading page {page} of {pages} by OCR</source>
        <translation>{file}：正在用 OCR 识别第 {page} / {pages} 页</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="core_catalogue.py" line="426"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="427"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="428"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="429"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="430"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="431"/>
        <source>Student</source>
        <translation>学生</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="432"/>
        <source>Archived</source>
        <translation>归档</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="433"/>
        <source>Student A</source>
        <translation>学生 A</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="434"/>
        <source>Student B</source>
        <translation>学生 B</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="435"/>
        <source>Class report</source>
        <translation>班级报告</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="436"/>
        <source>plagcheck report · {date}</source>
        <translation>plagcheck 查重报告 · {date}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="437"/>
        <source>anonymized</source>
        <translation>已匿名</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="438"/>
        <source>Files compared</source>
        <translation>比对的文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="439"/>
        <source>Files that could not be read</source>
        <translation>无法读取的文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="440"/>
        <source>Files read with warnings</source>
        <translation>读取时有警告的文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="441"/>
        <source>Files skipped</source>
        <translation>跳过的文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="442"/>
        <source>Files not read, skipped or read with warnings</source>
        <translation>未能读取、已跳过或读取时有警告的文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="443"/>
        <source>Flagged pairs</source>
        <translation>标记的文档对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="444"/>
        <source>Groups</source>
        <translation>相似组</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="445"/>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="446"/>
        <source>Members</source>
        <translation>成员</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="447"/>
        <source>Highest similarity</source>
        <translation>最高相似度</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="448"/>
        <source>Who copied</source>
        <translation>抄袭方向</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="449"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="450"/>
        <source>Flag at similarity</source>
        <translation>标记的相似度阈值</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="451"/>
        <source>or a passage of at least (words)</source>
        <translation>或匹配段落至少（词）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="452"/>
        <source>SimHash distance for near-duplicates</source>
        <translation>近似重复的 SimHash 距离</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="453"/>
        <source>Shingle size (units)</source>
        <translation>分片长度（单位）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="454"/>
        <source>Reworded passages</source>
        <translation>改写段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="455"/>
        <source>Translated passages</source>
        <translation>翻译段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="456"/>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="457"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="458"/>
        <source>Similarity of every pair</source>
        <translation>所有文档对的相似度</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="459"/>
        <source>Pairs per 5% of similarity; bar heights on a log scale.</source>
        <translation>每 5% 相似度区间的文档对数；柱高为对数刻度。</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="460"/>
        <source>flag</source>
        <translation>标记</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="461"/>
        <source>Pair {number}</source>
        <translation>文档对 {number}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="462"/>
        <source>Print this pair</source>
        <translation>打印此文档对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="463"/>
        <source>Matched passage (same colour on both sides)</source>
        <translation>匹配段落（两侧同色）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="464"/>
        <source>reworded</source>
        <translation>改写</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="465"/>
        <source>translated</source>
        <translation>翻译</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="466"/>
        <source>common text of the class</source>
        <translation>全班共有的文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="467"/>
        <source>Shared text is not counted. If it is the assignment text, scan again with it as the template.</source>
        <translation>共用文字不计入相似度。若它是作业题目，请把它作为模板再扫描一次。</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="468"/>
        <source>template, references</source>
        <translation>模板、参考文献</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="469"/>
        <source>Turn on JavaScript to see the texts of each pair.</source>
        <translation>请启用 JavaScript 以查看每对文档的正文。</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="470"/>
        <source>copied</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="471"/>
        <source>Measures</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="472"/>
        <source>Matched passages</source>
        <translation>匹配段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="473"/>
        <source>full text</source>
        <translation>全文</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="474"/>
        <source>Page {page}</source>
        <translation>第 {page} 页</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="475"/>
        <source>{chars} characters in all; the full texts follow</source>
        <translation>共 {chars} 个字符，全文见后</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="476"/>
        <source>… and {count} more passages, marked in the full texts below</source>
        <translation>……另有 {count} 段匹配，均已在下方全文中标出</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="477"/>
        <source>A long text: the parts around its passages are shown ({chars} characters)</source>
        <translation>长文本：只显示各段落前后的部分（全文 {chars} 个字符）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="478"/>
        <source>[… {chars} characters …]</source>
        <translation>[… 省略 {chars} 个字符 …]</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="479"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="480"/>
        <source>To review</source>
        <translation>待审核</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="481"/>
        <source>Show pairs</source>
        <translation>显示文档对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="482"/>
        <source>Passage {n} of {count}</source>
        <translation>第 {n} 段，共 {count} 段</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="483"/>
        <source>Previous passage</source>
        <translation>上一段</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="484"/>
        <source>Next passage</source>
        <translation>下一段</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="485"/>
        <source>(keys: n and p)</source>
        <translation>（快捷键：n 和 p）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="486"/>
        <source>Review</source>
        <translation>审核</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="487"/>
        <source>Confirmed cases</source>
        <translation>确认的抄袭案例</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="488"/>
        <source>Confirmed cases: {count}</source>
        <translation>确认的抄袭案例：{count} 个</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="489"/>
        <source>No pair is confirmed as copying.</source>
        <translation>没有确认为抄袭的文档对。</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="490"/>
        <source>Case {number}</source>
        <translation>案例 {number}</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="491"/>
        <source>What the files&apos; properties share</source>
        <translation>文件属性的相同之处</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="492"/>
        <source>The scan&apos;s settings</source>
        <translation>本次检测的设置</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="493"/>
        <source>{chars} characters in all</source>
        <translation>共 {chars} 个字符</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="494"/>
        <source>Similarity report for {name}</source>
        <translation>{name} 的相似度报告</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="495"/>
        <source>Share of your text in matched passages</source>
        <translation>你的文本中匹配段落所占比例</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="496"/>
        <source>Other submission</source>
        <translation>其他作业</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="497"/>
        <source>Level of detail</source>
        <translation>详细程度</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="498"/>
        <source>score only</source>
        <translation>仅分数</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="499"/>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="500"/>
        <source>full passages</source>
        <translation>完整段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="501"/>
        <source>Similar submissions</source>
        <translation>相似的作业</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="502"/>
        <source>Other students are not named: each is shown as Student 1, 2, …</source>
        <translation>不显示其他学生的姓名：依次显示为 学生 1、2、…</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="503"/>
        <source>No other submission shares enough text with this one to be flagged.</source>
        <translation>没有其他作业与这份作业有足以标记的相同文本。</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="504"/>
        <source>Your text</source>
        <translation>你的文本</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="505"/>
        <source>Decision</source>
        <translation>判定</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="506"/>
        <source>Decided because</source>
        <translation>判定理由</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="507"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="508"/>
        <source>Decided by</source>
        <translation>判定人</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="509"/>
        <source>Decided at</source>
        <translation>判定时间</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="510"/>
        <source>Unreviewed</source>
        <translation>未审阅</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="511"/>
        <source>Confirmed copying</source>
        <translation>确认抄袭</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="512"/>
        <source>Dismissed</source>
        <translation>已排除</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="513"/>
        <source>Outdated: a file changed since</source>
        <translation>已过期：文件在判定后有改动</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="514"/>
        <source>Template or assignment prompt</source>
        <translation>模板或作业题目</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="515"/>
        <source>Shared source or quotation</source>
        <translation>共同来源或引文</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="516"/>
        <source>Common knowledge</source>
        <translation>常识</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="517"/>
        <source>Group work allowed</source>
        <translation>允许小组合作</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="518"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="519"/>
        <source>No flag</source>
        <translation>无标记</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="520"/>
        <source>All reviewed, cleared</source>
        <translation>已全部审阅，无抄袭</translation>
    </message>
</context>
<context>
    <name>ReviewActions</name>
    <message>
        <location filename="../review_actions.py" line="116"/>
        <source>Choose a pair first.</source>
        <translation>请先选择一对文件。</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="132"/>
        <source>Every flagged pair has a decision.</source>
        <translation>每对已标记的文件都已有判定。</translation>
    </message>
    <message numerus="yes">
        <location filename="../review_actions.py" line="140"/>
        <source>%n flagged pair(s) left to decide</source>
        <translation>
            <numerusform>还有 %n 对已标记的文件待判定</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="191"/>
        <location filename="../review_actions.py" line="202"/>
        <source>Show a passage first.</source>
        <translation>请先显示一处段落。</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="196"/>
        <source>The passage is left out; the class is judged again…</source>
        <translation>已排除该段落；正在重新判断全班…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="208"/>
        <source>The passage joins the assignment text; every pair is judged again…</source>
        <translation>该段落已并入作业题目文本；正在重新判断每一对文件…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="215"/>
        <source>Leave out short matches</source>
        <translation>排除过短的匹配</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="216"/>
        <source>Leave out word-for-word matches shorter than (words; 0 counts them all):</source>
        <translation>排除短于以下词数的逐字匹配（词；0 表示全部计入）：</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="246"/>
        <source>{a} and {b}: confirmed as copying</source>
        <translation>{a} 与 {b}：确认抄袭</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="247"/>
        <source>{a} and {b}: dismissed</source>
        <translation>{a} 与 {b}：已排除</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="248"/>
        <source>{a} and {b}: not reviewed</source>
        <translation>{a} 与 {b}：未审阅</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="257"/>
        <source>Decision on the pair</source>
        <translation>对这对文件的判定</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="277"/>
        <source>Confirm copying</source>
        <translation>确认抄袭</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="278"/>
        <source>Dismiss</source>
        <translation>排除</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="280"/>
        <source>Without a reason</source>
        <translation>不说明理由</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="287"/>
        <source>Mark unreviewed</source>
        <translation>标为未审阅</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="289"/>
        <source>Decision and note…</source>
        <translation>判定与备注…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="296"/>
        <source>Leave out {name} from every pair</source>
        <translation>在所有文件对中排除 {name}</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="318"/>
        <source>Export decisions</source>
        <translation>导出判定</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="320"/>
        <location filename="../review_actions.py" line="339"/>
        <source>Decisions (*.json)</source>
        <translation>判定文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="330"/>
        <source>Could not export the decisions: {why}</source>
        <translation>无法导出判定：{why}</translation>
    </message>
    <message numerus="yes">
        <location filename="../review_actions.py" line="334"/>
        <source>%n decision(s) exported to {path}</source>
        <translation>
            <numerusform>已将 %n 条判定导出到 {path}</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="339"/>
        <source>Import decisions</source>
        <translation>导入判定</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="349"/>
        <source>Could not import the decisions: {why}</source>
        <translation>无法导入判定：{why}</translation>
    </message>
    <message numerus="yes">
        <location filename="../review_actions.py" line="352"/>
        <source>%n decision(s) imported</source>
        <translation>
            <numerusform>已导入 %n 条判定</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="355"/>
        <source>&amp;Review</source>
        <translation>审阅(&amp;R)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="356"/>
        <source>&amp;Confirm copying</source>
        <translation>确认抄袭(&amp;C)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="357"/>
        <source>&amp;Dismiss</source>
        <translation>排除(&amp;D)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="358"/>
        <source>Mark &amp;unreviewed</source>
        <translation>标为未审阅(&amp;U)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="359"/>
        <source>Decision and &amp;note…</source>
        <translation>判定与备注(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="360"/>
        <source>Ne&amp;xt pair to decide</source>
        <translation>下一对待判定(&amp;X)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="361"/>
        <source>Pre&amp;vious pair to decide</source>
        <translation>上一对待判定(&amp;V)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="363"/>
        <source>Open the next flagged pair without a decision (J)</source>
        <translation>打开下一对尚未判定的已标记文件 (J)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="364"/>
        <source>Open the previous flagged pair without a decision (K)</source>
        <translation>打开上一对尚未判定的已标记文件 (K)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="368"/>
        <source>&amp;Export decisions…</source>
        <translation>导出判定(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="369"/>
        <source>Leave out this &amp;passage</source>
        <translation>排除此段落(&amp;P)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="370"/>
        <source>Treat this passage as the &amp;assignment text</source>
        <translation>将此段落视为作业题目文本(&amp;A)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="371"/>
        <source>Leave out &amp;short matches…</source>
        <translation>排除过短的匹配(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="372"/>
        <source>Count everything &amp;again</source>
        <translation>全部重新计入(&amp;A)</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="374"/>
        <source>Leave the passage shown out of its pair&apos;s similarity (E)</source>
        <translation>不把当前段落计入这对文件的相似度（E）</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="377"/>
        <source>Add the passage shown to the assignment text and judge every pair again (T)</source>
        <translation>把当前段落加入作业题目文本并重新判断每一对文件（T）</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="379"/>
        <source>&amp;Import decisions…</source>
        <translation>导入判定(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="381"/>
        <source>Copying</source>
        <translation>抄袭</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="382"/>
        <source>Not copying</source>
        <translation>非抄袭</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="383"/>
        <source>Unreviewed</source>
        <translation>未审阅</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="384"/>
        <source>Note…</source>
        <translation>备注…</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="386"/>
        <source>The pair is copying (C)</source>
        <translation>这对文件属于抄袭（C）</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="387"/>
        <source>The pair is not copying (D)</source>
        <translation>这对文件不属于抄袭（D）</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="388"/>
        <source>Forget the decision on the pair (U)</source>
        <translation>撤销对这对文件的判定（U）</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="389"/>
        <source>Choose the reason and write a note (N)</source>
        <translation>选择理由并写备注（N）</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="414"/>
        <source>the passage “{label}”</source>
        <translation>段落“{label}”</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="415"/>
        <source>{label} as a source</source>
        <translation>作为来源的 {label}</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="416"/>
        <source>“{label}” as the assignment text</source>
        <translation>作为作业题目文本的“{label}”</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="419"/>
        <source>matches under {label} words</source>
        <translation>少于 {label} 词的匹配</translation>
    </message>
    <message>
        <location filename="../review_actions.py" line="423"/>
        <source>(by {who})</source>
        <translation>（{who}）</translation>
    </message>
</context>
<context>
    <name>ReviewController</name>
    <message>
        <location filename="../review_controller.py" line="101"/>
        <source>Earlier decisions could not be read: {why}</source>
        <translation>无法读取之前的判定：{why}</translation>
    </message>
    <message>
        <location filename="../review_controller.py" line="164"/>
        <source>The decision could not be saved: {why}. It stays in this session&apos;s reports.</source>
        <translation>无法保存判定：{why}。本次会话的报告中仍会包含它。</translation>
    </message>
    <message>
        <location filename="../review_controller.py" line="206"/>
        <source>The exclusion could not be kept: {why}. It holds for this session.</source>
        <translation>无法保存该排除：{why}。本次会话中仍然有效。</translation>
    </message>
    <message>
        <location filename="../review_controller.py" line="238"/>
        <source>The class could not be judged again: {why}</source>
        <translation>无法重新判断全班：{why}</translation>
    </message>
</context>
<context>
    <name>ScanViewer</name>
    <message>
        <location filename="../views/scan_viewer.py" line="48"/>
        <source>Scan of {name}</source>
        <translation>{name} 的扫描件</translation>
    </message>
    <message>
        <location filename="../views/scan_viewer.py" line="56"/>
        <source>◀ Previous</source>
        <translation>◀ 上一处</translation>
    </message>
    <message>
        <location filename="../views/scan_viewer.py" line="57"/>
        <source>Next ▶</source>
        <translation>下一处 ▶</translation>
    </message>
    <message>
        <location filename="../views/scan_viewer.py" line="85"/>
        <source>{where} ({n} of {count}): read by OCR, {sure} sure</source>
        <translation>{where}（第 {n} / {count} 处）：经 OCR 识别，置信度 {sure}</translation>
    </message>
    <message>
        <location filename="../views/scan_viewer.py" line="93"/>
        <source>{where} cannot be shown: {why}</source>
        <translation>无法显示{where}：{why}</translation>
    </message>
</context>
<context>
    <name>Setting</name>
    <message>
        <location filename="core_catalogue.py" line="383"/>
        <source>SimHash distance threshold (k, bits):</source>
        <translation>SimHash 距离阈值（k，位）：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="384"/>
        <source>SimHash Hamming distance for near-duplicates</source>
        <translation>判定近似重复的 SimHash 汉明距离</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="385"/>
        <source>Flag pairs with matched text of at least:</source>
        <translation>匹配文本至少达到此比例时标记：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="386"/>
        <source>Flag a pair when this share of either file is matched text</source>
        <translation>任一文件中匹配文本达到此比例时，标记该文件对</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="387"/>
        <source>…or one matching passage of at least:</source>
        <translation>……或一段匹配段落至少：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="388"/>
        <source>Also flag a pair when one passage of at least this many words is the same in both (2 Chinese characters count as 1 word)</source>
        <translation>两份文件中有一段至少这么多词的段落相同时，也标记该文件对（2 个汉字算 1 个词）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="389"/>
        <source> words</source>
        <translation> 词</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="390"/>
        <source>Report pairs from this similarity:</source>
        <translation>从此相似度起列出文件对：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="391"/>
        <source>Pairs below this similarity are left out of the pairs list</source>
        <translation>相似度低于此值的文件对不列入文件对列表</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="392"/>
        <source>Word-sequence length (n-gram):</source>
        <translation>词序列长度（n-gram）：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="393"/>
        <source>Shingle size in units (words, or two Chinese characters)</source>
        <translation>词序列的单位数（词，或两个汉字）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="394"/>
        <source>Shortest passage, in units:</source>
        <translation>最短段落（单位数）：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="395"/>
        <source>Matched runs shorter than this many units are not passages</source>
        <translation>短于这么多单位的匹配片段不算段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="396"/>
        <source>Shared text: the same start or end in at least:</source>
        <translation>共用文字：开头或结尾相同的文件至少有：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="397"/>
        <source>Text that at least this many files hold at their start or end, short beside them (a prompt, a cover sheet), is shared text and not counted</source>
        <translation>至少这么多文件在开头或结尾都有、且比全文短得多的文字（作业题目、封面）是共用文字，不计入相似度</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="398"/>
        <source> files</source>
        <translation> 个文件</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="399"/>
        <source>Convert Traditional Chinese to Simplified before comparing</source>
        <translation>比较前将繁体中文转换为简体</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="400"/>
        <source>Map Traditional Chinese to Simplified, so a copy converted to Traditional is still found</source>
        <translation>将繁体中文转换为简体，这样转成繁体的抄袭仍能被发现</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="401"/>
        <source>Word weights from:</source>
        <translation>词权重来源：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="402"/>
        <source>IDF source for SimHash weights (jieba: a fixed table; corpus: the folder)</source>
        <translation>SimHash 权重的 IDF 来源（jieba：固定词表；corpus：所扫描的文件夹）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="403"/>
        <source>MinHash permutations:</source>
        <translation>MinHash 置换数：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="404"/>
        <source>Permutations of the MinHash signature</source>
        <translation>MinHash 签名的置换数</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="405"/>
        <source>Ignore quoted text (“…”, 「…」, &quot;…&quot;)</source>
        <translation>忽略引用文字（“…”、「…」、&quot;…&quot;）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="406"/>
        <source>Leave quoted text out of the comparison</source>
        <translation>比较时不计引用文字</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="407"/>
        <source>Ignore the reference section (参考文献, References)</source>
        <translation>忽略参考文献部分（参考文献、References）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="408"/>
        <source>Leave the reference section (参考文献, References) out of the comparison</source>
        <translation>比较时不计参考文献部分（参考文献、References）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="409"/>
        <source>Find passages reworded sentence by sentence (Chinese, English)</source>
        <translation>查找逐句改写的段落（中文、英文）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="410"/>
        <source>Look for sentences reworded within a language (Chinese, English)</source>
        <translation>查找同一语言内改写的句子（中文、英文）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="411"/>
        <source>Find passages translated between Chinese and English</source>
        <translation>查找中英文之间翻译的段落</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="412"/>
        <source>Look for sentences translated between Chinese and English</source>
        <translation>查找中英文之间翻译的句子</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="413"/>
        <source>Reworded or translated: sentences closer by at least:</source>
        <translation>改写或翻译：句子相近程度至少为：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="414"/>
        <source>Each sentence of a reworded or translated passage must be this many times closer to its match than to its usual nearest sentences in other files (a sentence between two such ones, on both sides: as close as its usual nearest)</source>
        <translation>改写或翻译段落中的每一句与其对应句的相近程度，须达到它与其他文件中最相近句子的通常程度的这么多倍（夹在两句这样的句子之间、两边位置都对应的一句：达到通常程度即可）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="415"/>
        <source>Reworded or translated: sentences in order, at least:</source>
        <translation>改写或翻译：按顺序的句子至少：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="416"/>
        <source>Sentences in order that make a reworded or translated passage</source>
        <translation>构成改写或翻译段落所需的按顺序排列的句子数</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="417"/>
        <source>Worker processes:</source>
        <translation>工作进程数：</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="418"/>
        <source>Worker processes (0: one per core)</source>
        <translation>工作进程数（0：每个核心一个）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="419"/>
        <source>Read scanned pages and pictures of text (OCR, about 5-10 s per page)</source>
        <translation>识别扫描页和文字图片（OCR，每页约 5-10 秒）</translation>
    </message>
    <message>
        <location filename="core_catalogue.py" line="420"/>
        <source>Read scanned PDF pages and pictures in DOCX/ODT files by OCR (about 5-10 s per page); without it a PDF that is only scans is reported, not read</source>
        <translation>用 OCR 识别 PDF 中的扫描页以及 DOCX/ODT 文件中的图片（每页约 5-10 秒）；关闭时，只有扫描页的 PDF 会被报告而不读取</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.py" line="124"/>
        <source>Archive file</source>
        <translation>档案库文件</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="126"/>
        <source>plagcheck archive (*.sqlite);;All files (*)</source>
        <translation>plagcheck 档案库 (*.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="133"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="145"/>
        <source>Changes apply to the next scan; the current folder is rescanned.</source>
        <translation>更改将用于下一次扫描；当前文件夹会重新扫描。</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="147"/>
        <source>Archive of past submissions</source>
        <translation>往届作业档案库</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="148"/>
        <source>Compare each scan with the archive</source>
        <translation>每次扫描都与档案库比较</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="149"/>
        <source>&amp;Archive:</source>
        <translation>档案库(&amp;A)：</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="150"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="153"/>
        <source>A file (created when you first add a class; empty: the default file shown) or a shared server: redis://HOST:PORT/DB.</source>
        <translation>一个文件（首次加入班级时创建；留空则使用显示的默认文件），或共享服务器：redis://主机:端口/数据库。</translation>
    </message>
</context>
<context>
    <name>SharedTextRow</name>
    <message>
        <location filename="../views/shared_text_bar.py" line="60"/>
        <source>Text many students hold at the same place is greyed and not counted: it is no evidence of copying.</source>
        <translation>许多学生在同一位置都有的文字显示为灰色，不计入相似度：它不是抄袭的证据。</translation>
    </message>
    <message>
        <location filename="../views/shared_text_bar.py" line="65"/>
        <source>Treat as the assignment text</source>
        <translation>作为作业题目</translation>
    </message>
    <message>
        <location filename="../views/shared_text_bar.py" line="68"/>
        <source>It is not counted now; as the assignment text it also leaves the shares&apos; denominators, and the class is judged again</source>
        <translation>它现在已不计入；作为作业题目，它也不再计入比例的分母，全班将重新判断</translation>
    </message>
</context>
<context>
    <name>SideBySideView</name>
    <message>
        <location filename="../views/side_by_side.py" line="480"/>
        <source>No matched passage</source>
        <translation>没有匹配段落</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="483"/>
        <source>Passage {k} of {n}</source>
        <translation>第 {k} / {n} 段</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="505"/>
        <source>Open a pair from the matrix, the groups or the pairs table.</source>
        <translation>请从矩阵、分组或文件对表格中打开一对文件。</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="516"/>
        <source>{a} and {b} share no reported passage.</source>
        <translation>{a} 与 {b} 没有共同的段落。</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="547"/>
        <location filename="../views/side_by_side.py" line="548"/>
        <source>Flagged because: {reasons}</source>
        <translation>标记原因：{reasons}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="544"/>
        <source>Not flagged.</source>
        <translation>未标记。</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="475"/>
        <source>The passages could not be found: {why}</source>
        <translation>无法找出匹配段落：{why}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="478"/>
        <source>Finding the passages…</source>
        <translation>正在查找匹配段落…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="488"/>
        <source>reworded, %n sentence(s)</source>
        <translation>
            <numerusform>改写，%n 句</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="490"/>
        <source>translated, %n sentence(s)</source>
        <translation>
            <numerusform>翻译，%n 句</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="497"/>
        <source>summary: %n sentence(s) for {summed}</source>
        <translation>
            <numerusform>概要：%n 句概括 {summed} 句</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="510"/>
        <source>Finding the passages of {a} and {b}…</source>
        <translation>正在查找 {a} 与 {b} 的匹配段落…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="523"/>
        <source>%n matched passage(s)</source>
        <translation>
            <numerusform>%n 处匹配段落</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="524"/>
        <source>matched text: {sa} of {a}, {sb} of {b}</source>
        <translation>匹配文本：{a} 的 {sa}，{b} 的 {sb}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="527"/>
        <source>SimHash distance {distance}</source>
        <translation>SimHash 距离 {distance}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="528"/>
        <source>Jaccard {jaccard}</source>
        <translation>Jaccard {jaccard}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="529"/>
        <source>containment {ca} / {cb}</source>
        <translation>包含度 {ca} / {cb}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="531"/>
        <source>same meaning: {share}</source>
        <translation>同义：{share}</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="563"/>
        <source>◀ Previous</source>
        <translation>◀ 上一处</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="564"/>
        <source>Next ▶</source>
        <translation>下一处 ▶</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="567"/>
        <source>Same colour = same passage · dashed underline = reworded, wavy underline = translated · grey = common to much of the class, grey italics = template or references: not counted</source>
        <translation>同一颜色 = 同一段落 · 虚线下划线 = 改写，波浪下划线 = 翻译 · 灰色 = 全班多数人共有的文本，灰色斜体 = 模板或参考文献：不计入</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="572"/>
        <source>dotted amber underline = read by OCR from a scan or picture</source>
        <translation>琥珀色点状下划线 = 由 OCR 从扫描件或图片识别</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="578"/>
        <source>Show the scan</source>
        <translation>查看扫描件</translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="580"/>
        <source>The page or picture this text was read from by OCR, to check it</source>
        <translation>这段文字经 OCR 识别所依据的页面或图片，供核对</translation>
    </message>
</context>
<context>
    <name>SourceShort</name>
    <message>
        <location filename="../message_text.py" line="49"/>
        <source>⌂ archived</source>
        <translation>⌂ 已归档</translation>
    </message>
    <message>
        <location filename="../message_text.py" line="50"/>
        <source>built from the others</source>
        <translation>由其他文件拼合</translation>
    </message>
    <message>
        <location filename="../message_text.py" line="51"/>
        <source>direction unknown</source>
        <translation>方向不明</translation>
    </message>
    <message>
        <location filename="../message_text.py" line="52"/>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../message_text.py" line="60"/>
        <source>archived earlier ({label}): older than this class</source>
        <translation>更早归档（{label}）：早于本班作业</translation>
    </message>
</context>
<context>
    <name>StudentsModel</name>
    <message>
        <location filename="../models/students_model.py" line="152"/>
        <source>Student</source>
        <translation>学生</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="153"/>
        <source>Highest</source>
        <translation>最高</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="154"/>
        <source>With</source>
        <translation>对方</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="155"/>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="156"/>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="160"/>
        <source>The student, or the file where names don&apos;t say</source>
        <translation>学生（名称无法判断时为文件）</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="161"/>
        <source>The highest similarity with any other file</source>
        <translation>与其他任一文件的最高相似度</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="162"/>
        <source>The file of that highest similarity</source>
        <translation>最高相似度对应的文件</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="163"/>
        <source>How many of the student&apos;s pairs are flagged</source>
        <translation>该学生被标记的文件对数量</translation>
    </message>
    <message>
        <location filename="../models/students_model.py" line="164"/>
        <source>What is left to decide on the student&apos;s flagged pairs</source>
        <translation>该学生被标记的文件对中还有哪些待判定</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/students_model.py" line="170"/>
        <source>%n to review</source>
        <translation>
            <numerusform>%n 对待审阅</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StudentsPanel</name>
    <message>
        <location filename="../views/students_panel.py" line="187"/>
        <source>{shown} of {count} students · {left} to review · {confirmed} confirmed</source>
        <translation>显示 {shown}/{count} 名学生 · {left} 人待审阅 · {confirmed} 人确认抄袭</translation>
    </message>
    <message>
        <location filename="../views/students_panel.py" line="203"/>
        <source>Every student</source>
        <translation>全部学生</translation>
    </message>
    <message>
        <location filename="../views/students_panel.py" line="206"/>
        <source>Only students whose highest similarity is at least this</source>
        <translation>只显示最高相似度不低于此值的学生</translation>
    </message>
    <message>
        <location filename="../views/students_panel.py" line="207"/>
        <source>Highest similarity at least</source>
        <translation>最高相似度至少</translation>
    </message>
    <message>
        <location filename="../views/students_panel.py" line="208"/>
        <source>Find a student…</source>
        <translation>查找学生…</translation>
    </message>
</context>
<context>
    <name>WordDiffTable</name>
    <message>
        <location filename="../views/bit_diff_view.py" line="113"/>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="114"/>
        <source>In</source>
        <translation>出现于</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="115"/>
        <source>Its hash bit</source>
        <translation>其哈希位</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="116"/>
        <source>Push in A</source>
        <translation>A 中的推动</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="117"/>
        <source>Push in B</source>
        <translation>B 中的推动</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="118"/>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="124"/>
        <source>A only</source>
        <translation>仅 A</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="124"/>
        <source>B only</source>
        <translation>仅 B</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="124"/>
        <source>both</source>
        <translation>两者</translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="136"/>
        <source>{word}: its hash has a {bit} at this bit, so it pushes towards {bit}; push in A {a}, in B {b}</source>
        <translation>{word}：其哈希值在这一位上是 {bit}，因此推向 {bit}；在 A 中推动 {a}，在 B 中推动 {b}</translation>
    </message>
</context>
</TS>
