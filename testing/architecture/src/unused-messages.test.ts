import { describe, expect, it } from "vitest";
import { sourceFiles } from "./source-files.ts";
import { catalogues, unusedMessages } from "./unused-messages.ts";

describe("the message catalogues", () => {
  it("are found: every package's strings, in English and French", () => {
    const files = catalogues(sourceFiles()).map((catalogue) => catalogue.file);
    expect(files).toEqual(expect.arrayContaining(["cli/src/messages.ts", "kernel/src/loop/messages.ts", "plugins/hub/page/src/i18n/messages.ts", "util/src/json-error-messages.ts"]));
  });

  it("hold only messages some code of their package shows", () => {
    expect(unusedMessages(sourceFiles()), "remove these messages from both languages, or show them").toEqual([]);
  });
});
