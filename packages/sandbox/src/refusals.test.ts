import { describe, expect, it } from "vitest";
import { resolveBoundary } from "./boundary.ts";
import { explainRefusal } from "./refusals.ts";

const boundary = resolveBoundary({}, { launchFolder: "/work/app", homeDir: "/home/ada" });

describe("what the model reads when the sandbox stopped a command", () => {
  it("names the path a write was refused on, as coreutils, bash, Python and Node word it", () => {
    const cases: Record<string, string> = {
      "touch: cannot touch '/etc/hosts': Read-only file system": "/etc/hosts",
      "/bin/bash: line 1: /tmp/out/x: Read-only file system": "/tmp/out/x",
      "OSError: [Errno 30] Read-only file system: '/usr/lib/x'": "/usr/lib/x",
      "Error: EROFS: read-only file system, open '/opt/y'": "/opt/y",
    };
    for (const [output, where] of Object.entries(cases)) expect(explainRefusal(output, boundary, [], false)).toContain(`refused writing ${where}`);
  });

  it("says there is no network, names the hosts the proxy refused, and says nothing when nothing points at the sandbox", () => {
    expect(explainRefusal("curl: (6) Could not resolve host: example.com", boundary, [], false)).toContain("no network");
    expect(explainRefusal("curl: (56) CONNECT tunnel failed, response 403", boundary, [{ host: "evil.test", port: 443, at: 0 }], true)).toContain("evil.test:443");
    expect(explainRefusal("npm ERR! missing script: test", boundary, [], false)).toBeUndefined();
  });
});
