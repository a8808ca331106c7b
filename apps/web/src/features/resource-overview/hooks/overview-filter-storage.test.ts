import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_OVERVIEW_FILTERS,
  readOverviewFilters,
  storeOverviewFilter,
} from './overview-filter-storage.ts';

beforeEach(() => window.localStorage.clear());

describe('overview filter storage', () => {
  it('starts with "in use by me" off and "introduced / authorized" on', () => {
    expect(readOverviewFilters(window.localStorage)).toEqual({
      onlyInUseByMe: false,
      onlyWithPermissions: true,
    });
    expect(DEFAULT_OVERVIEW_FILTERS).toEqual({ onlyInUseByMe: false, onlyWithPermissions: true });
  });

  it('stores each switch as the word true or false and reads it back', () => {
    storeOverviewFilter(window.localStorage, 'onlyInUseByMe', true);
    storeOverviewFilter(window.localStorage, 'onlyWithPermissions', false);
    expect(window.localStorage.getItem('resourceOverview.onlyInUseByMe')).toBe('true');
    expect(window.localStorage.getItem('resourceOverview.onlyWithPermissions')).toBe('false');
    expect(readOverviewFilters(window.localStorage)).toEqual({
      onlyInUseByMe: true,
      onlyWithPermissions: false,
    });
  });

  it('falls back to the default for a value that is not true or false', () => {
    window.localStorage.setItem('resourceOverview.onlyWithPermissions', 'yes');
    expect(readOverviewFilters(window.localStorage).onlyWithPermissions).toBe(true);
  });
});
