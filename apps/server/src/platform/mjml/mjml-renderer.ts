import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { MJML_MAX_PROBLEMS, MJML_RENDER_TIME_LIMIT_MS, type MjmlProblem } from '@toolpass/contracts';

export type RenderRequest = { id: number; mjml: string; withText: boolean; maxProblems: number };
export type RenderReply =
  | { ready: true }
  | { id: number; ok: true; html: string; text?: string; problems: MjmlProblem[] }
  | { id: number; ok: false };

/** HTML from MJML, its plain-text part when asked for, and where the MJML breaks MJML's rules. */
export type MjmlRendering = { html: string; text: string | undefined; problems: MjmlProblem[] };

/** MJML that does not parse at all (no `<mjml>` root, not markup). */
export class MjmlParseError extends Error {
  override name = 'MjmlParseError';
}
/** The render ran past the time limit and its worker was stopped. */
export class MjmlTooSlowError extends Error {
  override name = 'MjmlTooSlowError';
}
/** Every worker is busy and the waiting line is full. */
export class MjmlRendererBusyError extends Error {
  override name = 'MjmlRendererBusyError';
}

// Node loads the worker itself: from source (vitest, `npm run dev`) TypeScript through its type
// stripping (the worker imports nothing vitest would have to transform); under `npm start` the
// worker's bundle beside the server's (scripts/build-server-if-changed.ts).
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './mjml-render-worker.ts' : './mjml-render-worker.js',
  import.meta.url,
);

type Job = {
  mjml: string;
  withText: boolean;
  resolve: (rendering: MjmlRendering) => void;
  reject: (error: Error) => void;
};
type Slot = {
  worker: Worker;
  ready: boolean;
  running?: { id: number; job: Job; timer: NodeJS.Timeout };
};

/**
 * Renders MJML in a small pool of worker threads (decision 12), so a costly template never holds
 * up the event loop: each render gets `timeLimitMs`, after which its worker is terminated and
 * replaced. Workers start on first use and are reused; at most `maxWaiting` renders wait for one,
 * more are refused (busy) unless the caller may wait (its renders are few by construction).
 */
export function createMjmlRenderer(
  options: { workers?: number; maxWaiting?: number; timeLimitMs?: number } = {},
) {
  // One core stays with the event loop: two workers on four cores, one on two.
  const size = options.workers ?? Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
  const maxWaiting = options.maxWaiting ?? 8;
  const timeLimitMs = options.timeLimitMs ?? MJML_RENDER_TIME_LIMIT_MS;
  const slots = new Set<Slot>();
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): void {
    const worker = new Worker(WORKER_URL);
    // An idle worker does not keep the process alive; a running render's timer does.
    worker.unref();
    const slot: Slot = { worker, ready: false };
    slots.add(slot);
    worker.on('message', (reply: RenderReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        dispatch();
        return;
      }
      const running = slot.running;
      if (!running || running.id !== reply.id) return;
      clearTimeout(running.timer);
      slot.running = undefined;
      if (reply.ok) running.job.resolve({ html: reply.html, text: reply.text, problems: reply.problems });
      else running.job.reject(new MjmlParseError('MJML does not parse'));
      dispatch();
    });
    worker.on('error', (error) => retire(slot, error));
    worker.on('exit', () => retire(slot, new Error('The MJML render worker stopped')));
  }

  function retire(slot: Slot, error: Error): void {
    if (!slots.delete(slot)) return;
    if (slot.running) {
      clearTimeout(slot.running.timer);
      slot.running.job.reject(error);
    }
    // A worker that cannot even start would fail again: the waiting renders fail now instead of
    // spawning workers in a loop; the next render tries again.
    if (!slot.ready) for (const job of waiting.splice(0)) job.reject(error);
    dispatch();
  }

  function start(slot: Slot, job: Job): void {
    const id = nextId++;
    const timer = setTimeout(() => {
      slots.delete(slot);
      void slot.worker.terminate();
      job.reject(new MjmlTooSlowError(`MJML took longer than ${timeLimitMs} ms to render`));
      // The replacement loads MJML now, so the next render does not pay for it.
      if (!closed) spawn();
      dispatch();
    }, timeLimitMs);
    slot.running = { id, job, timer };
    const request: RenderRequest = {
      id,
      mjml: job.mjml,
      withText: job.withText,
      maxProblems: MJML_MAX_PROBLEMS,
    };
    slot.worker.postMessage(request);
  }

  function dispatch(): void {
    if (closed) return;
    while (waiting.length > 0) {
      const idle = [...slots].find((slot) => slot.ready && !slot.running);
      const job = idle && waiting.shift();
      if (idle && job) {
        start(idle, job);
        continue;
      }
      const starting = [...slots].filter((slot) => !slot.ready).length;
      if (slots.size >= size || starting >= waiting.length) return;
      spawn();
    }
  }

  return {
    /**
     * Renders `mjml` (with its text part when `withText`). Rejects with MjmlParseError,
     * MjmlTooSlowError, or MjmlRendererBusyError when the line is full and not `mayWait`.
     */
    render(mjml: string, options: { withText?: boolean; mayWait?: boolean } = {}): Promise<MjmlRendering> {
      if (closed) return Promise.reject(new Error('The MJML renderer is closed'));
      if (!options.mayWait && waiting.length >= maxWaiting) {
        return Promise.reject(new MjmlRendererBusyError('Every MJML render worker is busy'));
      }
      return new Promise((resolve, reject) => {
        waiting.push({ mjml, withText: options.withText ?? false, resolve, reject });
        dispatch();
      });
    },

    async close(): Promise<void> {
      closed = true;
      const stopped = new Error('The MJML renderer is closed');
      for (const job of waiting.splice(0)) job.reject(stopped);
      const all = [...slots];
      slots.clear();
      for (const slot of all) {
        if (slot.running) {
          clearTimeout(slot.running.timer);
          slot.running.job.reject(stopped);
        }
      }
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}

export type MjmlRenderer = ReturnType<typeof createMjmlRenderer>;
