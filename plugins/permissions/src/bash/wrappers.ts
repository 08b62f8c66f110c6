import type { Word } from "./words.ts";

/**
 * Commands that run other commands. An allow rule for the wrapper alone never covers what it runs; deny and
 * ask rules look through them. Each entry finds the wrapped command in the wrapper's arguments.
 */
export type Unwrapped =
  | { kind: "argv"; wrapper: string; transparent: boolean; words: Word[]; assignments: Word[] }
  | { kind: "script"; wrapper: string; script: string }
  | { kind: "unseen"; wrapper: string };

/** The wrappers whose wrapped command, analysed on its own, may be allowed — only when used without options. */
export const TRANSPARENT_WRAPPERS = new Set(["timeout", "nice", "nohup", "time", "env"]);

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "ash", "mksh"]);

interface OptionSpec {
  /** Short options whose value follows (attached `-uroot` or separate `-u root`). */
  short?: string;
  /** Long options whose value follows (`--user=root` or `--user root`). */
  long?: readonly string[];
}

interface Options {
  options: Word[];
  rest: Word[];
  /** An option word is not a literal: where the command starts cannot be known. */
  dynamic: boolean;
}

/** Splits leading options from operands; `--` ends the options. */
function splitOptions(args: readonly Word[], spec: OptionSpec = {}): Options {
  const options: Word[] = [];
  let i = 0;
  while (i < args.length) {
    const word = args[i] as Word;
    const value = word.value;
    if (value === undefined) return { options, rest: args.slice(i), dynamic: true };
    if (value === "--") {
      options.push(word);
      i += 1;
      break;
    }
    if (!value.startsWith("-") || value === "-") break;
    options.push(word);
    i += 1;
    if (value.startsWith("--")) {
      const name = value.slice(2);
      if (!name.includes("=") && spec.long?.includes(name)) {
        if (i < args.length) options.push(args[i] as Word);
        i += 1;
      }
      continue;
    }
    // A cluster of short flags; the first that takes a value takes the rest of the cluster or the next word.
    for (let k = 1; k < value.length; k += 1) {
      if (spec.short?.includes(value[k] ?? "")) {
        if (k === value.length - 1) {
          if (i < args.length) options.push(args[i] as Word);
          i += 1;
        }
        break;
      }
    }
  }
  return { options, rest: args.slice(i), dynamic: false };
}

const argv = (wrapper: string, words: Word[], transparent: boolean, assignments: Word[] = []): Unwrapped[] =>
  words.length === 0 ? [] : [{ kind: "argv", wrapper, transparent, words, assignments }];

const unseen = (wrapper: string): Unwrapped[] => [{ kind: "unseen", wrapper }];

/** Leading `NAME=value` words (env, sudo). */
function takeAssignments(words: Word[]): { assignments: Word[]; rest: Word[]; dynamic: boolean } {
  let i = 0;
  while (i < words.length) {
    const value = words[i]?.value;
    if (value === undefined) return { assignments: words.slice(0, i), rest: words.slice(i), dynamic: true };
    if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(value)) break;
    i += 1;
  }
  return { assignments: words.slice(0, i), rest: words.slice(i), dynamic: false };
}

function literalJoin(words: readonly Word[]): string | undefined {
  const values = words.map((word) => word.value);
  return values.every((value): value is string => value !== undefined) ? values.join(" ") : undefined;
}

type Handler = (args: Word[], wrapper: string) => Unwrapped[];

