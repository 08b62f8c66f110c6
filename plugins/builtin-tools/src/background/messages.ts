import { defineMessages, plural } from "@maia/util";

type Params = Record<string, string | number>;

/**
 * The strings of the commands that run in the background (issue 39): what the model reads (Bash's answer,
 * BashOutput, KillShell, the notice of an end), what the user reads (/bashes, the warnings when MAIA stops them),
 * and the tools' descriptions. English and French.
 */
export const t = defineMessages(
  {
    // What the model is told.
    started:
      "Command running in the background with ID: {id}. It keeps running after this call: read what it writes with BashOutput (bash_id \"{id}\"), stop it with KillShell (shell_id \"{id}\"). You will be told when it ends; do not poll it in a loop.",
    moved:
      "The user moved this command to the background (Ctrl+B): it keeps running with ID: {id}. Read what it writes next with BashOutput (bash_id \"{id}\"), stop it with KillShell (shell_id \"{id}\"); you will be told when it ends.",
    movedOutput: "Its output so far:",
    noNewOutput: "(no new output since the last read)",
    filtered: "Only the lines matching {filter} are shown; the others are dropped and will not be shown again.",
    badFilter: "Invalid regular expression {filter}: {error}. Nothing was read: call BashOutput again with a valid JavaScript regular expression, or without filter.",
    unknownShell: "No background command has the ID {id}. Those of this conversation: {ids}.",
    noShells: "No background command was started in this conversation (the IDs come from Bash with run_in_background: true).",
    killed: "Stopped {id} ({command}).",
    alreadyEnded: "{id} had already ended ({how}): there was nothing to stop.",
    ended: "Background command {id} ({command}) ended: {how}. BashOutput (bash_id \"{id}\") shows what it wrote last.",
    howExit: "exit code {code}",
    howSignal: "stopped by signal {signal}",
    howKilledModel: "stopped with KillShell",
    howKilledUser: "stopped by the user",
    howKilledSession: "stopped when the conversation ended",
    howLaunchFailed: "could not be started: {cause}",
    // What the user is told.
    stoppedAtEnd: (p: Params) => `Stopped ${p.count} background ${plural(p.count, "command", "commands")} still running: ${p.list}.`,
    reaped: (p: Params) =>
      `Stopped ${p.count} background ${plural(p.count, "command", "commands")} left running by a MAIA that ended abruptly: ${p.list}.`,
    // /bashes.
    describeBashes: "Background commands: list them, show one's output, stop one",
    bashesUsage: "[output|kill <id>]",
    bashesNone: "No background command in this conversation.",
    bashesTitle: "Background commands",
    bashesRunning: "running",
    bashesShowOutput: "Show its whole output",
    bashesStop: "Stop it",
    bashesBack: "Back",
    bashesWhich: "{id}: what to do?",
    bashesOutputOf: "Output of {id} ({command}):",
    bashesOutputEmpty: "{id} ({command}) has written nothing yet.",
    bashesStopped: "Stopped {id}.",
    bashesAlreadyEnded: "{id} had already ended ({how}).",
    bashesUnknown: "No background command {id}. Type /bashes to list them.",
    bashesBadUsage: "Usage: /bashes, /bashes output <id>, /bashes kill <id>.",
    bashesLastLines: "last lines:",
    // Tool descriptions.
    bashBackground:
      "Run the command in the background and return at once with its ID (for dev servers, watchers, long builds and test suites): it runs until it ends or is stopped, with no time limit. Read its output with BashOutput, stop it with KillShell; you are told when it ends. Do not add `&` to the command yourself.",
    bashBackgroundNote:
      " With run_in_background: true the command keeps running after the call (a server, a watcher, a slow build) while you go on; commands started that way are stopped when the conversation ends.",
    bashSandboxLoopback:
      " In the OS sandbox on Linux each command has its own network: a server started in the background cannot be reached from another command; ask the user to add it to the sandbox's excludedCommands if it must be.",
    bashOutput:
      "Returns what a background command (started by Bash with run_in_background: true) wrote since the last read, stdout and stderr merged in order, with its status: running, or completed / failed / killed with its exit code. Output beyond {chars} characters since the last read is cut in the middle. Use it to check on a server or a build; you are told when a background command ends, so do not call it in a tight loop.",
    bashOutputId: "The ID Bash returned (bash_1, bash_2…).",
    bashOutputFilter: "Optional JavaScript regular expression: only the new lines that match it are returned; the others are dropped for good.",
    killShell: "Stops a background command started by Bash with run_in_background: true: SIGTERM to it and everything it started, then SIGKILL to what is still there a second later.",
    killShellId: "The ID of the background command to stop (bash_1, bash_2…).",
  },
  {
    started:
      "Commande lancée en arrière-plan avec l'ID : {id}. Elle continue après cet appel : lis ce qu'elle écrit avec BashOutput (bash_id \"{id}\"), arrête-la avec KillShell (shell_id \"{id}\"). Tu seras prévenu quand elle se termine ; ne la surveille pas en boucle.",
    moved:
      "L'utilisateur a mis cette commande en arrière-plan (Ctrl+B) : elle continue avec l'ID : {id}. Lis la suite de sa sortie avec BashOutput (bash_id \"{id}\"), arrête-la avec KillShell (shell_id \"{id}\") ; tu seras prévenu quand elle se termine.",
    movedOutput: "Sa sortie jusqu'ici :",
    noNewOutput: "(aucune nouvelle sortie depuis la dernière lecture)",
    filtered: "Seules les lignes qui correspondent à {filter} sont montrées ; les autres sont écartées et ne seront plus montrées.",
    badFilter:
      "Expression régulière invalide {filter} : {error}. Rien n'a été lu : rappelle BashOutput avec une expression régulière JavaScript valide, ou sans filter.",
    unknownShell: "Aucune commande en arrière-plan n'a l'ID {id}. Celles de cette conversation : {ids}.",
    noShells: "Aucune commande n'a été lancée en arrière-plan dans cette conversation (les ID viennent de Bash avec run_in_background: true).",
    killed: "{id} arrêtée ({command}).",
    alreadyEnded: "{id} était déjà terminée ({how}) : il n'y avait rien à arrêter.",
    ended: "La commande en arrière-plan {id} ({command}) s'est terminée : {how}. BashOutput (bash_id \"{id}\") montre ce qu'elle a écrit en dernier.",
    howExit: "code de sortie {code}",
    howSignal: "arrêtée par le signal {signal}",
    howKilledModel: "arrêtée par KillShell",
    howKilledUser: "arrêtée par l'utilisateur",
    howKilledSession: "arrêtée à la fin de la conversation",
    howLaunchFailed: "n'a pas pu être lancée : {cause}",
    stoppedAtEnd: (p: Params) =>
      `${plural(p.count, "Commande", "Commandes")} en arrière-plan encore en cours ${plural(p.count, "arrêtée", "arrêtées")} (${p.count}) : ${p.list}.`,
    reaped: (p: Params) =>
      `${plural(p.count, "Commande", "Commandes")} en arrière-plan laissée${Number(p.count) > 1 ? "s" : ""} par un MAIA arrêté brutalement, ${plural(p.count, "arrêtée", "arrêtées")} (${p.count}) : ${p.list}.`,
    describeBashes: "Commandes en arrière-plan : les lister, voir la sortie de l'une, en arrêter une",
    bashesUsage: "[output|kill <id>]",
    bashesNone: "Aucune commande en arrière-plan dans cette conversation.",
    bashesTitle: "Commandes en arrière-plan",
    bashesRunning: "en cours",
    bashesShowOutput: "Voir toute sa sortie",
    bashesStop: "L'arrêter",
    bashesBack: "Retour",
    bashesWhich: "{id} : que faire ?",
    bashesOutputOf: "Sortie de {id} ({command}) :",
    bashesOutputEmpty: "{id} ({command}) n'a encore rien écrit.",
    bashesStopped: "{id} arrêtée.",
    bashesAlreadyEnded: "{id} était déjà terminée ({how}).",
    bashesUnknown: "Aucune commande en arrière-plan {id}. Tape /bashes pour les lister.",
    bashesBadUsage: "Usage : /bashes, /bashes output <id>, /bashes kill <id>.",
    bashesLastLines: "dernières lignes :",
    bashBackground:
      "Lance la commande en arrière-plan et rend la main tout de suite avec son ID (serveurs de développement, surveillance de fichiers, builds et suites de tests longs) : elle tourne jusqu'à sa fin ou son arrêt, sans limite de durée. Lis sa sortie avec BashOutput, arrête-la avec KillShell ; tu es prévenu quand elle se termine. N'ajoute pas toi-même `&` à la commande.",
    bashBackgroundNote:
      " Avec run_in_background: true la commande continue après l'appel (un serveur, une surveillance, un build lent) pendant que tu avances ; les commandes lancées ainsi sont arrêtées à la fin de la conversation.",
    bashSandboxLoopback:
      " Dans le bac à sable de Linux chaque commande a son propre réseau : un serveur lancé en arrière-plan n'est pas joignable depuis une autre commande ; demande à l'utilisateur de l'ajouter aux excludedCommands du bac à sable s'il doit l'être.",
    bashOutput:
      "Renvoie ce qu'une commande en arrière-plan (lancée par Bash avec run_in_background: true) a écrit depuis la dernière lecture, stdout et stderr fusionnés dans l'ordre, avec son état : running (en cours), ou completed / failed / killed avec son code de sortie. Au-delà de {chars} caractères depuis la dernière lecture, le milieu est coupé. Sert à surveiller un serveur ou un build ; tu es prévenu quand une commande en arrière-plan se termine, ne l'appelle donc pas en boucle.",
    bashOutputId: "L'ID renvoyé par Bash (bash_1, bash_2…).",
    bashOutputFilter: "Expression régulière JavaScript facultative : seules les nouvelles lignes qui y correspondent sont renvoyées ; les autres sont écartées pour de bon.",
    killShell: "Arrête une commande lancée par Bash avec run_in_background: true : SIGTERM à elle et à tout ce qu'elle a lancé, puis SIGKILL à ce qui reste une seconde plus tard.",
    killShellId: "L'ID de la commande en arrière-plan à arrêter (bash_1, bash_2…).",
  },
);
