import { strict as assert } from "node:assert";
import { test } from "node:test";
import * as path from "path";
import { expandPath, INITIALIZATION_OPTIONS, serverCommand } from "../settings";

const HOME = path.join(path.sep, "home", "anna");
const WS = path.join(path.sep, "work", "data");

test("goldlint from PATH by default", () => {
  assert.deepEqual(serverCommand({}, WS, HOME), { command: "goldlint", args: ["serve"] });
  assert.deepEqual(serverCommand({ path: "  ", interpreter: "" }, WS, HOME), { command: "goldlint", args: ["serve"] });
});

test("goldlint.path wins over goldlint.interpreter", () => {
  assert.deepEqual(serverCommand({ path: "/opt/goldlint/bin/goldlint", interpreter: "/usr/bin/python3" }, WS, HOME), {
    command: "/opt/goldlint/bin/goldlint",
    args: ["serve"],
  });
});

test("goldlint.interpreter runs the module", () => {
  assert.deepEqual(serverCommand({ interpreter: "~/venvs/gold/bin/python" }, WS, HOME), {
    command: path.join(HOME, "venvs/gold/bin/python"),
    args: ["-m", "goldlint", "serve"],
  });
});

test("workspace folder and relative paths", () => {
  assert.equal(expandPath("${workspaceFolder}/.venv/bin/goldlint", WS, HOME), `${WS}/.venv/bin/goldlint`);
  assert.equal(expandPath(".venv/bin/goldlint", WS, HOME), path.join(WS, ".venv/bin/goldlint"));
  assert.equal(expandPath("goldlint", WS, HOME), "goldlint"); // a bare name is looked up on PATH
  assert.equal(expandPath("~", undefined, HOME), HOME);
});

test("extra server arguments follow serve", () => {
  assert.deepEqual(serverCommand({ serverArgs: ["--log-level", "info", ""] }, WS, HOME), {
    command: "goldlint",
    args: ["serve", "--log-level", "info"],
  });
});

test("the client only listens for diagnostics", () => {
  assert.deepEqual(INITIALIZATION_OPTIONS, { pullDiagnostics: false });
});
