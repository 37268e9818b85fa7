// The thin client: start `goldlint serve` for gold files; everything else is the server's.
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from "vscode-languageclient/node";
import { CONFIG_FILES, DOCUMENT_SELECTOR } from "./selector";
import { INITIALIZATION_OPTIONS, serverCommand } from "./settings";

let client: LanguageClient | undefined;

function settings(): { path?: string; interpreter?: string; serverArgs?: string[] } {
  const config = vscode.workspace.getConfiguration("goldlint");
  return {
    path: config.get<string>("path"),
    interpreter: config.get<string>("interpreter"),
    serverArgs: config.get<string[]>("serverArgs"),
  };
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const cmd = serverCommand(settings(), folder);
  const serverOptions: ServerOptions = {
    command: cmd.command,
    args: cmd.args,
    transport: TransportKind.stdio,
    options: { cwd: folder },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: INITIALIZATION_OPTIONS,
    outputChannelName: "goldlint",
    synchronize: {
      // The server registers these watchers itself too; both are harmless together.
      fileEvents: CONFIG_FILES.map((name) => vscode.workspace.createFileSystemWatcher(`**/${name}`)),
    },
  };
  client = new LanguageClient("goldlint", "goldlint", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    void vscode.window.showErrorMessage(
      `goldlint: could not start \`${[cmd.command, ...cmd.args].join(" ")}\` (${String(err)}). ` +
        "Set goldlint.path or goldlint.interpreter.",
    );
  }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  const old = client;
  client = undefined;
  if (old) {
    await old.stop();
  }
  await start(context);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("goldlint.restart", () => restart(context)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (["goldlint.path", "goldlint.interpreter", "goldlint.serverArgs"].some((key) => event.affectsConfiguration(key))) {
        void restart(context);
      }
    }),
  );
  await start(context);
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
