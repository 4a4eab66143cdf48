"""The sample class as a Moodle export: one folder per student
(``<name>_<number>_assignsubmission_file_``), each holding ``answer.docx``, ``.pdf`` or
``.txt``, for the screenshot of students' names (``docs/screenshots/students.png``).

    python docs/screenshots/make_moodle_class.py ../shared/samples/class-zh/submissions OUT
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

NAMES = (
    "王芳", "李娜", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄婷", "周杰", "吴敏",
    "徐强", "孙丽", "马超", "朱琳", "胡军", "郭燕", "何平", "高翔", "林峰", "罗欣",
    "梁宇", "宋佳", "郑浩", "谢雨", "韩冰", "唐磊", "冯雪", "于洋", "董明", "萧然",
    "程诚", "曹阳", "袁园", "邓超", "许晴", "傅强", "沈丹", "曾帅", "彭博", "吕蒙",
)


def main() -> None:
    source, out = Path(sys.argv[1]), Path(sys.argv[2])
    files = sorted(p for p in source.iterdir() if p.is_file())
    out.mkdir(parents=True, exist_ok=True)
    for k, (path, name) in enumerate(zip(files, NAMES, strict=False)):
        folder = out / f"{name}_{20250100 + k}_assignsubmission_file_"
        folder.mkdir(exist_ok=True)
        shutil.copy(path, folder / ("answer" + path.suffix))


if __name__ == "__main__":
    main()
