import { defineMessages } from "@maia/kernel";

/** What the conversations say to the user (system messages, errors of ChatService) and to the agent (refusals). */
export const t = defineMessages(
  {
    emptyText: "The message is empty.",
    unknownAgent: 'There is no agent "{name}" in the configuration.',
    unknownPermission: "There is no pending permission request {id} (already answered or cancelled).",
    unknownOption: 'The permission request {id} has no option "{optionId}".',
    notQueued: "The message {id} is not waiting in {agent}'s queue.",
    agentRestarted: "{name} restarted: it starts a new conversation and does not remember what was said before this point.",
    agentUnavailable: "{name} cannot answer: {cause}",
    agentStopped: "{name} was stopped during its answer.",
    agentCrashed: "{name} stopped during its answer: {cause}",
    // Refusals the agent reads (fs/* and terminal/*).
    outsideCwd: "{path} is outside the agent's folder {cwd}: the hub refuses it.",
    notAbsolute: "{path} is not an absolute path.",
    fileMissing: "{path} does not exist.",
    readFailed: "cannot read {path}: {cause}",
    writeFailed: "cannot write {path}: {cause}",
    unknownTerminal: "There is no terminal {id}.",
    spawnFailed: "cannot run {command}: {cause}",
    writeTitle: "Write {path}",
  },
  {
    emptyText: "Le message est vide.",
    unknownAgent: "Il n'y a pas d'agent « {name} » dans la configuration.",
    unknownPermission: "Il n'y a pas de demande de permission {id} en attente (déjà répondue ou annulée).",
    unknownOption: "La demande de permission {id} n'a pas d'option « {optionId} ».",
    notQueued: "Le message {id} n'attend pas dans la file de {agent}.",
    agentRestarted: "{name} a redémarré : il commence une nouvelle conversation et ne se souvient pas de ce qui a été dit avant ce point.",
    agentUnavailable: "{name} ne peut pas répondre : {cause}",
    agentStopped: "{name} a été arrêté pendant sa réponse.",
    agentCrashed: "{name} s'est arrêté pendant sa réponse : {cause}",
    outsideCwd: "{path} est en dehors du dossier de l'agent {cwd} : le hub le refuse.",
    notAbsolute: "{path} n'est pas un chemin absolu.",
    fileMissing: "{path} n'existe pas.",
    readFailed: "impossible de lire {path} : {cause}",
    writeFailed: "impossible d'écrire {path} : {cause}",
    unknownTerminal: "Il n'y a pas de terminal {id}.",
    spawnFailed: "impossible de lancer {command} : {cause}",
    writeTitle: "Écriture de {path}",
  },
);
