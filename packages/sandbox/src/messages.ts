import { defineMessages } from "@maia/util";

/** Every string of the sandbox's mechanics (settings warnings, refusals the model reads), in English and French. */
export const t = defineMessages(
  {
    notObject: "{file}: `sandbox` must be an object; the sandbox settings of this file are ignored",
    wrongType: "{file}: `{key}` must be {expected}; ignored",
    unknownKey: "{file}: unknown sandbox setting `{key}`; ignored",
    unknownKeyGuess: "{file}: unknown sandbox setting `{key}` (did you mean `{guess}`?); ignored",
    unsupportedKey: "{file}: `{key}` is a Claude Code sandbox setting that MAIA does not support; ignored",
    unixSocketsByPath:
      "{file}: `sandbox.network.allowUnixSockets` lists paths, but Linux's sandbox cannot allow Unix sockets one by one: they stay blocked (set `sandbox.network.allowAllUnixSockets: true` to allow every Unix socket)",
    booleanExpected: "true or false",
    listExpected: "a list of strings",
    domainListExpected: "a list of domain names (`example.com`, `*.example.com`)",
    refusedWrite:
      "The sandbox refused writing {path}: sandboxed commands may write only in the launch folder{extra} and their private temporary folder ($TMPDIR), and never in {protected}.",
    refusedWriteNoPath:
      "The sandbox refused a write (read-only file system): sandboxed commands may write only in the launch folder{extra} and their private temporary folder ($TMPDIR).",
    refusedHost: "The sandbox's network proxy refused {hosts}: only the domains of sandbox.network.allowedDomains (and WebFetch(domain:…) allow rules) are reachable.",
    noNetwork: "The sandbox has no network: no domain is allowed (sandbox.network.allowedDomains).",
    refusedSocket: "The sandbox blocks Unix sockets (a socket such as Docker's is a way out of it) and listening on ports (sandbox.network.allowLocalBinding).",
    refusedAdvice:
      "If the command needs this, tell the user: they can run it outside the sandbox (call Bash again with dangerouslyDisableSandbox: true, which always asks them) or widen the sandbox in settings.json.",
    protectedList: "the project's .git/hooks, .git/config, .maia, .claude and .mcp.json",
  },
  {
    notObject: "{file} : `sandbox` doit être un objet ; les réglages du bac à sable de ce fichier sont ignorés",
    wrongType: "{file} : `{key}` doit être {expected} ; ignoré",
    unknownKey: "{file} : réglage du bac à sable inconnu `{key}` ; ignoré",
    unknownKeyGuess: "{file} : réglage du bac à sable inconnu `{key}` (vouliez-vous dire `{guess}` ?) ; ignoré",
    unsupportedKey: "{file} : `{key}` est un réglage du bac à sable de Claude Code que MAIA ne prend pas en charge ; ignoré",
    unixSocketsByPath:
      "{file} : `sandbox.network.allowUnixSockets` liste des chemins, mais le bac à sable de Linux ne peut pas autoriser les sockets Unix un par un : elles restent bloquées (mettez `sandbox.network.allowAllUnixSockets: true` pour les autoriser toutes)",
    booleanExpected: "true ou false",
    listExpected: "une liste de chaînes",
    domainListExpected: "une liste de noms de domaine (`example.com`, `*.example.com`)",
    refusedWrite:
      "Le bac à sable a refusé d'écrire {path} : les commandes du bac à sable n'écrivent que dans le dossier de lancement{extra} et leur dossier temporaire privé ($TMPDIR), et jamais dans {protected}.",
    refusedWriteNoPath:
      "Le bac à sable a refusé une écriture (système de fichiers en lecture seule) : les commandes du bac à sable n'écrivent que dans le dossier de lancement{extra} et leur dossier temporaire privé ($TMPDIR).",
    refusedHost:
      "Le proxy réseau du bac à sable a refusé {hosts} : seuls les domaines de sandbox.network.allowedDomains (et des règles d'autorisation WebFetch(domain:…)) sont joignables.",
    noNetwork: "Le bac à sable n'a pas de réseau : aucun domaine n'est autorisé (sandbox.network.allowedDomains).",
    refusedSocket:
      "Le bac à sable bloque les sockets Unix (une socket comme celle de Docker permet d'en sortir) et l'écoute sur un port (sandbox.network.allowLocalBinding).",
    refusedAdvice:
      "Si la commande en a besoin, dites-le à l'utilisateur : il peut la lancer hors du bac à sable (rappelez Bash avec dangerouslyDisableSandbox: true, ce qui lui est toujours demandé) ou élargir le bac à sable dans settings.json.",
    protectedList: "les .git/hooks, .git/config, .maia, .claude et .mcp.json du projet",
  },
);
