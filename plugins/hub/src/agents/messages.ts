import { defineMessages } from "@maia/kernel";

/**
 * Every user-facing string of the agent supervisor, in English and French. They reach the page as the `error`
 * of an agent (`agent:state`, `List()`) or as the `{"error": …}` of a refused service call.
 */
export const t = defineMessages(
  {
    unknownAgent: 'unknown agent "{name}"',
    // Seed 001, word for word; the page shows it as is (it is the same text in French, see below).
    tooManyAgents: "too many agents running: {busy} agent(s) busy ({names}), the limit is {limit}",
    shuttingDown: "the hub is shutting down: no agent can start",
    stoppedBeforeReady: 'agent "{name}" was stopped before it was ready',
    stoppedBeforeUse: 'agent "{name}" was stopped before it could be used',
    // Why a start failed (the agent's last stderr lines follow).
    folderMissing: "cannot start the agent: its working folder {cwd} does not exist",
    commandNotFound: "cannot start the agent: command not found: {command}",
    commandNotExecutable: "cannot start the agent: {command} is not executable",
    spawnFailed: "cannot start the agent {command}: {cause}",
    exitedDuringStart: "the agent exited during the ACP handshake ({exit})",
    handshakeTimeout: "the agent did not answer the ACP handshake (initialize) within {duration}",
    handshakeFailed: "the ACP handshake (initialize) failed: {cause}",
    badProtocolVersion: "the agent speaks ACP protocol version {version}; the hub requires version 1",
    // A running agent that ended by itself.
    crashed: "the agent stopped by itself ({exit}); it is not restarted automatically",
    exitCode: "exit code {code}",
    exitSignal: "killed by signal {signal}",
    lastStderrLines: "its last lines on standard error:",
    // A running agent the hub can no longer read (it is then stopped).
    connectionLost: "the hub can no longer read the agent ({cause}): it was stopped",
    messageTooLarge: "it sent a message over the {size} limit of the ACP library",
    outputClosed: "it closed its standard output",
  },
  {
    unknownAgent: "agent inconnu « {name} »",
    // Seed 001: the refusal keeps its exact English text in both languages (scripts and tests match on it).
    tooManyAgents: "too many agents running: {busy} agent(s) busy ({names}), the limit is {limit}",
    shuttingDown: "le hub s'arrête : aucun agent ne peut démarrer",
    stoppedBeforeReady: "l'agent « {name} » a été arrêté avant d'être prêt",
    stoppedBeforeUse: "l'agent « {name} » a été arrêté avant de pouvoir servir",
    folderMissing: "impossible de démarrer l'agent : son dossier de travail {cwd} n'existe pas",
    commandNotFound: "impossible de démarrer l'agent : commande introuvable : {command}",
    commandNotExecutable: "impossible de démarrer l'agent : {command} n'est pas exécutable",
    spawnFailed: "impossible de démarrer l'agent {command} : {cause}",
    exitedDuringStart: "l'agent s'est arrêté pendant la poignée de main ACP ({exit})",
    handshakeTimeout: "l'agent n'a pas répondu à la poignée de main ACP (initialize) en {duration}",
    handshakeFailed: "la poignée de main ACP (initialize) a échoué : {cause}",
    badProtocolVersion: "l'agent parle la version {version} du protocole ACP ; le hub exige la version 1",
    crashed: "l'agent s'est arrêté seul ({exit}) ; il n'est pas redémarré automatiquement",
    exitCode: "code de sortie {code}",
    exitSignal: "tué par le signal {signal}",
    lastStderrLines: "ses dernières lignes sur la sortie d'erreur :",
    connectionLost: "le hub ne peut plus lire l'agent ({cause}) : il a été arrêté",
    messageTooLarge: "il a envoyé un message de plus de {size}, la limite de la bibliothèque ACP",
    outputClosed: "il a fermé sa sortie standard",
  },
);

export type MessageKey = Parameters<typeof t>[0];
