import type { ErrorObject } from "ajv";
import { validateHubConfig } from "./hub-validator.generated.ts";

/**
 * The one validator of hub.json, generated at build time from HUB_SCHEMA (pnpm generate:validators, with ajv's
 * strict mode, so that a mistake in the schema fails the generation): `maia hub` compiles nothing at start, and
 * the modules the CLI imports to list its subcommands cost nothing. `allErrors` so that the editor marks every
 * problem at once, not one per save.
 */
export function schemaErrors(value: unknown): ErrorObject[] {
  return validateHubConfig(value) ? [] : [...(validateHubConfig.errors ?? [])];
}
