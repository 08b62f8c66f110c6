import { imageReference, type ImageBlock, type ToolResultBlock, type ToolUseBlock } from "../contracts/messages.ts";
import type { AgentEvent } from "../contracts/events.ts";
import type { AgentSession, Verdict } from "../contracts/session.ts";
import type { ToolCallRevision } from "../contracts/hooks.ts";
import type { AskDetail } from "../contracts/interaction.ts";
import type { AnyTool, ToolContext, ToolOutput, ToolPreview } from "../contracts/tool.ts";
import { pathInputOf } from "@maia/util/tool-paths";
import { errorMessage, isAbortError } from "@maia/util/maia-error";
import type { HookTable } from "../hooks/hooks.ts";
import { callDisplay, declared, summaryOf } from "./call-display.ts";
import { KeyedQueue, Limiter } from "@maia/util/limiter";
import { t } from "./messages.ts";
import { prepareToolInput, type PreparedInput } from "./tool-input.ts";

/** Seed § 23: tools running at once. */
export const MAX_PARALLEL_TOOLS = 8;

export interface ToolRunResult {
  results: ToolResultBlock[];
  /** The user answered "stop" to a confirmation (seed § 6.2.4). */
  stopped: boolean;
}

type Prepared =
  | { kind: "run"; call: ToolUseBlock; tool: AnyTool; input: Record<string, unknown> }
  | { kind: "result"; call: ToolUseBlock; tool?: AnyTool; content: string; isError: boolean }
  | { kind: "stopped"; call: ToolUseBlock };

interface Outcome {
  content: string;
  isError: boolean;
  images?: ImageBlock[];
}

/**
 * Runs the tool calls of one model answer (seed § 6.3). One call runs in the foreground: announce, permission,
 * confirmation, execution, result. Two or more: phase 1 announces and authorises them one by one and starts each
 * authorised tool at once (8 at most, FIFO, calls sharing a `lockKey` one after the other); phase 2 reports
 * progress and waits; phase 3 shows and returns the results in call order. A failure, refusal or unknown tool
 * never cancels the others. Every call is announced (`tool_call`) before its permission check, and its
 * `tool_status` events follow as it starts and ends, so front ends that show calls live (ACP) need nothing else.
 */
export async function runToolCalls(
  hooks: HookTable,
  session: AgentSession,
  calls: readonly ToolUseBlock[],
  signal: AbortSignal,
): Promise<ToolRunResult> {
  if (calls.length <= 1) {
    const call = calls[0];
    if (!call) return { results: [], stopped: false };
    return runForeground(hooks, session, call, signal);
  }
  return runParallel(hooks, session, calls, signal);
}

async function runForeground(
  hooks: HookTable,
  session: AgentSession,
  call: ToolUseBlock,
  signal: AbortSignal,
): Promise<ToolRunResult> {
  const tool = await findTool(hooks, session, call.name);
  const preview = await previewOf(session, call, tool);
  announce(session, call, tool, preview);
  const prepared = await prepare(hooks, session, call, tool, signal, preview);
  if (prepared.kind === "stopped") {
    const stoppedOutcome = ended(session, call, tool, { content: t("stopForModel"), isError: true });
    emitResult(session, call, tool, stoppedOutcome);
    return { results: [resultBlock(call, stoppedOutcome)], stopped: true };
  }
  const outcome = prepared.kind === "run" ? await execute(hooks, session, prepared, signal) : ended(session, call, tool, prepared);
  emitResult(session, call, tool, outcome);
  return { results: [resultBlock(call, outcome)], stopped: false };
}

async function runParallel(
  hooks: HookTable,
  session: AgentSession,
  calls: readonly ToolUseBlock[],
  signal: AbortSignal,
): Promise<ToolRunResult> {
  const limiter = new Limiter(MAX_PARALLEL_TOOLS);
  const locks = new KeyedQueue();
  const outcomes: Array<Promise<Outcome>> = [];
  const tools: Array<AnyTool | undefined> = [];
  const started: string[] = [];
  let done = 0;
  let stopped = false;

  // Phase 1: authorisation one call at a time; each authorised tool starts right away.
  for (const call of calls) {
    const tool = await findTool(hooks, session, call.name);
    tools.push(tool);
    if (stopped) {
      announce(session, call, tool, undefined, true);
      outcomes.push(Promise.resolve(ended(session, call, tool, { content: t("notRunForModel"), isError: true })));
      continue;
    }
    // Read before anything of the batch runs, as a lone call's is.
    const preview = await previewOf(session, call, tool);
    announce(session, call, tool, preview, true);
    const prepared = await prepare(hooks, session, call, tool, signal, preview);
    if (prepared.kind === "stopped") {
      stopped = true;
      outcomes.push(Promise.resolve(ended(session, call, tool, { content: t("stopForModel"), isError: true })));
      continue;
    }
    if (prepared.kind === "result") {
      outcomes.push(Promise.resolve(ended(session, call, tool, prepared)));
      continue;
    }
    started.push(call.name);
    // Seed § 6.3: a key that throws is ignored.
    const key = declared(() => prepared.tool.lockKey?.(prepared.input, { cwd: session.cwd }));
    const running = locks.run(key, () => limiter.run(() => execute(hooks, session, prepared, signal)));
    outcomes.push(
      running.finally(() => {
        done += 1;
        session.events.emit({ type: "tools_running", running: { names: started, done } });
      }),
    );
  }

  // Phase 2: wait for everything, with progress for the status line.
  if (started.length > 0) session.events.emit({ type: "tools_running", running: { names: started, done } });
  const settled = await Promise.all(outcomes);
  session.events.emit({ type: "tools_running", running: null });

  // Phase 3: show and return the results in call order (the calls were announced in phase 1, marked `batch`).
  const results = calls.map((call, index) => {
    const outcome = settled[index] ?? { content: t("notRunForModel"), isError: true };
    emitResult(session, call, tools[index], outcome);
    return resultBlock(call, outcome);
  });
  return { results, stopped };
}

