-- A real Neovim (0.7 or later) as the language client: attach `goldlint serve` to a gold
-- file, wait for its diagnostics, apply the quick fix of SLU102, wait for the server to
-- agree, and write what happened to $GOLDLINT_NVIM_OUT as JSON. Any failure exits non-zero.
-- The test runs `nvim -c "luafile this" -c "cquit 2"`: should this file fail to load, the
-- second command still ends Neovim with an error.
local WAIT = 20000 -- ms: a bound on each wait, so a broken server fails instead of hanging

local function run()
  local gold = assert(os.getenv("GOLDLINT_NVIM_GOLD"), "GOLDLINT_NVIM_GOLD is not set")
  local out = assert(os.getenv("GOLDLINT_NVIM_OUT"), "GOLDLINT_NVIM_OUT is not set")
  local cmd = vim.fn.json_decode((assert(os.getenv("GOLDLINT_NVIM_CMD"), "GOLDLINT_NVIM_CMD is not set")))
  -- Attach the way a user of Neovim 0.7-0.10 does: editors/nvim/legacy.lua, sourced from init.
  vim.g.goldlint_cmd = cmd
  dofile((assert(os.getenv("GOLDLINT_NVIM_LEGACY"), "GOLDLINT_NVIM_LEGACY is not set")))
  vim.cmd("edit " .. vim.fn.fnameescape(gold))
  local bufnr = vim.api.nvim_get_current_buf()
  assert(vim.wait(WAIT, function() return #vim.lsp.buf_get_clients(bufnr) > 0 end, 20), "no client attached to the buffer")
  local client_id = next(vim.lsp.buf_get_clients(bufnr))
  -- The 0.11+ config must at least be a well-formed vim.lsp.Config table.
  local config = dofile((assert(os.getenv("GOLDLINT_NVIM_CONFIG"), "GOLDLINT_NVIM_CONFIG is not set")))

  local function codes()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      found[#found + 1] = d.code
    end
    table.sort(found)
    return table.concat(found, ",")
  end

  assert(vim.wait(WAIT, function() return #vim.diagnostic.get(bufnr) > 0 end, 20), "no diagnostics arrived")
  local received = {}
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    received[#received + 1] = {
      code = d.code, lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, source = d.source, message = d.message,
    }
    if d.code == "SLU102" then target = d end
  end
  assert(target, "no SLU102 diagnostic")

  -- The quick fix, asked for where the diagnostic is, as `:lua vim.lsp.buf.code_action()` would.
  vim.api.nvim_win_set_cursor(0, { target.lnum + 1, target.col + 1 })
  local params = vim.lsp.util.make_range_params(0, "utf-16")
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr) }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, WAIT)
  assert(responses, "no answer to textDocument/codeAction")
  local titles, chosen = {}, nil
  for _, response in pairs(responses) do
    assert(not response.err, "codeAction error: " .. vim.inspect(response.err))
    for _, action in ipairs(response.result or {}) do
      titles[#titles + 1] = action.title
      if action.kind == "quickfix" and not chosen then chosen = action end
    end
  end
  assert(chosen, "no quick fix offered: " .. vim.inspect(titles))
  vim.lsp.util.apply_workspace_edit(chosen.edit, "utf-16")

  -- The edit goes back to the server as a change; wait until it no longer reports SLU102.
  assert(vim.wait(WAIT, function() return codes() == "SLU108" end, 20), "after the fix the server still reports: " .. codes())

  local result = {
    diagnostics = received,
    titles = titles,
    lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false),
    after = codes(),
    version = vim.version(),
    config = config,
  }
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
