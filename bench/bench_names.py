"""What declining names costs (issue 36 §2): the first message with a name in a case, in a
fresh process (pymorphy3's dictionary and pytrovich loaded then, never by `gmtool roll`), and
one message after that, for forum names that are new each time (no cache) and repeated.

    python bench/bench_names.py [RUNS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

NAMES = ["Звёздный Лис", "Антонина Петровна", "Мадлен", "Повелитель Тьмы", "Тёмная Лиса", "Иван Петров", "Зергус"]
FIRST = (
    "import time; from gmtool.locale import t; s = time.perf_counter(); "
    "t('room_title', 'ru', leader='Звёздный Лис', turn=1); print(time.perf_counter() - s)"
)


def main(runs: int = 10) -> None:
    first = [float(subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True, check=True).stdout)]
    for _ in range(runs - 1):
        first.append(float(subprocess.run([sys.executable, "-c", FIRST], capture_output=True, text=True).stdout))
    from gmtool.locale import names, t

    t("room_title", "ru", leader="Борис", turn=1)  # the libraries loaded
    fresh = []
    for i in range(runs):
        names._readings.cache_clear()
        names._declined.cache_clear()
        start = time.perf_counter()
        for name in NAMES:
            t("room_title", "ru", leader=name, turn=i)
        fresh.append((time.perf_counter() - start) / len(NAMES))
    start = time.perf_counter()
    for i in range(1000):
        t("room_title", "ru", leader=NAMES[i % len(NAMES)], turn=i)
    again = (time.perf_counter() - start) / 1000
    print(f"first declined message in a process  median {statistics.median(first) * 1000:7.1f} ms")
    print(f"a name not seen before               median {statistics.median(fresh) * 1000:7.2f} ms")
    print(f"a name seen before                   {again * 1e6:7.1f} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
