import type Pg from 'pg';

/** The statement texts PostgreSQL keeps prepared on each connection, with their names. */
const names = new Map<string, string>();

/** `select *`, `"t".*` or `returning *`: a row type that grows with its table (not `count(*)`). */
const GROWING_ROW = /(?:\bselect|\breturning|,)\s*(?:"[^"]*"\.)?\*/i;

/**
 * Asks for a statement to be prepared once per PostgreSQL connection and then only bound and
 * executed, so PostgreSQL skips parsing and, once it settles on a generic plan, planning: a third
 * of its CPU on a usage start (decision 24). Only fixed texts belong here (reusable-query.ts):
 * each is a plan kept on every connection for the connection's lifetime. SQLite's driver keeps
 * its own statement cache and never reads this.
 */
export function keepPrepared(text: string): void {
  // A connection that prepared such a row before another instance's migration added a column
  // would fail the statement ("cached plan must not change result type"): those are planned each time.
  if (names.has(text) || GROWING_ROW.test(text)) return;
  names.set(text, `toolpass_${names.size + 1}`);
}

/** Statement texts whose sender sends another statement before it awaits their answer. */
const sentWithNextTexts = new Set<string>();

/**
 * Holds a statement in the socket until the connection's next statement joins it: each write to
 * a local socket costs the app about 30 µs of system time and PostgreSQL a wake-up. For texts
 * whose sender does not wait for their answer before its next statement (BEGIN, the event write
 * before COMMIT); any other would only wait for the end of the event loop's turn.
 */
export function sendWithNext(text: string): void {
  sentWithNextTexts.add(text);
}

/** PostgreSQL's answer when a migration changed the row type of a prepared statement. */
function resultTypeChanged(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000';
}

/** Kysely's BEGIN, with or without an isolation level. */
const BEGIN = /^(?:begin|start transaction)\b/i;

/**
 * pg's client, preparing the statements of `keepPrepared` under their names (pg parses a named
 * statement on a connection's first use of it), and writing a transaction's BEGIN to the socket
 * together with the statement after it. Kysely sends every query as text and values.
 */
export function preparingClient(pg: typeof Pg): typeof Pg.Client {
  class PreparingClient extends pg.Client {
    constructor(config?: Pg.ClientConfig) {
      // Pipelining sends a query without waiting for the one before it to be answered: a
      // transaction's BEGIN and first statement share a round trip (pg-change-counter.ts).
      // Kysely itself awaits every statement, so nothing else changes.
      super({ ...config, pipeline: true });
    }

    /** Names whose prepared row type a migration changed: sent unnamed from then on. */
    readonly #outdated = new Set<string>();
    /** A statement is held in the corked socket until the next one joins it. */
    #holding = false;

    // pg's overloads cannot be restated one by one; only the (text, values) form is named.
    override query(...args: unknown[]): never {
      const [text] = args;
      // Each write to a local socket costs the app about 30 µs of system time (the loopback
      // hands the bytes to PostgreSQL in the same call), a quarter of its time on a usage start:
      // BEGIN (sent without waiting, pg-change-counter.ts) and the first statement share one,
      // and so do the event write and COMMIT (pg-event-write.ts).
      if (typeof text === 'string' && (BEGIN.test(text) || sentWithNextTexts.has(text)) && !this.#holding) {
        this.#holding = true;
        this.connection.stream.cork();
        // A sender whose next statement waits for something else lets this one go at the end of the turn.
        setImmediate(() => this.#release());
        return this.#send(args);
      }
      const answer = this.#send(args);
      this.#release();
      return answer;
    }

    #release(): void {
      if (!this.#holding) return;
      this.#holding = false;
      this.connection.stream.uncork();
    }

    #send(args: unknown[]): never {
      const [text, values, ...rest] = args;
      const query = super.query as (...forwarded: unknown[]) => never;
      const name =
        typeof text === 'string' && Array.isArray(values) && rest.length === 0 ? names.get(text) : undefined;
      if (name === undefined || this.#outdated.has(name)) return query.apply(this, args);
      const answer = query.call(this, { name, text, values }) as Promise<unknown>;
      return answer.catch((error: unknown) => {
        // The statement failed once (its transaction with it, so it is not retried here); the
        // next use on this connection plans it afresh.
        if (resultTypeChanged(error)) this.#outdated.add(name);
        throw error;
      }) as never;
    }
  }
  return PreparingClient;
}
