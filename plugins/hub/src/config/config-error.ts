/**
 * An error of the configuration store meant for the user as it is (a `--config` file that does not exist, a
 * folder that cannot be listed): the CLI prints its message, the server answers it to the page. Anything
 * else thrown from here is a bug.
 */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  /** The HTTP status the server answers it with: the request named something that cannot be used. */
  readonly status = 400;
}
