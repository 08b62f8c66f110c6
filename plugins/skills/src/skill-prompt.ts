/**
 * A skill's instructions for one use (seed § 11.3, AgentSkill.invoke): every `$ARGUMENTS` is replaced by the
 * arguments; instructions that do not mention `$ARGUMENTS` get them appended on an `ARGUMENTS:` line, so that
 * what the user typed after `§name` is never lost. Without arguments, `$ARGUMENTS` becomes empty.
 */
export function expandSkill(body: string, args: string): string {
  const trimmed = args.trim();
  if (body.includes("$ARGUMENTS")) return body.split("$ARGUMENTS").join(trimmed);
  return trimmed === "" ? body : `${body}\n\nARGUMENTS: ${trimmed}`;
}

/** `§name rest of the line` → the name and the arguments; `§` alone → no name. */
export function parseSkillInvocation(args: string): { name?: string; args: string } {
  const text = args.trim();
  if (text === "") return { args: "" };
  const match = /^(\S+)\s*([\s\S]*)$/.exec(text);
  return { name: match?.[1] ?? text, args: match?.[2] ?? "" };
}

/** Exact name first, else the only one equal without case (the user typed `§Review` for `review`). */
export function findSkill<T extends { name: string }>(skills: readonly T[], name: string): T | undefined {
  const exact = skills.find((skill) => skill.name === name);
  if (exact) return exact;
  const folded = skills.filter((skill) => skill.name.toLowerCase() === name.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}
