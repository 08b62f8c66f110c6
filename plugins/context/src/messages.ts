import { defineMessages } from "@maia/kernel";

/**
 * Every user-facing string of the context plugin, in English and French. French follows the seed's wording
 * (§ 13.2, § 13.3); the question is sent to the model in the user's language.
 */
export const t = defineMessages(
  {
    contextQuestion:
      "Maximum context size for this model, in tokens? Answer only with an integer, with no other text.",
    maxAnnounced: "Maximum context size: {max} tokens ({source})",
    sourceModelInfo: "LiteLLM /model/info",
    sourceSettings: "ContextWindow in ~/.maia/settings.json",
    sourceModel: "answer of the model",
    maxUnknown:
      'Maximum context size unknown for {model}: automatic compaction is off (/compact still works). Set it in ~/.maia/settings.json, e.g. "ContextWindow": 128000.',
    maxUnreadable: 'The model\'s answer about its context size is not a number of tokens: "{answer}"',
    maxQuestionFailed: "Could not ask the model for its context size: {reason}",
    maxQuestionTimeout: "the model did not answer within {seconds} s",
    usageWithMax: "{tokens} / {max} · {percent}%",
    usageWithoutMax: "{tokens} tokens · maximum unknown",
    tokenizerFailed: "The tokenizer could not be loaded ({reason}): the context size is not counted.",
    usageDescription: "tokens in and out as the provider reported them, per model, and the context now",
    usageTitle: "Tokens reported by the provider in this conversation:",
    usageRow: "  {model}: {input} in · {output} out · model calls: {requests}",
    usageNone: "The provider has reported no tokens yet in this conversation.",
    usageContext: "Context now (counted here, o200k_base): {usage}",
    usageContextUnknown: "Context now: not counted (the tokenizer could not be loaded).",
  },
  {
    contextQuestion:
      "Taille maximale du contexte pour ce modèle, en tokens ? Réponds uniquement par un nombre entier, sans autre texte.",
    maxAnnounced: "Taille maximale du contexte : {max} tokens ({source})",
    sourceModelInfo: "LiteLLM /model/info",
    sourceSettings: "ContextWindow dans ~/.maia/settings.json",
    sourceModel: "réponse du modèle",
    maxUnknown:
      "Taille maximale du contexte inconnue pour {model} : le compactage automatique est désactivé (/compact reste disponible). Indiquez-la dans ~/.maia/settings.json, par exemple \"ContextWindow\": 128000.",
    maxUnreadable: "La réponse du modèle sur la taille de son contexte n'est pas un nombre de tokens : « {answer} »",
    maxQuestionFailed: "Impossible de demander au modèle la taille de son contexte : {reason}",
    maxQuestionTimeout: "le modèle n'a pas répondu en {seconds} s",
    usageWithMax: "{tokens} / {max} · {percent}%",
    usageWithoutMax: "{tokens} tokens · taille maximale inconnue",
    tokenizerFailed: "Le tokenizer n'a pas pu être chargé ({reason}) : la taille du contexte n'est pas comptée.",
    usageDescription: "tokens en entrée et en sortie tels que le fournisseur les a comptés, par modèle, et le contexte actuel",
    usageTitle: "Tokens comptés par le fournisseur dans cette conversation :",
    usageRow: "  {model} : {input} en entrée · {output} en sortie · appels au modèle : {requests}",
    usageNone: "Le fournisseur n'a encore compté aucun token dans cette conversation.",
    usageContext: "Contexte actuel (compté ici, o200k_base) : {usage}",
    usageContextUnknown: "Contexte actuel : non compté (le tokenizer n'a pas pu être chargé).",
  },
);
