/** What an error says, for a message shown to the user: its message when it is an Error, else its text. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** An abort (Ctrl+C, a closed session): the error fetch, timers and streams throw when their signal fires. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || (error as { code?: unknown }).code === "ABORT_ERR");
}
