import { defineMessages } from "@maia/kernel";

/**
 * Every user-facing string of the LiteLLM plugin, in English and French (French follows the seed's wording).
 * Nothing here may ever contain the API key: callers pass URLs, statuses and server texts only, after
 * `redactSecret`.
 */
export const t = defineMessages(
  {
    // Transport and server errors (seed § 7.2).
    unreachable: "LiteLLM unreachable ({url}): {cause}",
    serverError: "LiteLLM server error: {message}",
    httpError: "LiteLLM answered HTTP {status} ({url}): {body}",
    httpErrorAuthHint:
      "LiteLLM answered HTTP {status} ({url}): {body}\nCheck LiteLLM_API_Key in ~/.maia/settings.json or the LITELLM_API_KEY variable.",
    noBody: "LiteLLM answered without a body ({url})",
    interrupted: "The LiteLLM stream ended before the answer was complete (no finish reason, no [DONE])",
    streamReadFailed: "The LiteLLM stream broke while reading the answer: {cause}",
    invalidJsonAnswer: "LiteLLM answered with invalid JSON: {body}",
    invalidModelList: "LiteLLM's model list ({url}) is not in the expected format (data[].id)",
    // Retries.
    retryHttp: "HTTP {status}",
    retryReset: "connection reset",
    retryInterrupted: "stream interrupted",
    // Truncation (seed § 7.2).
    truncatedLength:
      "Answer cut off by the output token limit: raise MaxOutputTokens in ~/.maia/settings.json or ask for a shorter answer.",
    truncatedToolCall:
      "Answer cut off by the output token limit ({tokens} output tokens, a round limit) while calling a tool: the tool call may be incomplete. Raise MaxOutputTokens in ~/.maia/settings.json.",
    // Invalid tool calls: reasons given back to the model and shown to the user.
    toolNameEmpty: "the tool call has no function name",
    toolArgsInvalidJson: "the arguments are not valid JSON ({error}): {preview}",
    toolArgsTruncated:
      "the arguments were cut off by the output token limit before they were complete: {preview}",
    toolArgsNotObject: "the arguments are JSON but not an object: {preview}",
    toolArgsTooDeep: "the arguments nest deeper than {max} levels; MAIA refuses such an input: send a flatter one",
    // Settings (seed § 7.3).
    settingsMissing:
      "Settings file not found: {path}\nCreate it with the LiteLLM server's address, for example:\n{example}",
    settingsUnreadable: "Cannot read the settings file {path}: {cause}",
    settingsInvalidJson:
      "The settings file {path} is not valid JSON (line {line}, column {column}): {cause}\nExpected content, for example:\n{example}",
    settingsNotObject:
      "The settings file {path} must contain a JSON object, for example:\n{example}",
    settingsMissingKey:
      "The settings file {path} has no \"{key}\" ({role}). For example:\n{example}",
    settingsInvalidKey:
      "In the settings file {path}, \"{key}\" ({role}) {problem}. For example:\n{example}",
    settingsProblemString: "must be a non-empty string",
    settingsProblemUrl: "must be an http:// or https:// URL",
    settingsProblemPositiveInteger: "must be a positive integer",
    settingsProblemSafeInteger: "must be a positive whole number no larger than {max} (1e999 reads as infinity)",
    settingsProblemHeader:
      "contains a character that cannot be sent in an HTTP header (character {position}, {char}); API keys are plain ASCII: paste it again without accents or control characters",
    settingsInvalidEnvKey:
      "The LITELLM_API_KEY variable (the API key, used because {path} has no \"LiteLLM_API_Key\") {problem}.",
    settingsUnknownKey: "{path}: unknown key \"{key}\" (ignored)",
    settingsUnknownKeyDidYouMean: "{path}: unknown key \"{key}\" (ignored); did you mean \"{suggestion}\"?",
    settingsOptionalInvalid: "{path}: \"{key}\" {problem}; the value is ignored",
    settingsProblemBoolean: "must be true or false",
    // Images (issue 38).
    visionOffSetting:
      "The model {model} does not take images (\"Vision\": false in {path}): the request was not sent. Set \"Vision\": true there if it does.",
    visionUnknown:
      "The model {model} does not take images (LiteLLM's /model/info does not say supports_vision for it): the request was not sent. If it does take them, set \"Vision\": true in {path}.",
    toolImages: "The images returned by the tool call {id}:",
    roleUrl: "the LiteLLM server URL",
    roleEndpoint: "the chat request suffix, e.g. /v1/chat/completions",
    roleModels: "the model list suffix, e.g. /v1/models",
    roleApiKey: "the API key",
    roleMaxIterations: "iterations per series before stopping",
    roleMaxOutputTokens: "max_tokens sent with each request",
    roleContextWindow: "the model's context size in tokens",
    // Model spec.
  },
  {
    unreachable: "LiteLLM injoignable ({url}) : {cause}",
    serverError: "Erreur du serveur LiteLLM : {message}",
    httpError: "LiteLLM a répondu HTTP {status} ({url}) : {body}",
    httpErrorAuthHint:
      "LiteLLM a répondu HTTP {status} ({url}) : {body}\nVérifiez LiteLLM_API_Key dans ~/.maia/settings.json ou la variable LITELLM_API_KEY.",
    noBody: "Réponse de LiteLLM sans corps ({url})",
    interrupted: "Le flux LiteLLM s'est arrêté avant la fin de la réponse (ni raison de fin, ni [DONE])",
    streamReadFailed: "Le flux LiteLLM a été coupé pendant la lecture de la réponse : {cause}",
    invalidJsonAnswer: "LiteLLM a répondu avec un JSON invalide : {body}",
    invalidModelList: "La liste des modèles de LiteLLM ({url}) n'a pas le format attendu (data[].id)",
    retryHttp: "HTTP {status}",
    retryReset: "connexion réinitialisée",
    retryInterrupted: "flux interrompu",
    truncatedLength:
      "Réponse coupée par la limite de tokens de sortie : augmentez MaxOutputTokens dans ~/.maia/settings.json ou demandez une réponse plus courte.",
    truncatedToolCall:
      "Réponse coupée par la limite de tokens de sortie ({tokens} tokens de sortie, une limite ronde) pendant un appel d'outil : l'appel est peut-être incomplet. Augmentez MaxOutputTokens dans ~/.maia/settings.json.",
    toolNameEmpty: "l'appel d'outil n'a pas de nom de fonction",
    toolArgsInvalidJson: "les arguments ne sont pas du JSON valide ({error}) : {preview}",
    toolArgsTruncated:
      "les arguments ont été coupés par la limite de tokens de sortie avant d'être complets : {preview}",
    toolArgsNotObject: "les arguments sont du JSON mais pas un objet : {preview}",
    toolArgsTooDeep: "les arguments sont imbriqués sur plus de {max} niveaux ; MAIA refuse une telle entrée : envoyez-en une plus plate",
    settingsMissing:
      "Fichier de réglages introuvable : {path}\nCréez-le avec l'adresse du serveur LiteLLM, par exemple :\n{example}",
    settingsUnreadable: "Impossible de lire le fichier de réglages {path} : {cause}",
    settingsInvalidJson:
      "Le fichier de réglages {path} n'est pas du JSON valide (ligne {line}, colonne {column}) : {cause}\nContenu attendu, par exemple :\n{example}",
    settingsNotObject:
      "Le fichier de réglages {path} doit contenir un objet JSON, par exemple :\n{example}",
    settingsMissingKey:
      "Le fichier de réglages {path} n'a pas de clé « {key} » ({role}). Par exemple :\n{example}",
    settingsInvalidKey:
      "Dans le fichier de réglages {path}, « {key} » ({role}) {problem}. Par exemple :\n{example}",
    settingsProblemString: "doit être une chaîne non vide",
    settingsProblemUrl: "doit être une URL http:// ou https://",
    settingsProblemBoolean: "doit valoir true ou false",
    visionOffSetting:
      "Le modèle {model} ne prend pas d'images (\"Vision\": false dans {path}) : la requête n'a pas été envoyée. Mettez-y \"Vision\": true s'il en prend.",
    visionUnknown:
      "Le modèle {model} ne prend pas d'images (le /model/info de LiteLLM ne lui donne pas supports_vision) : la requête n'a pas été envoyée. S'il en prend, mettez \"Vision\": true dans {path}.",
    toolImages: "Les images renvoyées par l'appel d'outil {id} :",
    settingsProblemPositiveInteger: "doit être un entier positif",
    settingsProblemSafeInteger: "doit être un entier positif d'au plus {max} (1e999 se lit comme l'infini)",
    settingsProblemHeader:
      "contient un caractère impossible à envoyer dans un en-tête HTTP (caractère {position}, {char}) ; une clé API est en ASCII simple : recollez-la sans accents ni caractères de contrôle",
    settingsInvalidEnvKey:
      "La variable LITELLM_API_KEY (clé API, utilisée car {path} n'a pas de « LiteLLM_API_Key ») {problem}.",
    settingsUnknownKey: "{path} : clé inconnue « {key} » (ignorée)",
    settingsUnknownKeyDidYouMean:
      "{path} : clé inconnue « {key} » (ignorée) ; vouliez-vous dire « {suggestion} » ?",
    settingsOptionalInvalid: "{path} : « {key} » {problem} ; valeur ignorée",
    roleUrl: "URL du serveur LiteLLM",
    roleEndpoint: "suffixe de la requête de chat, ex. /v1/chat/completions",
    roleModels: "suffixe de la liste des modèles, ex. /v1/models",
    roleApiKey: "clé API",
    roleMaxIterations: "itérations par série avant arrêt",
    roleMaxOutputTokens: "max_tokens envoyé à chaque requête",
    roleContextWindow: "taille du contexte du modèle en tokens",
  },
);

export type MessageKey = Parameters<typeof t>[0];