async function findTool(hooks: HookTable, session: AgentSession, name: string): Promise<AnyTool | undefined> {
  return session.tools.get(name) ?? (await hooks.resolveTool.promise({ session, name }));
}

/** The `tool_call` event: before the call's permission check, with what the tool declares for front ends. */
function announce(session: AgentSession, call: ToolUseBlock, tool: AnyTool | undefined, preview: ToolPreview | undefined, batch = false): void {
  const { summary, kind, locations } = callDisplay(tool, call.input, { cwd: session.cwd, homeDir: session.setup.homeDir }, preview);
  const sandboxed = declared(() => tool?.sandboxed?.(call.input));
  session.events.emit({
    type: "tool_call",
    id: call.id,
    name: call.name,
    summary,
    input: call.input,
    kind,
    locations,
    ...(preview ? { preview } : {}),
    ...(sandboxed !== undefined ? { sandboxed } : {}),
    ...(batch ? { batch: true as const } : {}),
  });
}

/** A call that did not run (refused, unknown, stopped, not run after a stop) ended: its `tool_status`. */
function ended<T extends Outcome>(session: AgentSession, call: ToolUseBlock, tool: AnyTool | undefined, outcome: T): T {
  emitEnded(session, call, tool, outcome);
  return outcome;
}

function emitEnded(session: AgentSession, call: ToolUseBlock, tool: AnyTool | undefined, outcome: Outcome): void {
  const status = outcome.isError ? "failed" : "completed";
  session.events.emit({ type: "tool_status", ...ending(call, tool, outcome), status, ...(outcome.images !== undefined ? { images: outcome.images } : {}) });
}

/** The result for the front ends that show it in call order: the images it returned by reference. */
function emitResult(session: AgentSession, call: ToolUseBlock, tool: AnyTool | undefined, outcome: Outcome): void {
  const images = outcome.images?.map(imageReference);
  session.events.emit({ type: "tool_result", ...ending(call, tool, outcome), isError: outcome.isError, ...(images !== undefined ? { images } : {}) });
}

/** What `tool_status` and `tool_result` say of an ended call; `sandboxed` is known for sure once it ran. */
function ending(call: ToolUseBlock, tool: AnyTool | undefined, outcome: Outcome): { id: string; name: string; output: string; sandboxed?: boolean } {
  const sandboxed = declared(() => tool?.sandboxed?.(call.input));
  return { id: call.id, name: call.name, output: outcome.content, ...(sandboxed !== undefined ? { sandboxed } : {}) };
}

/** The tool's own preview of what the call changes (Edit, Write), on the input it will run with. */
async function previewOf(session: AgentSession, call: ToolUseBlock, tool: AnyTool | undefined): Promise<ToolPreview | undefined> {
  if (!tool?.preview) return undefined;
  const input = prepareToolInput(tool, call.input);
  if (!input.ok) return undefined;
  try {
    return await tool.preview(input.input, { cwd: session.cwd });
  } catch {
    return undefined; // A preview is a courtesy: the confirmation asks without it.
  }
}

