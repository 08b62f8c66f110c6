import { defineMessages } from "@maia/kernel";

/**
 * Every string the Ink UI shows, in English and French. French is the seed's wording (§ 13.3, § 15); English its
 * faithful translation. Answer keys follow the language (`o/n/s` in French, `y/n/s` in English); both `o` and
 * `y` mean yes in either (see ui-store.ts).
 */
export const t = defineMessages(
  {
    inputHelp: "Your request — /help: help · §: skills · Ctrl+C: quit",
    working: "Working",
    thinking: "Thinking",
    parallelTools: "Parallel tools: {done}/{total} done ({names})",
    confirmKeys: "(y/n)",
    askKeys: "(y/n/s=stop)",
    answerYes: "yes",
    answerNo: "no",
    answerStop: "stop",
    answerCancelled: "cancelled",
    selectKeys: "↑/↓: choose · Enter: confirm · Esc: cancel",
    selectMore: "{count} more",
    streamingAbove: "… {count} lines above",
    contextUnknownMax: "{tokens} tokens · maximum size unknown",
    contextScale: "(1■ = {tokens})",
    toolResultMore: "… ({count} more characters)",
    bannerTagline: "A command-line AI assistant, powered by Ink and your language models.",
    bannerMotto: "One agent, many models",
    permissionsFileMissing: "(no such file)",
    permissionsFileEmpty: "(no rules)",
    userPrefix: "›",
    answerSeparator: ": ",
    queued: "next: {text}",
  },
  {
    inputHelp: "Votre demande — /help : aide · § : skills · Ctrl+C : quitter",
    working: "Traitement en cours",
    thinking: "En réflexion",
    parallelTools: "Outils en parallèle : {done}/{total} terminés ({names})",
    confirmKeys: "(o/n)",
    askKeys: "(o/n/s=stop)",
    answerYes: "oui",
    answerNo: "non",
    answerStop: "stop",
    answerCancelled: "annulé",
    selectKeys: "↑/↓ : choisir · Entrée : valider · Échap : annuler",
    selectMore: "{count} de plus",
    streamingAbove: "… {count} lignes au-dessus",
    contextUnknownMax: "{tokens} tokens · taille maximale inconnue",
    contextScale: "(1■ = {tokens})",
    toolResultMore: "… ({count} caractères de plus)",
    bannerTagline: "Assistant IA en ligne de commande, propulsé par Ink et vos modèles de langage.",
    bannerMotto: "Un seul agent, plusieurs modèles",
    permissionsFileMissing: "(fichier absent)",
    permissionsFileEmpty: "(aucune règle)",
    userPrefix: "›",
    answerSeparator: " : ",
    queued: "ensuite : {text}",
  },
);
