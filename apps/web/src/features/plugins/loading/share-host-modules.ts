import {
  Alert,
  AlertDialog,
  Button,
  buttonVariants,
  Card,
  Checkbox,
  Chip,
  Description,
  EmptyState,
  FieldError,
  Form,
  Input,
  Label,
  ListBox,
  Modal,
  ProgressBar,
  Radio,
  RadioGroup,
  Select,
  Separator,
  Skeleton,
  Spinner,
  Switch,
  Table,
  Tabs,
  TextArea,
  TextField,
  toast,
} from '@heroui/react';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as PluginSdk from '@toolpass/plugin-sdk';
import {
  type HostModuleSpecifier,
  PLUGIN_HOST_GLOBAL,
  type SharedExportName,
} from '@toolpass/plugin-sdk/host-modules';
import * as React from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import {
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';

// Each object lists exactly the names of SHARED_EXPORTS (the type checks both ways), so the
// stand-in modules and what they read agree.
const reactRouter = {
  Link,
  NavLink,
  Navigate,
  Outlet,
  matchPath,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} satisfies Record<SharedExportName<'react-router'>, unknown>;

const reactQuery = {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} satisfies Record<SharedExportName<'@tanstack/react-query'>, unknown>;

const heroUi = {
  Alert,
  AlertDialog,
  Button,
  Card,
  Checkbox,
  Chip,
  Description,
  EmptyState,
  FieldError,
  Form,
  Input,
  Label,
  ListBox,
  Modal,
  ProgressBar,
  Radio,
  RadioGroup,
  Select,
  Separator,
  Skeleton,
  Spinner,
  Switch,
  Table,
  Tabs,
  TextArea,
  TextField,
  buttonVariants,
  toast,
} satisfies Record<SharedExportName<'@heroui/react'>, unknown>;

/**
 * Puts the app's own module instances where the /plugin-host/ stand-ins read them (decision 20).
 * It loads only for signed-in users once there is a plugin to load, so the sign-in screen never
 * carries it.
 */
export function shareHostModules(): void {
  if (PLUGIN_HOST_GLOBAL in globalThis) return;
  const modules: Record<HostModuleSpecifier, unknown> = {
    react: React,
    'react-dom': ReactDom,
    'react/jsx-runtime': { Fragment, jsx, jsxs },
    'react-router': reactRouter,
    '@heroui/react': heroUi,
    '@tanstack/react-query': reactQuery,
    '@toolpass/plugin-sdk': PluginSdk,
  };
  Object.defineProperty(globalThis, PLUGIN_HOST_GLOBAL, { value: Object.freeze(modules) });
}
