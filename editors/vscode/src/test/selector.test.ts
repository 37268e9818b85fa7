import { strict as assert } from "node:assert";
import { test } from "node:test";
import { CONFIG_FILES, DOCUMENT_SELECTOR, isGoldDocument, LANGUAGES } from "../selector";

test("every gold language, saved or not", () => {
  for (const language of LANGUAGES) {
    assert.ok(DOCUMENT_SELECTOR.some((f) => "language" in f && f.language === language && f.scheme === "file"));
    assert.ok(DOCUMENT_SELECTOR.some((f) => "language" in f && f.language === language && f.scheme === "untitled"));
  }
  assert.deepEqual([...LANGUAGES], ["json", "jsonl", "yaml", "tsv", "conll"]);
});

test("documents the server sees", () => {
  assert.ok(isGoldDocument("json", "/d/test.json"));
  assert.ok(isGoldDocument("yaml", "/d/semantic.yaml"));
  assert.ok(isGoldDocument("plaintext", "/d/ruslun.jsonl")); // no jsonl language installed
  assert.ok(isGoldDocument("csv", "/d/truth.TSV")); // another extension's language for .tsv
  assert.ok(isGoldDocument("plaintext", "/d/en.test.conll")); // xSID
  assert.ok(isGoldDocument("jsonl", "Untitled-1", "untitled"));
});

test("documents the server does not see", () => {
  assert.ok(!isGoldDocument("python", "/d/score.py"));
  assert.ok(!isGoldDocument("plaintext", "/d/notes.txt"));
  assert.ok(!isGoldDocument("json", "/d/x.json", "git")); // a diff view's other side
  assert.ok(!isGoldDocument("plaintext", "Untitled-2.jsonl", "untitled"));
});

test("the config files it watches", () => {
  assert.deepEqual(CONFIG_FILES, ["goldlint.yaml", ".goldlint.yaml", "pyproject.toml"]);
});
