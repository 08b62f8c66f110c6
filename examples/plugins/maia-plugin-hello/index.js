// A third-party MAIA plugin. It needs nothing from MAIA at run time: the plugin object is plain data plus
// `apply`, and everything it uses arrives through `context`. The kernel package is only used for types.

const PLUGIN_NAME = "maia-plugin-hello";

/** @type {import("@maia/kernel").AnyTool} */
const helloTool = {
  spec: {
    name: "Hello",
    description: "Greets someone by name. Use it when the user asks you to say hello to a person.",
    inputSchema: {
      type: "object",
      properties: { name: { type: "string", description: "Who to greet" } },
      required: ["name"],
      additionalProperties: false,
    },
  },
  permission: "auto",
  describe: (input) => `Hello ${input.name}`,
  execute: async (input) => `Hello, ${input.name}!`,
};

/** @type {import("@maia/kernel").MaiaPlugin<{ greeting: string }>} */
export default {
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Adds a Hello tool (example plugin)",
  optionsSchema: {
    type: "object",
    properties: { greeting: { type: "string", default: "Hello" } },
    additionalProperties: false,
  },
  apply(context, options) {
    const tool = { ...helloTool, execute: async (input) => `${options.greeting}, ${input.name}!` };
    context.hooks.tools.tapPromise(PLUGIN_NAME, async (tools) => [...tools, tool]);
  },
};
