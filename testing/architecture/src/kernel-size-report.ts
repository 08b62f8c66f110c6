import { kernelSize, KERNEL_LIMITS } from "./kernel-size.ts";

// `node testing/architecture/src/kernel-size-report.ts`: the kernel's lines of code, as the size test counts them.
const size = kernelSize();
for (const { file, lines } of size.files) console.log(`${String(lines).padStart(5)}  ${file}`);
console.log(`outside contracts/: ${size.outsideContracts} (limit ${KERNEL_LIMITS.outsideContracts})`);
console.log(`in all: ${size.all} (limit ${KERNEL_LIMITS.all})`);
