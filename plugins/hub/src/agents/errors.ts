/**
 * An error of the supervisor that the page should see as is. `status` is the HTTP status the server answers
 * with: 404 for an agent the configuration does not have, 409 for a refusal or a conflict with the agent's
 * state (the limit of running agents, a stop that overtook the start), 502 when the agent itself failed to
 * start (the hub is fine; what it supervises is not), 503 while the hub shuts down, 500 for a fault of the hub.
 */
export class SupervisorError extends Error {
  readonly status: 404 | 409 | 500 | 502 | 503;

  constructor(message: string, status: 404 | 409 | 500 | 502 | 503) {
    super(message);
    this.name = "SupervisorError";
    this.status = status;
  }
}

/** Why a start failed, already worded for the user; the supervisor appends the agent's last stderr lines. */
export class StartFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "StartFailure";
  }
}
