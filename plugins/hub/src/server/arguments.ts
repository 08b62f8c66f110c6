import { Ajv, type ValidateFunction } from "ajv";
import { SERVICE_ARGUMENTS, type ServiceName } from "../protocol.ts";

// No coercion and no defaults: the arguments are used exactly as sent, or refused. Made on the first call that
// needs it: a hub that starts compiles nothing (ajv's meta-schema alone costs tens of milliseconds).
let ajv: Ajv | undefined;

/**
 * A checker for one method's argument array (the JSON body of its POST), from the protocol's declaration:
 * exactly that many arguments, each of its schema. Returns undefined when the arguments are right, else what
 * is wrong in words. Each method's small schema is compiled on its first call, then kept.
 */
export function argumentsValidator(service: ServiceName, method: string): (args: unknown) => string | undefined {
  const items = (SERVICE_ARGUMENTS[service] as Record<string, readonly object[]>)[method] ?? [];
  let compiled: ValidateFunction | undefined;
  return (args) => {
    ajv ??= new Ajv({ allErrors: true, strict: false, logger: false });
    // An empty tuple is written without `items` (draft-07 wants at least one schema there).
    compiled ??= ajv.compile({
      type: "array",
      ...(items.length > 0 ? { items: [...items] } : {}),
      minItems: items.length,
      maxItems: items.length,
    });
    const validate = compiled;
    if (validate(args)) return undefined;
    return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`).join("; ");
  };
}
