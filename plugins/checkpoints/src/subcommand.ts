import { parseArgs } from "node:util";
import { errorMessage, type InteractionPort, type Message, type Subcommand, type SubcommandIO } from "@maia/kernel";
import { lazyBuiltin } from "@maia/util";
import { CheckpointStore } from "./checkpoint-store.ts";
import { belongsTo, prefixFingerprints } from "./conversation-mark.ts";
import { t } from "./messages.ts";
import { prune, PRUNE_DEFAULTS } from "./prune.ts";
import type { LoggedTurn } from "./restore-files.ts";
import { filesSummary } from "./session-turns.ts";
import { takeBack, type RestoreScope } from "./undo-flow.ts";

// Only `maia checkpoints` without --yes asks on the terminal: `maia -p` and the other starts never load readline.
const readline = lazyBuiltin<typeof import("node:readline/promises")>("node:readline/promises");

/** What `maia checkpoints restore` needs of the sessions plugin to cut a saved conversation. */
export interface SavedConversations {
  names(): Promise<string[]>;
  messagesOf(name: string): Promise<Message[]>;
  rewriteMessages(name: string, messages: Message[]): Promise<void>;
}

function snapshotKind(turn: LoggedTurn): "git" | "copies" | "none" {
  return turn.before ? "git" : turn.backup ? "copies" : "none";
}

function describe(turn: LoggedTurn) {
  return {
    id: turn.id,
    at: turn.at,
    session: turn.session,
    prompt: turn.prompt,
    snapshot: snapshotKind(turn),
    inConversation: turn.conversation !== undefined,
    files: turn.files,
    undone: { files: turn.filesUndone, conversation: turn.conversationUndone },
  };
}

/** A y/n question on the terminal; nobody to answer (a pipe, CI) means no. */
function terminalPort(io: SubcommandIO, assumeYes: boolean): InteractionPort {
  const interactive = Boolean((io.stdin as NodeJS.ReadStream).isTTY);
  return {
    canAsk: assumeYes || interactive,
    async confirm(message) {
      io.stdout.write(`${message}\n`);
      if (assumeYes) return true;
      if (!interactive) {
        io.stdout.write(`${t("needsYes")}\n`);
        return false;
      }
      const reader = readline().createInterface({ input: io.stdin, output: io.stdout });
      try {
        const answer = (await reader.question(t("yesNoPrompt"))).trim().toLowerCase();
        return answer === "y" || answer === "yes" || answer === "o" || answer === "oui";
      } finally {
        reader.close();
      }
    },
  };
}

/**
 * `maia checkpoints list [--json]`, `maia checkpoints restore ID [--files-only | --conversation-only] [--yes]`
 * and `maia checkpoints prune [--keep N] [--days D]`: the same checkpoints as /undo and /rewind, from scripts.
 */
