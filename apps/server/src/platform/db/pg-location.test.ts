import { describe, expect, it } from 'vitest';
import { postgresLocation } from './pg-location.ts';

describe('postgresLocation', () => {
  it('names host, port and database, without the credentials', () => {
    expect(postgresLocation('postgres://toolpass:secret@db.example.org:5433/toolpass')).toBe(
      'db.example.org:5433/toolpass',
    );
    expect(postgresLocation('postgres://toolpass@127.0.0.1/toolpass')).toBe('127.0.0.1:5432/toolpass');
  });

  it('names the folder of a Unix socket, in either way of writing it', () => {
    expect(postgresLocation('postgres://toolpass@%2Fvar%2Frun%2Fpostgresql/toolpass')).toBe(
      'socket /var/run/postgresql/toolpass',
    );
    expect(postgresLocation('postgres://toolpass@/toolpass?host=/var/run/postgresql')).toBe(
      'socket /var/run/postgresql/toolpass',
    );
  });
});
