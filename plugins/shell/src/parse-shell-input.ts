/**
 * What a `!` line asks for (seed § 11.2):
 *
 * | input              | command                                   |
 * | ------------------ | ----------------------------------------- |
 * | `!ls -la`          | everything after `!`                      |
 * | `!'ls -la'`        | the text between single quotes            |
 * | `!'ls' -la src`    | the quoted text, then what follows        |
 * | `!'echo "l\'ami"'` | `\'` is a literal single quote            |
 * | `!'ls -la`         | error (unclosed quote), nothing runs      |
 * | `!`                | help                                      |
 *
 * Inside quotes only `\'` is an escape: any other backslash stays as typed, so `!'printf "a\nb"'` reaches the
 * shell unchanged. A quoted command therefore cannot end with a backslash (write it unquoted).
 */
export type ShellInput =
  | { kind: "help" }
  | { kind: "command"; command: string }
  /** `column` is the 1-based position of the opening quote in the input line. */
  | { kind: "unclosed_quote"; column: number };

export function parseShellInput(input: string): ShellInput {
  const offset = input.startsWith("!") ? 1 : 0;
  const body = input.slice(offset);
  const rest = body.trimStart();
  const quoteAt = offset + body.length - rest.length;
  if (!rest.startsWith("'")) return commandOrHelp(rest);

  let quoted = "";
  for (let index = 1; index < rest.length; index += 1) {
    const char = rest[index] as string;
    if (char === "\\" && rest[index + 1] === "'") {
      quoted += "'";
      index += 1;
    } else if (char === "'") {
      return commandOrHelp(quoted + rest.slice(index + 1));
    } else {
      quoted += char;
    }
  }
  return { kind: "unclosed_quote", column: quoteAt + 1 };
}

function commandOrHelp(text: string): ShellInput {
  const command = text.trim();
  return command === "" ? { kind: "help" } : { kind: "command", command };
}

/** The quoted form of a command, as `parseShellInput` reads it back (for help texts and tests). */
export function quoteShellCommand(command: string): string {
  return `!'${command.replaceAll("'", "\\'")}'`;
}
