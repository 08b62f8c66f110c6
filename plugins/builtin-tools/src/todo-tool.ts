import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { toolDoc as d } from "./descriptions.ts";
import { t } from "./messages.ts";

export type TodoStatus = "pending" | "in_progress" | "completed";

export interface TodoItem {
  content: string;
  status: TodoStatus;
  /** The same task in the progressive form shown while it runs ("Running the tests"). */
  activeForm?: string;
}

export interface TodoInput extends Record<string, unknown> {
  todos: TodoItem[];
}

/** The conversation's todo list lives in the session state (a new conversation starts without one). */
const TODOS = "builtin-tools:todos";

export function todosOf(state: Map<string, unknown>): readonly TodoItem[] {
  const todos = state.get(TODOS);
  return Array.isArray(todos) ? (todos as TodoItem[]) : [];
}

const MARKS: Record<TodoStatus, string> = { pending: "☐", in_progress: "▶", completed: "☑" };

/** Seed § 8: ☐ pending, ▶ in progress (in its active form), ☑ done, one task per line. */
export function renderTodos(todos: readonly TodoItem[]): string {
  return todos
    .map((todo) => `${MARKS[todo.status]} ${todo.status === "in_progress" && todo.activeForm ? todo.activeForm : todo.content}`)
    .join("\n");
}

/** Some models send the list as a JSON string; the schema wants an array. */
export function normalizeTodoInput(raw: Record<string, unknown>): Record<string, unknown> {
  if (typeof raw.todos !== "string") return raw;
  try {
    const parsed: unknown = JSON.parse(raw.todos);
    return Array.isArray(parsed) ? { ...raw, todos: parsed } : raw;
  } catch {
    return raw;
  }
}

export function createTodoTool(): Tool<TodoInput> {
  return {
    spec: {
      name: "TodoWrite",
      description: d("todo"),
      inputSchema: {
        type: "object",
        properties: {
          todos: {
            type: "array",
            description: d("todoList"),
            items: {
              type: "object",
              properties: {
                content: { type: "string", minLength: 1, description: d("todoContent") },
                status: { type: "string", enum: ["pending", "in_progress", "completed"], description: d("todoStatus") },
                activeForm: { type: "string", description: d("todoActiveForm") },
              },
              required: ["content", "status"],
            },
          },
        },
        required: ["todos"],
      },
    },
    permission: "auto",
    normalizeInput: normalizeTodoInput,
    describe: (input) => t("todoSummary", { count: input.todos.length }),
    // Planning: ACP clients show the call as thinking, and the list it keeps as the session's plan.
    kind: "think",
    plan: ({ state }) => todosOf(state),
    lockKey: () => "todowrite",
    execute: async (input, context) => writeTodos(input, context),
  };
}

function writeTodos(input: TodoInput, context: ToolContext): ToolOutput {
  // The whole list is replaced at each call (seed § 8); a copy, so later edits of the input change nothing.
  const todos = input.todos.map((todo) => ({ ...todo }));
  context.state.set(TODOS, todos);
  if (todos.length === 0) return t("todoCleared");
  const done = todos.filter((todo) => todo.status === "completed").length;
  const running = todos.filter((todo) => todo.status === "in_progress").length;
  const lines = [renderTodos(todos), "", t("todoCounts", { total: todos.length, done, running, pending: todos.length - done - running })];
  if (running > 1) {
    context.warn(t("todoSeveralRunningWarning", { count: running }));
    lines.push(t("todoSeveralRunning", { count: running }));
  }
  return lines.join("\n");
}
