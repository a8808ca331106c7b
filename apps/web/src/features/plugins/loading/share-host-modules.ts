import {
  Alert,
  AlertDialog,
  Avatar,
  Badge,
  Button,
  buttonVariants,
  Card,
  Checkbox,
  Chip,
  CloseButton,
  Description,
  EmptyState,
  FieldError,
  Fieldset,
  Form,
  Input,
  Label,
  Link,
  ListBox,
  linkVariants,
  Meter,
  Modal,
  Popover,
  ProgressBar,
  Radio,
  RadioGroup,
  Select,
  Separator,
  Skeleton,
  Spinner,
  Surface,
  Switch,
  Table,
  Tabs,
  TextArea,
  TextField,
  Tooltip,
  toast,
} from '@heroui/react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
import * as PluginSdk from '@toolpass/plugin-sdk';
import {
  type HostModuleSpecifier,
  PLUGIN_HOST_GLOBAL,
  type SharedExportName,
} from '@toolpass/plugin-sdk/host-modules';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import {
  createSearchParams,
  generatePath,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Link as RouterLink,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';

// Each object lists exactly the names of SHARED_EXPORTS (the type checks both ways), so the
// stand-in modules and what they read agree.
const reactRouter = {
  Link: RouterLink,
  NavLink,
  Navigate,
  Outlet,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useResolvedPath,
  useSearchParams,
} satisfies Record<SharedExportName<'react-router'>, unknown>;

const reactQuery = {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useIsFetching,
  useIsMutating,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} satisfies Record<SharedExportName<'@tanstack/react-query'>, unknown>;

const heroUi = {
  Alert,
  AlertDialog,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Chip,
  CloseButton,
  Description,
  EmptyState,
  FieldError,
  Fieldset,
  Form,
  Input,
  Label,
  Link,
  ListBox,
  Meter,
  Modal,
  Popover,
  ProgressBar,
  Radio,
  RadioGroup,
  Select,
  Separator,
  Skeleton,
  Spinner,
  Surface,
  Switch,
  Table,
  Tabs,
  TextArea,
  TextField,
  Tooltip,
  buttonVariants,
  linkVariants,
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
    'react/jsx-runtime': JsxRuntime,
    'react-router': reactRouter,
    '@heroui/react': heroUi,
    '@tanstack/react-query': reactQuery,
    '@toolpass/plugin-sdk': PluginSdk,
  };
  Object.defineProperty(globalThis, PLUGIN_HOST_GLOBAL, { value: Object.freeze(modules) });
}
