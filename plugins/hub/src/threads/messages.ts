import { defineMessages } from "@maia/kernel";

/** What the threads say: why a thread file is skipped, refusals of ThreadService, notices on standard error. */
export const t = defineMessages(
  {
    unknownAgent: 'There is no agent "{name}" in the configuration.',
    unknownThread: 'There is no thread {id} of agent "{agent}".',
    damagedNow: "The thread file {file} cannot be read: {problem}. It is left as it is.",
    badJson: "not valid JSON at line {line}, column {column}: {reason}",
    notJson: "not valid JSON",
    tooDeep: "nested deeper than {max} levels at {pointer}",
    newerVersion: "written by a newer MAIA (version {version})",
    badFormat: "not a thread file: {details}",
    idMismatch: 'its id "{id}" is not its file name',
    unfinished: "The hub stopped before this answer was finished.",
    unreadable: "cannot be read ({cause})",
    writeFailed: "WARN maia hub cannot save the thread {file}: {cause}",
    stateWriteFailed: "WARN maia hub cannot save which threads are open: {cause}",
    noSessionLoad: "{name} cannot open its sessions (it does not offer ACP session/load).",
    importFailed: "{name} could not open its session {id}: {cause}",
  },
  {
    unknownAgent: "Il n'y a pas d'agent « {name} » dans la configuration.",
    unknownThread: "Il n'y a pas de fil {id} de l'agent « {agent} ».",
    damagedNow: "Le fichier du fil {file} est illisible : {problem}. Il est laissé tel quel.",
    badJson: "JSON invalide ligne {line}, colonne {column} : {reason}",
    notJson: "JSON invalide",
    tooDeep: "imbriqué sur plus de {max} niveaux à {pointer}",
    newerVersion: "écrit par un MAIA plus récent (version {version})",
    badFormat: "ce n'est pas un fichier de fil : {details}",
    idMismatch: "son identifiant « {id} » n'est pas son nom de fichier",
    unfinished: "Le hub s'est arrêté avant la fin de cette réponse.",
    unreadable: "illisible ({cause})",
    writeFailed: "WARN maia hub ne peut pas enregistrer le fil {file} : {cause}",
    stateWriteFailed: "WARN maia hub ne peut pas enregistrer quels fils sont ouverts : {cause}",
    noSessionLoad: "{name} ne peut pas ouvrir ses sessions (il n'offre pas session/load d'ACP).",
    importFailed: "{name} n'a pas pu ouvrir sa session {id} : {cause}",
  },
);
