import { describe, expect, it } from "vitest";
import { analyseBash } from "./analyse.ts";
import { everyCommand, type BashAnalysis, type SimpleCommand } from "./analysis.ts";
import { describeCommand } from "./decide-bash.ts";

const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {} };
const analyse = (command: string, env: NodeJS.ProcessEnv = {}) => analyseBash(command, { ...context, env });
const commandsOf = (analysis: BashAnalysis) => analysis.commands.map(describeCommand);
const codes = (findings: BashAnalysis["uncertain"]) => findings.map((finding) => finding.code);

describe("simple commands anywhere in the tree (seed § 9.4)", () => {
  it.each([
    ["git status && npm test", ["git status", "npm test"]],
    ["a; b || c & d", ["a", "b", "c", "d"]],
    ["a | b |& c", ["a", "b", "c"]],
    ["(cd x && make) | tee log", ["cd x", "make", "tee log"]],
    ["{ a; b; } > /dev/null", ["a", "b"]],
    ["echo $(date) `whoami` <(ls) >(cat)", ["echo $(date) `whoami` <(ls) >(cat)", "date", "whoami", "ls", "cat"]],
    ["if test -f x; then a; elif b; then c; else d; fi", ["test -f x", "a", "b", "c", "d"]],
    ["while read l; do a \"$l\"; done < f", ["read l", 'a "$l"']],
    ["until false; do b; done", ["false", "b"]],
    ["for f in *.ts; do a \"$f\"; done", ['a "$f"']],
    ["case $x in a) b;; *) c;; esac", ["b", "c"]],
    ["f() { rm -rf /; }; f", ["rm -rf /", "f"]],
    ["! grep -q x f", ["grep -q x f"]],
    ["cat <<EOF\n$(rm x)\nEOF", ["cat", "rm x"]],
    ["cat <<'EOF'\n$(rm x)\nEOF", ["cat"]],
    ["cat <<EOF | rm -rf y\nhi\nEOF", ["cat", "rm -rf y"]],
    ["[ -f x ] && [[ $y == z ]]", ["[ -f x ]", "[[ $y == z ]]"]],
    ["x=$(id)", ["x=$(id)", "id"]],
    ["echo \"a && b\"; echo 'c; d'", ["echo 'a && b'", "echo 'c; d'"]],
    ["echo a # && rm -rf /", ["echo a"]],
    ["export A=1 B=$C; unset D; local e", ["export A=1 B=$C", "unset D", "local e"]],
  ])("%j", async (command, expected) => {
    const analysis = await analyse(command);
    expect(commandsOf(analysis)).toEqual(expected);
  });

  it("keeps leading assignments apart from the command name", async () => {
    const [command] = (await analyse("FOO=1 BAR='x y' git log")).commands as [SimpleCommand];
    expect(command.name).toBe("git");
    expect(command.assignments.map((assignment) => [assignment.name, assignment.value])).toEqual([
      ["FOO", "1"],
      ["BAR", "x y"],
    ]);
    expect(describeCommand(command)).toBe("FOO=1 BAR='x y' git log");
  });

  it("gives no name to a command it cannot see", async () => {
    const names = (await analyse("$CMD x; ${X}y; $(which rm) -rf z; r* x; {rm,-rf}")).commands.map((command) => command.name);
    expect(names.slice(0, 3)).toEqual([undefined, undefined, undefined]);
    expect(names).not.toContain("rm");
  });
});

