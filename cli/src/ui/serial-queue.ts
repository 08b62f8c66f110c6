/**
 * Runs tasks one at a time, in order: questions to the user (parallel tools, sub-agents) are asked one after the
 * other. A task starts synchronously when none is running, so keys typed right after reach its question.
 */
export class SerialQueue {
  readonly #waiting: Array<() => void> = [];
  #running = false;

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#running = true;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.#running = false;
            this.#waiting.shift()?.();
          });
      };
      if (this.#running) this.#waiting.push(start);
      else start();
    });
  }
}
