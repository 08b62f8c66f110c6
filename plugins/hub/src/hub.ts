import type { HubTiming } from "./timing.ts";
import { HubEventBus } from "./events.ts";
import type { ServiceImplementations } from "./protocol.ts";
import { Supervisor } from "./agents/supervisor.ts";
import { ConfigStore } from "./config/config-store.ts";
import { ChatError, ChatService } from "./chat/index.ts";
import { t } from "./threads/messages.ts";
import { discoverAgents } from "./config/discover-agents.ts";
import { FileCompletion } from "./files/file-completion.ts";
import { ThreadBook } from "./threads/thread-book.ts";
import { threadService } from "./threads/thread-service.ts";

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
  threads: ThreadBook;
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
  const agentCwd = (agent: string) => config.config().agents.find((definition) => definition.name === agent)?.cwd;
  const threads = new ThreadBook({ events, homeDir: options.homeDir, isAgent: (name) => agentCwd(name) !== undefined });
  await threads.open(config.current().path);
  const conversations = new ChatService({ events, supervisor, threads, agentCwd });
  chat = conversations;
  const files = new FileCompletion();
  const cwdOf = (agent: string): string => {
    const cwd = agentCwd(agent);
    if (cwd === undefined) throw new ChatError(t("unknownAgent", { name: agent }), 404);
    return cwd;
  };
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
        const opened = await config.open(file);
        // Each configuration has its own threads.
        await threads.open(opened.path);
        return opened;
      },
      Recent: () => config.recent(),
      Browse: (folder) => config.browse(folder),
      Discover: () => discoverAgents(options.maiaCommand, options.env.PATH, options.launchDir, config.config().agents),
    },
    ChatService: {
      Send: (agent, text) => conversations.send(agent, text),
      Cancel: (agent) => (conversations.cancel(agent), null),
      AnswerPermission: (id, optionId) => (conversations.answerPermission(id, optionId), null),
      Conversation: (agent) => conversations.conversation(agent),
      Drop: (agent, messageId) => (conversations.drop(agent, messageId), null),
      SendPrompt: (agent, prompt) => conversations.sendPrompt(agent, prompt),
      Capabilities: (agent) => conversations.capabilities(agent),
      StopBackground: async (agent, toolCallId) => (await conversations.stopBackground(agent, toolCallId), null),
    },
    ThreadService: threadService({ book: threads, chat: conversations, supervisor, agentCwd }),
    FileService: {
      Complete: (agent, query) => files.complete(cwdOf(agent), query),
    },
  };
  return {
    events,
    services,
    supervisor,
    config,
    chat: conversations,
    threads,
    iconFile: (agent) => config.iconFile(agent),
    async close() {
      await config.close();
      await supervisor.stopAll();
      conversations.close();
      // After the agents: the turns they ended are in the threads' last writes.
      await threads.flush();
      threads.close();
      supervisor.dispose();
    },
  };
}