describe("wrapped commands", () => {
  const wrapped = async (command: string) =>
    [...everyCommand(await analyse(command))].map((inner) => inner.name);

  it.each([
    ["sudo rm -rf x", ["sudo", "rm"]],
    ["sudo -u root -E rm x", ["sudo", "rm"]],
    ["timeout 60 npm test", ["timeout", "npm"]],
    ["timeout -s KILL -k 5 60 npm test", ["timeout", "npm"]],
    ["nice -n 10 make", ["nice", "make"]],
    ["nohup ./server &", ["nohup", "./server"]],
    ["time -p make", ["time", "make"]],
    ["env -i FOO=1 BAR=2 make", ["env", "make"]],
    ["env FOO=1", ["env"]],
    ["command -v git", ["command"]],
    ["command git status", ["command", "git"]],
    ["exec -a name sleep 1", ["exec", "sleep"]],
    ["xargs -0 -n 1 -I{} rm {}", ["xargs", "rm"]],
    ["find . -name '*.o' -exec rm {} \\; -o -execdir ls {} +", ["find", "rm", "ls"]],
    ["sh -c 'a && b'", ["sh", "a", "b"]],
    ["bash -lc \"cd x; make\"", ["bash", "cd", "make"]],
    ["eval 'rm' '-rf' x", ["eval", "rm"]],
    ["sudo timeout 5 sh -c 'rm x'", ["sudo", "timeout", "sh", "rm"]],
    ["watch -n 1 'ls | wc -l'", ["watch", "ls", "wc"]],
    ["su -c 'rm x' root", ["su", "rm"]],
    ["/usr/bin/sudo rm x", ["/usr/bin/sudo", "rm"]],
  ])("%j runs %j", async (command, names) => {
    expect(await wrapped(command)).toEqual(names);
  });

  it("marks what cannot be seen", async () => {
    for (const command of ["sudo $CMD", "xargs $(echo rm)", "bash", "curl x | sh", "eval \"$X\"", "su root", "sh -s", "find . $ARGS"]) {
      const [outer] = (await analyse(command)).commands.filter((inner) => inner.wrapped.length > 0);
      expect(outer?.wrapped.map((run) => run.kind), command).toEqual(["unseen"]);
    }
  });

  it("transparent only without options", async () => {
    const transparency = async (command: string) => {
      const run = (await analyse(command)).commands[0]?.wrapped[0];
      return run?.kind === "argv" ? run.transparent : undefined;
    };
    expect(await transparency("timeout 60 npm test")).toBe(true);
    expect(await transparency("timeout -s KILL 60 npm test")).toBe(false);
    expect(await transparency("nice make")).toBe(true);
    expect(await transparency("nice -n 5 make")).toBe(false);
    expect(await transparency("env FOO=1 make")).toBe(true);
    expect(await transparency("env -i make")).toBe(false);
    expect(await transparency("sudo make")).toBe(false);
    expect(await transparency("xargs make")).toBe(false);
  });
});

