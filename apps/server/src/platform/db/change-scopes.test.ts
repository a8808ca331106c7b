import { describe, expect, it } from 'vitest';
import { mayTouchAccounts } from './change-scopes.ts';

describe('mayTouchAccounts', () => {
  it('tells writes to other tables from writes that may touch accounts', () => {
    expect(mayTouchAccounts('insert into "usage_sessions" ("resource_id") values (?)')).toBe(false);
    expect(mayTouchAccounts('update "usage_sessions" set "end_time" = ? where "id" = ?')).toBe(false);
    expect(mayTouchAccounts('delete from "outbox_events" where "id" = ?')).toBe(false);
    expect(
      mayTouchAccounts(
        'with event as (insert into "outbox_events" ("type") values ($1) returning "id") ' +
          'insert into "delivery_jobs" ("event_id") select "id" from event',
      ),
    ).toBe(false);
    expect(mayTouchAccounts('insert into "x" ("a") values (?) on conflict ("a") do update set "a" = ?')).toBe(
      false,
    );

    expect(mayTouchAccounts('update "users" set "email" = ? where "id" = ?')).toBe(true);
    expect(mayTouchAccounts('delete from "auth_sessions" where "expires_at" <= ?')).toBe(true);
    expect(mayTouchAccounts('insert into "users" ("username") values (?)')).toBe(true);
    expect(
      mayTouchAccounts(
        'with gone as (delete from "auth_sessions" where "user_id" = $1) update "audit" set "n" = 1',
      ),
    ).toBe(true);
  });

  it('counts a write whose table it cannot read as one that may touch accounts', () => {
    expect(mayTouchAccounts('truncate users')).toBe(true);
    expect(mayTouchAccounts('select pg_notify($1, $2)')).toBe(true);
    expect(mayTouchAccounts('create table "t" ("a" integer)')).toBe(true);
  });
});
