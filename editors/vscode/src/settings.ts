// How the extension starts the server, from the user's settings. Pure: no `vscode` import,
// so node's own test runner can test it without VS Code.
import * as os from "os";
import * as path from "path";

export interface ServerSettings {
  /** The goldlint executable (`goldlint.path`). */
  path?: string;
  /** A Python interpreter with goldlint installed (`goldlint.interpreter`). */
  interpreter?: string;
  /** Extra arguments after `serve` (`goldlint.serverArgs`). */
  serverArgs?: string[];
}

export interface ServerCommand {
  command: string;
  args: string[];
}

/** Sent as `initializationOptions`: the server always pushes diagnostics; VS Code keeps
 * pushed and pulled diagnostics in two collections and would show each one twice. */
export const INITIALIZATION_OPTIONS = { pullDiagnostics: false };

/** `~` and `${workspaceFolder}` expanded; a relative path is taken from the workspace folder. */
export function expandPath(value: string, workspaceFolder: string | undefined, home: string = os.homedir()): string {
  let out = value.trim();
  if (out === "~" || out.startsWith("~/") || out.startsWith("~\\")) {
    out = path.join(home, out.slice(1));
  }
  if (workspaceFolder !== undefined) {
    out = out.split("${workspaceFolder}").join(workspaceFolder);
    if (!path.isAbsolute(out) && (out.includes("/") || out.includes("\\"))) {
      out = path.join(workspaceFolder, out);
    }
  }
  return out;
}

/** The command that runs `goldlint serve`: `goldlint.path`, else `<interpreter> -m goldlint`, else `goldlint` from PATH. */
export function serverCommand(settings: ServerSettings, workspaceFolder?: string, home: string = os.homedir()): ServerCommand {
  const extra = (settings.serverArgs ?? []).filter((a) => typeof a === "string" && a.length > 0);
  const exe = (settings.path ?? "").trim();
  if (exe) {
    return { command: expandPath(exe, workspaceFolder, home), args: ["serve", ...extra] };
  }
  const python = (settings.interpreter ?? "").trim();
  if (python) {
    return { command: expandPath(python, workspaceFolder, home), args: ["-m", "goldlint", "serve", ...extra] };
  }
  return { command: "goldlint", args: ["serve", ...extra] };
}
