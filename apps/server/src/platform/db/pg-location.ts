import { parse } from 'pg-connection-string';

/**
 * Where a PostgreSQL URL points, for the start-up log: host and port, or the folder of the Unix
 * socket (`postgres://user@%2Fvar%2Frun%2Fpostgresql/db`, or `?host=/var/run/postgresql`), and
 * the database. Never the password. Parsed as pg parses it, so every form pg accepts is named.
 */
export function postgresLocation(connectionString: string): string {
  const { host, port, database } = parse(connectionString);
  const server = host?.startsWith('/') ? `socket ${host}` : `${host || 'localhost'}:${port || 5432}`;
  return `${server}/${database ?? ''}`;
}
