import type { HubTiming } from "./timing.ts";
import { HubEventBus } from "./events.ts";
import type { ServiceImplementations } from "./protocol.ts";
import { Supervisor } from "./agents/supervisor.ts";
import { ConfigStore } from "./config/config-store.ts";
import { ChatService } from "./chat/index.ts";

export interface HubOptions {
  homeDir: string;
  /** Where `maia hub` was started: the default `cwd` of agents. */
  launchDir: string;
  env: NodeJS.ProcessEnv;
  /** `--config FILE`. */
  flagPath?: string;
  /** How the default agent runs this same MAIA in ACP mode. */
  maiaCommand: { command: string; args: string[] };
  timing: HubTiming;
}

/** The hub without its HTTP server: configuration, supervisor, events and the services the page calls. */
export interface Hub {
  events: HubEventBus;
  services: ServiceImplementations;
  supervisor: Supervisor;
  config: ConfigStore;
  chat: ChatService;
  /** The icon file of an agent whose icon is a path. */
  iconFile(agent: string): string | undefined;
  /** Stops every agent (the seed's stop sequence) and the file watch. */
  close(): Promise<void>;
}

export async function createHub(options: HubOptions): Promise<Hub> {
  const events = new HubEventBus();
  // Bound late: the chat leases agents from the supervisor, and the supervisor launches each agent with the
  // chat's client handlers. No agent is launched before `createHub` returns, so `chat` is set by then.
  let chat: ChatService | undefined;
  const supervisor = new Supervisor({ events, timing: options.timing, clientHandlers: (agent) => chat?.clientHandlers(agent) ?? {} });
  const config = await ConfigStore.open({
    events,
    homeDir: options.homeDir,
    launchDir: options.launchDir,
    env: options.env,
    flagPath: options.flagPath,
    maiaCommand: options.maiaCommand,
    onConfig: (loaded) => supervisor.setConfig(loaded.agents, loaded.limits),
  });
  const conversations = new ChatService({
    events,
    supervisor,
    agentCwd: (agent) => config.config().agents.find((definition) => definition.name === agent)?.cwd,
  });
  chat = conversations;
  const services: ServiceImplementations = {
    AgentService: {
      List: () => supervisor.list(),
      Start: async (name) => (await supervisor.start(name), null),
      Stop: async (name) => (await supervisor.stop(name), null),
      Restart: async (name) => (await supervisor.restart(name), null),
      Logs: (name) => supervisor.logs(name),
    },
    ConfigService: {
      Current: () => config.current(),
      Content: () => config.content(),
      Validate: (text) => config.validate(text),
      Save: (text) => config.save(text),
      Schema: () => config.schema(),
      // Seed: Open stops every agent and forgets the conversations before it loads the other file — once the
      // file is known to be openable, so that a mistyped path stops nothing.
      Open: async (file) => {
        config.checkOpenable(file);
        await supervisor.stopAll();
        conversations.forget();
        return config.open(file);
      },
      Recent: () => config.recent(),
      Browse: (folder) => config.browse(folder),
    },
    ChatService: {
      Send: (agent, text) => conversations.send(agent, text),
      Cancel: (agent) => (conversations.cancel(agent), null),
      AnswerPermission: (id, optionId) => (conversations.answerPermission(id, optionId), null),
      Conversation: (agent) => conversations.conversation(agent),
      Drop: (agent, messageId) => (conversations.drop(agent, messageId), null),
    },
  };
  return {
    events,
    services,
    supervisor,
    config,
    chat: conversations,
    iconFile: (agent) => config.iconFile(agent),
    async close() {
      await config.close();
      await supervisor.stopAll();
      conversations.close();
      supervisor.dispose();
    },
  };
}