describe("redirections", () => {
  const writes = async (command: string, env: NodeJS.ProcessEnv = {}) =>
    (await analyse(command, env)).writes.map((write) => [write.operator, write.target, write.paths]);

  it("finds file writes and leaves duplications and /dev/null out", async () => {
    expect(await writes("a > out.txt 2>&1 >> log &> all >| clobber &>> both")).toEqual([
      [">", "out.txt", ["/work/proj/out.txt"]],
      [">>", "log", ["/work/proj/log"]],
      ["&>", "all", ["/work/proj/all"]],
      [">|", "clobber", ["/work/proj/clobber"]],
      ["&>>", "both", ["/work/proj/both"]],
    ]);
    expect(await writes("a 2>&1 >&2 2>&- 1>&2- >/dev/null 2>/dev/stderr >/dev/stdout >/dev/fd/2 < in <&3")).toEqual([]);
    expect(await writes("a >&file")).toEqual([[">&", "file", ["/work/proj/file"]]]);
  });

  it("resolves ~, absolute and `..` targets", async () => {
    expect(await writes("a > ~/x > /tmp/y > ../z")).toEqual([
      [">", "~/x", ["/home/ada/x"]],
      [">", "/tmp/y", ["/tmp/y"]],
      [">", "../z", ["/work/z"]],
    ]);
  });

  it("marks dynamic targets", async () => {
    const dynamic = await writes('a > $f > "$f" > a*.txt > {a,b} > ~user/x >&$fd');
    expect(dynamic.map(([, , paths]) => paths)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it("finds redirections inside substitutions, here-documents and scripts", async () => {
    expect(await writes("echo $(echo x > inner)")).toEqual([[">", "inner", ["/work/proj/inner"]]]);
    expect(await writes("cat <<EOF > out\nx\nEOF")).toEqual([[">", "out", ["/work/proj/out"]]]);
  });

  it("treats an unreadable target as uncertain", async () => {
    expect(codes((await analyse("a > >(tee f)")).uncertain)).toContain("redirect-target");
    expect(codes((await analyse("a >")).uncertain)).toContain("parse-error");
  });
});

describe("cd before a redirection", () => {
  const paths = async (command: string, env: NodeJS.ProcessEnv = {}) => (await analyse(command, env)).writes.map((write) => write.paths);

  it("follows a literal cd of the top-level && chain", async () => {
    expect(await paths("cd .maia && echo x > settings.json")).toEqual([["/work/proj/.maia/settings.json"]]);
    expect(await paths("cd a && cd ../b && echo x > f")).toEqual([["/work/proj/b/f"]]);
    expect(await paths("cd ~ && echo x > f")).toEqual([["/home/ada/f"]]);
    expect(await paths("cd && echo x > f")).toEqual([["/home/ada/f"]]);
    expect(await paths("cd /etc && echo x > passwd")).toEqual([["/etc/passwd"]]);
  });

  it("keeps both folders when the cd may not have happened", async () => {
    expect(await paths("cd .maia; echo x > settings.json")).toEqual([["/work/proj/settings.json", "/work/proj/.maia/settings.json"]]);
    expect(await paths("(cd sub) && echo x > f")).toEqual([["/work/proj/f", "/work/proj/sub/f"]]);
    expect(await paths("false || cd sub && echo x > f")).toEqual([["/work/proj/f", "/work/proj/sub/f"]]);
  });

  it("applies a cd's own redirection before the cd", async () => {
    expect(await paths("cd sub > log && echo x > f")).toEqual([["/work/proj/log"], ["/work/proj/sub/f"]]);
    // tree-sitter hangs the redirection on the whole list; for bash it is the last command's, opened first.
    expect(await paths("echo x && cd out &> f")).toEqual([["/work/proj/f"]]);
    expect(await paths("cd a && cd b > f && echo x > g")).toEqual([["/work/proj/a/f"], ["/work/proj/a/b/g"]]);
  });

  it("makes later relative targets dynamic after a cd it cannot follow", async () => {
    for (const command of ["cd $D && echo x > f", "cd - && echo x > f", "cd $(pwd) && echo x > f", "popd && echo x > f", "source env.sh && echo x > f", "eval true && echo x > f", "builtin cd /etc && echo x > f", "cd a b && echo x > f"]) {
      expect(await paths(command), command).toEqual([undefined]);
    }
    expect(await paths("cd $D && echo x > /abs")).toEqual([["/abs"]]);
  });

  it("does not trust CDPATH lookups", async () => {
    expect(await paths("cd sub && echo x > f", { CDPATH: "/etc" })).toEqual([undefined]);
    expect(await paths("cd ./sub && echo x > f", { CDPATH: "/etc" })).toEqual([["/work/proj/sub/f"]]);
  });
});

describe("substitutions and expansions that execute", () => {
  it.each([
    ["echo $(id)", "command-substitution"],
    ["echo `id`", "command-substitution"],
    ['echo "$(id)"', "command-substitution"],
    ["echo ${x:-$(id)}", "command-substitution"],
    ["diff <(a) <(b)", "process-substitution"],
    ["echo ${x@P}", "executing-expansion"],
    ["echo ${!x}", "executing-expansion"],
    ["echo $((x + 1))", "executing-expansion"],
    ["echo $[x]", "executing-expansion"],
    ["echo ${a[i]}", "executing-expansion"],
    ["echo ${s:n:2}", "executing-expansion"],
    ["(( x++ ))", "executing-expansion"],
    ["[[ $x -eq 1 ]]", "executing-expansion"],
    ["let x=1", "executing-expansion"],
    ["printf -v 'a[$(id)]' x", "executing-expansion"],
    ["read \"$name\"", "executing-expansion"],
    ["declare -n r='a[$(id)]'", "executing-expansion"],
    ["test -v 'a[$i]'", "executing-expansion"],
    ["a[$(id)]=1", "command-substitution"],
  ])("%j → %s", async (command, code) => {
    expect((await analyse(command)).substitutions.map((finding) => finding.code)).toContain(code);
  });

  it.each(["echo $((1 + 2))", "echo ${x:-default} ${#x} ${x/a/b} ${x,,} ${x@Q} ${a[1]} ${a[@]}", "[[ -f x && $y == z ]]", "printf '%s' \"$x\"", "read -r line"])(
    "%j has none",
    async (command) => {
      expect((await analyse(command)).substitutions).toEqual([]);
    },
  );
});

describe("where bash and the parser could disagree", () => {
  it.each([
    ["echo a\rrm -rf x", "separator"],
    ["git status\r\nrm -rf x", "separator"],
    ["ls\frm", "separator"],
    ["ls\vrm", "separator"],
    ["echo ==; echo >}", "separator"],
    ["echo ==;rm -rf x }", "separator"],
    ["echo =~; echo >}", "separator"],
    ["echo a\0; rm -rf x", "nul"],
    ["r\\\nm -rf x", "joined-words"],
    ['echo $"x"', "joined-words"],
    ["python3 - <<EOF extra\nprint(1)\nEOF", "heredoc-arguments"],
    ["echo 'unterminated", "parse-error"],
    ["echo $(ls", "parse-error"],
    ["{rm,-rf,x}", "parse-error"],
  ])("%j → %s", async (command, code) => {
    expect(codes((await analyse(command)).uncertain)).toContain(code);
  });

  it("trusts ordinary multi-line commands", async () => {
    const analysis = await analyse("npm install && \\\n  npm test -- \\\n  --ci\n\n# done\n");
    expect(analysis.uncertain).toEqual([]);
    expect(commandsOf(analysis)).toEqual(["npm install", "npm test -- --ci"]);
  });

  it("gives up on hostile sizes and depths without crashing", async () => {
    expect(codes((await analyse("a".repeat(1_000_001))).uncertain)).toEqual(["too-long"]);
    const deep = `${"(".repeat(2000)}ls${")".repeat(2000)}`;
    expect(codes((await analyse(deep)).uncertain)).toContain("too-deep");
    const nested = `${"$(echo ".repeat(300)}x${")".repeat(300)}`;
    const analysis = await analyse(nested);
    expect(analysis.substitutions.length).toBeGreaterThan(0);
  });
});
