// The catalogue module alone, not the kernel: `maia --help` prints from here before anything else is loaded.
import { defineMessages } from "@maia/util/i18n";

export const t = defineMessages(
  {
    usage: `Usage:
  maia [--model <spec>]                 start the interactive assistant in this folder
  maia -p "<prompt>" [options]          run one request without the interface and print the answer
  maia acp                              speak the Agent Client Protocol on stdin/stdout (editors, the hub)
  maia plugins list [--json]            show plugins and their state
  maia plugins enable|disable <name> [--global]
  maia plugins add <package>[@version] [--project] | remove <name> [--project]
  maia plugins add <name@marketplace | plugin folder | git URL> [--project]   a Claude Code plugin
  maia plugins marketplace add <folder | git URL | owner/repo> | remove <name> | list | update
  maia <subcommand> …                   subcommands added by plugins: {subcommands}

Options:
  -m, --model <spec>                    model (litellm:<name> or <name>)
  -p, --print [prompt]                  headless mode; reads the prompt from stdin when none is given
      --output-format text|json|stream-json
      --allow <rule>                    allow rule for this run (repeatable), e.g. --allow 'Bash(npm test)'
      --permission-mode <mode>          default, acceptEdits (Edit/Write in the folder without asking) or plan (read only)
      --max-iterations <n>              iterations per series before stopping
      --image <file>                    with -p: send an image (PNG, JPEG, GIF, WebP) with the request (repeatable)
      --resume <name>, -c/--continue    go on with a saved session (by name, or the latest)
      --strict-plugins                  stop at the first plugin that fails to load
  -h, --help                            this help
      --version                         version`,
    launchFolder: "Working folder: {path}",
    noTty: "maia needs an interactive terminal (TTY). For scripts, use: maia -p \"<prompt>\"",
    badUsage: "{message}\nRun maia --help for usage.",
    unknownOption: "unknown option {option}",
    missingValue: "option {option} needs a value",
    badOutputFormat: 'unknown output format "{value}" (expected text, json or stream-json)',
    badPermissionMode: 'unknown permission mode "{value}" (expected default, acceptEdits or plan)',
    badMaxIterations: '--max-iterations needs a positive integer, not "{value}"',
    emptyPrompt: "no prompt: give it after -p or on standard input",
    imageProblem: "--image: {message}",
    noModel:
      "No model configured. Choose one with --model <name>, the MAIA_MODEL variable, or \"model\" in .maia/config.json.{models}",
    unknownSubcommand: 'unknown command "{name}"',
    unknownCommand: "Unknown command: /{name}",
    unknownCommandSuggest: "Unknown command: /{name} (did you mean /{suggestion}?)",
    errorPrefix: "Error: {message}",
    aborted: "Interrupted.",
    pluginEnabled: "Plugin {name} enabled in {file}",
    pluginDisabled: "Plugin {name} disabled in {file}",
    pluginsUsage: "usage: maia plugins list [--json] | maia plugins enable|disable <name> [--global]",
    configInvalid: "{file}: {problem} — this part is ignored",
    configUnreadable: "{file}: {problem} — the file is ignored",
    configTooDeep: "it nests deeper than {max} levels (at {pointer})",
    configNotJson: "not valid JSON, line {line}, column {column}: {reason}",
    pluginKeyUnknownDidYouMean:
      '{file}: "plugins.{key}" is neither a first-party plugin nor an installed package — did you mean "{suggestion}"? This setting has no effect; nothing was installed.',
    pluginKeyUnknown:
      '{file}: "plugins.{key}" is neither a first-party plugin nor an installed package — this setting has no effect; nothing was installed (install it with: maia plugins add {key}).',
    resumeNeedsSessions: "--resume and --continue need the sessions plugin, which is disabled",
  },
  {
    usage: `Utilisation :
  maia [--model <spec>]                 lance l'assistant interactif dans ce dossier
  maia -p "<demande>" [options]         exécute une demande sans interface et affiche la réponse
  maia acp                              parle l'Agent Client Protocol sur stdin/stdout (éditeurs, le hub)
  maia plugins list [--json]            liste les plugins et leur état
  maia plugins enable|disable <nom> [--global]
  maia plugins add <paquet>[@version] [--project] | remove <nom> [--project]
  maia plugins add <nom@marketplace | dossier de plugin | URL git> [--project]   un plugin Claude Code
  maia plugins marketplace add <dossier | URL git | owner/repo> | remove <nom> | list | update
  maia <sous-commande> …                sous-commandes ajoutées par les plugins : {subcommands}

Options :
  -m, --model <spec>                    modèle (litellm:<nom> ou <nom>)
  -p, --print [demande]                 mode sans interface ; lit la demande sur l'entrée standard si absente
      --output-format text|json|stream-json
      --allow <règle>                   règle allow pour cette exécution (répétable), ex. --allow 'Bash(npm test)'
      --permission-mode <mode>          default, acceptEdits (Edit/Write du dossier sans demander) ou plan (lecture seule)
      --max-iterations <n>              itérations par série avant arrêt
      --image <fichier>                 avec -p : envoie une image (PNG, JPEG, GIF, WebP) avec la demande (répétable)
      --resume <nom>, -c/--continue     reprend une session enregistrée (par son nom, ou la dernière)
      --strict-plugins                  s'arrête au premier plugin qui ne se charge pas
  -h, --help                            cette aide
      --version                         version`,
    launchFolder: "Dossier de travail : {path}",
    noTty: "maia a besoin d'un terminal interactif (TTY). Pour les scripts : maia -p \"<demande>\"",
    badUsage: "{message}\nVoir maia --help.",
    unknownOption: "option inconnue {option}",
    missingValue: "l'option {option} attend une valeur",
    badOutputFormat: "format de sortie inconnu « {value} » (attendu : text, json ou stream-json)",
    badPermissionMode: "mode de permission inconnu « {value} » (attendu : default, acceptEdits ou plan)",
    badMaxIterations: "--max-iterations attend un entier positif, pas « {value} »",
    emptyPrompt: "aucune demande : donnez-la après -p ou sur l'entrée standard",
    imageProblem: "--image : {message}",
    noModel:
      "Aucun modèle configuré. Choisissez-en un avec --model <nom>, la variable MAIA_MODEL ou « model » dans .maia/config.json.{models}",
    unknownSubcommand: "commande inconnue « {name} »",
    unknownCommand: "Commande inconnue : /{name}",
    unknownCommandSuggest: "Commande inconnue : /{name} (vouliez-vous dire /{suggestion} ?)",
    errorPrefix: "Erreur : {message}",
    aborted: "Interrompu.",
    pluginEnabled: "Plugin {name} activé dans {file}",
    pluginDisabled: "Plugin {name} désactivé dans {file}",
    pluginsUsage: "utilisation : maia plugins list [--json] | maia plugins enable|disable <nom> [--global]",
    configInvalid: "{file} : {problem} — cette partie est ignorée",
    configUnreadable: "{file} : {problem} — le fichier est ignoré",
    configTooDeep: "il est imbriqué sur plus de {max} niveaux (en {pointer})",
    configNotJson: "JSON invalide, ligne {line}, colonne {column} : {reason}",
    pluginKeyUnknownDidYouMean:
      "{file} : « plugins.{key} » n'est ni un plugin intégré ni un paquet installé — vouliez-vous dire « {suggestion} » ? Ce réglage est sans effet ; rien n'a été installé.",
    pluginKeyUnknown:
      "{file} : « plugins.{key} » n'est ni un plugin intégré ni un paquet installé — ce réglage est sans effet ; rien n'a été installé (pour l'installer : maia plugins add {key}).",
    resumeNeedsSessions: "--resume et --continue demandent le plugin sessions, qui est désactivé",
  },
);
