import { defineMessages } from "@maia/util/i18n";

/** The kernel's strings; French is the seed's wording (§ 6.2, § 6.3, § 8). */
export const t = defineMessages(
  {
    unknownTool: "Unknown tool: {name}",
    denied: "Action denied by the permission rules ({rule}). Do not retry it as is.",
    refusedByUser: "The user refused this action.",
    refusedHeadless:
      "Action refused: it needs the user's confirmation and nobody can answer here (non-interactive mode). Do not retry it; the user can allow it with --allow '{rule}'.",
    refusedHeadlessWarning: "Refused {name} (needs a confirmation; allow it with --allow '{rule}')",
    stopForModel:
      "The user stopped the iteration: this call was not run. Do not continue; wait for the user's next message.",
    notRunForModel: "Not run: the user stopped the iteration before this call.",
    imagesUnsupportedProvider: "The model {model} does not take images ({provider} cannot send them): the request was not sent.",
    imageNotSent: "(not shown: this model does not take images)",
    iterationLimit: "Stopped: more than {count} iterations",
    invalidParameter: 'Parameter "{name}" missing or invalid ({detail}). Parameters received: {received}.',
    noParameters: "none",
    malformedCall:
      "The call to {name} was cut off or malformed ({reason}); it was not run. Send it again with complete, valid JSON arguments.",
    malformedCallWarning: "The model sent a cut-off or malformed call to {name}; it was not run.",
    confirmTool: "Allow {name}: {summary}?",
    confirmToolNoSummary: "Allow {name}?",
    retrying: "{provider}: {reason}; retry {attempt} in {seconds} s",
    noProvider: 'No plugin provides the model "{model}" (is the plugin of its provider disabled?)',
  },
  {
    unknownTool: "Outil inconnu : {name}",
    denied: "Action refusée par les règles de permissions ({rule}). Ne réessaie pas telle quelle.",
    refusedByUser: "L'utilisateur a refusé cette action.",
    refusedHeadless:
      "Action refusée : elle demande la confirmation de l'utilisateur et personne ne peut répondre ici (mode non interactif). Ne réessaie pas ; l'utilisateur peut l'autoriser avec --allow '{rule}'.",
    refusedHeadlessWarning: "{name} refusé (confirmation nécessaire ; autorisez-le avec --allow '{rule}')",
    stopForModel:
      "L'utilisateur a interrompu l'itération : cet appel n'a pas été exécuté. Ne continue pas ; attends sa prochaine demande.",
    notRunForModel: "Non exécuté : l'utilisateur a interrompu l'itération avant cet appel.",
    imagesUnsupportedProvider: "Le modèle {model} ne prend pas d'images ({provider} ne sait pas les envoyer) : la requête n'a pas été envoyée.",
    imageNotSent: "(non montrée : ce modèle ne prend pas d'images)",
    iterationLimit: "Arrêt : plus de {count} itérations",
    invalidParameter: 'Paramètre "{name}" manquant ou invalide ({detail}). Paramètres reçus : {received}.',
    noParameters: "aucun",
    malformedCall:
      "L'appel à {name} est tronqué ou mal formé ({reason}) ; il n'a pas été exécuté. Renvoie-le avec des arguments JSON complets et valides.",
    malformedCallWarning: "Le modèle a envoyé un appel à {name} tronqué ou mal formé ; il n'a pas été exécuté.",
    confirmTool: "Autoriser {name} : {summary} ?",
    confirmToolNoSummary: "Autoriser {name} ?",
    retrying: "{provider} : {reason} ; nouvel essai {attempt} dans {seconds} s",
    noProvider: "Aucun plugin ne fournit le modèle « {model} » (le plugin de son fournisseur est-il désactivé ?)",
  },
);
