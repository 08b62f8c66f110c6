import { defineMessages } from "@maia/kernel";

/** The strings `maia hub` prints in the terminal and answers over HTTP, in English and French. */
export const t = defineMessages(
  {
    subcommandDescription: "a local web app that starts, supervises and configures several ACP agents",
    usage:
      "Usage: maia hub [--config FILE] [--port N] [--host ADDR] [--no-open]\n" +
      "  --config FILE  the configuration to open (default: the last one opened, else ~/.maia/hub.json)\n" +
      "  --port N       the port to listen on (default 0: a free port)\n" +
      "  --host ADDR    the address to bind (default 127.0.0.1; another address is reachable from the network)\n" +
      "  --no-open      print the address without opening a browser",
    banner: "MAIA hub: {url}",
    badPort: 'the port must be an integer from 0 to 65535, not "{value}"',
    nonLoopbackHost:
      "WARN maia hub listens on {host}, which other machines may reach; the token in the address still guards every request",
    listenFailed: "maia hub cannot listen on {host}:{port}: {cause}",
    noOpener: "No browser opener found ({commands}): open the address above yourself.",
    stopping: "Stopping the agents…",
    configFailed: "maia hub cannot open its configuration: {cause}",
    // HTTP refusals (the page and scripts read them).
    needToken: "This hub needs its token: open the address that `maia hub` printed in the terminal.",
    badHost: 'Host "{host}" is not this hub (expected {expected}): request refused.',
    badOrigin: 'Origin "{origin}" is not this hub: cross-site request refused.',
    crossSite: "Cross-site request refused.",
    needJson: "Send the arguments as a JSON array with Content-Type: application/json.",
    badArguments: "{service}.{method}: bad arguments: {details}",
    unknownMethod: "There is no method {service}.{method}.",
    notFound: "Not found.",
    pageMissing: "The hub's page is not built: run pnpm build.",
    internalError: "{service}.{method} failed: {cause}",
    needChannelToken: 'Channel "{name}" needs its own token: Authorization: Bearer <the token of its environment variable>.',
    needChannelJson: 'Send {"text": "…"} as JSON with Content-Type: application/json.',
  },
  {
    subcommandDescription: "une application web locale qui démarre, supervise et configure plusieurs agents ACP",
    usage:
      "Usage : maia hub [--config FICHIER] [--port N] [--host ADRESSE] [--no-open]\n" +
      "  --config FICHIER  la configuration à ouvrir (par défaut : la dernière ouverte, sinon ~/.maia/hub.json)\n" +
      "  --port N          le port d'écoute (par défaut 0 : un port libre)\n" +
      "  --host ADRESSE    l'adresse d'écoute (par défaut 127.0.0.1 ; une autre adresse est joignable depuis le réseau)\n" +
      "  --no-open         affiche l'adresse sans ouvrir de navigateur",
    banner: "MAIA hub: {url}",
    badPort: "le port doit être un entier de 0 à 65535, pas « {value} »",
    nonLoopbackHost:
      "WARN maia hub écoute sur {host}, que d'autres machines peuvent joindre ; le jeton de l'adresse protège toujours chaque requête",
    listenFailed: "maia hub ne peut pas écouter sur {host}:{port} : {cause}",
    noOpener: "Aucun programme pour ouvrir un navigateur ({commands}) : ouvrez vous-même l'adresse ci-dessus.",
    stopping: "Arrêt des agents…",
    configFailed: "maia hub ne peut pas ouvrir sa configuration : {cause}",
    needToken: "Ce hub demande son jeton : ouvrez l'adresse que `maia hub` a affichée dans le terminal.",
    badHost: "L'hôte « {host} » n'est pas ce hub (attendu : {expected}) : requête refusée.",
    badOrigin: "L'origine « {origin} » n'est pas ce hub : requête d'un autre site refusée.",
    crossSite: "Requête d'un autre site refusée.",
    needJson: "Envoyez les arguments en tableau JSON avec Content-Type: application/json.",
    badArguments: "{service}.{method} : arguments incorrects : {details}",
    unknownMethod: "Il n'y a pas de méthode {service}.{method}.",
    notFound: "Introuvable.",
    pageMissing: "La page du hub n'est pas construite : lancez pnpm build.",
    internalError: "{service}.{method} a échoué : {cause}",
    needChannelToken: "Le canal « {name} » demande son propre jeton : Authorization: Bearer <le jeton de sa variable d'environnement>.",
    needChannelJson: 'Envoyez {"text": "…"} en JSON avec Content-Type: application/json.',
  },
);
