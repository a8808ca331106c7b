import type Pg from 'pg';
import { lazyModule } from '../lazy-module.ts';

/** The PostgreSQL driver, loaded only when PostgreSQL is configured: SQLite installs never pay for it. */
export const pgDriver = lazyModule<typeof Pg>('pg');
