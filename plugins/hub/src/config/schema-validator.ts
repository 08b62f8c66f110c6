import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { HUB_SCHEMA } from "./hub-schema.ts";

let compiled: ValidateFunction | undefined;

/**
 * The one validator of hub.json, compiled on first use rather than at import: `maia hub` is a subcommand, and
 * the modules the CLI imports to list its subcommands must cost nothing until the hub actually runs.
 * `allErrors` so that the editor marks every problem at once, not one per save.
 */
export function schemaErrors(value: unknown): ErrorObject[] {
  compiled ??= new Ajv({ allErrors: true, strict: true, logger: false }).compile(HUB_SCHEMA);
  return compiled(value) ? [] : [...(compiled.errors ?? [])];
}
