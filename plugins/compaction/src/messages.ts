import { defineMessages } from "@maia/kernel";

/**
 * Every user-facing string of the compaction plugin, in English and French. The summary prompt is seed § 14.2's,
 * word for word in French, sent in the user's language; so are the instructions given to the model.
 */
export const t = defineMessages(
  {
    summaryPrompt: [
      "Make a compacted summary of our exchanges. Return the result in the following format:",
      "## Project context",
      "- [Brief description of the project]",
      "## Current goal",
      "- [What we are trying to do]",
      "## Relevant files",
      "- [List of the important files]",
      "## Decisions/Conclusions",
      "- [Key points established]",
      "## Next steps",
      "- [What remains to be done]",
    ].join("\n"),
    noToolsInstruction: "For this answer, do not call any tool: answer only with the requested summary.",
    startContextHeading: "# Starting context: compacted summary of the previous conversation",
    resumeInstruction:
      "[The conversation was compacted because it no longer fit in the model's context window: the summary in the system prompt replaces it. Resume the work from that summary and answer the request below.]",
    compactDescription: "Summarises the conversation and continues from the summary",
    nothingToCompact: "Nothing to compact.",
    emptySummary: "the model returned an empty summary",
    summaryTruncated: "The summary was cut by the token limit (max_tokens): the summary may be incomplete.",
    summaryHeading: "Summary:",
    newSessionName: "New session: « {name} ».",
    recordWithFile:
      "Compacted {messages} messages ({tokens} tokens) into a summary of {summaryTokens} tokens. The full conversation stays in {file}.",
    recordWithoutFile:
      "Compacted {messages} messages ({tokens} tokens) into a summary of {summaryTokens} tokens. The full conversation was not saved (sessions are off).",
    compactFailed: "Compaction failed: {reason}. The conversation is unchanged.",
    compactAborted: "Compaction interrupted: the conversation is unchanged.",
    autoStarting: "Context at {tokens} tokens, above the threshold of {threshold}: compacting the conversation.",
    autoFailed: "Automatic compaction failed: {reason}. The conversation continues unchanged.",
    emergencyStarting: "The server refused the context as too long: emergency compaction, then the request is sent again.",
    emergencyFailed: "Emergency compaction failed: {reason}.",
    toolResultCut: "[… {count} characters cut to fit the context window]",
    imagesBefore: "Images shown in the conversation before this summary (not kept):\n{list}",
  },
  {
    summaryPrompt: [
      "Faire un résumé compacté de nos échanges. Retourne le résultat sous le format suivant :",
      "## Contexte du projet",
      "- [Description brève du projet]",
      "## Objectif actuel",
      "- [Ce qu'on cherche à faire]",
      "## Fichiers pertinents",
      "- [Liste des fichiers importants]",
      "## Décisions/Conclusions",
      "- [Points clés établis]",
      "## Prochaines étapes",
      "- [Ce qui reste à faire]",
    ].join("\n"),
    noToolsInstruction: "Pour cette réponse, n'appelle aucun outil : réponds uniquement par le résumé demandé.",
    startContextHeading: "# Contexte de départ : résumé compacté de la conversation précédente",
    resumeInstruction:
      "[La conversation a été compactée car elle ne tenait plus dans la fenêtre de contexte du modèle : le résumé du prompt système la remplace. Reprends le travail à partir de ce résumé et réponds à la demande ci-dessous.]",
    compactDescription: "Compactage (résumé de la conversation, qui repart du résumé)",
    nothingToCompact: "Rien à compacter.",
    emptySummary: "le modèle a renvoyé un résumé vide",
    summaryTruncated: "Résumé coupé par la limite de tokens (max_tokens) : le résumé peut être incomplet.",
    summaryHeading: "Résumé :",
    newSessionName: "Nouvelle session : « {name} ».",
    recordWithFile:
      "{messages} messages ({tokens} tokens) compactés en un résumé de {summaryTokens} tokens. La conversation complète reste dans {file}.",
    recordWithoutFile:
      "{messages} messages ({tokens} tokens) compactés en un résumé de {summaryTokens} tokens. La conversation complète n'a pas été sauvegardée (sessions désactivées).",
    compactFailed: "Échec du compactage : {reason}. La conversation est inchangée.",
    compactAborted: "Compactage interrompu : la conversation est inchangée.",
    autoStarting: "Contexte à {tokens} tokens, au-delà du seuil de {threshold} : compactage de la conversation.",
    autoFailed: "Échec du compactage automatique : {reason}. La conversation continue sans changement.",
    emergencyStarting: "Le serveur a refusé le contexte (trop long) : compactage d'urgence, puis la demande est relancée.",
    emergencyFailed: "Échec du compactage d'urgence : {reason}.",
    toolResultCut: "[… {count} caractères coupés pour tenir dans la fenêtre de contexte]",
    imagesBefore: "Images montrées dans la conversation avant ce résumé (non conservées) :\n{list}",
  },
);
