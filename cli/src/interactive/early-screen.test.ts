import { describe, expect, it } from "vitest";
import { parseCliArgs, splitAtSubcommand } from "../args.ts";
import { t } from "../messages.ts";
import { paintEarly } from "./early-paint.ts";
import { paintEarlyScreen, startsInteractive } from "./early-screen.ts";

const starts = (argv: string[]) => startsInteractive(parseCliArgs(splitAtSubcommand(argv).own, t));

describe("the screen painted before anything loads", () => {
  it("is painted for the command lines main.ts runs interactively, and for those only", () => {
    for (const argv of [[], ["--model", "gpt"], ["-m", "gpt"], ["--resume", "plugins"], ["-c"], ["--permission-mode", "plan"], ["--strict-plugins"]]) {
      expect(starts(argv), argv.join(" ")).toBe(true);
    }
    for (const argv of [["-p", "hi"], ["--print", "hi"], ["plugins", "list"], ["acp"], ["hub"], ["permissions", "check"], ["--help"], ["--version"], ["--subagent"], ["--model", "x", "hub"]]) {
      expect(starts(argv), argv.join(" ")).toBe(false);
    }
  });

  it("does nothing for a command line main.ts must refuse", () => {
    const paint = () => {
      throw new Error("painted");
    };
    expect(paintEarlyScreen(["--no-such-option"], {}, paint)).toBeUndefined();
    expect(paintEarlyScreen(["-p", "hi"], {}, paint)).toBeUndefined();
  });

  it("paints nothing without a terminal", () => {
    expect(process.stdout.isTTY).toBeFalsy(); // a test worker's stdout is a pipe
    expect(paintEarlyScreen([], {}, () => ({ paintEarly }))).toBeUndefined();
  });
});
