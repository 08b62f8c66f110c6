import { defineMessages } from "@maia/kernel";

/**
 * The strings of the Claude Code reading, in English and French. A rule's warning is the second half of a
 * sentence its plugin starts with the file, the line and the rule (`<file>:<line>: deny rule "X": <warning>`).
 */
export const t = defineMessages(
  {
    settingsUnreadable: "{file} cannot be read ({cause}); it is ignored",
    settingsNotJson: "{file} is not valid JSON (line {line}, column {column}: {reason}); it is ignored",
    settingsNotObject: "{file} must hold a JSON object; it is ignored",
    none: "none",
    ruleUnclosed: "a `(` is not closed by a `)` at the end; the rule is ignored",
    ruleNoTool: "no tool name; the rule is ignored",
    noteMissingTool: "MAIA has no {tool} tool: the rule changes nothing",
    ruleMcpSpecifier: "MCP rules take no pattern in Claude Code; this allow is ignored",
    ruleMcpSpecifierWidened: "MCP rules take no pattern in Claude Code; MAIA applies this rule to the whole tool",
    rulePrimaryParameter: "Claude Code ignores a rule on the {field} parameter of {tool} (a compound command could get round it), and so does MAIA",
    ruleParameter: "MAIA's {tool} tool has no {parameter} parameter: this rule never applies and is ignored",
    ruleNeverConsulted: "Claude Code checks paths against Read and Edit rules only and never reads a {tool} path rule; MAIA ignores it too (write {instead}(…) instead)",
    rulePathUnreadable: "the path pattern cannot be read ({problem}); this allow is ignored",
    rulePathKeptAsAsk: "the path pattern cannot be read ({problem}); MAIA asks before every {tool} instead",
    "path-empty": "empty",
    "path-negation": "a leading ! (gitignore's negation) means nothing in a rule",
    "path-unclosedClass": "a [ is not closed",
    "path-dotSegment": "a . or .. folder inside the pattern (gitignore reads it literally)",
    ruleWebFetchForm: "WebFetch rules take the form WebFetch(domain:example.com); this allow is ignored",
    ruleWebFetchKeptAsAsk: "WebFetch rules take the form WebFetch(domain:example.com); MAIA asks before every WebFetch instead",
    ruleWebFetchLabelWildcard:
      "in Claude Code a * inside {host} stands for one label, and MAIA's * would cross dots (example.* would cover example.evil.com); this allow is ignored: name the domains",
    ruleAllowGlob: "Claude Code skips an allow rule whose tool name is a glob (except mcp__<server>__…); MAIA ignores it too",
    ruleGlobSpecifier: "a tool-name glob takes no pattern; the rule is ignored",
    ruleToolGlob: "a tool-name glob is read over MAIA's own tools: {tools} (custom tools and plugins' tools are not covered: name them)",
    "env-notText": '{where}: env "{name}" is not text or a number; ignored',
    "env-badName": '{where}: env "{name}" is not a variable name; ignored',
    "env-projectLoader":
      '{where}: env "{name}" changes which program runs or what it loads first; a project\'s settings may not set it (put it in ~/.claude/settings.json or your shell if you mean it)',
  },
  {
    settingsUnreadable: "{file} est illisible ({cause}) ; il est ignoré",
    settingsNotJson: "{file} n'est pas un JSON valide (ligne {line}, colonne {column} : {reason}) ; il est ignoré",
    settingsNotObject: "{file} doit contenir un objet JSON ; il est ignoré",
    none: "aucun",
    ruleUnclosed: "une `(` n'est pas fermée par une `)` à la fin ; la règle est ignorée",
    ruleNoTool: "pas de nom d'outil ; la règle est ignorée",
    noteMissingTool: "MAIA n'a pas d'outil {tool} : la règle ne change rien",
    ruleMcpSpecifier: "les règles MCP ne prennent pas de motif dans Claude Code ; cette autorisation est ignorée",
    ruleMcpSpecifierWidened: "les règles MCP ne prennent pas de motif dans Claude Code ; MAIA applique cette règle à tout l'outil",
    rulePrimaryParameter: "Claude Code ignore une règle sur le paramètre {field} de {tool} (une commande composée pourrait la contourner), MAIA aussi",
    ruleParameter: "l'outil {tool} de MAIA n'a pas de paramètre {parameter} : cette règle ne s'applique jamais et est ignorée",
    ruleNeverConsulted:
      "Claude Code ne vérifie les chemins qu'avec les règles Read et Edit et ne lit jamais une règle de chemin {tool} ; MAIA l'ignore aussi (écrivez {instead}(…) à la place)",
    rulePathUnreadable: "le motif de chemin est illisible ({problem}) ; cette autorisation est ignorée",
    rulePathKeptAsAsk: "le motif de chemin est illisible ({problem}) ; MAIA demande avant chaque {tool} à la place",
    "path-empty": "vide",
    "path-negation": "un ! initial (la négation de gitignore) n'a pas de sens dans une règle",
    "path-unclosedClass": "un [ n'est pas fermé",
    "path-dotSegment": "un dossier . ou .. dans le motif (gitignore le lit littéralement)",
    ruleWebFetchForm: "les règles WebFetch s'écrivent WebFetch(domain:example.com) ; cette autorisation est ignorée",
    ruleWebFetchKeptAsAsk: "les règles WebFetch s'écrivent WebFetch(domain:example.com) ; MAIA demande avant chaque WebFetch à la place",
    ruleWebFetchLabelWildcard:
      "dans Claude Code, un * à l'intérieur de {host} vaut un seul niveau de domaine, et le * de MAIA franchirait les points (example.* couvrirait example.evil.com) ; cette autorisation est ignorée : nommez les domaines",
    ruleAllowGlob: "Claude Code ignore une autorisation dont le nom d'outil est un motif (sauf mcp__<serveur>__…) ; MAIA aussi",
    ruleGlobSpecifier: "un motif de nom d'outil ne prend pas de motif entre parenthèses ; la règle est ignorée",
    ruleToolGlob: "un motif de nom d'outil est lu sur les outils de MAIA : {tools} (les outils personnalisés et ceux des plugins ne sont pas couverts : nommez-les)",
    "env-notText": "{where} : env « {name} » n'est ni un texte ni un nombre ; ignoré",
    "env-badName": "{where} : env « {name} » n'est pas un nom de variable ; ignoré",
    "env-projectLoader":
      "{where} : env « {name} » change le programme lancé ou ce qu'il charge d'abord ; les réglages d'un projet ne peuvent pas la définir (mettez-la dans ~/.claude/settings.json ou votre shell si c'est voulu)",
  },
);
