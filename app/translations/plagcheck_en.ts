<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>BitDiffView</name>
    <message numerus="yes">
        <location filename="../views/bit_diff_view.py" line="381"/>
        <source>Net push A {a} − B {b} = {difference}: exactly the sum of the %n word(s) below.</source>
        <translation>
            <numerusform>Net push A {a} − B {b} = {difference}: exactly the push of the word below.</numerusform>
            <numerusform>Net push A {a} − B {b} = {difference}: exactly the sum of the %n words below.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/bit_diff_view.py" line="394"/>
        <source>From the strongest keywords only (the files&apos; full word counts are not available): the %n word(s) below push A − B by {difference}.</source>
        <translation>
            <numerusform>From the strongest keywords only (the files&apos; full word counts are not available): the word below pushes A − B by {difference}.</numerusform>
            <numerusform>From the strongest keywords only (the files&apos; full word counts are not available): the %n words below push A − B by {difference}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/bit_diff_view.py" line="405"/>
        <source>Words only in A: {a}; only in B: {b}; in both with different weights: {both}; %n word(s) push it the same in both and cancel out.</source>
        <translation>
            <numerusform>Words only in A: {a}; only in B: {b}; in both with different weights: {both}; %n word pushes it the same in both and cancels out.</numerusform>
            <numerusform>Words only in A: {a}; only in B: {b}; in both with different weights: {both}; %n words push it the same in both and cancel out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../main_window.py" line="700"/>
        <source>Judged again: %n flagged pair(s)</source>
        <translation>
            <numerusform>Judged again: %n flagged pair</numerusform>
            <numerusform>Judged again: %n flagged pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="944"/>
        <source>compared with the archive (%n file(s))</source>
        <translation>
            <numerusform>compared with the archive (%n file)</numerusform>
            <numerusform>compared with the archive (%n files)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../main_window.py" line="946"/>
        <source>%n archived file(s) shown</source>
        <translation>
            <numerusform>%n archived file shown</numerusform>
            <numerusform>%n archived files shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MatrixPanel</name>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="278"/>
        <source>%n file(s) read</source>
        <translation>
            <numerusform>%n file read</numerusform>
            <numerusform>%n files read</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="283"/>
        <source>%n file(s) compared</source>
        <translation>
            <numerusform>%n file compared</numerusform>
            <numerusform>%n files compared</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="284"/>
        <source>%n flagged pair(s)</source>
        <translation>
            <numerusform>%n flagged pair</numerusform>
            <numerusform>%n flagged pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="285"/>
        <source>%n group(s)</source>
        <translation>
            <numerusform>%n group</numerusform>
            <numerusform>%n groups</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/matrix_panel.py" line="289"/>
        <source>%n unreadable file(s) not in the matrix (see Not read)</source>
        <translation>
            <numerusform>%n unreadable file not in the matrix (see Not read)</numerusform>
            <numerusform>%n unreadable files not in the matrix (see Not read)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewActions</name>
    <message numerus="yes">
        <location filename="../review_actions.py" line="140"/>
        <source>%n flagged pair(s) left to decide</source>
        <translation>
            <numerusform>%n flagged pair left to decide</numerusform>
            <numerusform>%n flagged pairs left to decide</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../review_actions.py" line="334"/>
        <source>%n decision(s) exported to {path}</source>
        <translation>
            <numerusform>%n decision exported to {path}</numerusform>
            <numerusform>%n decisions exported to {path}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../review_actions.py" line="352"/>
        <source>%n decision(s) imported</source>
        <translation>
            <numerusform>%n decision imported</numerusform>
            <numerusform>%n decisions imported</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SideBySideView</name>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="488"/>
        <source>reworded, %n sentence(s)</source>
        <translation>
            <numerusform>reworded, %n sentence</numerusform>
            <numerusform>reworded, %n sentences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="490"/>
        <source>translated, %n sentence(s)</source>
        <translation>
            <numerusform>translated, %n sentence</numerusform>
            <numerusform>translated, %n sentences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="497"/>
        <source>summary: %n sentence(s) for {summed}</source>
        <translation>
            <numerusform>summary: %n sentence for {summed}</numerusform>
            <numerusform>summary: %n sentences for {summed}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/side_by_side.py" line="523"/>
        <source>%n matched passage(s)</source>
        <translation>
            <numerusform>%n matched passage</numerusform>
            <numerusform>%n matched passages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StudentsModel</name>
    <message numerus="yes">
        <location filename="../models/students_model.py" line="170"/>
        <source>%n to review</source>
        <translation>
            <numerusform>%n to review</numerusform>
            <numerusform>%n to review</numerusform>
        </translation>
    </message>
</context>
</TS>
