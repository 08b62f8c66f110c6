import { setActiveLocale } from "@maia/util/i18n";
import { afterEach, describe, expect, it } from "vitest";
import { nodeTooOld } from "./node-version.ts";

afterEach(() => setActiveLocale(undefined));

describe("nodeTooOld", () => {
  it("lets Node 22 and later run", () => {
    for (const version of ["22.0.0", "22.23.3", "24.21.0", "25.1.0", "100.0.0"]) expect(nodeTooOld(version, "/usr/bin/node")).toBeUndefined();
  });

  it("stops older ones with the version, the executable and what to do, in English and French", () => {
    setActiveLocale("en");
    expect(nodeTooOld("20.20.2", "/usr/bin/node")).toBe(
      "MAIA needs Node.js 22 or newer; the node that runs it is 20.20.2 (/usr/bin/node). Put a newer node first on your PATH.",
    );
    expect(nodeTooOld("21.7.3", "/opt/node")).toContain("21.7.3 (/opt/node)");
    setActiveLocale("fr");
    expect(nodeTooOld("18.0.0", "/usr/bin/node")).toContain("MAIA a besoin de Node.js 22 ou plus récent");
  });
});
