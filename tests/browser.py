"""A real headless browser for the site's pages (tests marked ``browser``: ``pytest -m browser``).

Debian's ``chromium`` driven through ``chromium-driver`` by Selenium; ``.ci/run`` installs
both when ``/usr/bin/chromium`` is missing.  A test module makes one browser for its tests::

    @pytest.fixture(scope="module")
    def chrome():
        with browser.start() as b:
            yield b

    def test_a_page(chrome, tmp_path):
        chrome.load(tmp_path / "index.html")
        assert chrome.console_errors() == []
        assert "Turn 3" in chrome.text()
        width, height = png_size(chrome.screenshot())

Pages are opened from disk (``file://``) or from a server the test starts on 127.0.0.1:
nothing reaches the network, and Chromium's own background connections are switched off.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
INSTALL = "apt-get install -y --no-install-recommends chromium chromium-driver"
PHONE = (390, 844)  # a phone's viewport in CSS pixels


class Browser:
    """One headless Chromium: load a page, read its console errors, text and screenshot."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def load(self, where: Path | str) -> None:
        """Open a file (``file://``) or a URL and wait until it has loaded; the console log
        is emptied first, so :meth:`console_errors` speaks of this page only. Returns once
        every image has loaded or failed (see :meth:`broken_images`)."""
        self.driver.get_log("browser")
        self.driver.get(where.resolve().as_uri() if isinstance(where, Path) else where)
        self.broken_images()  # and its images have loaded or failed, however busy the machine

    def console_errors(self) -> list[str]:
        """The page's console errors and failed loads since :meth:`load` (level SEVERE)."""
        return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def text(self) -> str:
        """What the page shows, as the browser lays it out (``document.body.innerText``)."""
        return str(self.driver.execute_script("return document.body.innerText"))

    def run(self, script: str, *args: Any) -> Any:
        """The value of ``script``, a function body that may ``await`` (its arguments are
        ``args``), waited for: ``chrome.run("return await window.gmtoolDone")``."""
        wrapped = (
            "const done = arguments[arguments.length - 1];"
            f"(async (...args) => {{ {script} }})(...Array.from(arguments).slice(0, -1))"
            ".then((value) => done({value}), (error) => done({error: String(error && error.stack || error)}));"
        )
        got = self.driver.execute_async_script(wrapped, *args)
        if "error" in got:
            raise AssertionError(f"the page's script failed: {got['error']}")
        return got["value"]

    def awaited(self, name: str) -> Any:
        """The value of the page's promise ``window.NAME`` once its script has set it (a page
        loaded again may answer before its script has run) and it has settled."""
        return self.run(
            f"while (!window.{name}) await new Promise((r) => setTimeout(r, 10)); return await window.{name}"
        )

    def broken_images(self) -> list[str]:
        """The ``src`` of each image of the page that does not load, once every image has
        loaded or failed (a lazy one is asked for now): a busy machine may return from
        :meth:`load` before an image is decoded, so no test reads an image before this."""
        return list(
            self.run(
                """const settle = async (img) => {
                    img.loading = "eager";
                    try { await img.decode(); } catch (error) { return img.src; }
                    return img.naturalWidth > 0 ? null : img.src;
                };
                return (await Promise.all(Array.from(document.images).map(settle))).filter((src) => src);"""
            )
        )

    def size(self, width: int, height: int) -> None:
        """The viewport's size in CSS pixels (a phone: :data:`PHONE`)."""
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
        )

    def screenshot(self) -> bytes:
        """The viewport as a PNG."""
        return bytes(self.driver.get_screenshot_as_png())


@contextlib.contextmanager
def start() -> Iterator[Browser]:
    """A headless Chromium for the length of the block (fails, saying how to install it,
    when it is missing)."""
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        pytest.fail(f"the browser tests need Debian's chromium and chromedriver: {INSTALL}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="gmtool-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",  # else its connections are refused on a closed network
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
        "--window-size=1024,768",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    driver.set_script_timeout(60)
    try:
        yield Browser(driver)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, decoded with Pillow (which refuses what is not a PNG)."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        image.load()
        return image.size
