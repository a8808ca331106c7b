export type Frame = { id: string; event: string; data: string };

/** A client of the event stream over real HTTP, reading frames as fetch-event-source would. */
export async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const waiters: ((frame: Frame) => void)[] = [];
  const comments: string[] = [];
  const body = response.body;
  let markEnded: () => void = () => undefined;
  /** Settles when the server ends the stream or the connection drops. */
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  if (response.ok && body) {
    void (async () => {
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: Frame = { id: '', event: '', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) frame.id = line.slice(4);
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data += line.slice(6);
          }
          if (!frame.event) continue;
          const waiter = waiters.shift();
          if (waiter) waiter(frame);
          else frames.push(frame);
        }
      }
    })()
      .catch(() => undefined)
      .finally(() => markEnded());
  }
  return {
    response,
    comments,
    ended,
    /** Every frame received and not yet taken with next(). */
    pending: frames,
    /** The next event, or a failure when none arrives within the time limit. */
    next(timeoutMs: number): Promise<Frame> {
      const ready = frames.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No event within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((frame) => {
          clearTimeout(timer);
          resolve(frame);
        });
      });
    },
    close: () => controller.abort(),
  };
}
