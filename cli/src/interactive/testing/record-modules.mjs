// Preloaded with `node --import` by the tests that prove which files a run opens: every module Node loads is
// appended to $MAIA_MODULES_FILE, one URL per line.
import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

const file = process.env.MAIA_MODULES_FILE;
if (file) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
