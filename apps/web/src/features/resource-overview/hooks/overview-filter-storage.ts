/** The two overview switches (spec 01 §2). */
export type OverviewFilters = { onlyInUseByMe: boolean; onlyWithPermissions: boolean };
export type OverviewFilterName = keyof OverviewFilters;
export const OVERVIEW_FILTER_NAMES: OverviewFilterName[] = ['onlyInUseByMe', 'onlyWithPermissions'];

/** Spec 01 §9: members see what they may use, whether in use by them or not. */
export const DEFAULT_OVERVIEW_FILTERS: OverviewFilters = { onlyInUseByMe: false, onlyWithPermissions: true };

const STORAGE_KEYS: Record<OverviewFilterName, string> = {
  onlyInUseByMe: 'resourceOverview.onlyInUseByMe',
  onlyWithPermissions: 'resourceOverview.onlyWithPermissions',
};

function readFlag(storage: Storage, name: OverviewFilterName): boolean {
  try {
    const stored = storage.getItem(STORAGE_KEYS[name]);
    if (stored === 'true') return true;
    if (stored === 'false') return false;
  } catch {
    // Storage can be blocked (private modes, policies); the default applies then.
  }
  return DEFAULT_OVERVIEW_FILTERS[name];
}

/** The stored switches; anything other than the words true and false counts as not set. */
export function readOverviewFilters(storage: Storage): OverviewFilters {
  return {
    onlyInUseByMe: readFlag(storage, 'onlyInUseByMe'),
    onlyWithPermissions: readFlag(storage, 'onlyWithPermissions'),
  };
}

/** Stores one switch as true or false (spec 01 §9). */
export function storeOverviewFilter(storage: Storage, name: OverviewFilterName, value: boolean): void {
  try {
    storage.setItem(STORAGE_KEYS[name], String(value));
  } catch {
    // Not remembered across visits when storage is blocked; the switch still applies now.
  }
}
