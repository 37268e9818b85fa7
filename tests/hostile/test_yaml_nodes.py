"""The shapes ``max-yaml-nodes`` bounds — many small nodes in flow and block style, many
anchors, aliases of a big value, aliases of aliases — each in a child process under a memory
cap of 64 MiB, 8 times the file and 160 bytes a node the limit allows (a YAML node, composed
and built, takes some 135 bytes; it took some 450 when every node also kept its path, and
4 MB of ``[0,0,…]`` took 900 MB). Past the limit, a GL011 at the node or the alias where the
count passes it, and exit 1."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

NODES = 200_000  # the limit these runs set (memory scales with it, not with the file)
PER_NODE = 160  # bytes a node may cost


def _flow(n: int) -> str:
    return "[" + ",".join(["0"] * n) + "]\n"


def _block(n: int) -> str:
    return "- 0\n" * n


def _anchors(n: int) -> str:
    return "".join(f"- &a{k} x\n- *a{k}\n" for k in range(n // 2))


def _aliases(n: int) -> str:
    return "base: &b [" + ",".join(["0"] * 1000) + "]\nrefs:\n" + "- *b\n" * (n // 1000)


def _nested(n: int) -> str:
    return "a: &a [" + ",".join(["x"] * 100) + "]\n" + "".join(f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefg", "bcdefgh", strict=True))


def _check_capped(tmp_path: Path, text: str) -> subprocess.CompletedProcess[bytes]:
    """``goldlint check --kind semantic`` of ``text`` with the node limit NODES, in a child whose
    address space is capped at 64 MiB + 8 x the file + PER_NODE a node allowed; no internal error."""
    (tmp_path / "gold.yaml").write_text(text, encoding="utf-8")
    (tmp_path / "goldlint.yaml").write_text(f"max-yaml-nodes: {NODES}\n", encoding="utf-8")
    cap = (64 << 20) + 8 * len(text) + PER_NODE * NODES

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    done = subprocess.run([sys.executable, "-m", "goldlint", "check", "--kind", "semantic", "gold.yaml"], cwd=tmp_path, capture_output=True,
                          timeout=120, preexec_fn=limit, check=False)
    assert b"internal error" not in done.stderr and b"out of memory" not in done.stdout, (done.stderr[-2000:], done.stdout[-2000:])
    return done


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("shape,where", [(_flow, "1:400000"), (_block, "200000:3"), (_anchors, "200000:3"), (_aliases, "201:3"), (_nested, "5:8")],
                         ids=["flow", "block", "anchors", "aliases", "aliases-of-aliases"])
def test_each_shape_past_the_node_limit_is_refused_inside_the_cap(tmp_path: Path, shape: object, where: str) -> None:
    text = shape(NODES + 50_000)  # type: ignore[operator]
    done = _check_capped(tmp_path, text)
    assert done.returncode == 1 and f"gold.yaml:{where}: GL011 ".encode() in done.stdout and b"(max-yaml-nodes" in done.stdout, done.stdout[-2000:]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux counts it")
@pytest.mark.parametrize("shape", [_flow, _block, _aliases], ids=["flow", "block", "aliases"])
def test_each_shape_just_inside_the_node_limit_is_read_whole_inside_the_cap(tmp_path: Path, shape: object) -> None:
    # Read whole: composed, built and checked, where a refused file stops composing at the limit.
    text = shape(NODES - 2_000)  # type: ignore[operator]
    done = _check_capped(tmp_path, text)
    assert done.returncode in (0, 1) and b"GL011" not in done.stdout and b"semantic 1" in done.stdout, done.stdout[-2000:]