const HANDLERS: Record<string, Handler> = {
  timeout(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, { short: "sk", long: ["signal", "kill-after"] });
    if (dynamic) return unseen(wrapper);
    // A duration that is not a literal does not hide the command, but the call is no longer transparent.
    return argv(wrapper, rest.slice(1), options.length === 0 && rest[0]?.value !== undefined);
  },
  nice(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, { short: "n", long: ["adjustment"] });
    return dynamic ? unseen(wrapper) : argv(wrapper, rest, options.length === 0);
  },
  nohup(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args);
    return dynamic ? unseen(wrapper) : argv(wrapper, rest, options.length === 0);
  },
  time(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, { short: "fo", long: ["format", "output"] });
    return dynamic ? unseen(wrapper) : argv(wrapper, rest, options.length === 0);
  },
  env(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, {
      short: "uCSP",
      long: ["unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal"],
    });
    if (dynamic) return unseen(wrapper);
    const split = options.findIndex((word) => /^(-[^-]*S|--split-string)/.test(word.value ?? ""));
    if (split !== -1) {
      // `env -S 'cmd args'` splits one string into a command: read it as a script.
      const value = options[split]?.value ?? "";
      const attached = /^-[^-]*S(.+)$/.exec(value)?.[1] ?? /^--split-string=(.*)$/.exec(value)?.[1];
      const text = attached ?? options[split + 1]?.value;
      return text === undefined ? unseen(wrapper) : [{ kind: "script", wrapper, script: [text, literalJoin(rest) ?? ""].join(" ") }];
    }
    const taken = takeAssignments(rest);
    if (taken.dynamic) return unseen(wrapper);
    // `env` alone or with assignments only prints the environment: it runs nothing.
    return argv(wrapper, taken.rest, options.length === 0, taken.assignments);
  },
  sudo(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, {
      short: "ughpCDrtUTR",
      long: ["user", "group", "host", "prompt", "close-from", "chdir", "role", "type", "other-user", "command-timeout", "chroot"],
    });
    if (dynamic) return unseen(wrapper);
    const flags = options.map((word) => word.value ?? "").filter((value) => /^-[^-]/.test(value)).join("");
    const long = options.map((word) => word.value ?? "");
    const shell = /[si]/.test(flags.replace(/-/g, "")) || long.includes("--shell") || long.includes("--login");
    const taken = takeAssignments(rest);
    if (taken.dynamic) return unseen(wrapper);
    if (taken.rest.length === 0) return shell ? unseen(wrapper) : [];
    if (shell) {
      const script = literalJoin(taken.rest);
      return script === undefined ? unseen(wrapper) : [{ kind: "script", wrapper, script }];
    }
    return argv(wrapper, taken.rest, false, taken.assignments);
  },
  doas(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, { short: "uC" });
    if (dynamic) return unseen(wrapper);
    if (rest.length === 0) return options.some((word) => /^-[^-]*s/.test(word.value ?? "")) ? unseen(wrapper) : [];
    return argv(wrapper, rest, false);
  },
  command(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args);
    if (dynamic) return unseen(wrapper);
    // `command -v git` looks a name up and runs nothing.
    if (options.some((word) => /^-[^-]*[vV]/.test(word.value ?? ""))) return [];
    return argv(wrapper, rest, false);
  },
  exec(args, wrapper) {
    const { rest, dynamic } = splitOptions(args, { short: "a" });
    return dynamic ? unseen(wrapper) : argv(wrapper, rest, false);
  },
  builtin: (args, wrapper) => argv(wrapper, args, false),
  coproc: (args, wrapper) => argv(wrapper, args, false),
  busybox: (args, wrapper) => argv(wrapper, args, false),
  setsid(args, wrapper) {
    const { rest, dynamic } = splitOptions(args);
    return dynamic ? unseen(wrapper) : argv(wrapper, rest, false);
  },
  stdbuf(args, wrapper) {
    const { rest, dynamic } = splitOptions(args, { short: "ioe", long: ["input", "output", "error"] });
    return dynamic ? unseen(wrapper) : argv(wrapper, rest, false);
  },
  ionice(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, { short: "cn", long: ["class", "classdata"] });
    if (dynamic) return unseen(wrapper);
    if (options.some((word) => /^(-[^-]*[pPu]|--(pid|pgid|uid))/.test(word.value ?? ""))) return [];
    return argv(wrapper, rest, false);
  },
  xargs(args, wrapper) {
    const { rest, dynamic } = splitOptions(args, {
      short: "adEILnPs",
      long: ["arg-file", "delimiter", "eof", "replace", "max-lines", "max-args", "max-procs", "max-chars", "process-slot-var"],
    });
    if (dynamic) return unseen(wrapper);
    return argv(wrapper, rest, false);
  },
  find(args, wrapper) {
    const runs: Unwrapped[] = [];
    for (let i = 0; i < args.length; i += 1) {
      const word = args[i] as Word;
      const value = word.value;
      if (value === undefined) {
        // An unquoted expansion may split into `-exec rm -rf / ;`; a quoted one is one word, which can still
        // be `-exec` when a terminator follows.
        const quoted = /^"(?:[^"\\]|\\[^])*"$/.test(word.raw);
        const later = args.slice(i + 1);
        if (!quoted || later.some((next) => next.value === undefined || next.value === ";" || next.value === "+")) {
          return unseen(wrapper);
        }
        continue;
      }
      if (!["-exec", "-execdir", "-ok", "-okdir"].includes(value)) continue;
      const start = i + 1;
      let end = start;
      while (end < args.length && args[end]?.value !== ";" && args[end]?.value !== "+") end += 1;
      const words = args.slice(start, end);
      if (words[0]?.value === undefined) return unseen(wrapper);
      runs.push(...argv(wrapper, words, false));
      i = end;
    }
    return runs;
  },
  eval(args, wrapper) {
    if (args.length === 0) return [];
    const script = literalJoin(args);
    return script === undefined ? unseen(wrapper) : [{ kind: "script", wrapper, script }];
  },
  watch(args, wrapper) {
    const { options, rest, dynamic } = splitOptions(args, { short: "nq", long: ["interval", "equexit"] });
    if (dynamic) return unseen(wrapper);
    if (rest.length === 0) return [];
    // `watch -x` runs its arguments directly; otherwise they are joined and given to `sh -c`.
    if (options.some((word) => /^(-[^-]*x|--exec$)/.test(word.value ?? ""))) return argv(wrapper, rest, false);
    const script = literalJoin(rest);
    return script === undefined ? unseen(wrapper) : [{ kind: "script", wrapper, script }];
  },
  su(args, wrapper) {
    for (let i = 0; i < args.length; i += 1) {
      const value = args[i]?.value;
      if (value === undefined) return unseen(wrapper);
      const attached = /^--command=(.*)$/s.exec(value)?.[1];
      if (attached !== undefined) return [{ kind: "script", wrapper, script: attached }];
      if (/^-[A-Za-z]*c$/.test(value) || value === "--command") {
        const script = args[i + 1]?.value;
        return script === undefined ? unseen(wrapper) : [{ kind: "script", wrapper, script }];
      }
    }
    // Without -c, su starts a shell that reads its commands from standard input.
    return unseen(wrapper);
  },
};

