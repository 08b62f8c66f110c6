import { defineMessages } from "@maia/kernel";

/** The strings of the shared rule code, in English and French (warnings about rules, refused settings edits). */
export const t = defineMessages(
  {
    mcpUnknownServer: '{file}: rule "{rule}" names an MCP server "{key}" that is not configured (known: {known})',
    settingsNotJson: "{file} is not valid JSON{where}. Fix the file, then choose again.",
    settingsNotObject: "{file} must contain a JSON object.",
    settingsBadPermissions: '{file}: "permissions" must be an object with allow, ask and deny lists.',
    settingsBadList: '{file}: "permissions.{kind}" must be a list of strings.',
    atLine: " (line {line})",
  },
  {
    mcpUnknownServer: "{file} : la règle « {rule} » désigne un serveur MCP « {key} » non configuré (connus : {known})",
    settingsNotJson: "{file} n'est pas un JSON valide{where}. Corrigez le fichier, puis choisissez à nouveau.",
    settingsNotObject: "{file} doit contenir un objet JSON.",
    settingsBadPermissions: "{file} : « permissions » doit être un objet avec des listes allow, ask et deny.",
    settingsBadList: "{file} : « permissions.{kind} » doit être une liste de chaînes.",
    atLine: " (ligne {line})",
  },
);
