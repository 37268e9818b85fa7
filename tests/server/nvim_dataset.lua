-- A real Neovim (0.7 or later) as the language client of the workspace index (issue 22): open
-- the test split of a dataset whose validation split stays closed, wait for the DS101 leak the
-- server finds between them, and write each dataset diagnostic with its relatedInformation (as
-- Neovim keeps it, in user_data.lsp) to $GOLDLINT_NVIM_OUT as JSON. Any failure exits non-zero.
local WAIT = 20000 -- ms: a bound on each wait, so a broken server fails instead of hanging

local function run()
  local gold = assert(os.getenv("GOLDLINT_NVIM_GOLD"), "GOLDLINT_NVIM_GOLD is not set")
  local out = assert(os.getenv("GOLDLINT_NVIM_OUT"), "GOLDLINT_NVIM_OUT is not set")
  vim.g.goldlint_cmd = vim.fn.json_decode((assert(os.getenv("GOLDLINT_NVIM_CMD"), "GOLDLINT_NVIM_CMD is not set")))
  dofile((assert(os.getenv("GOLDLINT_NVIM_LEGACY"), "GOLDLINT_NVIM_LEGACY is not set")))
  vim.cmd("edit " .. vim.fn.fnameescape(gold))
  local bufnr = vim.api.nvim_get_current_buf()
  assert(vim.wait(WAIT, function() return #vim.lsp.buf_get_clients(bufnr) > 0 end, 20), "no client attached to the buffer")
  local client_id = next(vim.lsp.buf_get_clients(bufnr))

  local function leaks()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      if type(d.code) == "string" and d.code:sub(1, 2) == "DS" then
        local lsp = (d.user_data or {}).lsp or {}
        found[#found + 1] = { code = d.code, lnum = d.lnum, col = d.col, end_col = d.end_col, related = lsp.relatedInformation or {} }
      end
    end
    return found
  end

  assert(vim.wait(WAIT, function() return #leaks() > 0 end, 20), "no dataset diagnostic arrived")
  local result = { diagnostics = leaks(), buffers = #vim.fn.getbufinfo({ buflisted = 1 }) }
  local file = assert(io.open(out, "w"))
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(run)
if not ok then
  io.stderr:write("nvim client failed: " .. tostring(err) .. "\n")
  vim.cmd("cquit 1")
end
vim.cmd("qall!")
