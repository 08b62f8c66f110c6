// The program behind the Addition custom tool (TOOL.json). MAIA runs it without a shell, from this folder,
// with each parameter as one argument: `node ./test.js 2 3` prints 5.
const [first, second] = process.argv.slice(2);
const numbers = [first, second].map(Number);
if (first === undefined || numbers.some((value) => !Number.isFinite(value))) {
  console.error(`Addition needs two numbers, received: ${JSON.stringify(process.argv.slice(2))}`);
  process.exit(1);
}
console.log(String(numbers[0] + numbers[1]));