export function checkpointsSubcommand(conversations: () => SavedConversations | undefined): Subcommand {
  return {
    name: "checkpoints",
    description: t("subcommandDescription"),
    async run(argv, io) {
      const [action, ...rest] = argv[0] === "--" ? argv.slice(1) : argv;
      let parsed;
      try {
        parsed = parseArgs({
          args: rest,
          allowPositionals: true,
          strict: true,
          options: {
            json: { type: "boolean" },
            yes: { type: "boolean", short: "y" },
            "files-only": { type: "boolean" },
            "conversation-only": { type: "boolean" },
            keep: { type: "string" },
            days: { type: "string" },
          },
        });
      } catch (error) {
        io.stderr.write(`${errorMessage(error)}\n${t("usage")}\n`);
        return 2;
      }
      const store = await CheckpointStore.open({ homeDir: io.homeDir, cwd: io.cwd, env: io.env });
      const log = await store.read();
      for (const problem of log.problems) io.stderr.write(`WARN ${t("logProblem", { file: store.logFile, line: problem.line, reason: problem.reason })}\n`);
      const live = log.turns.filter((turn) => !(turn.filesUndone && (turn.conversationUndone || !turn.conversation)));
      const { values, positionals } = parsed;
      if (action === undefined || action === "list") {
        if (values.json) {
          io.stdout.write(`${JSON.stringify([...live].reverse().map(describe), null, 2)}\n`);
          return 0;
        }
        if (live.length === 0) io.stdout.write(`${t("noCheckpoints")}\n`);
        for (const turn of [...live].reverse()) {
          const files = turn.files.length > 0 ? filesSummary(turn) : t("noFiles");
          io.stdout.write(`${turn.id}  ${turn.at.slice(0, 19).replace("T", " ")}  ${turn.session}  « ${turn.prompt.split("\n")[0]} »  ${files}\n`);
        }
        return 0;
      }
      if (action === "prune") {
        const keep = values.keep === undefined ? PRUNE_DEFAULTS.keep : Number(values.keep);
        const days = values.days === undefined ? PRUNE_DEFAULTS.days : Number(values.days);
        if (!Number.isInteger(keep) || keep < 0 || !Number.isFinite(days) || days < 0) {
          io.stderr.write(`${t("usage")}\n`);
          return 2;
        }
        const removed = await prune(store, { keep, days, collect: true });
        io.stdout.write(`${t("pruned", { count: removed })}\n`);
        return 0;
      }
      if (action === "restore") {
        const id = positionals[0];
        const index = log.turns.findIndex((turn) => turn.id === id);
        const chosen = log.turns[index];
        if (id === undefined || !chosen) {
          io.stderr.write(`${t(id === undefined ? "usage" : "unknownId", { id: id ?? "" })}\n`);
          return 2;
        }
        if (values["files-only"] && values["conversation-only"]) {
          io.stderr.write(`${t("usage")}\n`);
          return 2;
        }
        const scope: RestoreScope = values["files-only"] ? "files" : values["conversation-only"] ? "conversation" : "both";
        return restore(io, store, log.turns.slice(index).filter((turn) => turn.session === chosen.session), scope, conversations(), Boolean(values.yes));
      }
      io.stderr.write(`${t("unknownAction", { action })}\n${t("usage")}\n`);
      return 2;
    },
  };
}

async function restore(
  io: SubcommandIO,
  store: CheckpointStore,
  taken: LoggedTurn[],
  scope: RestoreScope,
  conversations: SavedConversations | undefined,
  yes: boolean,
): Promise<number> {
  const first = taken[0];
  if (!first) return 2;
  // The saved session that holds the turn: by the name it had, else whichever holds its conversation.
  let found: { name: string; messages: Message[] } | undefined;
  if (scope !== "files" && first.conversation && conversations) {
    const names = await conversations.names();
    const order = [first.session, ...names.filter((name) => name !== first.session)];
    for (const name of order) {
      if (!names.includes(name)) continue;
      const messages = await conversations.messagesOf(name).catch(() => undefined);
      if (messages && belongsTo(messages, prefixFingerprints(messages), first.conversation)) {
        found = { name, messages };
        break;
      }
    }
    if (!found && scope === "conversation") {
      io.stderr.write(`${t("conversationNotFound", { session: first.session })}\n`);
      return 1;
    }
  }
  // The conversation is cut in the saved file, so the live flow works on a stand-in session holding its messages.
  const holder = { messages: found ? [...found.messages] : [] };
  const turns = found ? taken : taken.map((turn) => ({ ...turn, conversation: undefined }));
  const done = await takeBack(holder, turns, found ? scope : scope === "both" ? "files" : scope, {
    store,
    interaction: terminalPort(io, yes),
    info: (message) => io.stdout.write(`${message}\n`),
    conversationChanged: async () => {
      if (found && conversations) await conversations.rewriteMessages(found.name, holder.messages);
    },
  });
  return done ? 0 : 1;
}
