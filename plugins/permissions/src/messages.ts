import { defineMessages } from "@maia/kernel";

const plural = (count: string | number | undefined, one: string, many: string) => (Number(count) === 1 ? one : many);

/** Every user-facing string of the permissions plugin, in English and French (French follows the seed). */
export const t = defineMessages(
  {
    // Start-up (seed § 9).
    noRules: "No permission rules defined: every tool use asks for confirmation",
    rulesLoaded: "Permission rules loaded: {files}",
    rulesInFile: (p) => `${p.file} (${p.count} ${plural(p.count, "rule", "rules")})`,
    // Files (seed § 9.1).
    fileUnreadable: "{file}: cannot be read ({cause}); its permission rules are ignored",
    fileInvalidJson: "{file}: invalid JSON at line {line}, column {column}; its permission rules are ignored",
    fileNotObject: "{file}: the file must hold a JSON object; its permission rules are ignored",
    permissionsTooDeep: '{file}: "permissions" nests deeper than {max} levels (at {pointer}); ignored — rules are flat lists of strings',
    permissionsNotObject: '{file}: "permissions" must be an object { "allow": [...], "ask": [...], "deny": [...] }; ignored',
    permissionsUnknownKey: '{file}: unknown key "permissions.{key}" (expected allow, ask, deny, defaultMode or additionalDirectories); ignored',
    permissionsUnknownKeyGuess: '{file}: unknown key "permissions.{key}" (did you mean "{guess}"?); ignored',
    permissionsNotList: '{file}: "permissions.{kind}" must be a list of rules (strings); ignored',
    permissionsNotText: "{file}: permissions.{kind}[{index}] is not a rule written as a string ({value}); ignored",
    defaultModeMissing: "{where}: defaultMode \"{mode}\" is a Claude Code mode MAIA does not have; sessions start in default (every call asks what the rules do not allow)",
    defaultModeUnknown: "{where}: defaultMode {mode} is not a mode (default, acceptEdits, plan); ignored",
    directoriesNotList: '{where}: "permissions.additionalDirectories" must be a list of folders; ignored',
    directoryNotText: "{where}: additionalDirectories[{index}] is not a folder written as a string; ignored",
    noteClaudeOnlyKey: "a Claude Code switch for its bypass and auto modes, which MAIA does not have: nothing to do",
    noteUnknownKey: "not a key MAIA reads",
    // Rules (seed § 9.1, § 9.3, § 22).
    ruleIgnored: '{file}: {kind} rule "{rule}" ignored: {problem}',
    ruleWarning: '{file}: {kind} rule "{rule}": {problem}',
    ruleEmpty: "the rule is empty",
    ruleUnclosed: "a rule is Tool or Tool(pattern); the closing parenthesis is missing",
    ruleEmptyPattern: "the pattern between the parentheses is empty (write {tool} alone for every call)",
    ruleBadToolName: 'the tool name "{tool}" may only hold letters, digits, "_", "." and "-"',
    ruleToolCase: 'tool names are written "{known}", not "{tool}"; the rule is applied to {known}',
    ruleToolUnknown: 'no built-in tool is called "{tool}" (did you mean "{guess}"?); the rule applies to a tool of that exact name',
    rulePatternNul: "the pattern contains a NUL character",
    ruleWebFetchForm: "WebFetch rules take the form WebFetch(domain:example.com) or WebFetch(domain:*.example.com)",
    ruleWebFetchHost: 'the host "{host}" may only hold letters, digits, ".", "-", "_" and "*"',
    ruleMcpForm: "MCP rules take the form Mcp(server) or Mcp(server,tool); a server key is made of letters, digits, _ and - (no __), or *",
    rulePathPattern: "invalid path pattern ({problem})",
    // Verdict reasons.
    noRule: "no rule applies (without a rule, every tool use asks)",
    noCommand: "the call has no command to analyse",
    evaluationFailed: "the permission rules could not be evaluated ({message}); asking instead",
    notCovered: "not covered by an allow rule: {command}",
    commandNotVisible: "the command run cannot be known before it runs: {command}",
    wrapperNotCovered:
      "{command}: {wrapper} runs another command; an allow rule must name it (Bash({wrapper} … program …)) or, for timeout, nice, nohup, time and env without options, allow the wrapped command itself",
    wrappedNotVisible: "{command}: the command {wrapper} runs cannot be seen (a variable, a substitution or standard input)",
    redirectNotCovered: "the redirection to {target} is not covered by a Redirect allow rule",
    redirectDynamic: "the redirection target {target} is only known when the command runs (only a Redirect rule without pattern allows it, and only when no deny or ask Redirect rule has a pattern)",
    "finding-parse-error": "the shell parser could not read the whole command (near: {text})",
    "finding-separator": 'the command contains "{text}", which bash does not read as a blank: the analysis cannot be trusted',
    "finding-joined-words": "bash joins words here that the parser reads apart ({text})",
    "finding-nul": "the command contains a NUL character",
    "finding-too-long": "the command is too long to analyse ({text} characters)",
    "finding-too-deep": "the command is nested too deeply to analyse (over {text} levels)",
    "finding-heredoc-arguments": "words after a here-document marker are not analysed reliably ({text})",
    "finding-brace-word": "a `{` not followed by a blank is a command name for bash, not a group ({text})",
    "finding-redirect-target": "a redirection target cannot be read ({text})",
    "finding-command-substitution": "command substitution {text}: allow rules never cover it",
    "finding-process-substitution": "process substitution {text}: allow rules never cover it",
    "finding-executing-expansion": "{text} can run code when expanded: allow rules never cover it",
    // /permissions.
    viewMode: "Mode: {mode}",
    viewFileMissing: "(no such file)",
    viewFileEmpty: "(no rules)",
    // Approval modes.
    modeSource: "{mode} mode",
    sandboxSource: "the OS sandbox",
    autoAllowSource: "sandbox.autoAllowBashIfSandboxed (runs in the OS sandbox)",
    ownCommandsSource: "MAIA's own background commands (no rule needed)",
    ownStateSource: "MAIA's own list of deferred MCP tools (no rule needed)",
    unsandboxedAsks: "dangerouslyDisableSandbox: this command would run OUTSIDE the OS sandbox, so it is always asked (in `maia -p`, only `--allow` rules of the run let it through)",
    planRefused:
      "plan mode: {tool} is not run, only tools that read are. Do not try to make changes: study the code with the reading tools, then present your plan to the user and wait for their approval",
    planPrompt:
      "Plan mode is on: only tools that read (Read, Glob, Grep, WebFetch, TodoWrite) run; anything that writes files or runs commands is refused. Study what you need, then present a clear plan to the user and wait for them to approve it (they leave plan mode with Shift+Tab).",
    badMode: 'unknown permission mode "{mode}" (expected default, acceptEdits or plan)',
    // "Always allow" (the terminal's a / p answers).
    sessionSource: "(this session)",
    alwaysSession: "Allowed without asking until MAIA exits: {rules}",
    alwaysProject: "Rule added to {file}: {rules}",
    alwaysNotAnalysed: "no rule could be written: {reason}",
    alwaysNotExact: "no exact rule can name {part} (it holds a * or blanks at its ends): it will still ask",
    alwaysFailed: "the rule could not be saved: {reason}",
    alwaysStillAsks: "this call would still ask ({reason})",
    // The API (addRules).
    addedNoSource: "addRules needs a source name (the file the rules come from) for messages and /permissions",
    // maia permissions.
    subcommandDescription: "show the permission rules, or check which verdict a tool call gets (check)",
    checkUsage: `Usage:
  maia permissions [list]
  maia permissions check [--json] [--settings FILE]... TOOL INPUT
  maia permissions check [--settings FILE]... --batch FILE|-

INPUT is the command for Bash, the path for Read, Write, Edit, Glob and Grep, the URL for WebFetch,
or a JSON object with the tool's input. --settings uses only the given files instead of
~/.maia/settings.json and .maia/settings.json. --batch reads JSON lines
{ "tool": ..., "input": ..., "permissions"?: { "allow": [...], "ask": [...], "deny": [...] } }
and prints one JSON verdict per line, in order.`,
    checkUnknownAction: 'unknown action "{action}"',
    checkMissingArguments: "give a tool and its input, e.g. maia permissions check Bash 'npm test'",
    checkBatchWithInput: "--batch reads the calls from the file: give no TOOL or INPUT with it",
    checkSettingsUnreadable: "{file}: cannot be read ({cause})",
    checkVerdict: "Verdict: {decision}",
    checkRule: "Rule: {rule} ({source})",
    checkReason: "Reason: {reason}",
    checkCommands: "Commands:",
    checkRedirects: "Redirect targets:",
    checkSubstitutions: "Substitutions:",
    checkUncertain: "Not analysed reliably:",
    batchLineSource: "{file}:{line}",
    batchInvalidJson: "line {line}: invalid JSON at column {column}",
    batchNotObject: "line {line}: expected a JSON object { tool, input, permissions? }",
    batchNoTool: 'line {line}: "tool" must be a tool name',
    batchNoInput: 'line {line}: "input" must be a string or an object',
  },
  {
    noRules: "Aucune règle de permission définie : chaque utilisation d'un outil demande une confirmation",
    rulesLoaded: "Règles de permission chargées : {files}",
    rulesInFile: (p) => `${p.file} (${p.count} ${plural(p.count, "règle", "règles")})`,
    fileUnreadable: "{file} : lecture impossible ({cause}) ; ses règles de permission sont ignorées",
    fileInvalidJson: "{file} : JSON invalide ligne {line}, colonne {column} ; ses règles de permission sont ignorées",
    fileNotObject: "{file} : le fichier doit contenir un objet JSON ; ses règles de permission sont ignorées",
    permissionsTooDeep: "{file} : « permissions » est imbriqué sur plus de {max} niveaux (en {pointer}) ; ignoré — les règles sont des listes simples de textes",
    permissionsNotObject:
      "{file} : « permissions » doit être un objet { \"allow\": [...], \"ask\": [...], \"deny\": [...] } ; élément ignoré",
    permissionsUnknownKey: "{file} : clé inconnue « permissions.{key} » (attendu : allow, ask, deny, defaultMode ou additionalDirectories) ; élément ignoré",
    permissionsUnknownKeyGuess: "{file} : clé inconnue « permissions.{key} » (vouliez-vous dire « {guess} » ?) ; élément ignoré",
    permissionsNotList: "{file} : « permissions.{kind} » doit être une liste de règles (chaînes) ; élément ignoré",
    permissionsNotText: "{file} : permissions.{kind}[{index}] n'est pas une règle écrite comme une chaîne ({value}) ; élément ignoré",
    defaultModeMissing: "{where} : defaultMode « {mode} » est un mode de Claude Code que MAIA n'a pas ; les sessions démarrent en default (tout appel demande ce que les règles n'autorisent pas)",
    defaultModeUnknown: "{where} : defaultMode {mode} n'est pas un mode (default, acceptEdits, plan) ; ignoré",
    directoriesNotList: "{where} : « permissions.additionalDirectories » doit être une liste de dossiers ; ignoré",
    directoryNotText: "{where} : additionalDirectories[{index}] n'est pas un dossier écrit comme une chaîne ; ignoré",
    noteClaudeOnlyKey: "un réglage de Claude Code pour ses modes bypass et auto, que MAIA n'a pas : rien à faire",
    noteUnknownKey: "une clé que MAIA ne lit pas",
    ruleIgnored: "{file} : règle {kind} « {rule} » ignorée : {problem}",
    ruleWarning: "{file} : règle {kind} « {rule} » : {problem}",
    ruleEmpty: "la règle est vide",
    ruleUnclosed: "une règle s'écrit Outil ou Outil(motif) ; la parenthèse fermante manque",
    ruleEmptyPattern: "le motif entre parenthèses est vide (écrivez {tool} seul pour tous les appels)",
    ruleBadToolName: "le nom d'outil « {tool} » ne peut contenir que des lettres, des chiffres, « _ », « . » et « - »",
    ruleToolCase: "les noms d'outils s'écrivent « {known} », pas « {tool} » ; la règle est appliquée à {known}",
    ruleToolUnknown: "aucun outil intégré ne s'appelle « {tool} » (vouliez-vous dire « {guess} » ?) ; la règle s'applique à un outil de ce nom exact",
    rulePatternNul: "le motif contient un caractère NUL",
    ruleWebFetchForm: "les règles WebFetch s'écrivent WebFetch(domain:example.com) ou WebFetch(domain:*.example.com)",
    ruleWebFetchHost: "l'hôte « {host} » ne peut contenir que des lettres, des chiffres, « . », « - », « _ » et « * »",
    ruleMcpForm:
      "les règles MCP s'écrivent Mcp(serveur) ou Mcp(serveur,outil) ; une clé de serveur est faite de lettres, chiffres, _ et - (sans __), ou *",
    rulePathPattern: "motif de chemin invalide ({problem})",
    noRule: "aucune règle applicable (sans règle, chaque utilisation d'un outil demande une confirmation)",
    noCommand: "l'appel ne contient pas de commande à analyser",
    evaluationFailed: "les règles de permission n'ont pas pu être évaluées ({message}) ; confirmation demandée",
    notCovered: "non couvert par une règle allow : {command}",
    commandNotVisible: "la commande exécutée ne peut pas être connue avant l'exécution : {command}",
    wrapperNotCovered:
      "{command} : {wrapper} exécute une autre commande ; une règle allow doit la nommer (Bash({wrapper} … programme …)) ou, pour timeout, nice, nohup, time et env sans option, autoriser la commande enveloppée elle-même",
    wrappedNotVisible: "{command} : la commande que {wrapper} exécute n'est pas visible (variable, substitution ou entrée standard)",
    redirectNotCovered: "la redirection vers {target} n'est couverte par aucune règle Redirect allow",
    redirectDynamic:
      "la cible de redirection {target} n'est connue qu'à l'exécution (seule une règle Redirect sans motif l'autorise, et seulement si aucune règle Redirect deny ou ask n'a de motif)",
    "finding-parse-error": "l'analyseur shell n'a pas pu lire toute la commande (vers : {text})",
    "finding-separator": "la commande contient « {text} », que bash ne lit pas comme un blanc : l'analyse n'est pas fiable",
    "finding-joined-words": "bash joint ici des mots que l'analyseur lit séparément ({text})",
    "finding-nul": "la commande contient un caractère NUL",
    "finding-too-long": "la commande est trop longue pour être analysée ({text} caractères)",
    "finding-too-deep": "la commande est trop imbriquée pour être analysée (plus de {text} niveaux)",
    "finding-heredoc-arguments": "les mots après un marqueur de document en ligne ne sont pas analysés de façon fiable ({text})",
    "finding-brace-word": "un `{` non suivi d'un blanc est un nom de commande pour bash, pas un groupe ({text})",
    "finding-redirect-target": "une cible de redirection est illisible ({text})",
    "finding-command-substitution": "substitution de commande {text} : aucune règle allow ne la couvre",
    "finding-process-substitution": "substitution de processus {text} : aucune règle allow ne la couvre",
    "finding-executing-expansion": "{text} peut exécuter du code à l'expansion : aucune règle allow ne le couvre",
    modeSource: "mode {mode}",
    sandboxSource: "le bac à sable du système",
    autoAllowSource: "sandbox.autoAllowBashIfSandboxed (s'exécute dans le bac à sable du système)",
    ownCommandsSource: "les commandes en arrière-plan de MAIA (aucune règle nécessaire)",
    ownStateSource: "la liste des outils MCP différés de MAIA (aucune règle nécessaire)",
    unsandboxedAsks: "dangerouslyDisableSandbox : cette commande s'exécuterait HORS du bac à sable du système, elle est donc toujours demandée (avec `maia -p`, seules les règles `--allow` de l'exécution la laissent passer)",
    planRefused:
      "mode plan : {tool} n'est pas exécuté, seuls les outils de lecture le sont. N'essaie pas de modifier quoi que ce soit : étudie le code avec les outils de lecture, puis présente ton plan à l'utilisateur et attends son accord",
    planPrompt:
      "Le mode plan est actif : seuls les outils de lecture (Read, Glob, Grep, WebFetch, TodoWrite) s'exécutent ; tout ce qui écrit des fichiers ou lance des commandes est refusé. Étudie ce qu'il faut, puis présente un plan clair à l'utilisateur et attends qu'il l'approuve (il quitte le mode plan avec Maj+Tab).",
    badMode: "mode de permission inconnu « {mode} » (attendu : default, acceptEdits ou plan)",
    sessionSource: "(cette session)",
    alwaysSession: "Autorisé sans demander jusqu'à la fin de MAIA : {rules}",
    alwaysProject: "Règle ajoutée à {file} : {rules}",
    alwaysNotAnalysed: "aucune règle n'a pu être écrite : {reason}",
    alwaysNotExact: "aucune règle exacte ne peut nommer {part} (il contient un * ou des blancs aux extrémités) : la confirmation restera",
    alwaysFailed: "la règle n'a pas pu être enregistrée : {reason}",
    alwaysStillAsks: "cet appel demanderait encore une confirmation ({reason})",
    viewMode: "Mode : {mode}",
    viewFileMissing: "(fichier absent)",
    viewFileEmpty: "(aucune règle)",
    addedNoSource: "addRules demande un nom de source (le fichier d'où viennent les règles) pour les messages et /permissions",
    subcommandDescription: "affiche les règles de permission, ou vérifie le verdict d'un appel d'outil (check)",
    checkUsage: `Utilisation :
  maia permissions [list]
  maia permissions check [--json] [--settings FICHIER]... OUTIL ENTRÉE
  maia permissions check [--settings FICHIER]... --batch FICHIER|-

ENTRÉE est la commande pour Bash, le chemin pour Read, Write, Edit, Glob et Grep, l'URL pour WebFetch,
ou un objet JSON avec l'entrée de l'outil. --settings n'utilise que les fichiers donnés au lieu de
~/.maia/settings.json et .maia/settings.json. --batch lit des lignes JSON
{ "tool": ..., "input": ..., "permissions"?: { "allow": [...], "ask": [...], "deny": [...] } }
et affiche un verdict JSON par ligne, dans l'ordre.`,
    checkUnknownAction: "action inconnue « {action} »",
    checkMissingArguments: "indiquez un outil et son entrée, par ex. maia permissions check Bash 'npm test'",
    checkBatchWithInput: "--batch lit les appels dans le fichier : ne donnez ni OUTIL ni ENTRÉE avec",
    checkSettingsUnreadable: "{file} : lecture impossible ({cause})",
    checkVerdict: "Verdict : {decision}",
    checkRule: "Règle : {rule} ({source})",
    checkReason: "Raison : {reason}",
    checkCommands: "Commandes :",
    checkRedirects: "Cibles de redirection :",
    checkSubstitutions: "Substitutions :",
    checkUncertain: "Analyse non fiable :",
    batchLineSource: "{file}:{line}",
    batchInvalidJson: "ligne {line} : JSON invalide colonne {column}",
    batchNotObject: "ligne {line} : objet JSON attendu { tool, input, permissions? }",
    batchNoTool: "ligne {line} : « tool » doit être un nom d'outil",
    batchNoInput: "ligne {line} : « input » doit être une chaîne ou un objet",
  },
);

export type MessageKey = Parameters<typeof t>[0];
