<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>BitDiffView</name>
    <message>
        <location filename="../views/bit_diff_view.py" line="156"/>
        <source>differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="156"/>
        <source>is equal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="158"/>
        <source>Bit {bit} (block {block}) {state}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="169"/>
        <source>{side} · {name}: bit = {value}; its {count} strongest keywords push {net:+.1f}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="172"/>
        <source>(the weaker words not listed tip the balance)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="187"/>
        <source>Pale cells: the bit is the same in both fingerprints (its value is shown). Orange cells: the bit differs (A/B). Outlined: the pigeonhole blocks; a pair within the SimHash threshold k always has at least one identical block. Click a bit to see which keywords set it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="195"/>
        <source>Each keyword&apos;s hash has a 0 or 1 at this bit; the keyword adds its weight towards that value. The fingerprint bit is 1 when the sum is positive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="200"/>
        <source>Fingerprint bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="202"/>
        <source>Open a pair from the matrix, the groups or the pairs table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="208"/>
        <source>Fingerprint bits: {a} ↔ {b}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="216"/>
        <source>Hamming distance: {distance} of 64 bits differ · identical blocks: {equal} of {blocks} (k = {k})</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BitGrid</name>
    <message>
        <location filename="../views/bit_grid.py" line="85"/>
        <source>No pair selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_grid.py" line="133"/>
        <source>Block {n}: identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_grid.py" line="135"/>
        <source>Block {n}: {count} bits differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_grid.py" line="156"/>
        <source>Bit {bit} (block {block}): A = {a}, B = {b}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ColorLegend</name>
    <message>
        <location filename="../views/matrix_panel.py" line="71"/>
        <source>flagged pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="78"/>
        <source>selected group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="84"/>
        <source>Share of the more-copied file that is matched text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="85"/>
        <source>SimHash distance in bits (0 = same fingerprint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="86"/>
        <source>Jaccard: shared word sequences over all of both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="88"/>
        <source>Containment: share of the row file found in the column file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CoreText</name>
    <message>
        <location filename="../core_text.py" line="29"/>
        <source>SimHash distance {distance} ≤ {k}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="33"/>
        <source>{percent}% of {name} is matched text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="37"/>
        <source>{count} matching passage(s), {chars} characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="41"/>
        <source>a matching passage of about {words} words ({count} passage(s), {chars} characters in all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="56"/>
        <location filename="../core_text.py" line="67"/>
        <source>earliest modified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="57"/>
        <source>least of its text is matched (most original)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="68"/>
        <source>most original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="76"/>
        <source>empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="77"/>
        <source>binary data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="78"/>
        <source>unknown encoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="79"/>
        <source>old Word format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="80"/>
        <source>damaged file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="81"/>
        <source>too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="82"/>
        <source>refused (unsafe XML)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="83"/>
        <source>password-protected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="84"/>
        <source>scanned image, no text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="85"/>
        <source>undecodable text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="86"/>
        <source>cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="87"/>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="88"/>
        <source>broken link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="89"/>
        <source>link loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="90"/>
        <source>Office lock file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="91"/>
        <source>duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="92"/>
        <source>unsupported type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="93"/>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="94"/>
        <source>reader crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="95"/>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="96"/>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="97"/>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../core_text.py" line="98"/>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorsModel</name>
    <message>
        <location filename="../models/errors_model.py" line="74"/>
        <source>Unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="75"/>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="76"/>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="92"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="93"/>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="94"/>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/errors_model.py" line="95"/>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorsPanel</name>
    <message>
        <location filename="../views/errors_panel.py" line="52"/>
        <source>No problem files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/errors_panel.py" line="54"/>
        <source>{errors} unreadable (left out of the comparison), {skipped} skipped, {warnings} warnings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GroupsPanel</name>
    <message>
        <location filename="../views/groups_panel.py" line="79"/>
        <source>Group / file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="79"/>
        <source>Max similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="79"/>
        <source>Likely source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="97"/>
        <source>Group {id} · {count} files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="109"/>
        <source>Most likely source: {path}
Why: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="132"/>
        <source>likely source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="135"/>
        <source>⌂ archived: {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="147"/>
        <source>Groups of near-duplicates appear here after a scan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/groups_panel.py" line="150"/>
        <source>No group: no pair of files was flagged.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>KeywordPushTable</name>
    <message>
        <location filename="../views/bit_diff_view.py" line="46"/>
        <source>Towards 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="46"/>
        <source>Weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/bit_diff_view.py" line="46"/>
        <source>Towards 0</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="255"/>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="259"/>
        <source>Clear recent folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="303"/>
        <source>Open a folder of submissions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="311"/>
        <source>Add submissions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="313"/>
        <source>Submissions (*.docx *.pdf *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="321"/>
        <source>Add a template (assignment text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="323"/>
        <source>Documents (*.docx *.pdf *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="370"/>
        <source>The scan failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="417"/>
        <source>Nothing to export yet: scan a folder first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="421"/>
        <source>Export pairs as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="421"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="440"/>
        <source>Could not write {path}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="446"/>
        <source>Exported {path} and {errors}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="475"/>
        <source>About plagcheck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="477"/>
        <source>plagcheck finds copied work in a class&apos;s DOCX, PDF and TXT submissions (Chinese and English): SimHash fingerprints, MinHash and matched passages.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="490"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="491"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="492"/>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="493"/>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="494"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="495"/>
        <source>Recent &amp;folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="496"/>
        <source>&amp;Open folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="497"/>
        <source>Add &amp;files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="498"/>
        <source>Add &amp;template…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="499"/>
        <source>Clear templates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="500"/>
        <source>&amp;Rescan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="501"/>
        <source>&amp;Cancel scan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="502"/>
        <source>&amp;Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="503"/>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="504"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="505"/>
        <source>&amp;About plagcheck</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="506"/>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="507"/>
        <source>Matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="507"/>
        <source>Side by side</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="507"/>
        <source>Fingerprint bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="512"/>
        <source>Groups ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="517"/>
        <source>Pairs ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="520"/>
        <source>Errors ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="526"/>
        <source>Template: {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="529"/>
        <source>No template</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatrixModel</name>
    <message>
        <location filename="../models/matrix_model.py" line="186"/>
        <source>Archived: {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="216"/>
        <source>Similarity: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="217"/>
        <source>SimHash distance: {value} of 64 bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="220"/>
        <source>Jaccard: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="221"/>
        <source>Containment: {ab} of {a} is in {b}; {ba} of {b} is in {a}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="233"/>
        <source>Matched passages: {count}; matched text: {ra} of {a}, {rb} of {b}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="243"/>
        <source>Flagged: {reasons}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="248"/>
        <source>{name} is archived: {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="253"/>
        <source>No matching passage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/matrix_model.py" line="254"/>
        <source>Click to open the pair</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatrixPanel</name>
    <message>
        <location filename="../views/matrix_panel.py" line="163"/>
        <source>Similarity matrix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="164"/>
        <source>{files} files compared · {flagged} flagged pairs · {groups} groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="171"/>
        <source>{count} unreadable files not in the matrix (see Errors)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="174"/>
        <source>{count} skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="176"/>
        <source>scan cancelled: partial results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="186"/>
        <source>&amp;Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="188"/>
        <source>Similarity (matched text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="189"/>
        <source>SimHash distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="190"/>
        <source>Jaccard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="191"/>
        <source>Containment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="196"/>
        <source>No readable documents. See the Errors panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/matrix_panel.py" line="199"/>
        <source>Drop folders or files here
or use File → Open folder…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PairsModel</name>
    <message>
        <location filename="../models/pairs_model.py" line="75"/>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="76"/>
        <source>File A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="77"/>
        <source>File B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="78"/>
        <source>Similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="79"/>
        <source>Flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="80"/>
        <source>SimHash distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="81"/>
        <source>Jaccard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="82"/>
        <source>A in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="83"/>
        <source>B in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="84"/>
        <source>Matched characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="85"/>
        <source>Passages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="86"/>
        <source>Share of A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="87"/>
        <source>Share of B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="88"/>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="141"/>
        <source>{path}
Archived: {label}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../models/pairs_model.py" line="155"/>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PairsPanel</name>
    <message>
        <location filename="../views/pairs_panel.py" line="104"/>
        <source>Filter by file name…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/pairs_panel.py" line="105"/>
        <source>Flagged only</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PassagePane</name>
    <message>
        <location filename="../views/side_by_side.py" line="108"/>
        <source>Passage {n}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <location filename="../views/progress_panel.py" line="59"/>
        <location filename="../views/progress_panel.py" line="85"/>
        <source>Comparing documents…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="80"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="81"/>
        <source>%v / %m files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="83"/>
        <source>Stopping; keeping the files read so far…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="87"/>
        <source>Estimating time left…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/progress_panel.py" line="90"/>
        <source>About {time} left</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.py" line="79"/>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="80"/>
        <source>SimHash distance threshold (k, bits):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="81"/>
        <source>Flag pairs with matched text of at least:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="82"/>
        <source>Word-sequence length (n-gram):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="83"/>
        <source>Convert Traditional Chinese to Simplified before comparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="84"/>
        <source>Ignore quoted text (“…”, 「…」, &quot;…&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="85"/>
        <source>Ignore the reference section (参考文献, References)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.py" line="87"/>
        <source>Changes apply to the next scan; the current folder is rescanned.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SideBySideView</name>
    <message>
        <location filename="../views/side_by_side.py" line="329"/>
        <source>No matched passage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="332"/>
        <source>Passage {k} of {n}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="339"/>
        <source>Open a pair from the matrix, the groups or the pairs table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="343"/>
        <source>{a} and {b} share no reported passage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="349"/>
        <source>{count} matched passages · matched text: {sa} of {a}, {sb} of {b} · SimHash distance {distance} · Jaccard {jaccard} · containment {ca} / {cb}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="368"/>
        <source>Flagged because: {reasons}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="369"/>
        <source>Not flagged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="380"/>
        <source>◀ Previous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="381"/>
        <source>Next ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="384"/>
        <source>Same colour = same passage · grey = common to much of the class, grey italics = template or references: not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/side_by_side.py" line="396"/>
        <source>archived: {label}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
