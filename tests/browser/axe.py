"""axe-core in a test's page: every rule runs, and the serious and critical violations are
what a test asserts away. axe-core comes bundled with axe-playwright-python (nothing is
downloaded); it is put into the page from Playwright, so the page's CSP is not involved."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

# Rules whose findings are reported but do not fail a test yet. Colour contrast belongs to the
# colour scheme (branch i14-look); once its colours are merged this becomes () and contrast
# fails tests like every other rule.
NOT_YET_ENFORCED: tuple[str, ...] = ("color-contrast",)

BLOCKING = ("serious", "critical")  # the impacts a page may not have

_AXE = Axe()


def findings(page: Any) -> list[dict[str, Any]]:
    """Runs every axe rule on the page as it is now; returns its violations of blocking impact,
    one per element: rule, impact, the element's selector and axe's summary of what is wrong."""
    results = _AXE.run(page, options={"resultTypes": ["violations"]})
    return [
        {
            "rule": violation["id"],
            "impact": violation["impact"],
            "target": " ".join(str(t) for t in node["target"]),
            "summary": (node.get("failureSummary") or "").replace("\n", " "),
        }
        for violation in results.response["violations"]
        if violation["impact"] in BLOCKING
        for node in violation["nodes"]
    ]


def assert_accessible(page: Any, where: str) -> list[dict[str, Any]]:
    """Fails with every blocking violation on the page, except those of the rules not yet
    enforced, which it returns (for a report)."""
    found = findings(page)
    failing = [f for f in found if f["rule"] not in NOT_YET_ENFORCED]
    assert not failing, f"axe on {where}:\n" + "\n".join(
        f"  {f['rule']} ({f['impact']}) {f['target']}: {f['summary']}" for f in failing
    )
    return [f for f in found if f["rule"] in NOT_YET_ENFORCED]
