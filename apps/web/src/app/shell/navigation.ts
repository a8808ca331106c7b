import { AUDIT_LOG_PERMISSIONS, type PermissionName } from '@toolpass/contracts';
import type { ComponentType, SVGProps } from 'react';
import { HistoryIcon } from '../../components/history-icon.tsx';
import {
  DownloadIcon,
  KeyIcon,
  MailIcon,
  RadioTowerIcon,
  UsersIcon,
  WrenchIcon,
} from '../../components/icons.tsx';
import { CalendarIcon, ChartIcon, PlugIcon } from '../../components/nav-icons.tsx';
import { NfcCardIcon, ReaderIcon } from '../../components/reader-icons.tsx';
import { PuzzleIcon } from '../../features/plugins/components/puzzle-icon.tsx';
import type { RouteAccess } from '../../sign-in/access.ts';
import { ROUTE_ACCESS } from '../route-access.ts';

export type NavItem = {
  to: string;
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  access: RouteAccess;
  /** Shown only to holders of at least one of these permissions, on top of `access`. */
  anyOf?: readonly PermissionName[];
};

/** A sidebar group; the default group has no heading. */
export type NavGroup = { id: string; labelKey: string | undefined; items: NavItem[] };

/** Sidebar groups of spec 01 §2 for the screens that exist so far. */
export const NAVIGATION: NavGroup[] = [
  {
    id: 'default',
    labelKey: undefined,
    items: [
      { to: '/resources', labelKey: 'nav.resources', icon: WrenchIcon, access: ROUTE_ACCESS.resources },
      { to: '/bookings', labelKey: 'nav.myBookings', icon: CalendarIcon, access: ROUTE_ACCESS.resources },
    ],
  },
  {
    id: 'authentication',
    labelKey: 'nav.groups.authentication',
    items: [
      {
        to: '/sso/providers',
        labelKey: 'nav.ssoProviders',
        icon: KeyIcon,
        access: ROUTE_ACCESS.manageSystemConfiguration,
      },
      { to: '/users', labelKey: 'nav.users', icon: UsersIcon, access: ROUTE_ACCESS.users },
    ],
  },
  {
    id: 'fabreader',
    labelKey: 'nav.groups.fabreader',
    items: [
      { to: '/nfc-cards', labelKey: 'nav.nfcCards', icon: NfcCardIcon, access: 'login' },
      {
        to: '/fabreader',
        labelKey: 'nav.fabreader',
        icon: ReaderIcon,
        access: ROUTE_ACCESS.manageSystemConfiguration,
      },
    ],
  },
  {
    id: 'system',
    labelKey: 'nav.groups.system',
    items: [
      {
        to: '/plugins',
        labelKey: 'nav.plugins',
        icon: PuzzleIcon,
        access: ROUTE_ACCESS.manageSystemConfiguration,
      },
      {
        to: '/email-templates',
        labelKey: 'nav.emailTemplates',
        icon: MailIcon,
        access: ROUTE_ACCESS.manageSystemConfiguration,
      },
      {
        to: '/mqtt/servers',
        labelKey: 'nav.mqttServers',
        icon: RadioTowerIcon,
        access: ROUTE_ACCESS.manageResources,
      },
      {
        to: '/integrations',
        labelKey: 'nav.integrations',
        icon: PlugIcon,
        access: ROUTE_ACCESS.manageResources,
      },
      {
        to: '/usage',
        labelKey: 'nav.usage',
        icon: ChartIcon,
        access: ROUTE_ACCESS.manageResources,
      },
      {
        to: '/csv-export',
        labelKey: 'nav.csvExport',
        icon: DownloadIcon,
        access: ROUTE_ACCESS.manageResources,
      },
      {
        to: '/audit-log',
        labelKey: 'nav.auditLog',
        icon: HistoryIcon,
        access: 'login',
        anyOf: AUDIT_LOG_PERMISSIONS,
      },
    ],
  },
];
