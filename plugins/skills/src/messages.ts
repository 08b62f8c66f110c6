import { defineMessages, type Locale } from "@maia/kernel";

/** Every user-facing string of the skills plugin (tool texts for the model included), English and French. */
export const t = defineMessages(
  {
    shadowed: "{file} defines the same skill with a higher precedence",
    loaded: "Skills loaded:\n{list}",
    problem: "{file}{where}: {problem} — this skill is not loaded.",
    where: " (line {line})",
    noSkillFile: "{folder}: no SKILL.md in this skill folder — add one (a YAML header with a description, then the instructions) or remove the folder.",
    unreadable: "cannot read the file: {cause}",
    tooLarge: "the file is larger than {limit} bytes",
    missingDescription: "the header has no description: add description: <what the skill is for>",
    badDescription: "description must be text",
    badFolderName: "the folder name \"{name}\" cannot be a skill name: use letters, digits, _ . : or - (no spaces, 64 at most)",
    nameMismatch: "{file}: name \"{name}\" differs from the folder \"{folder}\"; the folder's name is used. Make them equal.",
    sourceProject: "project",
    sourceParent: "parent folder",
    sourceUser: "user",
    sourceClaudeProject: "project, .claude",
    sourceClaudeUser: "user, .claude",
    sourcePlugin: "plugin {plugin}",
    // The § prefix (seed § 11.3).
    prefixDescription: "§<skill> [arguments]: run a skill; § alone lists the skills",
    list: "Skills (§<name> [arguments]):\n{list}",
    none: "No skills. A skill is a folder <name>/SKILL.md in .maia/skills (project), ~/.maia/skills or .claude/skills.",
    unknown: "Unknown skill: {name}. Available skills: {list}",
    unknownNone: "Unknown skill: {name}. There are no skills.",
    // The Skill tool, for the model.
    toolDescription:
      "Loads a skill: the instructions for a kind of task, listed in the system prompt under # Skills. Call it with the skill's name before doing such a task, then follow what it returns.",
    toolName: "The skill's name, as listed under # Skills",
    toolArguments: "Optional: what the skill should work on (replaces $ARGUMENTS in its instructions)",
    toolResult: "Skill \"{name}\" (folder {folder}):\n\n{body}",
  },
  {
    shadowed: "{file} définit la même compétence avec une priorité plus haute",
    loaded: "Skills chargés :\n{list}",
    problem: "{file}{where} : {problem} — ce skill n'est pas chargé.",
    where: " (ligne {line})",
    noSkillFile:
      "{folder} : aucun SKILL.md dans ce dossier de skill — ajoutez-en un (un en-tête YAML avec une description, puis les instructions) ou supprimez le dossier.",
    unreadable: "lecture du fichier impossible : {cause}",
    tooLarge: "le fichier dépasse {limit} octets",
    missingDescription: "l'en-tête n'a pas de description : ajoutez description: <à quoi sert le skill>",
    badDescription: "description doit être un texte",
    badFolderName:
      "le nom de dossier « {name} » ne peut pas être un nom de skill : lettres, chiffres, _ . : ou - (sans espace, 64 au plus)",
    nameMismatch: "{file} : name « {name} » diffère du dossier « {folder} » ; le nom du dossier fait foi. Rendez-les égaux.",
    sourceProject: "projet",
    sourceParent: "dossier parent",
    sourceUser: "utilisateur",
    sourceClaudeProject: "projet, .claude",
    sourceClaudeUser: "utilisateur, .claude",
    sourcePlugin: "plugin {plugin}",
    prefixDescription: "§<skill> [arguments] : lance un skill ; § seul liste les skills",
    list: "Skills (§<nom> [arguments]) :\n{list}",
    none: "Aucun skill. Un skill est un dossier <nom>/SKILL.md dans .maia/skills (projet), ~/.maia/skills ou .claude/skills.",
    unknown: "Skill inconnu : {name}. Skills disponibles : {list}",
    unknownNone: "Skill inconnu : {name}. Il n'y a aucun skill.",
    toolDescription:
      "Charge un skill : les instructions pour un type de tâche, listées dans le prompt système sous # Skills. Appelle-le avec le nom du skill avant une telle tâche, puis suis ce qu'il renvoie.",
    toolName: "Le nom du skill, tel que listé sous # Skills",
    toolArguments: "Facultatif : ce sur quoi le skill doit travailler (remplace $ARGUMENTS dans ses instructions)",
    toolResult: "Skill « {name} » (dossier {folder}) :\n\n{body}",
  },
);

/** The system prompt's skills section, in the session's language (like the rest of the prompt). */
export const PROMPTS: Record<Locale, { heading: string; intro: string }> = {
  en: {
    heading: "# Skills",
    intro:
      "Skills are instructions for specific kinds of tasks. When a task matches a skill's description, load the skill with the Skill tool before starting, then follow it.",
  },
  fr: {
    heading: "# Skills",
    intro:
      "Les skills sont des instructions pour des types de tâches précis. Quand une tâche correspond à la description d'un skill, charge-le avec l'outil Skill avant de commencer, puis suis-le.",
  },
};
