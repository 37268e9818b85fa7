// Which documents the goldlint server sees. Pure: testable without VS Code (the import
// below is of types only and leaves nothing in the compiled JavaScript).
import type { TextDocumentFilter } from "vscode-languageclient";

/** The language ids of gold files: VS Code's own json and yaml, and the jsonl, tsv and conll
 * this extension contributes (for .jsonl, .ndjson, .tsv and .conll files). */
export const LANGUAGES = ["json", "jsonl", "yaml", "tsv", "conll"] as const;

/** Saved files and unsaved buffers of those languages, plus the gold extensions whatever
 * language another extension gave them (e.g. a CSV/TSV extension's own `tsv`). */
export const DOCUMENT_SELECTOR: TextDocumentFilter[] = [
  ...LANGUAGES.flatMap((language) => [
    { scheme: "file", language },
    { scheme: "untitled", language },
  ]),
  { scheme: "file", pattern: "**/*.{jsonl,ndjson,tsv,conll}" },
];

/** The extensions the pattern filter above names. */
const PATTERN_EXTENSIONS = [".jsonl", ".ndjson", ".tsv", ".conll"];

/** Whether a document is one the server sees: {@link DOCUMENT_SELECTOR}, evaluated by hand. */
export function isGoldDocument(languageId: string, fileName: string, scheme = "file"): boolean {
  if (scheme !== "file" && scheme !== "untitled") {
    return false;
  }
  if ((LANGUAGES as readonly string[]).includes(languageId)) {
    return true;
  }
  const lower = fileName.toLowerCase();
  return scheme === "file" && PATTERN_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Config files whose changes the server must hear about. */
export const CONFIG_FILES = ["goldlint.yaml", ".goldlint.yaml", "pyproject.toml"];
