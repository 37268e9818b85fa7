-- goldlint's language server for Neovim 0.11+.
--
-- Put this file on your 'runtimepath' as lsp/goldlint.lua (for example
-- ~/.config/nvim/lsp/goldlint.lua) and enable it in init.lua:
--
--   vim.lsp.enable("goldlint")
--
-- Override any field with vim.lsp.config("goldlint", { ... }), e.g. a virtualenv's
-- goldlint: vim.lsp.config("goldlint", { cmd = { "/path/to/venv/bin/goldlint", "serve" } }).

-- Neovim has no filetype for xSID's CoNLL files: give *.conll one, so the server sees them.
vim.filetype.add({ extension = { conll = "conll" } })

---@type vim.lsp.Config
return {
  cmd = { "goldlint", "serve" },
  filetypes = { "json", "jsonl", "yaml", "tsv", "conll" },
  root_markers = { "goldlint.yaml", ".goldlint.yaml", "pyproject.toml", ".git" },
  -- The server always pushes diagnostics. Neovim would also pull them (it can since 0.10)
  -- and show each one twice (pushed and pulled diagnostics live in separate namespaces),
  -- so this client only listens.
  init_options = { pullDiagnostics = false },
}
