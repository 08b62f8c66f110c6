/**
 * The seccomp program bubblewrap installs before the command runs (`bwrap --seccomp FD`): classic BPF, built
 * here rather than by a compiled helper, since it is a few instructions. It refuses (EPERM) what the
 * filesystem and network namespaces cannot:
 * - `socket(AF_UNIX, …)`, unless every Unix socket is allowed: a socket file such as Docker's is a full way
 *   out, and a read-only mount does not stop a connect(). Abstract sockets are already per network namespace.
 * - `listen()`, unless local binding is allowed (`allowLocalBinding`): no server, not even on the sandbox's own
 *   loopback.
 * - io_uring, which can open sockets without the socket() system call.
 * - a new user namespace (unshare/clone with CLONE_NEWUSER; clone3, whose flags a filter cannot read, answers
 *   ENOSYS so that the C library falls back to clone): `--disable-userns` does the same where bubblewrap has it.
 * Any other architecture than the process's own (a 32-bit program on x86-64, the x32 ABI) is refused whole:
 * its system call numbers differ, and a filter that does not know them must not let them through.
 */
export interface SeccompOptions {
  blockUnixSockets: boolean;
  blockListen: boolean;
}

interface ArchTable {
  audit: number;
  socket: number;
  listen: number;
  unshare: number;
  clone: number;
  clone3: number;
  ioUring: readonly number[];
  /** x32 system calls on x86-64 carry this bit. */
  x32Bit?: number;
}

const ARCHES: Record<string, ArchTable> = {
  x64: { audit: 0xc000003e, socket: 41, listen: 50, unshare: 272, clone: 56, clone3: 435, ioUring: [425, 426, 427], x32Bit: 0x40000000 },
  arm64: { audit: 0xc00000b7, socket: 198, listen: 201, unshare: 97, clone: 220, clone3: 435, ioUring: [425, 426, 427] },
};

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_JSET_K = 0x45;
const BPF_RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;
const EPERM = 1;
const ENOSYS = 38;
const AF_UNIX = 1;
const CLONE_NEWUSER = 0x10000000;
/** Offsets in struct seccomp_data: nr, arch, then args[] (the low 32 bits first on these little-endian machines). */
const NR = 0;
const ARCH = 4;
const ARG0 = 16;

export function seccompSupported(arch: string = process.arch): boolean {
  return arch in ARCHES;
}

type Instruction = { code: number; jt: number | string; jf: number | string; k: number } | { label: string };

/** The program as the bytes of `struct sock_filter[]` (8 bytes each, little-endian). */
export function seccompProgram(options: SeccompOptions, arch: string = process.arch): Buffer {
  const table = ARCHES[arch];
  if (!table) throw new Error(`no seccomp table for ${arch}`);
  const ld = (offset: number): Instruction => ({ code: BPF_LD_W_ABS, jt: 0, jf: 0, k: offset });
  const jeq = (k: number, jt: number | string, jf: number | string = 0): Instruction => ({ code: BPF_JEQ_K, jt, jf, k });
  const ret = (k: number): Instruction => ({ code: BPF_RET_K, jt: 0, jf: 0, k });
  const program: Instruction[] = [ld(ARCH), jeq(table.audit, 0, "deny"), ld(NR)];
  if (table.x32Bit !== undefined) program.push({ code: BPF_JGE_K, jt: "deny", jf: 0, k: table.x32Bit });
  for (const call of table.ioUring) program.push(jeq(call, "deny"));
  program.push(jeq(table.clone3, "nosys"));
  program.push(jeq(table.unshare, "flags0"), jeq(table.clone, "flags0"));
  if (options.blockListen) program.push(jeq(table.listen, "deny"));
  if (options.blockUnixSockets) program.push(jeq(table.socket, "family"));
  program.push(ret(RET_ALLOW));
  // unshare(flags) and clone(flags, …): the flags are the first argument on both architectures.
  program.push({ label: "flags0" }, ld(ARG0), { code: BPF_JSET_K, jt: "deny", jf: 0, k: CLONE_NEWUSER }, ret(RET_ALLOW));
  if (options.blockUnixSockets) program.push({ label: "family" }, ld(ARG0), jeq(AF_UNIX, "deny"), ret(RET_ALLOW));
  program.push({ label: "nosys" }, ret(RET_ERRNO | ENOSYS));
  program.push({ label: "deny" }, ret(RET_ERRNO | EPERM));
  return assemble(program);
}

/** Resolves label jumps (forward only, as BPF requires) and writes the instructions. */
function assemble(program: Instruction[]): Buffer {
  const labels = new Map<string, number>();
  const instructions: Exclude<Instruction, { label: string }>[] = [];
  for (const item of program) {
    if ("label" in item) labels.set(item.label, instructions.length);
    else instructions.push(item);
  }
  const buffer = Buffer.alloc(instructions.length * 8);
  instructions.forEach((instruction, index) => {
    const offset = (target: number | string) => {
      if (typeof target === "number") return target;
      const at = labels.get(target);
      if (at === undefined) throw new Error(`unknown label ${target}`);
      const jump = at - index - 1;
      if (jump < 0 || jump > 255) throw new Error(`jump to ${target} out of range`);
      return jump;
    };
    buffer.writeUInt16LE(instruction.code, index * 8);
    buffer.writeUInt8(offset(instruction.jt), index * 8 + 2);
    buffer.writeUInt8(offset(instruction.jf), index * 8 + 3);
    buffer.writeUInt32LE(instruction.k >>> 0, index * 8 + 4);
  });
  return buffer;
}
