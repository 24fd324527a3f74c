"""The README's Python example (the block after `<!-- python example -->`) prints what the
README says it prints."""

import contextlib
import io
import re

from conftest import ROOT


def test_readme_python_example(monkeypatch):
    readme = (ROOT / "README.md").read_text()
    m = re.search(
        r"<!-- python example -->\n```python\n(.*?)```\n\n```text\n(.*?)```", readme, re.S
    )
    assert m, "README.md has no `<!-- python example -->` block followed by its output"
    code, want = m.groups()
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    assert out.getvalue() == want
