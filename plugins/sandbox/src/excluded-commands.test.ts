import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isExcludedCommand } from "./excluded-commands.ts";

describe("excludedCommands", () => {
  it("matches a command, its first words, ` *` and `:*` forms, in any part of a command line", () => {
    expect(isExcludedCommand("docker ps", ["docker"])).toBe(true);
    expect(isExcludedCommand("cd app && DOCKER_HOST=x docker build .", ["docker"])).toBe(true);
    expect(isExcludedCommand("git push origin", ["git push *"])).toBe(true);
    expect(isExcludedCommand("git pull", ["git push:*"])).toBe(false);
    expect(isExcludedCommand("dockerize x", ["docker"])).toBe(false);
    expect(isExcludedCommand("echo docker", ["docker"])).toBe(false);
    expect(isExcludedCommand("ls | docker load", ["docker"])).toBe(true);
    expect(isExcludedCommand("ls", [])).toBe(false);
  });

  it("never matches a line whose words do not start any of its parts (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-z]{3,8}$/), (line, name) => {
        const matched = isExcludedCommand(line, [name]);
        if (matched) expect(line).toContain(name);
      }),
    );
  });
});
