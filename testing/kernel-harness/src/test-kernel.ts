import {
  Kernel,
  type AgentEvent,
  type AgentSession,
  type AskAnswer,
  type CommandContext,
  type FrontEnd,
  type InteractionPort,
  type MaiaPlugin,
  type PluginCandidate,
  type PluginLogger,
  type PluginRecord,
  type PluginSource,
} from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";

/** A candidate for a plugin object already in memory (tests, and the first-party list of a front end). */
export function candidateFor(
  plugin: unknown,
  options: { name?: string; source?: PluginSource; enabled?: boolean; options?: unknown } = {},
): PluginCandidate {
  const name = options.name ?? (plugin as { name?: string } | null)?.name ?? "anonymous";
  return {
    name,
    source: options.source ?? "builtin",
    enabled: options.enabled ?? true,
    options: options.options,
    resolve: async () => `memory:${name}`,
    import: async () => ({ default: plugin }),
  };
}

export interface TestKernel {
  kernel: Kernel;
  records: PluginRecord[];
  cwd: string;
  homeDir: string;
  logs: Array<{ level: keyof PluginLogger; message: string }>;
}

/**
 * A kernel with the given plugins, rooted in fresh temporary folders (launch folder and home), logging into
 * an array the test can read. Real plugins, real hooks: only the process-wide parts are left out.
 */
/** A plugin for `createTestKernel`: as it is, or with its options (and where it comes from). */
export type TestPlugin = MaiaPlugin<never, unknown> | { plugin: MaiaPlugin<never, unknown>; options?: unknown; source?: PluginSource };

export async function createTestKernel(
  plugins: TestPlugin[],
  setup: { cwd?: string; homeDir?: string; env?: NodeJS.ProcessEnv; frontEnd?: FrontEnd; allowRules?: string[] } = {},
): Promise<TestKernel> {
  const cwd = setup.cwd ?? (await tempFolder("maia-cwd-"));
  const homeDir = setup.homeDir ?? (await tempFolder("maia-home-"));
  const logs: TestKernel["logs"] = [];
  const log: PluginLogger = {
    info: (message) => logs.push({ level: "info", message }),
    warn: (message) => logs.push({ level: "warn", message }),
    error: (message) => logs.push({ level: "error", message }),
    debug: (message) => logs.push({ level: "debug", message }),
  };
  const kernel = new Kernel({
    runtime: {
      cwd,
      homeDir,
      env: { ...process.env, HOME: homeDir, ...setup.env },
      frontEnd: setup.frontEnd ?? "headless",
      locale: "en",
      allowRules: setup.allowRules ?? [],
    },
    log,
  });
  const candidates = plugins.map((entry) =>
    "plugin" in entry && typeof entry.plugin === "object"
      ? candidateFor(entry.plugin, { options: entry.options, ...(entry.source ? { source: entry.source } : {}) })
      : candidateFor(entry),
  );
  const records = await kernel.loadPlugins(candidates);
  return { kernel, records, cwd, homeDir, logs };
}

/** An interaction port that answers from a list, and remembers the questions. */
export function scriptedInteraction(answers: AskAnswer[]): InteractionPort & { questions: string[] } {
  const questions: string[] = [];
  const next = async (message: string): Promise<AskAnswer> => {
    questions.push(message);
    return answers.shift() ?? "no";
  };
  return {
    canAsk: true,
    questions,
    ask: next,
    confirm: async (message) => (await next(message)) === "yes",
  };
}

/** Collects a session's events for assertions. */
export function recordEvents(target: { on(listener: (event: AgentEvent) => void): unknown }): AgentEvent[] {
  const events: AgentEvent[] = [];
  target.on((event) => events.push(event));
  return events;
}

/**
 * A command's context as a front end builds it, for a session without a host of its own; what the command prints
 * is recorded as "INFO …", "WARN …", "FAIL …" lines, and its Markdown text as it is.
 */
export function commandContext(
  session: AgentSession,
  args: string,
  interaction: InteractionPort = session.interaction,
): { context: CommandContext; lines: string[] } {
  const lines: string[] = [];
  const context: CommandContext = {
    session,
    host: { current: session, restart: async () => session },
    args,
    output: {
      info: (message) => lines.push(`INFO ${message}`),
      warn: (message) => lines.push(`WARN ${message}`),
      error: (message) => lines.push(`FAIL ${message}`),
      text: (markdown) => lines.push(markdown),
    },
    interaction,
    signal: new AbortController().signal,
    submit: async () => undefined,
  };
  return { context, lines };
}
