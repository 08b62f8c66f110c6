import { describe, expect, it } from "vitest";
import { describeErrors, precompiled, validatorFor, type Validator } from "./validator.ts";

describe("describeErrors", () => {
  it("names the unknown property and suggests the known one", () => {
    const schema = { type: "object", properties: { greeting: { type: "string" } }, additionalProperties: false };
    const validate = validatorFor(schema);
    expect(validate({ greting: "x" })).toBe(false);
    expect(describeErrors(validate.errors, schema)).toEqual(['/: unknown property "greting" (did you mean "greeting"?)']);
  });
});

describe("precompiled", () => {
  it("hands out the validator generated for that schema object, and compiles another object with the same content", () => {
    const schema = { type: "object", properties: { n: { type: "integer" } } };
    const generated = Object.assign((data: unknown) => data === "generated", { errors: null }) as unknown as Validator;
    expect(precompiled(schema, generated)).toBe(schema);
    expect(validatorFor(schema)).toBe(generated);
    const compiled = validatorFor({ ...schema });
    expect(compiled).not.toBe(generated);
    expect(compiled({ n: 1 })).toBe(true);
    expect(compiled({ n: "x" })).toBe(false);
  });
});
