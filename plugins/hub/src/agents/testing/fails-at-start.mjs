// Writes its complaint on stderr and exits 1 before any handshake, like an agent missing its configuration.
process.stderr.write("error: no model configured\nhint: set FAKE_MODEL and try again\n");
process.exit(1);
