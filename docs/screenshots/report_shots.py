"""Screenshots of an HTML report in headless Chromium (the README's pictures).

usage: python docs/screenshots/report_shots.py REPORT.html OUT.png [#pair-N]
"""

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium-headless-shell"


def main() -> None:
    report, out = Path(sys.argv[1]).resolve(), sys.argv[2]
    fragment = sys.argv[3] if len(sys.argv) > 3 else ""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(report.as_uri() + fragment)
        page.wait_for_timeout(300)
        page.screenshot(path=out)
        browser.close()


if __name__ == "__main__":
    main()