/** `sh -c 'text'` and the like; a shell given a script file runs that file, which is an ordinary command. */
function unwrapShell(args: Word[], wrapper: string): Unwrapped[] {
  let command = false;
  let i = 0;
  for (; i < args.length; i += 1) {
    const value = args[i]?.value;
    if (value === undefined) return unseen(wrapper);
    if (value === "--" || value === "-") {
      i += 1;
      break;
    }
    if (!/^[-+]/.test(value)) break;
    if (["-o", "+o", "-O", "+O", "--rcfile", "--init-file"].includes(value)) {
      i += 1;
      continue;
    }
    if (/^-[A-Za-z]*c[A-Za-z]*$/.test(value)) command = true;
    if (/^-[A-Za-z]*s[A-Za-z]*$/.test(value)) return unseen(wrapper);
  }
  const operand = args[i];
  if (command) {
    if (operand === undefined) return [];
    return operand.value === undefined ? unseen(wrapper) : [{ kind: "script", wrapper, script: operand.value }];
  }
  // No script at all: the shell reads its commands from standard input.
  return operand === undefined ? unseen(wrapper) : [];
}

/** The program a command name designates for wrapper detection: `/usr/bin/sudo` is `sudo`. */
export function basename(name: string): string {
  if (!name.includes("/")) return name;
  const trimmed = name.replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1) || name;
}

/** What a command runs in turn; empty when it is not a wrapper or runs nothing (`env`, `command -v x`). */
export function unwrap(words: readonly Word[]): Unwrapped[] {
  const first = words[0];
  if (first?.value === undefined || first.expands) return [];
  const name = basename(first.value);
  if (SHELLS.has(name)) return unwrapShell(words.slice(1), name);
  const handler = Object.hasOwn(HANDLERS, name) ? HANDLERS[name] : undefined;
  return handler ? handler(words.slice(1), name) : [];
}

/** Names that run another command, for documentation and tests. */
export const WRAPPER_NAMES: readonly string[] = [...Object.keys(HANDLERS), ...SHELLS];