/** Seed § 6.3 "prepare": unknown tool, input check, permission verdict, confirmation. */
async function prepare(
  hooks: HookTable,
  session: AgentSession,
  call: ToolUseBlock,
  tool: AnyTool | undefined,
  signal: AbortSignal,
  preview?: ToolPreview,
): Promise<Prepared> {
  if (!tool) return { kind: "result", call, content: t("unknownTool", { name: call.name }), isError: true };
  const first = prepareToolInput(tool, call.input);
  if (!first.ok) return { kind: "result", call, tool, content: first.message, isError: true };
  const input = await revise(hooks, { session, call, tool, input: first.input, signal });
  if (!input.ok) return { kind: "result", call, tool, content: input.message, isError: true };

  const checked = { ...call, input: input.input };
  const verdict = await decide(hooks, session, checked, tool);
  if (verdict.decision === "deny") {
    const content = verdict.message ?? t("denied", { rule: verdict.rule ?? verdict.reason ?? "deny" });
    return { kind: "result", call, tool, content, isError: true };
  }
  if (verdict.decision === "allow") return { kind: "run", call, tool, input: input.input };

  if (!session.interaction.canAsk) {
    const rule = suggestedRule(call.name, tool, input.input);
    const { uncovered, always } = verdict.advice ?? {};
    session.events.emit({
      type: "permission",
      id: call.id,
      name: call.name,
      outcome: "refused",
      ...(uncovered && uncovered.length > 0 ? { uncovered } : {}),
      ...(always && always.rules.length > 0 ? { rules: always.rules } : {}),
    });
    session.events.emit({ type: "warning", message: t("refusedHeadlessWarning", { name: call.name, rule }) });
    return { kind: "result", call, tool, content: t("refusedHeadless", { rule }), isError: true };
  }
  const summary = summaryOf(tool, input.input);
  const question = summary ? t("confirmTool", { name: call.name, summary }) : t("confirmToolNoSummary", { name: call.name });
  const detail: AskDetail = { callId: call.id, tool: call.name, input: input.input, ...(preview ? { preview } : {}), ...verdict.advice };
  const answer = session.interaction.ask
    ? await session.interaction.ask(question, signal, detail)
    : (await session.interaction.confirm(question, signal))
      ? "yes"
      : "no";
  if (answer === "stop") return { kind: "stopped", call };
  if (answer === "no") return { kind: "result", call, tool, content: t("refusedByUser"), isError: true };
  return { kind: "run", call, tool, input: input.input };
}

/** `reviseToolCall`: an input a tap replaced is checked against the tool's schema again, as the model's was. */
async function revise(hooks: HookTable, asked: ToolCallRevision): Promise<PreparedInput> {
  const revision = await hooks.reviseToolCall.promise(asked);
  return revision.input === asked.input ? { ok: true, input: asked.input } : prepareToolInput(asked.tool, revision.input);
}

async function decide(hooks: HookTable, session: AgentSession, call: ToolUseBlock, tool: AnyTool): Promise<Verdict> {
  try {
    const check = await hooks.checkPermission.promise({ session, call, tool });
    return check.verdict ?? { decision: tool.permission === "auto" ? "allow" : "ask" };
  } catch (error) {
    // Fail closed: whatever went wrong, the user is asked (and a headless run refuses).
    return { decision: "ask", reason: errorMessage(error) };
  }
}

/** The narrowest rule that would allow this call, for the headless refusal message. */
function suggestedRule(name: string, tool: AnyTool, input: Record<string, unknown>): string {
  const hint = declared(() => tool.ruleHint?.(input));
  if (hint) return hint;
  const subject = [input.command, pathInputOf(input), input.url, input.name].find((value): value is string => typeof value === "string");
  return subject !== undefined && tool.permission === "ask" ? `${name}(${subject})` : name;
}

async function execute(
  hooks: HookTable,
  session: AgentSession,
  prepared: Extract<Prepared, { kind: "run" }>,
  signal: AbortSignal,
): Promise<Outcome> {
  const call = { ...prepared.call, input: prepared.input };
  const context: ToolContext = {
    cwd: session.cwd,
    model: session.provider.model,
    signal,
    env: session.setup.env,
    state: session.state,
    warn: (message) => session.events.emit({ type: "warning", message }),
    callId: call.id,
  };
  await hooks.beforeToolCall.promise({ session, call, tool: prepared.tool });
  session.events.emit({ type: "tool_status", id: call.id, name: call.name, status: "in_progress" });
  let outcome: Outcome;
  try {
    outcome = normalise(await prepared.tool.execute(prepared.input, context));
  } catch (error) {
    if (isAbortError(error) && signal.aborted) throw error;
    outcome = { content: errorMessage(error), isError: true };
  }
  const feedback: string[] = [];
  await hooks.afterToolCall.promise({
    session,
    call,
    tool: prepared.tool,
    output: outcome.content,
    isError: outcome.isError,
    feedback,
    ...(outcome.images ? { images: outcome.images } : {}),
  });
  const final = feedback.length === 0 ? outcome : { ...outcome, content: [outcome.content, ...feedback].join("\n\n") };
  emitEnded(session, prepared.call, prepared.tool, final);
  if (!final.isError) emitPlan(session, prepared.tool);
  return final;
}

/** A tool that keeps a plan tells it after each call that succeeded (Tool.plan); one that throws is not heard. */
function emitPlan(session: AgentSession, tool: AnyTool): void {
  if (!tool.plan) return;
  try {
    session.events.emit({ type: "plan", entries: tool.plan({ state: session.state }) });
  } catch {
    // A plan is a courtesy to the front ends: the call's result stands.
  }
}

function normalise(output: ToolOutput): Outcome {
  if (typeof output === "string") return { content: output, isError: false };
  const images = output.images?.filter((image) => image.type === "image");
  return images === undefined || images.length === 0 ? { content: output.content, isError: output.isError } : { content: output.content, isError: output.isError, images };
}

function resultBlock(call: ToolUseBlock, outcome: Outcome): ToolResultBlock {
  const block: ToolResultBlock = { type: "tool_result", toolUseId: call.id, content: outcome.content };
  if (outcome.isError) block.isError = true;
  if (outcome.images !== undefined) block.images = outcome.images;
  return block;
}

/** The result for front ends: its images by reference, never their bytes. */
