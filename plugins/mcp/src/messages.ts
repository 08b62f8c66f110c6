import { defineMessages } from "@maia/kernel";

const plural = (count: string | number | undefined, one: string, many: string) => (Number(count) === 1 ? one : many);

/**
 * Every user-facing string of the MCP plugin, tool results for the model included, in English and French
 * (French follows the seed's wording where the seed has one). No message quotes a header value or an
 * expanded variable: those may be secrets.
 */
export const t = defineMessages(
  {
    // mcp.json (seed § 22.1).
    configUnreadable: "{file}: cannot be read ({cause}); its MCP servers are ignored",
    configInvalidJson: "{file}: not valid JSON (line {line}, column {column}): {cause}; its MCP servers are ignored",
    configNotObject: '{file}: must hold a JSON object {"mcpServers": {"<name>": {…}}}; ignored',
    configServersNotObject: '{where}: "mcpServers" must be an object {"<name>": {…}}; ignored',
    configUnknownKey: '{where}: unknown key "{key}" (ignored); servers go under "mcpServers"',
    serverBadKey:
      '{where}: server "{key}" ignored: a server name is made of letters, digits, _ and - (no __, not ending with _), at most {max} characters',
    serverNotObject: '{where}: server "{key}" ignored: its entry must be an object such as {"command": "…"} or {"url": "…"}',
    serverIgnored: '{where}: server "{key}" ignored: {problem}',
    serverUnknownField: '{where}: server "{key}": unknown field "{field}" (ignored)',
    serverUnknownFieldGuess: '{where}: server "{key}": unknown field "{field}" (ignored); did you mean "{guess}"?',
    fieldType: '"{field}" must be {expected}',
    typeString: "a string",
    typeNumber: "a number",
    typeBoolean: "true or false",
    typeObject: "an object",
    typeArray: "a list",
    fieldEnum: '"{field}" must be one of {values}',
    fieldEmpty: '"{field}" must not be empty',
    fieldPositive: '"{field}" must be a number of seconds greater than 0',
    fieldOther: '"{field}" {detail}',
    serverNoTransport: 'it has neither "command" (a program to start, stdio) nor "url" (an http(s) server)',
    serverAmbiguous: 'it has both "command" and "url": set "type" to "stdio", "http" or "sse"',
    serverNeedsCommand: 'type "stdio" needs "command" (the program to start)',
    serverNeedsUrl: 'type "{type}" needs "url"',
    serverCommandForUrl: 'type "{type}" connects to "url"; "command" is ignored',
    serverBadUrl: '"url" must be an http:// or https:// address, not "{url}"',
    serverMissingVariable:
      '{where}: server "{key}" not loaded: {field} uses {variable}, which is not set; set it, or write {example} for a default',
    serverTimeoutMilliseconds:
      '{where}: server "{key}": "timeout" is in seconds; {value} looks like milliseconds, taken as {seconds} s',
    serverDuplicate: '{where}: server "{key}" ignored: {other} already defines it (the user\'s entry wins)',
    // Selection (seed § 22.2) and the approval of a project file.
    noPermissionsPlugin:
      "The permissions plugin is not active: only --allow 'Mcp(name)' rules of this run can enable MCP servers",
    approvalQuestion:
      "The project file {file} declares MCP servers that MAIA would start:\n{servers}\nStart them? (remembered until the file changes)",
    approvalServer: "  • {key}: {display}",
    notApprovedHeadless:
      "not approved: the project file {file} starts programs; approve it in an interactive session, or pass --allow 'Mcp({key})'",
    approvalRefused: "not approved (refused for this session)",
    approvalSaveFailed: "Cannot remember the approval of {file} in {store}: {cause}",
    approvalStoreInvalid: "{store}: not a valid approval list; project MCP files will be asked about again",
    // Connections (seed § 22.3).
    connectFailed: 'MCP server "{key}" failed: {reason}',
    reasonTimeout: "no answer within {seconds} s",
    reasonProcessEnded: "the server process ended",
    reasonProcessEndedWith: "the server process ended: {stderr}",
    reasonCommandNotFound: "command not found: {command}",
    reasonUnreachable: "cannot reach {url}: {cause}",
    reasonHttp: "HTTP {status} from {url}",
    reasonUnauthorized: 'HTTP {status} from {url}: access refused (MAIA does not do OAuth: put a token in "headers", e.g. "Authorization": "Bearer ${TOKEN}")',
    reasonSessionExpired: "the server no longer knows this session (restarted?)",
    reasonClosed: "connection closed",
    reasonSessionEnded: "the session ended",
    tooManyPages: 'MCP server "{key}": tools/list still had pages after {pages}; the {count} tools read so far are kept',
    duplicateTool: 'MCP server "{key}": tool "{tool}" would be named {name}, which is taken; ignored',
    includeUnknown: '{where}: server "{key}": includeTools names "{tool}", which the server does not offer',
    // Tool results (seed § 22, client).
    resultEmpty: "(the tool returned no content)",
    resultImage: "[image: {mime}, {size}]",
    resultAudio: "[audio: {mime}, {size}]",
    resultResource: "[resource {uri}: {mime}, {size}]",
    resultResourceLink: "[resource link {uri}: {name}, {mime}]",
    resultOther: "[{type} content]",
    unknownMime: "type unknown",
    bytes: (params) => `${params.count} ${plural(params.count, "byte", "bytes")}`,
    resultCut: "\n[… output cut: {count} more characters]",
    toolUnavailable: 'MCP server "{key}" is not available: {reason}. The user can reconnect it with /mcp reconnect {key}.',
    toolTimeout: 'MCP server "{key}" did not answer the call of {tool} within {seconds} s.',
    toolRejected: 'MCP server "{key}" rejected the call of {tool}: {cause}',
    // /mcp (seed § 22, interface).
    commandDescription: "MCP servers: state and tools; /mcp reconnect <name> reconnects one",
    commandUsage: "[reconnect <name>]",
    statusTitle: "MCP servers",
    statusNone: "No MCP server configured (~/.maia/mcp.json, .maia/mcp.json).",
    statusOk: (params) =>
      `OK ${params.key}: ${params.count} ${plural(params.count, "tool", "tools")} (${params.transport})`,
    statusFail: "FAIL {key}: {reason}",
    statusNotSelected: "Configured, not enabled (no allow rule Mcp(name)): {keys}",
    statusDisabled: "Turned off (enabled: false): {keys}",
    reconnectUsage: "Usage: /mcp reconnect <name> (servers of this session: {keys})",
    reconnectUnknown: 'No MCP server "{key}" in this session (servers: {keys})',
    reconnected: (params) =>
      `MCP server "${params.key}" reconnected: ${params.count} ${plural(params.count, "tool", "tools")}`,
    reconnectFailed: 'MCP server "{key}" still fails: {reason}',
    badArguments: 'Unknown /mcp argument "{args}": use /mcp or /mcp reconnect <name>',
    // Servers passed by an ACP client (session/new, session/load).
    clientSource: "the editor (ACP session/new)",
    clientRenamed: 'MCP server "{name}" from the editor is named "{key}" here ({reason})',
    clientNameTaken: '"{taken}" is already a server of mcp.json',
    clientNameCleaned: "a server name is made of letters, digits, _ and -",
    clientDenied: 'MCP server "{key}" from the editor is not connected: a deny rule Mcp({key}) excludes it',
    clientUnknownType: 'MCP server "{name}" from the editor is not connected: transport "{type}" is not supported (stdio, http, sse)',
    clientNoSession: "The MCP servers given by the editor ({names}) are not connected: the session has no MCP state (sub-agent?)",
    none: "none",
  },
  {
    configUnreadable: "{file} : lecture impossible ({cause}) ; ses serveurs MCP sont ignorés",
    configInvalidJson: "{file} : JSON invalide (ligne {line}, colonne {column}) : {cause} ; ses serveurs MCP sont ignorés",
    configNotObject: "{file} : doit contenir un objet JSON {\"mcpServers\": {\"<nom>\": {…}}} ; ignoré",
    configServersNotObject: "{where} : « mcpServers » doit être un objet {\"<nom>\": {…}} ; ignoré",
    configUnknownKey: "{where} : clé inconnue « {key} » (ignorée) ; les serveurs se déclarent sous « mcpServers »",
    serverBadKey:
      "{where} : serveur « {key} » ignoré : un nom de serveur est fait de lettres, chiffres, _ et - (sans __, sans _ final), {max} caractères au plus",
    serverNotObject:
      "{where} : serveur « {key} » ignoré : son entrée doit être un objet comme {\"command\": \"…\"} ou {\"url\": \"…\"}",
    serverIgnored: "{where} : serveur « {key} » ignoré : {problem}",
    serverUnknownField: "{where} : serveur « {key} » : champ inconnu « {field} » (ignoré)",
    serverUnknownFieldGuess:
      "{where} : serveur « {key} » : champ inconnu « {field} » (ignoré) ; vouliez-vous dire « {guess} » ?",
    fieldType: "« {field} » doit être {expected}",
    typeString: "une chaîne",
    typeNumber: "un nombre",
    typeBoolean: "true ou false",
    typeObject: "un objet",
    typeArray: "une liste",
    fieldEnum: "« {field} » doit valoir {values}",
    fieldEmpty: "« {field} » ne doit pas être vide",
    fieldPositive: "« {field} » doit être un nombre de secondes supérieur à 0",
    fieldOther: "« {field} » {detail}",
    serverNoTransport: "il n'a ni « command » (programme à lancer, stdio) ni « url » (serveur http(s))",
    serverAmbiguous: "il a à la fois « command » et « url » : précisez « type » (« stdio », « http » ou « sse »)",
    serverNeedsCommand: "le type « stdio » demande « command » (le programme à lancer)",
    serverNeedsUrl: "le type « {type} » demande « url »",
    serverCommandForUrl: "le type « {type} » se connecte à « url » ; « command » est ignoré",
    serverBadUrl: "« url » doit être une adresse http:// ou https://, pas « {url} »",
    serverMissingVariable:
      "{where} : serveur « {key} » non chargé : {field} utilise {variable}, qui n'est pas définie ; définissez-la, ou écrivez {example} pour une valeur par défaut",
    serverTimeoutMilliseconds:
      "{where} : serveur « {key} » : « timeout » est en secondes ; {value} ressemble à des millisecondes, pris comme {seconds} s",
    serverDuplicate: "{where} : serveur « {key} » ignoré : {other} le définit déjà (l'entrée de l'utilisateur l'emporte)",
    noPermissionsPlugin:
      "Le plugin permissions n'est pas actif : seules les règles --allow 'Mcp(nom)' de cette exécution peuvent activer des serveurs MCP",
    approvalQuestion:
      "Le fichier du projet {file} déclare des serveurs MCP que MAIA lancerait :\n{servers}\nLes démarrer ? (mémorisé tant que le fichier ne change pas)",
    approvalServer: "  • {key} : {display}",
    notApprovedHeadless:
      "non approuvé : le fichier du projet {file} lance des programmes ; approuvez-le dans une session interactive, ou passez --allow 'Mcp({key})'",
    approvalRefused: "non approuvé (refusé pour cette session)",
    approvalSaveFailed: "Impossible de mémoriser l'approbation de {file} dans {store} : {cause}",
    approvalStoreInvalid: "{store} : liste d'approbations invalide ; les fichiers MCP des projets seront de nouveau soumis",
    connectFailed: "Serveur MCP « {key} » en échec : {reason}",
    reasonTimeout: "pas de réponse en {seconds} s",
    reasonProcessEnded: "le processus du serveur s'est arrêté",
    reasonProcessEndedWith: "le processus du serveur s'est arrêté : {stderr}",
    reasonCommandNotFound: "commande introuvable : {command}",
    reasonUnreachable: "{url} injoignable : {cause}",
    reasonHttp: "HTTP {status} de {url}",
    reasonUnauthorized:
      "HTTP {status} de {url} : accès refusé (MAIA ne gère pas OAuth : mettez un jeton dans « headers », par ex. \"Authorization\": \"Bearer ${TOKEN}\")",
    reasonSessionExpired: "le serveur ne connaît plus cette session (redémarré ?)",
    reasonClosed: "connexion fermée",
    reasonSessionEnded: "la session est terminée",
    tooManyPages:
      "Serveur MCP « {key} » : tools/list avait encore des pages après {pages} ; les {count} outils déjà lus sont gardés",
    duplicateTool: "Serveur MCP « {key} » : l'outil « {tool} » s'appellerait {name}, déjà pris ; ignoré",
    includeUnknown: "{where} : serveur « {key} » : includeTools cite « {tool} », que le serveur ne propose pas",
    resultEmpty: "(l'outil n'a renvoyé aucun contenu)",
    resultImage: "[image : {mime}, {size}]",
    resultAudio: "[audio : {mime}, {size}]",
    resultResource: "[ressource {uri} : {mime}, {size}]",
    resultResourceLink: "[lien de ressource {uri} : {name}, {mime}]",
    resultOther: "[contenu {type}]",
    unknownMime: "type inconnu",
    bytes: (params) => `${params.count} ${plural(params.count, "octet", "octets")}`,
    resultCut: "\n[… sortie tronquée : {count} caractères de plus]",
    toolUnavailable:
      "Le serveur MCP « {key} » n'est pas disponible : {reason}. L'utilisateur peut le reconnecter avec /mcp reconnect {key}.",
    toolTimeout: "Le serveur MCP « {key} » n'a pas répondu à l'appel de {tool} en {seconds} s.",
    toolRejected: "Le serveur MCP « {key} » a refusé l'appel de {tool} : {cause}",
    commandDescription: "Serveurs MCP : état et outils ; /mcp reconnect <nom> en reconnecte un",
    commandUsage: "[reconnect <nom>]",
    statusTitle: "Serveurs MCP",
    statusNone: "Aucun serveur MCP configuré (~/.maia/mcp.json, .maia/mcp.json).",
    statusOk: (params) =>
      `OK ${params.key} : ${params.count} ${plural(params.count, "outil", "outils")} (${params.transport})`,
    statusFail: "FAIL {key} : {reason}",
    statusNotSelected: "Configurés, non activés (aucune règle allow Mcp(nom)) : {keys}",
    statusDisabled: "Désactivés (enabled: false) : {keys}",
    reconnectUsage: "Usage : /mcp reconnect <nom> (serveurs de cette session : {keys})",
    reconnectUnknown: "Aucun serveur MCP « {key} » dans cette session (serveurs : {keys})",
    reconnected: (params) =>
      `Serveur MCP « ${params.key} » reconnecté : ${params.count} ${plural(params.count, "outil", "outils")}`,
    reconnectFailed: "Le serveur MCP « {key} » est toujours en échec : {reason}",
    badArguments: "Argument de /mcp inconnu « {args} » : utilisez /mcp ou /mcp reconnect <nom>",
    none: "aucun",
    // Serveurs passés par un client ACP (session/new, session/load).
    clientSource: "l'éditeur (ACP session/new)",
    clientRenamed: "Le serveur MCP « {name} » de l'éditeur s'appelle ici « {key} » ({reason})",
    clientNameTaken: "« {taken} » est déjà un serveur de mcp.json",
    clientNameCleaned: "un nom de serveur est fait de lettres, chiffres, _ et -",
    clientDenied: "Le serveur MCP « {key} » de l'éditeur n'est pas connecté : une règle deny Mcp({key}) l'exclut",
    clientUnknownType: "Le serveur MCP « {name} » de l'éditeur n'est pas connecté : le transport « {type} » n'est pas pris en charge (stdio, http, sse)",
    clientNoSession: "Les serveurs MCP donnés par l'éditeur ({names}) ne sont pas connectés : la session n'a pas d'état MCP (sous-agent ?)",
  },
);

export type MessageKey = Parameters<typeof t>[0];
