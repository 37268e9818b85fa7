"""``goldlint score``: lint the gold, read the predictions, compute every metric of SCORING.md.

One module per family (``slu``, ``corpus``, ``semantic``, ``truth``) turns decoded gold
values and predictions into an :class:`~goldlint.score.model.Outcome`; the shared kernels
(``metrics``, ``chrf``, ``textmatch``) hold the arithmetic; ``inputs`` reads files through
the engine and goldlint's readers; ``report``, ``terminal`` and ``html`` are the faces.
The typer command body is :func:`goldlint.score.command.score`.
"""

from __future__ import annotations
