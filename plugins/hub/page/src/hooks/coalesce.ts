/**
 * Wraps a refetch so that bursts of events cause at most one request in flight and one queued after it: the
 * queued one sees every change of the burst, and answers cannot arrive out of order.
 */
export function coalesce(task: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await task();
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => void run();
}
