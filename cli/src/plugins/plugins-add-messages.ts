import { defineMessages } from "@maia/kernel";

/**
 * The strings of `maia plugins add|remove`, English and French. (They belong in cli/src/messages.ts; kept here
 * while that file is another change's.)
 */
export const t = defineMessages(
  {
    usage:
      "usage: maia plugins add <name>[@version] [--project] | maia plugins add <path to a .tgz or a folder> [--project] | maia plugins remove <name> [--project]",
    badName:
      '"{spec}" is not an npm package name: use lower-case letters, digits, - . _ ~ (and @scope/ for a scoped package), optionally followed by @version',
    builtinName: '"{name}" is a built-in plugin of MAIA: nothing to install; use maia plugins enable|disable {name}',
    removeNoVersion: 'give the package name without a version: maia plugins remove {name}',
    installing: "Installing {spec} into {folder} with npm…",
    npmMissing: "npm could not be started ({cause}): install Node.js with npm, then try again",
    installFailed: "npm could not install {spec}:\n{npm}",
    notFound: 'package "{spec}" was not found on the npm registry ({registry}). Check its name (npm search maia-plugin).',
    noMatchingVersion: 'no published version of "{name}" matches "{version}".\n{npm}',
    unreachable: "npm could not reach the registry ({registry}): check the network or the npm registry setting.\n{npm}",
    installedNameUnknown: "npm installed {spec}, but MAIA could not tell which package it is (no entry in {manifest})",
    notImportable: '"{name}" was installed but cannot be loaded: {reason}',
    notAPlugin: '"{name}" is not a MAIA plugin: {reason}',
    kernelRange: '"{name}" is not compatible with this MAIA: {reason}',
    rolledBack: "It was uninstalled again.",
    added: "Installed {name} {version} in {folder} and enabled it in {file}.",
    needsOptions:
      'Note: {name} needs options before it can start ({problems}): add them under "plugins" → "{name}" → "options" in {file}.',
    notInstalled: '"{name}" is neither installed in {folder} nor listed in {file}: nothing to remove.',
    uninstallFailed: "npm could not uninstall {name}:\n{npm}",
    removed: "Removed {name}{from}.",
    removedFromFolder: " from {folder}",
    removedFromConfig: " and from {file}",
    removedFromConfigOnly: " from {file} (it was not installed in {folder})",
    configBroken: "{file}: {problem}; fix it by hand first",
    configNotObject: "the file must hold a JSON object",
  },
  {
    usage:
      "utilisation : maia plugins add <nom>[@version] [--project] | maia plugins add <chemin d'un .tgz ou d'un dossier> [--project] | maia plugins remove <nom> [--project]",
    badName:
      "« {spec} » n'est pas un nom de paquet npm : lettres minuscules, chiffres, - . _ ~ (et @portée/ pour un paquet à portée), éventuellement suivis de @version",
    builtinName: "« {name} » est un plugin intégré à MAIA : rien à installer ; utilisez maia plugins enable|disable {name}",
    removeNoVersion: "donnez le nom du paquet sans version : maia plugins remove {name}",
    installing: "Installation de {spec} dans {folder} avec npm…",
    npmMissing: "npm n'a pas pu être lancé ({cause}) : installez Node.js avec npm, puis réessayez",
    installFailed: "npm n'a pas pu installer {spec} :\n{npm}",
    notFound: "le paquet « {spec} » est introuvable sur le registre npm ({registry}). Vérifiez son nom (npm search maia-plugin).",
    noMatchingVersion: "aucune version publiée de « {name} » ne correspond à « {version} ».\n{npm}",
    unreachable: "npm n'a pas pu joindre le registre ({registry}) : vérifiez le réseau ou le réglage du registre npm.\n{npm}",
    installedNameUnknown: "npm a installé {spec}, mais MAIA ne sait pas de quel paquet il s'agit (aucune entrée dans {manifest})",
    notImportable: "« {name} » est installé mais ne peut pas être chargé : {reason}",
    notAPlugin: "« {name} » n'est pas un plugin MAIA : {reason}",
    kernelRange: "« {name} » n'est pas compatible avec ce MAIA : {reason}",
    rolledBack: "Il a été désinstallé.",
    added: "{name} {version} installé dans {folder} et activé dans {file}.",
    needsOptions:
      "Remarque : {name} a besoin d'options pour démarrer ({problems}) : ajoutez-les sous \"plugins\" → \"{name}\" → \"options\" dans {file}.",
    notInstalled: "« {name} » n'est ni installé dans {folder} ni listé dans {file} : rien à retirer.",
    uninstallFailed: "npm n'a pas pu désinstaller {name} :\n{npm}",
    removed: "{name} retiré{from}.",
    removedFromFolder: " de {folder}",
    removedFromConfig: " et de {file}",
    removedFromConfigOnly: " de {file} (il n'était pas installé dans {folder})",
    configBroken: "{file} : {problem} ; corrigez-le à la main d'abord",
    configNotObject: "le fichier doit contenir un objet JSON",
  },
);
