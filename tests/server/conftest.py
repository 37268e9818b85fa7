"""End-to-end language-server tests: a real ``goldlint serve`` process and a pytest-lsp
client that presents itself with a recorded client's capabilities (Neovim 0.7, Neovim
0.11, VS Code 1.65). Tests wait for notifications, never on sleeps."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from pytest_lsp import LanguageClient

from .helpers import DATA, PROFILES, config, encoding_of, start


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The workspace of a module's sessions, with a config so that no config above it applies."""
    root = tmp_path_factory.mktemp("project")
    (root / "goldlint.yaml").write_text("select: [ALL]\n", encoding="utf-8")
    return root


@pytest.fixture
def work(project: Path, request: pytest.FixtureRequest) -> Path:
    """A fresh folder of the project for one test, holding copies of the test files."""
    folder = project / request.node.name.replace("[", "-").replace("]", "")
    folder.mkdir()
    for name in ("defective.jsonl", "clean.jsonl"):
        (folder / name).write_text((DATA / name).read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def client_fixture(profiles: list[str]):  # type: ignore[no-untyped-def]
    """A ``client`` fixture: one server per module and recorded client profile (a server takes
    a second to start). A module may define its own ``client = client_fixture([...])``."""

    @pytest_lsp.fixture(config=config(), params=profiles, scope="module")
    async def client(lsp_client: LanguageClient, request: pytest.FixtureRequest, project: Path):  # type: ignore[no-untyped-def]
        lsp_client.profile = request.param  # type: ignore[attr-defined]
        lsp_client.init_result = await start(lsp_client, request.param, project)  # type: ignore[attr-defined]
        lsp_client.encoding = encoding_of(lsp_client.init_result)  # type: ignore[attr-defined]
        yield
        await lsp_client.shutdown_session()

    return client


client = client_fixture(list(PROFILES))
