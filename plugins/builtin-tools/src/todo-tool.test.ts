import { setActiveLocale } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "./testing/harness.ts";
import { todosOf } from "./todo-tool.ts";

const h = harnessPerTest();

describe("TodoWrite", () => {
  it("replaces the whole list at each call and renders it ☐ ▶ ☑", async () => {
    await h.run("TodoWrite", { todos: [{ content: "Old task", status: "pending" }] });
    const { text } = await h.run("TodoWrite", {
      todos: [
        { content: "Read the code", status: "completed", activeForm: "Reading the code" },
        { content: "Fix the bug", status: "in_progress", activeForm: "Fixing the bug" },
        { content: "Run the tests", status: "pending", activeForm: "Running the tests" },
      ],
    });
    expect(text).toBe("☑ Read the code\n▶ Fixing the bug\n☐ Run the tests\n\n3 tasks: 1 done, 1 in progress, 1 pending.");
    expect(todosOf(h.context.state).map((todo) => todo.content)).toEqual(["Read the code", "Fix the bug", "Run the tests"]);
    expect(h.warnings).toEqual([]);
  });

  it("warns the user and tells the model when several tasks are in progress", async () => {
    const { text } = await h.run("TodoWrite", {
      todos: [
        { content: "A", status: "in_progress" },
        { content: "B", status: "in_progress" },
      ],
    });
    expect(text).toContain("Warning: 2 tasks are in progress; keep exactly one in_progress at a time.");
    expect(h.warnings).toEqual(["Task list: 2 tasks in progress at once"]);
  });

  it("accepts the list sent as a JSON string, and an empty list clears it", async () => {
    await h.run("TodoWrite", { todos: JSON.stringify([{ content: "A", status: "pending" }]) });
    expect(todosOf(h.context.state)).toHaveLength(1);
    expect((await h.run("TodoWrite", { todos: [] })).text).toBe("The task list is now empty.");
    expect(todosOf(h.context.state)).toEqual([]);
  });

  it("rejects an unknown status through its schema", async () => {
    expect((await h.run("TodoWrite", { todos: [{ content: "A", status: "doing" }] })).isError).toBe(true);
  });

  it("keeps one list per conversation, and the French wording", async () => {
    setActiveLocale("fr");
    const other = new Map<string, unknown>();
    await h.run("TodoWrite", { todos: [{ content: "Tâche", status: "pending" }] }, { state: other });
    expect(todosOf(h.context.state)).toEqual([]);
    expect(todosOf(other)).toHaveLength(1);
    expect((await h.run("TodoWrite", { todos: [{ content: "A", status: "completed" }] })).text).toBe("☑ A\n\n1 tâche : 1 terminée, 0 en cours, 0 en attente.");
  });
});

describe("CurrentModel", () => {
  it("returns the model active at call time", async () => {
    expect((await h.run("CurrentModel", {})).text).toBe("The active model is fake-model.");
    expect((await h.run("CurrentModel", {}, { model: "other" })).text).toBe("The active model is other.");
  });
});
