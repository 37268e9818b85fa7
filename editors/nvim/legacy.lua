-- goldlint's language server for Neovim 0.7 to 0.10 (0.11+: use lsp/goldlint.lua).
--
-- Copy this into init.lua, or keep the file and `dofile("/path/to/legacy.lua")` from it.
-- Set vim.g.goldlint_cmd first to run another goldlint, e.g.
--   vim.g.goldlint_cmd = { "/path/to/venv/bin/goldlint", "serve" }
-- Uses only APIs that Neovim 0.7 has (no vim.lsp.start, no vim.fs).
local cmd = vim.g.goldlint_cmd or { "goldlint", "serve" }
local markers = { "goldlint.yaml", ".goldlint.yaml", "pyproject.toml", ".git" }
local clients = {} -- one client per project root

local function root_of(file)
  local start = vim.fn.fnamemodify(file, ":p:h")
  local dir = start
  while true do
    for _, marker in ipairs(markers) do
      if vim.loop.fs_stat(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
  group = vim.api.nvim_create_augroup("goldlint", { clear = true }),
  pattern = { "*.json", "*.jsonl", "*.ndjson", "*.yaml", "*.yml", "*.tsv", "*.conll" },
  callback = function(args)
    local root = root_of(args.file)
    local id = clients[root]
    if not id or not vim.lsp.get_client_by_id(id) then
      id = vim.lsp.start_client({
        name = "goldlint",
        cmd = cmd,
        root_dir = root,
        init_options = { pullDiagnostics = false },
      })
      clients[root] = id
    end
    if id then
      vim.lsp.buf_attach_client(args.buf, id)
    end
  end,
})
